import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { PairQuote } from "#core/domain/prices";
import { TOP_PROVIDERS } from "#core/domain/prices";
import { toPriceEvent } from "#core/prices/payload";

import { verifyQuote } from "../../sandbox/price-signing";
import type { FeedStatus, PriceFeed } from "../../server/prices/feed.server";
import { createPriceFeed } from "../../server/prices/feed.server";
import { createPriceHub } from "../../server/prices/hub.server";
import type { TestSandbox } from "../support/sandbox";
import { control, silentLog, startTestSandbox } from "../support/sandbox";

/** The app's price feed against the sandbox's price WebSocket (contract 'Price WebSocket'). */

let sandbox: TestSandbox;
let pricesUrl: string;
const feeds: PriceFeed[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox();
  pricesUrl = `${sandbox.url.replace(/^http/, "ws")}/prices`;
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await control(sandbox, "/__reset");
});
afterEach(() => {
  for (const feed of feeds.splice(0)) feed.close();
});

function start(pair: string, options: { silenceMs?: number } = {}) {
  const quotes: PairQuote[] = [];
  const statuses: FeedStatus[] = [];
  feeds.push(
    createPriceFeed({
      url: pricesUrl,
      pair,
      log: silentLog,
      backoff: { initialMs: 50, maxMs: 200 },
      silenceMs: options.silenceMs ?? 2_000,
      onQuote: (quote) => quotes.push(quote),
      onStatus: (status) => statuses.push(status),
    }),
  );
  return { quotes, statuses };
}

const priceStatus = async () =>
  (await control(sandbox, "/__prices", undefined, "GET")) as { mode: string; sockets: number; refused: number };
const priceSockets = async () => (await priceStatus()).sockets;

describe("price feed against the sandbox", () => {
  it("receives several ticks a second, each with at least 4 signed providers", async () => {
    const { quotes, statuses } = start("USD/MXN");
    await vi.waitFor(() => expect(quotes.length).toBeGreaterThanOrEqual(4), { timeout: 2_000 });
    expect(statuses).toEqual(["up"]);
    expect(await priceSockets()).toBe(1);
    for (const quote of quotes) {
      expect(quote.pair).toBe("USD/MXN");
      expect(quote.providers.length).toBeGreaterThanOrEqual(4);
      for (const provider of quote.providers) {
        expect(provider.buy).toBeLessThan(provider.sell);
        expect(provider.buy).toBeGreaterThan(15);
        expect(provider.sell).toBeLessThan(20);
        const signed = { cp: quote.pair, lpId: provider.lpId, Buy: provider.buy, Sell: provider.sell, ts: provider.ts, sig: provider.sig };
        expect(verifyQuote(sandbox.state.priceSecret, signed)).toBe(true);
      }
    }
    expect(new Set(quotes.map((q) => q.ts)).size).toBe(quotes.length);
  });

  it("ranks the top 4 of real frames for the client (decision 094): lowest Sell to buy, highest Buy to sell", async () => {
    const { quotes } = start("EUR/MXN");
    await vi.waitFor(() => expect(quotes.length).toBeGreaterThanOrEqual(3), { timeout: 2_000 });
    for (const quote of quotes) {
      const event = toPriceEvent(quote, quote.ts);
      const sells = quote.providers.map((p) => p.sell).sort((a, b) => a - b);
      const buys = quote.providers.map((p) => p.buy).sort((a, b) => b - a);
      expect(quote.providers.length).toBeGreaterThan(TOP_PROVIDERS);
      expect(event.buy.top).toHaveLength(TOP_PROVIDERS);
      expect(event.sell.top).toHaveLength(TOP_PROVIDERS);
      expect(event.buy.top.map((p) => p.sell)).toEqual(sells.slice(0, TOP_PROVIDERS));
      expect(event.sell.top.map((p) => p.buy)).toEqual(buys.slice(0, TOP_PROVIDERS));
      expect(event.buy.price).toBe(sells[0]);
      expect(event.sell.price).toBe(buys[0]);
      expect(event.stale).toBe(false);
    }
  });

  it("goes down when the socket is dropped and reconnects once the service is back", async () => {
    const { quotes, statuses } = start("USD/MXN");
    await vi.waitFor(() => expect(statuses).toEqual(["up"]), { timeout: 2_000 });
    await control(sandbox, "/__prices", { mode: "drop" });
    await vi.waitFor(() => expect(statuses).toEqual(["up", "down"]), { timeout: 2_000 });

    // While dropping, every attempt is closed right after the upgrade: after two more attempts, still down, no ticks.
    const count = quotes.length;
    const refused = (await priceStatus()).refused;
    await vi.waitFor(async () => expect((await priceStatus()).refused).toBeGreaterThanOrEqual(refused + 2), { timeout: 3_000 });
    expect(quotes.length).toBe(count);
    expect(statuses).toEqual(["up", "down"]);

    await control(sandbox, "/__prices", { mode: "normal" });
    await vi.waitFor(() => expect(statuses).toEqual(["up", "down", "up"]), { timeout: 3_000 });
    await vi.waitFor(() => expect(quotes.length).toBeGreaterThan(count + 1), { timeout: 2_000 });
    expect(await priceSockets()).toBe(1);
  });

  it("goes down when the service falls silent, and comes back when it speaks again", async () => {
    const { quotes, statuses } = start("USD/MXN", { silenceMs: 600 });
    await vi.waitFor(() => expect(statuses).toEqual(["up"]), { timeout: 2_000 });
    await control(sandbox, "/__prices", { mode: "silent" });
    await vi.waitFor(() => expect(statuses).toEqual(["up", "down"]), { timeout: 2_000 });
    // It replaced the silent socket rather than piling new ones up.
    expect(await priceSockets()).toBeLessThanOrEqual(1);

    const count = quotes.length;
    await control(sandbox, "/__prices", { mode: "normal" });
    await vi.waitFor(() => expect(statuses).toEqual(["up", "down", "up"]), { timeout: 3_000 });
    expect(quotes.length).toBeGreaterThan(count);
  });

  it("reports an unknown pair as unavailable", async () => {
    const { quotes, statuses } = start("XXX/YYY");
    await vi.waitFor(() => expect(statuses).toEqual(["unavailable"]), { timeout: 2_000 });
    expect(quotes).toHaveLength(0);
  });

  it("the hub keeps one upstream socket per pair for many subscribers", async () => {
    const hub = createPriceHub({
      log: silentLog,
      graceMs: 100,
      createFeed: (pair, handlers) => createPriceFeed({ url: pricesUrl, pair, log: silentLog, ...handlers }),
    });
    try {
      const received = new Map<string, number>();
      const leave = Array.from({ length: 50 }, (_, i) => {
        const pair = i % 2 === 0 ? "USD/MXN" : "EUR/USD";
        return hub.subscribe(pair, (message) => {
          if (message.event === "price") received.set(`${i}`, (received.get(`${i}`) ?? 0) + 1);
        });
      });
      await vi.waitFor(() => expect(received.size).toBe(50), { timeout: 2_000 });
      expect(await priceSockets()).toBe(2);
      expect((await hub.ensure("USD/MXN")).status).toBe("live");

      leave.forEach((unsubscribe) => unsubscribe());
      await vi.waitFor(async () => expect(await priceSockets()).toBe(0), { timeout: 2_000 });
    } finally {
      await hub.close();
    }
  });
});
