import pino from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { PairQuote } from "#core/domain/prices";
import type { PriceEvent, PriceStatusEvent } from "#core/prices/wire";

import type { FeedHandlers } from "./feed.server";
import type { HubMessage, PriceHub } from "./hub.server";
import { createPriceHub } from "./hub.server";

const log = pino({ level: "silent" });
const T0 = Date.UTC(2026, 2, 10, 18, 0, 0);
const GRACE = 30_000;

/** A feed factory that records every feed and lets the test play the upstream. */
function fakeFeeds() {
  const feeds: Array<{ pair: string; handlers: FeedHandlers; closed: boolean }> = [];
  const factory = vi.fn((pair: string, handlers: FeedHandlers) => {
    const feed = { pair, handlers, closed: false };
    feeds.push(feed);
    return {
      close() {
        feed.closed = true;
      },
    };
  });
  const open = (pair: string) => feeds.filter((feed) => feed.pair === pair && !feed.closed);
  return { feeds, factory, open };
}

function quote(pair: string, ts: number, mid = 17.2): PairQuote {
  const p = (lpId: string, spread: number) => ({ lpId, buy: mid - spread, sell: mid + spread, sig: `sig-${lpId}`, ts });
  return { pair, ts, providers: [p("LP-A", 0.01), p("LP-B", 0.02), p("LP-C", 0.03), p("LP-D", 0.04), p("LP-E", 0.05)] };
}

function recorder() {
  const messages: HubMessage[] = [];
  const listener = vi.fn((message: HubMessage) => {
    messages.push(message);
  });
  const prices = () => messages.filter((m) => m.event === "price").map((m) => JSON.parse(m.data) as PriceEvent);
  const statuses = () => messages.filter((m) => m.event === "status").map((m) => JSON.parse(m.data) as PriceStatusEvent);
  return { messages, listener, prices, statuses };
}

let now = T0;
let hub: PriceHub;
let fake: ReturnType<typeof fakeFeeds>;

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  now = T0;
  fake = fakeFeeds();
  hub = createPriceHub({ createFeed: fake.factory, log, graceMs: GRACE, ensureTimeoutMs: 1_000, now: () => now });
});

afterEach(async () => {
  await hub.close();
  vi.useRealTimers();
});

