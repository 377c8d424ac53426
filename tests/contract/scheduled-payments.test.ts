import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { createHttp } from "../../server/upstream/http.server";
import { scheduledPaymentsClient } from "../../server/upstream/scheduled-payments.server";
import type { TestSandbox } from "../support/sandbox";
import { control, FAST_RETRY, loginAs, requestCount, silentLog, startTestSandbox } from "../support/sandbox";

let sandbox: TestSandbox;
let productJwt: string;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await control(sandbox, "/__reset");
  await control(sandbox, "/__requests", undefined, "DELETE");
  ({ productJwt } = await loginAs(sandbox, "ana.admin"));
});

const client = () =>
  scheduledPaymentsClient(
    createHttp({ log: silentLog, retry: FAST_RETRY, service: "product", baseUrl: `${sandbox.url}/api`, token: productJwt }),
  );

describe("recurring payments client (decisions 056, 057)", () => {
  it("reads the company's seeded schedules and a month of their payments, parsed", async () => {
    const schedules = await client().schedules();
    expect(schedules.map((schedule) => [schedule.amount, schedule.currency, schedule.recurrent.frequency])).toEqual([
      [12500, "MXN", "weekly"],
      [85000, "MXN", "monthly"],
      [4800, "USD", "fortnightly"],
    ]);
    expect(schedules[1].status).toBe("pending");
    const month = schedules[0].nextEvent!.dateToPay.slice(0, 7);
    const events = await client().events(month);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.dateToPay.startsWith(month))).toBe(true);
  });

  it("retries a 503 on a read like every GET, and turns a malformed body into an upstream error", async () => {
    await control(sandbox, "/__faults", { path: "/api/scheduledpayments", kind: "status", status: 503, times: 1 });
    await expect(client().schedules()).resolves.toHaveLength(3);
    expect(await requestCount(sandbox, "/api/scheduledpayments")).toBe(2);
    await control(sandbox, "/__faults", { path: "/api/scheduledpaymentevents", kind: "malformed", times: 1 });
    await expect(client().events("2026-11")).rejects.toMatchObject({ name: "UpstreamError" });
  });

  it("sends a DELETE once, even after a 503, and the schedule stays; a second, clean one deletes it", async () => {
    const [first] = await client().schedules();
    await control(sandbox, "/__faults", {
      path: `/api/scheduledpayments/${first.id}`,
      method: "DELETE",
      kind: "status",
      status: 503,
      times: 1,
    });
    await expect(client().deleteSchedule(first.id)).rejects.toMatchObject({ name: "UpstreamError", status: 503 });
    expect(await requestCount(sandbox, `/api/scheduledpayments/${first.id}`)).toBe(1);
    expect(await client().schedules()).toHaveLength(3);

    await expect(client().deleteSchedule(first.id)).resolves.toEqual({ id: first.id, deleted: true });
    expect((await client().schedules()).map((schedule) => schedule.id)).not.toContain(first.id);
  });
});
