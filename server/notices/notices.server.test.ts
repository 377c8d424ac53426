import pino from "pino";
import { describe, expect, it } from "vitest";

import { checkHealthInBackground, serviceOnline } from "./notices.server";

const log = pino({ level: "silent" });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the bank's health check (§4 online flag, §9 every 300 s)", () => {
  it("checks at most once per interval, one at a time, and keeps what the last check said", async () => {
    let calls = 0;
    let answer: () => Promise<unknown> = () => Promise.reject(new Error("503"));
    const check = () => {
      calls += 1;
      return answer();
    };
    const start = 10_000_000_000;
    checkHealthInBackground(check, log, start, 300_000);
    checkHealthInBackground(check, log, start + 1_000, 300_000);
    await settle();
    expect(calls).toBe(1);
    expect(serviceOnline()).toBe(false);
    checkHealthInBackground(check, log, start + 299_999, 300_000);
    expect(calls).toBe(1);
    answer = () => Promise.resolve({ status: "ok" });
    checkHealthInBackground(check, log, start + 300_000, 300_000);
    await settle();
    expect(calls).toBe(2);
    expect(serviceOnline()).toBe(true);
  });
});
