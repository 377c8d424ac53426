import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { PriceEvent, PriceStatusEvent } from "#core/prices/wire";
import { resetForTests, runShutdownHooks } from "#server/lifecycle.server";
import { priceHub } from "#server/prices/hub.server";
import { destroySession, getSession } from "#server/session/auth.server";
import { csrfTokenFor } from "#server/session/csrf.server";
import { sessionStreamSignal } from "#server/session/streams.server";

import { pointAppAtSandbox, TEST_APP_URL as APP } from "../../tests/support/app-env";
import { sampleOf } from "../../tests/support/metrics";
import { anaBrowser, formPost } from "../../tests/support/route-session";
import type { TestSandbox } from "../../tests/support/sandbox";
import { control, loginAs, silentLog, startTestSandbox } from "../../tests/support/sandbox";
import * as logout from "./logout";
import { loader } from "./precios.stream";

let sandbox: TestSandbox;
let appEnv: Awaited<ReturnType<typeof pointAppAtSandbox>>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  appEnv = await pointAppAtSandbox(sandbox, "precios");
});

afterAll(async () => {
  await runShutdownHooks();
  resetForTests("prices.hub");
  await sandbox.close();
  await appEnv.restore();
});

const context = { log: silentLog, cspNonce: "", requestId: "prueba" } as unknown as AppLoadContext;

/** Ana's session cookie, as her browser holds it after logging in. */
async function sessionCookie(): Promise<string> {
  return (await anaBrowser(await loginAs(sandbox, "ana.admin"))).cookie;
}

async function load(query: string, init: { cookie?: string; signal?: AbortSignal } = {}): Promise<Response> {
  const request = new Request(`${APP}/precios/stream${query}`, {
    headers: init.cookie ? { cookie: init.cookie } : {},
    signal: init.signal,
  });
  try {
    return await loader({ request, context, params: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

type Received = Array<{ event: string; data: unknown }>;

/** Parses `event:`/`data:` blocks until `count` events arrived, or `until` holds. */
async function readEvents(response: Response, count: number, until: (events: Received) => boolean = () => false) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const events: Received = [];
  while (events.length < count && !until(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) as unknown });
    }
  }
  reader.releaseLock();
  return events;
}

describe("GET /precios/stream", () => {
  it("needs an access session", async () => {
    const response = await load("?pair=USD/MXN");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).not.toBe("/precios/stream?pair=USD/MXN");
  });

  it("answers 400 to a malformed pair", async () => {
    const cookie = await sessionCookie();
    for (const query of ["", "?pair=usd/mxn", "?pair=USDMXN", "?pair=USD/MXN/EUR"]) {
      expect((await load(query, { cookie })).status).toBe(400);
    }
  });

  it("streams the status and live prices of the pair, and releases the subscription on abort", async () => {
    await control(sandbox, "/__reset");
    const cookie = await sessionCookie();
    const controller = new AbortController();
    const response = await load("?pair=USD/MXN", { cookie, signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Accel-Buffering")).toBe("no");

    const events = await readEvents(response, 4);
    expect(events[0]).toEqual({ event: "status", data: { pair: "USD/MXN", status: "connecting", messageKey: null } });
    expect(events.slice(1).map((e) => e.event)).toContain("price");
    const price = events.find((e) => e.event === "price")!.data as PriceEvent;
    expect(price.pair).toBe("USD/MXN");
    expect(price.buy.top).toHaveLength(4);
    expect(price.sell.top).toHaveLength(4);
    expect(price.buy.price).toBe(price.buy.top[0].sell);
    expect(price.sell.price).toBe(price.sell.top[0].buy);
    expect(price.stale).toBe(false);
    expect(
      (events.find((e) => e.event === "status" && (e.data as PriceStatusEvent).status === "live")?.data as PriceStatusEvent).messageKey,
    ).toBeNull();

    expect(priceHub().stats()).toEqual({ pairs: 1, subscribers: 1 });
    expect(await sampleOf("portal_live_clients", { stream: "prices" })).toBe(1);
    controller.abort();
    expect(priceHub().stats()).toEqual({ pairs: 1, subscribers: 0 });
    expect(await sampleOf("portal_live_clients", { stream: "prices" })).toBe(0);
    const sockets = (await control(sandbox, "/__prices", undefined, "GET")) as { sockets: number };
    expect(sockets.sockets).toBe(1); // kept for the grace period
  });

  it("tells the browser when the upstream is lost, with the §4 text key", async () => {
    const cookie = await sessionCookie();
    const controller = new AbortController();
    const response = await load("?pair=USD/MXN", { cookie, signal: controller.signal });
    await control(sandbox, "/__prices", { mode: "drop" });
    const isDown = (e: Received[number]) => e.event === "status" && (e.data as PriceStatusEvent).status === "down";
    const events = await readEvents(response, 100, (received) => received.some(isDown));
    const down = events.find((e) => e.event === "status" && (e.data as PriceStatusEvent).status === "down");
    expect(down?.data).toEqual({ pair: "USD/MXN", status: "down", messageKey: "prices:connectionLost" });
    controller.abort();
    await control(sandbox, "/__prices", { mode: "normal" });
  });

  it("ends when the session logs out: at once on this instance, and by the recheck when the session is gone", async () => {
    const cookie = await sessionCookie();
    const response = await load("?pair=USD/MXN", { cookie });
    await readEvents(response, 2);
    const [csrf] = await csrfTokenFor(new Request(APP, { headers: { cookie } }));
    const answer = await logout
      .action({ request: formPost("/logout", cookie, { csrf }), context, params: {} })
      .catch((thrown: unknown) => thrown as Response);
    expect(answer.headers.get("location")).toBe("/login?sesion=cerrada");
    const reader = response.body!.getReader();
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
    expect(priceHub().stats().subscribers).toBe(0);

    // Another instance's logout: only the stored session is gone; the recheck notices.
    const other = await sessionCookie();
    const session = await getSession(new Request(APP, { headers: { cookie: other } }));
    const signal = sessionStreamSignal({ sessionId: session.id, cookieHeader: other, signal: new AbortController().signal, recheckMs: 20 });
    await destroySession(session);
    await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
    expect(signal.aborted).toBe(true);
  });
});
