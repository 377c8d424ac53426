import type { AddressInfo } from "node:net";

import pino from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type WebSocket, WebSocketServer } from "ws";

import type { PairQuote } from "#core/domain/prices";

import type { FeedStatus, PriceFeed } from "./feed.server";
import { backoffDelay, createPriceFeed, parsePriceFrame } from "./feed.server";

const log = pino({ level: "silent" });

const provider = (lpId: string, Buy: number, Sell: number, ts = 1000) => ({ Buy, Sell, sig: `sig-${lpId}`, ts, lpId });
const frame = (inner: unknown) => JSON.stringify({ type: "message", msg: JSON.stringify(inner) });
const goodFrame = (pair = "USD/MXN", ts = 1000) =>
  frame({
    cp: pair,
    ts,
    code: 200,
    msg: "OK",
    "LP-A": provider("LP-A", 17.1, 17.3, ts),
    "LP-B": provider("LP-B", 17.05, 17.35, ts),
    "LP-C": provider("LP-C", 17.12, 17.25, ts),
  });

describe("parsePriceFrame", () => {
  it("maps a frame to a PairQuote, providers best first for a client who buys (lowest Sell)", () => {
    const parsed = parsePriceFrame(goodFrame(), "USD/MXN");
    expect(parsed.kind).toBe("quote");
    if (parsed.kind !== "quote") return;
    expect(parsed.quote.pair).toBe("USD/MXN");
    expect(parsed.quote.ts).toBe(1000);
    expect(parsed.quote.providers.map((p) => p.lpId)).toEqual(["LP-C", "LP-A", "LP-B"]);
    expect(parsed.quote.providers[0]).toEqual({ lpId: "LP-C", buy: 17.12, sell: 17.25, sig: "sig-LP-C", ts: 1000 });
    expect(parsed.rejected).toEqual([]);
  });

  it("skips providers that break the contract and keeps the rest", () => {
    const parsed = parsePriceFrame(
      frame({
        cp: "USD/MXN",
        ts: 1,
        code: 200,
        msg: "OK",
        "LP-A": provider("LP-A", 17.1, 17.3),
        "LP-INVERTED": provider("LP-INVERTED", 17.4, 17.3),
        "LP-TEXT": { ...provider("LP-TEXT", 17.1, 17.3), Buy: "17.1" },
        "LP-NOSIG": { Buy: 17, Sell: 18, ts: 1, lpId: "LP-NOSIG" },
        "LP-OTHER": provider("LP-X", 17.1, 17.3),
        extra: 5,
      }),
      "USD/MXN",
    );
    expect(parsed.kind).toBe("quote");
    if (parsed.kind !== "quote") return;
    expect(parsed.quote.providers.map((p) => p.lpId)).toEqual(["LP-A"]);
    expect(parsed.rejected.sort()).toEqual(["LP-INVERTED", "LP-NOSIG", "LP-OTHER", "LP-TEXT"]);
  });

  it("rejects what is not a price frame, without throwing", () => {
    expect(parsePriceFrame("not json", "USD/MXN")).toEqual({ kind: "invalid", reason: "envelope" });
    expect(parsePriceFrame(JSON.stringify({ type: "message", msg: "{" }), "USD/MXN")).toEqual({ kind: "invalid", reason: "response" });
    expect(parsePriceFrame(JSON.stringify({ type: "other", msg: "{}" }), "USD/MXN").kind).toBe("invalid");
    expect(parsePriceFrame(frame({ cp: "USD/MXN", ts: "1", code: 200, msg: "OK" }), "USD/MXN").kind).toBe("invalid");
    expect(parsePriceFrame(frame({ cp: "USD/MXN", ts: 1, code: 200, msg: "OK" }), "USD/MXN")).toEqual({
      kind: "invalid",
      reason: "no providers",
    });
    expect(parsePriceFrame(frame({ cp: "USD/MXN", ts: 1, code: 500, msg: "Error" }), "USD/MXN").kind).toBe("invalid");
    expect(parsePriceFrame(frame(null), "USD/MXN").kind).toBe("invalid");
  });

  it("knows 404 (pair not quoted) and ignores frames of another pair", () => {
    expect(parsePriceFrame(frame({ cp: "XXX/YYY", ts: 1, code: 404, msg: "Par no disponible" }), "XXX/YYY")).toEqual({
      kind: "unavailable",
    });
    expect(parsePriceFrame(goodFrame("EUR/MXN"), "USD/MXN").kind).toBe("ignored");
  });
});

