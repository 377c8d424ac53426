import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { runShutdownHooks } from "#server/lifecycle.server";

import { pointAppAtSandbox, TEST_APP_URL as APP } from "../../tests/support/app-env";
import { anaBrowser } from "../../tests/support/route-session";
import type { TestSandbox } from "../../tests/support/sandbox";
import { loginAs, silentLog, startTestSandbox } from "../../tests/support/sandbox";
import { until } from "../../tests/support/wait";
import { isLiveChannelRequest, serveLiveChannel } from "./channel.server";
import { heldStreams } from "./stream-caps.server";

/**
 * Decision 100: one session opened 2,000 /eventos streams and every one was
 * held. Over the wire, as server/main.ts answers them: a session's streams stop at its cap, the
 * instance's at its own, the excess is a 429, and a tab that reconnects replaces its stream.
 */
const PER_INSTANCE = 8;
let sandbox: TestSandbox;
let appEnv: Awaited<ReturnType<typeof pointAppAtSandbox>>;
let server: Server;
let base: string;
const open: AbortController[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox();
  appEnv = await pointAppAtSandbox(sandbox, "topes-de-flujos", { LIVE_STREAMS_PER_INSTANCE: String(PER_INSTANCE) });
  server = createServer((req, res) => {
    if (isLiveChannelRequest(req)) serveLiveChannel(req, res, new URL(APP).origin, silentLog);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  for (const controller of open.splice(0)) controller.abort();
  await until(() => heldStreams().open === 0);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await runShutdownHooks();
  await sandbox.close();
  await appEnv.restore();
});

async function sessionCookie(): Promise<string> {
  return (await anaBrowser(await loginAs(sandbox, "ana.admin"))).cookie;
}

/** Opens a stream and leaves it open (until the test ends); answers its status and its body's reader. */
async function stream(cookie: string, query = "") {
  const controller = new AbortController();
  open.push(controller);
  const response = await fetch(`${base}/eventos${query}`, { headers: { cookie }, signal: controller.signal });
  if (response.status !== 200) controller.abort();
  return { status: response.status, response, retryAfter: response.headers.get("retry-after") };
}

describe("live streams of one session", () => {
  it("300 opened at once: the session's cap are held, the rest answered 429", async () => {
    const cookie = await sessionCookie();
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => stream(cookie, i % 2 === 0 ? "" : `?tab=pestana-${i}-abcdef`)));
    const accepted = answers.filter((answer) => answer.status === 200).length;
    expect(accepted).toBe(6);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(294);
    expect(answers.find((answer) => answer.status === 429)?.retryAfter).toBe("30");
    expect(heldStreams()).toEqual({ open: 6, sessions: 1 });
  });

  it("a tab that reconnects replaces its own stream, even at the cap", async () => {
    const cookie = await sessionCookie();
    const first = await stream(cookie, "?tab=pestana-uno-1234");
    for (let i = 0; i < 5; i += 1) expect((await stream(cookie, `?tab=otra-pestana-${i}`)).status).toBe(200);
    expect((await stream(cookie, "?tab=pestana-nueva-99")).status).toBe(429);
    const again = await stream(cookie, "?tab=pestana-uno-1234");
    expect(again.status).toBe(200);
    // The older stream of that tab ends: its body closes.
    const reader = first.response.body!.getReader();
    let done = false;
    while (!done) done = (await reader.read()).done;
    expect(heldStreams().open).toBe(6);
  });
});

describe("live streams of one instance", () => {
  it("stop at the instance's cap whichever sessions open them", async () => {
    const [ana, otherTabOfAna] = [await sessionCookie(), await sessionCookie()];
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await stream(ana));
    for (let i = 0; i < 6; i += 1) answers.push(await stream(otherTabOfAna));
    expect(answers.map((answer) => answer.status)).toEqual([...Array(PER_INSTANCE).fill(200), ...Array(12 - PER_INSTANCE).fill(429)]);
    expect(heldStreams()).toEqual({ open: PER_INSTANCE, sessions: 2 });
  });
});
