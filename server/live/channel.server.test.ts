import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { resetForTests, runShutdownHooks } from "#server/lifecycle.server";
import { priceHub } from "#server/prices/hub.server";

import { pointAppAtSandbox, TEST_APP_URL as APP } from "../../tests/support/app-env";
import { anaBrowser } from "../../tests/support/route-session";
import type { TestSandbox } from "../../tests/support/sandbox";
import { loginAs, silentLog, startTestSandbox } from "../../tests/support/sandbox";
import { until } from "../../tests/support/wait";
import { isLiveChannelRequest, responseSink, serveLiveChannel } from "./channel.server";

/** The live channel as the HTTP server answers it (server/main.ts), before Express and Remix. */
let sandbox: TestSandbox;
let appEnv: Awaited<ReturnType<typeof pointAppAtSandbox>>;
let server: Server;
let base: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  appEnv = await pointAppAtSandbox(sandbox, "canal-vivo");
  server = createServer((req, res) => {
    if (isLiveChannelRequest(req)) serveLiveChannel(req, res, new URL(APP).origin, silentLog);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await runShutdownHooks();
  resetForTests("prices.hub");
  await sandbox.close();
  await appEnv.restore();
});

/** Ana's session cookie, as her browser holds it after logging in. */
async function sessionCookie(): Promise<string> {
  return (await anaBrowser(await loginAs(sandbox, "ana.admin"))).cookie;
}

describe("the live channel served by the HTTP server", () => {
  it("answers only GETs of its two paths", () => {
    const request = (method: string, url: string) => ({ method, url }) as Parameters<typeof isLiveChannelRequest>[0];
    expect(isLiveChannelRequest(request("GET", "/eventos"))).toBe(true);
    expect(isLiveChannelRequest(request("GET", "/precios/stream?pair=USD%2FMXN"))).toBe(true);
    expect(isLiveChannelRequest(request("POST", "/eventos"))).toBe(false);
    expect(isLiveChannelRequest(request("GET", "/eventos/otro"))).toBe(false);
    expect(isLiveChannelRequest(request("GET", "/"))).toBe(false);
  });

  it("sends a browser without a session to the access page, uncached", async () => {
    const response = await fetch(`${base}/precios/stream?pair=USD%2FMXN`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/access");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("refuses a malformed pair with 400", async () => {
    const cookie = await sessionCookie();
    const response = await fetch(`${base}/precios/stream?pair=usd-mxn`, { headers: { cookie } });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("Par inválido");
  });

  it("streams the pair to a signed-in tab, and lets the hub go when the tab leaves", async () => {
    const cookie = await sessionCookie();
    const controller = new AbortController();
    const response = await fetch(`${base}/precios/stream?pair=USD%2FMXN`, { headers: { cookie }, signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toMatch(/^event: status\ndata: \{"pair":"USD\/MXN"/);
    expect(priceHub().stats().subscribers).toBe(1);
    controller.abort();
    await until(() => priceHub().stats().subscribers === 0);
    expect(priceHub().stats().subscribers).toBe(0);
  });
});

describe("the live channel's sink on the HTTP server", () => {
  const fakeResponse = (writableLength: number) => ({
    destroyed: false,
    writableEnded: false,
    writableLength,
    write: vi.fn(() => true),
    end: vi.fn(),
    destroy: vi.fn(),
  });

  it("writes while the socket takes what it is given", () => {
    const res = fakeResponse(10);
    const sink = responseSink(res as never, 100);
    expect(sink.write(new Uint8Array([1]))).toBe(true);
    expect(res.write).toHaveBeenCalledTimes(1);
    sink.end();
    expect(res.end).toHaveBeenCalledTimes(1);
  });

  it("cuts a tab whose backlog passed the bound, and never ends a cut response", () => {
    const res = fakeResponse(101);
    const sink = responseSink(res as never, 100);
    expect(sink.write(new Uint8Array([1]))).toBe(false);
    expect(res.write).not.toHaveBeenCalled();
    expect(res.destroy).toHaveBeenCalledTimes(1);
    res.destroyed = true;
    sink.end();
    expect(res.end).not.toHaveBeenCalled();
    expect(sink.write(new Uint8Array([1]))).toBe(false);
  });
});