describe("backoffDelay", () => {
  const policy = { initialMs: 500, maxMs: 30_000 };
  it("doubles from 0.5 s to a 30 s cap, with up to half of it jittered", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map((n) => backoffDelay(n, policy, () => 1))).toEqual([
      500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(backoffDelay(0, policy, () => 0)).toBe(250);
    expect(backoffDelay(6, policy, () => 0)).toBe(15_000);
  });
});

/** A scripted upstream: the test decides what each connection receives. */
async function fakeUpstream(onSubscribe: (socket: WebSocket, pair: string, connection: number) => void) {
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise((resolve) => wss.once("listening", resolve));
  let connections = 0;
  wss.on("connection", (socket) => {
    const connection = ++connections;
    socket.on("message", (data) => {
      const message = JSON.parse(data.toString()) as { type: string; msg: string };
      onSubscribe(socket, message.msg, connection);
    });
  });
  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/prices`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}

describe("createPriceFeed", () => {
  let upstream: Awaited<ReturnType<typeof fakeUpstream>> | null = null;
  let feed: PriceFeed | null = null;

  beforeEach(() => {
    upstream = null;
    feed = null;
  });
  afterEach(async () => {
    feed?.close();
    await upstream?.close();
  });

  function start(url: string, silenceMs = 5_000) {
    const quotes: PairQuote[] = [];
    const statuses: FeedStatus[] = [];
    const warn = vi.fn();
    const spyLog = Object.assign(Object.create(log) as typeof log, {
      child: () => Object.assign(Object.create(log) as typeof log, { warn }),
    });
    feed = createPriceFeed({
      url,
      pair: "USD/MXN",
      log: spyLog,
      backoff: { initialMs: 20, maxMs: 80 },
      silenceMs,
      onQuote: (quote) => quotes.push(quote),
      onStatus: (status) => statuses.push(status),
    });
    return { quotes, statuses, warn };
  }

  it("subscribes, logs and skips bad frames, and keeps going", async () => {
    upstream = await fakeUpstream((socket, pair) => {
      expect(pair).toBe("USD/MXN");
      socket.send("basura");
      socket.send(frame({ cp: "USD/MXN", ts: 1, code: 200, msg: "OK", "LP-A": { Buy: "x" } }));
      socket.send(Buffer.from([1, 2, 3]), { binary: true });
      socket.send(goodFrame("USD/MXN", 2000));
    });
    const { quotes, statuses, warn } = start(upstream.url);
    await vi.waitFor(() => expect(quotes).toHaveLength(1));
    expect(quotes[0].ts).toBe(2000);
    expect(statuses).toEqual(["up"]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("goes down on silence, reconnects, and comes back up", async () => {
    upstream = await fakeUpstream((socket, _pair, connection) => {
      socket.send(goodFrame("USD/MXN", connection));
      // The first connection then goes quiet without closing.
    });
    const { quotes, statuses } = start(upstream.url, 150);
    await vi.waitFor(() => expect(quotes.map((q) => q.ts)).toEqual([1, 2]), { timeout: 2_000 });
    expect(statuses.slice(0, 3)).toEqual(["up", "down", "up"]);
    expect(upstream.connections()).toBeGreaterThanOrEqual(2);
  });

  it("reports down when it cannot connect, and retries", async () => {
    const { statuses } = start("ws://127.0.0.1:9/prices");
    await vi.waitFor(() => expect(statuses).toEqual(["down"]));
  });

  it("stops on 404 (pair not quoted) instead of reconnecting", async () => {
    upstream = await fakeUpstream((socket, pair) => {
      socket.send(frame({ cp: pair, ts: 1, code: 404, msg: "Par no disponible" }));
    });
    const { statuses } = start(upstream.url);
    await vi.waitFor(() => expect(statuses).toEqual(["unavailable"]));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(upstream.connections()).toBe(1);
    expect(statuses).toEqual(["unavailable"]);
  });

  it("close() stops for good and reports nothing more", async () => {
    upstream = await fakeUpstream((socket) => socket.send(goodFrame()));
    const { quotes, statuses } = start(upstream.url);
    await vi.waitFor(() => expect(quotes).toHaveLength(1));
    feed!.close();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(statuses).toEqual(["up"]);
    expect(upstream.connections()).toBe(1);
  });
});