describe("price hub", () => {
  it("opens one upstream feed per pair, however many subscribers", () => {
    const unsubscribes = Array.from({ length: 500 }, () => hub.subscribe("USD/MXN", () => undefined));
    hub.subscribe("EUR/MXN", () => undefined);
    expect(fake.factory).toHaveBeenCalledTimes(2);
    expect(fake.open("USD/MXN")).toHaveLength(1);
    expect(fake.open("EUR/MXN")).toHaveLength(1);
    expect(hub.stats()).toEqual({ pairs: 2, subscribers: 501 });
    unsubscribes.forEach((unsubscribe) => unsubscribe());
    expect(hub.stats()).toEqual({ pairs: 2, subscribers: 1 });
  });

  it("sends the status first, then every tick serialised once and shared by all subscribers", () => {
    const a = recorder();
    const b = recorder();
    hub.subscribe("USD/MXN", a.listener);
    hub.subscribe("USD/MXN", b.listener);
    expect(a.statuses()).toEqual([{ pair: "USD/MXN", status: "connecting", messageKey: null }]);

    const [feed] = fake.open("USD/MXN");
    feed.handlers.onStatus("up");
    feed.handlers.onQuote(quote("USD/MXN", T0));
    expect(a.statuses().at(-1)).toEqual({ pair: "USD/MXN", status: "live", messageKey: null });

    const [price] = a.prices();
    expect(price).toMatchObject({ pair: "USD/MXN", ts: T0, stale: false });
    // Decision 094: the tightest quote is best for the client on both sides (lowest Sell, highest Buy); top 4 each.
    expect(price.buy.top.map((p) => p.lpId)).toEqual(["LP-A", "LP-B", "LP-C", "LP-D"]);
    expect(price.buy.price).toBeCloseTo(17.21);
    expect(price.sell.top.map((p) => p.lpId)).toEqual(["LP-A", "LP-B", "LP-C", "LP-D"]);
    expect(price.sell.price).toBeCloseTo(17.19);
    expect(price.buy.top[0]).toEqual({
      lpId: "LP-A",
      price: price.buy.price,
      buy: 17.2 - 0.01,
      sell: 17.2 + 0.01,
      sig: "sig-LP-A",
      ts: T0,
    });

    // The very same message object (one JSON.stringify) reached both subscribers.
    const lastA = a.messages.at(-1)!;
    const lastB = b.messages.at(-1)!;
    expect(lastA).toBe(lastB);
    expect(lastA.data).not.toContain("\n");
  });

  it("replays the cached status and last price to a new subscriber, and answers current()", () => {
    hub.subscribe("USD/MXN", () => undefined);
    const [feed] = fake.open("USD/MXN");
    feed.handlers.onStatus("up");
    feed.handlers.onQuote(quote("USD/MXN", T0, 17.3));

    const late = recorder();
    hub.subscribe("USD/MXN", late.listener);
    expect(late.messages.map((m) => m.event)).toEqual(["status", "price"]);
    expect(late.prices()[0].ts).toBe(T0);

    const snapshot = hub.current("USD/MXN");
    expect(snapshot.status).toBe("live");
    expect(snapshot.stale).toBe(false);
    expect(snapshot.quote?.providers).toHaveLength(5);
    expect(hub.current("GBP/USD")).toEqual({ quote: null, status: "connecting", stale: true });
    expect(fake.factory).toHaveBeenCalledTimes(1);
  });

  it("reports down with the connection-lost key, keeps the last quote, and flags it stale after 20 min", async () => {
    const r = recorder();
    hub.subscribe("USD/MXN", r.listener);
    const [feed] = fake.open("USD/MXN");
    feed.handlers.onStatus("up");
    feed.handlers.onQuote(quote("USD/MXN", T0));
    feed.handlers.onStatus("down");

    expect(r.statuses().at(-1)).toEqual({ pair: "USD/MXN", status: "down", messageKey: "prices:connectionLost" });
    expect(hub.current("USD/MXN")).toMatchObject({ status: "down", stale: false });

    now = T0 + 20 * 60_000 + 1;
    await vi.advanceTimersByTimeAsync(20 * 60_000 + 1);
    expect(r.prices().at(-1)).toMatchObject({ ts: T0, stale: true });
    expect(hub.current("USD/MXN").stale).toBe(true);

    feed.handlers.onStatus("up");
    feed.handlers.onQuote(quote("USD/MXN", now));
    expect(r.prices().at(-1)).toMatchObject({ ts: now, stale: false });
    expect(r.statuses().at(-1)?.status).toBe("live");
  });

  it("says unavailable when the provider does not quote the pair", () => {
    const r = recorder();
    hub.subscribe("XXX/YYY", r.listener);
    fake.open("XXX/YYY")[0].handlers.onStatus("unavailable");
    expect(r.statuses().at(-1)).toEqual({ pair: "XXX/YYY", status: "unavailable", messageKey: "prices:unavailable" });
  });

  it("closes the upstream feed a grace period after the last subscriber leaves, not before", async () => {
    const first = hub.subscribe("USD/MXN", () => undefined);
    const second = hub.subscribe("USD/MXN", () => undefined);
    first();
    first(); // twice is harmless
    await vi.advanceTimersByTimeAsync(GRACE * 2);
    expect(fake.open("USD/MXN")).toHaveLength(1);

    second();
    await vi.advanceTimersByTimeAsync(GRACE - 1);
    expect(fake.open("USD/MXN")).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.open("USD/MXN")).toHaveLength(0);
    expect(hub.stats()).toEqual({ pairs: 0, subscribers: 0 });
    expect(hub.current("USD/MXN").quote).toBeNull();
  });

  it("a subscriber coming back within the grace period reuses the same feed", async () => {
    const leave = hub.subscribe("USD/MXN", () => undefined);
    fake.open("USD/MXN")[0].handlers.onQuote(quote("USD/MXN", T0));
    leave();
    await vi.advanceTimersByTimeAsync(GRACE / 2);
    const r = recorder();
    hub.subscribe("USD/MXN", r.listener);
    await vi.advanceTimersByTimeAsync(GRACE * 2);
    expect(fake.factory).toHaveBeenCalledTimes(1);
    expect(fake.open("USD/MXN")).toHaveLength(1);
    expect(r.prices()).toHaveLength(1);
  });

  it("a new feed is opened after the old one closed", async () => {
    hub.subscribe("USD/MXN", () => undefined)();
    await vi.advanceTimersByTimeAsync(GRACE);
    hub.subscribe("USD/MXN", () => undefined);
    expect(fake.factory).toHaveBeenCalledTimes(2);
    expect(fake.open("USD/MXN")).toHaveLength(1);
    // Late events of the closed feed are ignored.
    const r = recorder();
    hub.subscribe("USD/MXN", r.listener);
    fake.feeds[0].handlers.onQuote(quote("USD/MXN", T0));
    expect(r.prices()).toHaveLength(0);
  });

  it("ensure() starts the feed and waits for the first tick, up to its timeout", async () => {
    const pending = hub.ensure("USD/MXN");
    expect(fake.open("USD/MXN")).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    fake.open("USD/MXN")[0].handlers.onQuote(quote("USD/MXN", T0));
    const snapshot = await pending;
    expect(snapshot.status).toBe("live");
    expect(snapshot.quote?.ts).toBe(T0);

    // Already cached: answers at once.
    expect((await hub.ensure("USD/MXN")).quote?.ts).toBe(T0);

    // No tick: gives up after the timeout and says connecting.
    const slow = hub.ensure("EUR/MXN");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await slow).toEqual({ quote: null, status: "connecting", stale: true });

    // Without subscribers, ensure()'s feeds close after the grace period.
    await vi.advanceTimersByTimeAsync(GRACE);
    expect(fake.open("USD/MXN")).toHaveLength(0);
    expect(fake.open("EUR/MXN")).toHaveLength(0);
  });

  it("ensure() returns early when the feed reports down", async () => {
    const pending = hub.ensure("USD/MXN");
    fake.open("USD/MXN")[0].handlers.onStatus("down");
    expect(await pending).toEqual({ quote: null, status: "down", stale: true });
  });

  it("a throwing subscriber does not stop the others", () => {
    const r = recorder();
    hub.subscribe("USD/MXN", () => {
      throw new Error("roto");
    });
    hub.subscribe("USD/MXN", r.listener);
    fake.open("USD/MXN")[0].handlers.onQuote(quote("USD/MXN", T0));
    expect(r.prices()).toHaveLength(1);
  });

  it("close() closes every feed and ends every subscription", async () => {
    const ended = vi.fn();
    hub.subscribe("USD/MXN", () => undefined, ended);
    hub.subscribe("EUR/MXN", () => undefined, ended);
    await hub.close();
    expect(fake.feeds.every((feed) => feed.closed)).toBe(true);
    expect(ended).toHaveBeenCalledTimes(2);
    const late = vi.fn();
    hub.subscribe("USD/MXN", () => undefined, late);
    expect(late).toHaveBeenCalledTimes(1);
    expect(fake.factory).toHaveBeenCalledTimes(2);
  });
});
