import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";

import { until } from "../tests/support/wait";
import { verifyQuote } from "./price-signing";
import { PAIR_LEVELS, PRICE_PROVIDER_IDS, PRICE_TICK_MS } from "./prices";
import { type Sandbox, startSandbox } from "./server";

let sandbox: Sandbox;
const opened: WebSocket[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appUrl: "http://app.test:3000" });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  await fetch(`${sandbox.url}/__reset`, { method: "POST" });
});

afterEach(() => {
  for (const socket of opened.splice(0)) socket.terminate();
});

interface Provider {
  Buy: number;
  Sell: number;
  sig: string;
  ts: number;
  lpId: string;
}
type PriceResponse = { cp: string; ts: number; code: number; msg: string } & Record<string, unknown>;

/** A price socket that records every frame (unwrapped) and when it closed. */
class Client {
  readonly frames: Array<{ at: number; body: PriceResponse }> = [];
  closed = false;
  readonly socket: WebSocket;
  readonly ready: Promise<void>;
  private waiters: Array<() => void> = [];

  constructor(url: string) {
    this.socket = new WebSocket(`${url.replace(/^http/, "ws")}/prices`);
    opened.push(this.socket);
    this.socket.on("message", (data) => {
      const outer = JSON.parse(data.toString()) as { type: string; msg: string };
      expect(outer.type).toBe("message");
      this.frames.push({ at: Date.now(), body: JSON.parse(outer.msg) as PriceResponse });
      this.wake();
    });
    this.socket.on("close", () => {
      this.closed = true;
      this.wake();
    });
    this.socket.on("error", () => undefined);
    this.ready = new Promise((resolve, reject) => {
      this.socket.once("open", () => resolve());
      this.socket.once("close", () => reject(new Error("closed before open")));
    });
  }

  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  subscribe(pair: string) {
    this.socket.send(JSON.stringify({ type: "message", msg: pair }));
  }

  async until(predicate: () => boolean, timeoutMs = 2_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("timed out waiting");
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

const providersOf = (body: PriceResponse): Provider[] =>
  Object.values(body).filter((value): value is Provider => typeof value === "object" && value !== null);

async function control(body?: unknown) {
  const response = await fetch(`${sandbox.url}/__prices`, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { mode: string; sockets: number } };
}

/** Waits until the feed's timer ran `count` more tick periods, so that many ticks were due. */
async function periodsPass(count: number): Promise<void> {
  const from = sandbox.pricePeriods();
  await until(() => sandbox.pricePeriods() >= from + count, { what: `${count} tick periods of the price feed` });
}

describe("price WebSocket", () => {
  it("sends the first tick right after subscribing, then one every 250 ms", async () => {
    const client = new Client(sandbox.url);
    await client.ready;
    const subscribedAt = Date.now();
    client.subscribe("USD/MXN");
    await client.until(() => client.frames.length >= 1);
    // Sooner than one interval: the first tick does not wait for the timer.
    expect(client.frames[0].at - subscribedAt).toBeLessThan(PRICE_TICK_MS);
    await client.until(() => client.frames.length >= 5);
    const elapsed = client.frames[4].at - client.frames[0].at;
    // Four intervals: timers never fire early, so the lower bound is firm; the upper one only
    // catches a slower cadence (a loaded machine stretches it, so it is generous).
    expect(elapsed).toBeGreaterThanOrEqual(3 * PRICE_TICK_MS);
    expect(elapsed).toBeLessThan(12 * PRICE_TICK_MS);
  });

  it("quotes at least 5 providers with Buy < Sell near the pair's level, signed with the sandbox secret", async () => {
    const client = new Client(sandbox.url);
    await client.ready;
    client.subscribe("USD/MXN");
    await client.until(() => client.frames.length >= 3);
    for (const { body } of client.frames) {
      expect(body).toMatchObject({ cp: "USD/MXN", code: 200, msg: "OK" });
      expect(typeof body.ts).toBe("number");
      const providers = providersOf(body);
      expect(providers.map((p) => p.lpId).sort()).toEqual([...PRICE_PROVIDER_IDS].sort());
      expect(providers.length).toBeGreaterThanOrEqual(5);
      for (const provider of providers) {
        expect(body[provider.lpId]).toBe(provider);
        expect(provider.Buy).toBeLessThan(provider.Sell);
        expect(Math.abs(provider.Buy - PAIR_LEVELS["USD/MXN"]) / PAIR_LEVELS["USD/MXN"]).toBeLessThan(0.02);
        expect(provider.ts).toBeLessThanOrEqual(body.ts);
        expect(provider.sig).toMatch(/^[0-9a-f]{64}$/);
        const quote = { cp: body.cp, lpId: provider.lpId, Buy: provider.Buy, Sell: provider.Sell, ts: provider.ts, sig: provider.sig };
        expect(verifyQuote(sandbox.state.priceSecret, quote)).toBe(true);
        expect(verifyQuote(sandbox.state.priceSecret, { ...quote, Sell: provider.Sell + 0.0001 })).toBe(false);
      }
    }
  });

  it("moving a market answers the best prices for the client of the frame it sends: lowest Sell, highest Buy", async () => {
    const client = new Client(sandbox.url);
    await client.ready;
    client.subscribe("USD/MXN");
    await client.until(() => client.frames.length >= 1);
    const response = await fetch(`${sandbox.url}/__prices/level`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ pair: "USD/MXN", level: 17.6 }),
    });
    const { best } = (await response.json()) as { best: { buy: number; sell: number } };
    await client.until(() => client.frames.some(({ body }) => providersOf(body).every((p) => p.Buy > 17.4)));
    const moved = providersOf(client.frames.find(({ body }) => providersOf(body).every((p) => p.Buy > 17.4))!.body);
    expect(best.buy).toBe(Math.min(...moved.map((p) => p.Sell)));
    expect(best.sell).toBe(Math.max(...moved.map((p) => p.Buy)));
  });

