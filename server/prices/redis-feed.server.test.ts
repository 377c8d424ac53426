import { Redis } from "ioredis";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import type { PairQuote } from "#core/domain/prices";
import type { PriceEvent, PriceStatusEvent } from "#core/prices/wire";

import { startRedis } from "../../tests/support/redis";
import type { FeedHandlers } from "./feed.server";
import type { HubMessage, PriceHub } from "./hub.server";
import { createPriceHub } from "./hub.server";
import type { RedisFeeds } from "./redis-feed.server";
import { redisFeedFactory } from "./redis-feed.server";

/**
 * Several app instances sharing one Redis (a real redis-server; npm test installs it): one
 * upstream socket per pair for the whole cluster, ticks reaching every instance's subscribers,
 * and another instance taking the socket over when the owner leaves.
 */

const log = pino({ level: "silent" });

let redis: Awaited<ReturnType<typeof startRedis>>;
let url: string;

beforeAll(async () => {
  redis = await startRedis();
  url = redis.url;
});

afterAll(() => {
  redis?.stop();
});

/** The upstream of the whole test: which instance opened which pair, and a way to tick. */
const upstreams: Array<{ instance: string; pair: string; handlers: FeedHandlers; closed: boolean }> = [];
const openUpstreams = (pair: string) => upstreams.filter((u) => u.pair === pair && !u.closed);

const instances: Array<{ hub: PriceHub; redis: RedisFeeds; publisher: Redis }> = [];

function instance(name: string, graceMs = 50) {
  const publisher = new Redis(url, { maxRetriesPerRequest: 1 });
  publisher.on("error", () => undefined);
  const redis = redisFeedFactory({
    publisher,
    subscriber: new Redis(url),
    log,
    instanceId: name,
    lockTtlMs: 600,
    retryMs: 100,
    silenceMs: 800,
    createFeed: (pair, handlers) => {
      const upstream = { instance: name, pair, handlers, closed: false };
      upstreams.push(upstream);
      return {
        close() {
          upstream.closed = true;
        },
      };
    },
  });
  const hub = createPriceHub({ createFeed: redis.createFeed, log, graceMs });
  instances.push({ hub, redis, publisher });
  return hub;
}

afterEach(async () => {
  for (const { hub, redis } of instances.splice(0)) {
    await hub.close();
    await redis.close();
  }
  upstreams.splice(0);
  const admin = new Redis(url);
  await admin.flushall();
  await admin.quit();
});

function recorder() {
  const messages: HubMessage[] = [];
  return {
    listener: (message: HubMessage) => messages.push(message),
    prices: () => messages.filter((m) => m.event === "price").map((m) => JSON.parse(m.data) as PriceEvent),
    statuses: () => messages.filter((m) => m.event === "status").map((m) => (JSON.parse(m.data) as PriceStatusEvent).status),
  };
}

const quote = (ts: number): PairQuote => ({
  pair: "USD/MXN",
  ts,
  providers: [
    { lpId: "LP-A", buy: 17.1, sell: 17.3, sig: "a", ts },
    { lpId: "LP-B", buy: 17.05, sell: 17.35, sig: "b", ts },
  ],
});

describe("prices through Redis", () => {
  it("opens one upstream socket per pair for all instances and delivers ticks to every instance", async () => {
    const a = recorder();
    const b = recorder();
    const c = recorder();
    instance("a").subscribe("USD/MXN", a.listener);
    instance("b").subscribe("USD/MXN", b.listener);
    instance("c").subscribe("USD/MXN", c.listener);
    await vi.waitFor(() => expect(openUpstreams("USD/MXN")).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 300)); // several lock rounds: still one
    expect(openUpstreams("USD/MXN")).toHaveLength(1);

    const [owner] = openUpstreams("USD/MXN");
    owner.handlers.onStatus("up");
    owner.handlers.onQuote(quote(1));
    owner.handlers.onQuote(quote(2));
    for (const r of [a, b, c]) {
      await vi.waitFor(() => expect(r.prices().map((p) => p.ts)).toEqual([1, 2]));
      expect(r.prices()[1].buy.top.map((p) => p.lpId)).toEqual(["LP-A", "LP-B"]);
      expect(r.statuses().at(-1)).toBe("live");
    }

    owner.handlers.onStatus("down");
    for (const r of [a, b, c]) await vi.waitFor(() => expect(r.statuses().at(-1)).toBe("down"));
  });

  it("another instance takes the upstream socket over when the owner leaves", async () => {
    const hubA = instance("a");
    const leaveA = hubA.subscribe("USD/MXN", () => undefined);
    await vi.waitFor(() => expect(openUpstreams("USD/MXN").map((u) => u.instance)).toEqual(["a"]));

    const b = recorder();
    instance("b").subscribe("USD/MXN", b.listener);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(openUpstreams("USD/MXN").map((u) => u.instance)).toEqual(["a"]);

    leaveA(); // a's hub closes the pair after its grace period and releases the lock
    await vi.waitFor(() => expect(openUpstreams("USD/MXN").map((u) => u.instance)).toEqual(["b"]), { timeout: 3_000 });
    openUpstreams("USD/MXN")[0].handlers.onQuote(quote(3));
    await vi.waitFor(() => expect(b.prices().at(-1)?.ts).toBe(3));
  });

  it("takes over when the owner can no longer renew its lock (lock expiry)", async () => {
    instance("a").subscribe("USD/MXN", () => undefined);
    await vi.waitFor(() => expect(openUpstreams("USD/MXN").map((u) => u.instance)).toEqual(["a"]));
    const b = recorder();
    instance("b").subscribe("USD/MXN", b.listener);
    // "a" loses Redis for good: nothing renewed, nothing released.
    instances[0].publisher.disconnect();
    await vi.waitFor(() => expect(upstreams.filter((u) => u.instance === "b" && !u.closed)).toHaveLength(1), { timeout: 3_000 });
    upstreams.find((u) => u.instance === "b" && !u.closed)!.handlers.onQuote(quote(4));
    await vi.waitFor(() => expect(b.prices().at(-1)?.ts).toBe(4));
  });

  it("reports down when nothing arrives on the channel", async () => {
    const r = recorder();
    instance("a").subscribe("USD/MXN", r.listener);
    await vi.waitFor(() => expect(r.statuses()).toContain("down"), { timeout: 2_000 });
  });
});