  it("walks: prices move between ticks and stay believable for every pair", async () => {
    const client = new Client(sandbox.url);
    await client.ready;
    client.subscribe("USD/JPY");
    await client.until(() => client.frames.length >= 6);
    const mids = client.frames.map(({ body }) => providersOf(body)[0].Buy);
    expect(new Set(mids).size).toBeGreaterThan(1);
    for (const mid of mids) expect(Math.abs(mid - 150) / 150).toBeLessThan(0.02);
  });

  it("streams another pair when the client asks for it on the same socket", async () => {
    const client = new Client(sandbox.url);
    await client.ready;
    client.subscribe("USD/MXN");
    await client.until(() => client.frames.length >= 1);
    client.subscribe("eur/usd");
    await client.until(() => client.frames.some(({ body }) => body.cp === "EUR/USD"));
    const switched = client.frames.findIndex(({ body }) => body.cp === "EUR/USD");
    await client.until(() => client.frames.length >= switched + 3);
    expect(client.frames.slice(switched).every(({ body }) => body.cp === "EUR/USD")).toBe(true);
    const provider = providersOf(client.frames[switched].body)[0];
    expect(provider.Buy).toBeGreaterThan(1);
    expect(provider.Buy).toBeLessThan(1.2);
  });

  it("answers an unknown pair with one 404 frame and nothing more", async () => {
    const client = new Client(sandbox.url);
    await client.ready;
    client.subscribe("XXX/YYY");
    await client.until(() => client.frames.length >= 1);
    expect(client.frames[0].body).toMatchObject({ cp: "XXX/YYY", code: 404, msg: "Par no disponible" });
    expect(typeof client.frames[0].body.ts).toBe("number");
    await periodsPass(2);
    expect(client.frames).toHaveLength(1);
    expect(client.closed).toBe(false);
  });

  it("answers a malformed message with a 400 frame", async () => {
    const client = new Client(sandbox.url);
    await client.ready;
    client.socket.send("no es json");
    await client.until(() => client.frames.length >= 1);
    expect(client.frames[0].body).toMatchObject({ code: 400 });
  });

  it("reports the mode and the number of open price sockets", async () => {
    expect((await control()).body).toEqual({ mode: "normal", sockets: 0, refused: 0 });
    const a = new Client(sandbox.url);
    const b = new Client(sandbox.url);
    await Promise.all([a.ready, b.ready]);
    expect((await control()).body).toEqual({ mode: "normal", sockets: 2, refused: 0 });
    a.socket.close();
    await a.until(() => a.closed);
    // The client sees its close before the sandbox counts it.
    await until(async () => (await control()).body.sockets === 1, { what: "the sandbox to count the closed socket" });
    expect((await control()).body.sockets).toBe(1);
    expect((await control({ mode: "loud" })).status).toBe(400);
  });

  it("silent: sockets stay open without ticks until normal", async () => {
    const client = new Client(sandbox.url);
    await client.ready;
    client.subscribe("USD/MXN");
    await client.until(() => client.frames.length >= 1);
    expect((await control({ mode: "silent" })).body).toEqual({ mode: "silent", sockets: 1, refused: 0 });
    // A frame sent just before the switch may still be on its way for a period.
    await periodsPass(1);
    const count = client.frames.length;
    await periodsPass(3);
    expect(client.frames.length).toBe(count);
    expect(client.closed).toBe(false);
    await control({ mode: "normal" });
    await client.until(() => client.frames.length > count);
  });

  it("drop: closes every price socket, and new ones right after the upgrade, until normal", async () => {
    const client = new Client(sandbox.url);
    await client.ready;
    client.subscribe("USD/MXN");
    await client.until(() => client.frames.length >= 1);
    expect((await control({ mode: "drop" })).body).toEqual({ mode: "drop", sockets: 0, refused: 0 });
    await client.until(() => client.closed);

    const refused = new Client(sandbox.url);
    refused.ready.catch(() => undefined);
    await refused.until(() => refused.closed);
    expect(refused.frames).toHaveLength(0);
    expect((await control()).body).toEqual({ mode: "drop", sockets: 0, refused: 1 });

    await control({ mode: "normal" });
    const again = new Client(sandbox.url);
    await again.ready;
    again.subscribe("USD/MXN");
    await again.until(() => again.frames.length >= 1);
  });

  it("/__reset restores normal mode", async () => {
    await control({ mode: "silent" });
    await fetch(`${sandbox.url}/__reset`, { method: "POST" });
    expect((await control()).body.mode).toBe("normal");
  });

  it("close() terminates the price sockets", async () => {
    const own = await startSandbox({ port: 0, appUrl: "http://app.test:3000" });
    const client = new Client(own.url);
    await client.ready;
    client.subscribe("USD/MXN");
    await client.until(() => client.frames.length >= 1);
    await own.close();
    await client.until(() => client.closed);
  });
});
