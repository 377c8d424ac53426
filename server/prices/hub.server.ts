import { Redis } from "ioredis";

import type { PairQuote } from "#core/domain/prices";
import { isStale, QUOTE_VALIDITY_MS } from "#core/domain/prices";
import { toPriceEvent, toStatusEvent } from "#core/prices/payload";
import type { PriceStatus } from "#core/prices/wire";
import { PRICE_EVENT, STATUS_EVENT } from "#core/prices/wire";

import { getConfig } from "../config.server";
import { onShutdown, singleton } from "../lifecycle.server";
import type { Logger } from "../logger.server";
import { logger } from "../logger.server";
import { observeLiveClients } from "../metrics.server";
import type { FeedFactory, FeedStatus, PriceFeed } from "./feed.server";
import { createPriceFeed } from "./feed.server";
import type { RedisFeeds } from "./redis-feed.server";
import { redisFeedFactory } from "./redis-feed.server";

/**
 * The process-wide price hub (ARCHITECTURE 'Live data'): one upstream socket per pair that has
 * at least one subscriber, shared by every browser of this process. Each tick is turned into its
 * SSE payload and serialised once, then handed to every subscriber as the same string. The last
 * quote is cached so a page can render the current price server-side. A pair's socket is closed
 * a grace period after its last subscriber leaves, so moving between pages does not reconnect.
 */

/**
 * One named SSE event, serialised once and shared by every subscriber: `data` is its single-line
 * JSON, `frame` the whole event (`event: …\ndata: …\n\n`) as UTF-8 bytes, ready to write.
 */
export interface HubMessage {
  event: typeof PRICE_EVENT | typeof STATUS_EVENT;
  data: string;
  frame: Uint8Array;
}

const encoder = new TextEncoder();

export function hubMessage(event: HubMessage["event"], payload: unknown): HubMessage {
  const data = JSON.stringify(payload);
  return { event, data, frame: encoder.encode(`event: ${event}\ndata: ${data}\n\n`) };
}

export type PriceListener = (message: HubMessage) => void;

export interface PriceSnapshot {
  /** The last tick, or null before the first one. */
  quote: PairQuote | null;
  status: PriceStatus;
  /** True when there is no quote or it is older than the 20 min validity (§9): do not trade on it. */
  stale: boolean;
}

export interface PriceHub {
  /**
   * Starts (or joins) the pair's feed. The listener first receives the current `status` and, when
   * there is one, the last `price`, synchronously; then every change. `onEnd` is called if the hub
   * closes (shutdown) so the caller can end its stream. Returns the unsubscribe function.
   */
  subscribe(pair: string, listener: PriceListener, onEnd?: () => void): () => void;
  /** What is cached for the pair; does not start anything. */
  current(pair: string): PriceSnapshot;
  /**
   * Starts the pair's feed if needed and waits (up to `timeoutMs`, default 1 s) for a first tick,
   * for a server-side render. Without subscribers the feed closes after the grace period.
   */
  ensure(pair: string, timeoutMs?: number): Promise<PriceSnapshot>;
  stats(): { pairs: number; subscribers: number };
  close(): Promise<void>;
}

export interface PriceHubOptions {
  createFeed: FeedFactory;
  log: Logger;
  /** How long a pair's socket stays open after its last subscriber leaves. Default 30 s. */
  graceMs?: number;
  ensureTimeoutMs?: number;
  now?: () => number;
}

export const DEFAULT_GRACE_MS = 30_000;
export const DEFAULT_ENSURE_TIMEOUT_MS = 1_000;

interface Entry {
  pair: string;
  feed: PriceFeed | null;
  /** Listener → its onEnd. */
  listeners: Map<PriceListener, (() => void) | undefined>;
  quote: PairQuote | null;
  status: PriceStatus;
  priceMessage: HubMessage | null;
  /** The `stale` flag `priceMessage` was built with. */
  priceMessageStale: boolean;
  statusMessage: HubMessage;
  graceTimer: NodeJS.Timeout | null;
  /** While down: re-sends the cached price flagged stale when it passes the 20 min validity. */
  staleTimer: NodeJS.Timeout | null;
  /** ensure() calls waiting for the first tick (or a definite status). */
  waiters: Set<() => void>;
}

const STATUS_OF: Record<FeedStatus, PriceStatus> = { up: "live", down: "down", unavailable: "unavailable" };

export function createPriceHub(options: PriceHubOptions): PriceHub {
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  const ensureTimeoutMs = options.ensureTimeoutMs ?? DEFAULT_ENSURE_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const log = options.log.child({ component: "price-hub" });
  const entries = new Map<string, Entry>();
  let closed = false;

  const statusMessage = (pair: string, status: PriceStatus) => hubMessage(STATUS_EVENT, toStatusEvent(pair, status));
  /** Builds and caches the entry's price message: the one serialisation of a tick. */
  function setPriceMessage(entry: Entry, quote: PairQuote): HubMessage {
    const payload = toPriceEvent(quote, now());
    entry.priceMessage = hubMessage(PRICE_EVENT, payload);
    entry.priceMessageStale = payload.stale;
    return entry.priceMessage;
  }

  function deliver(entry: Entry, listener: PriceListener, message: HubMessage): void {
    try {
      listener(message);
    } catch (error) {
      log.error({ err: error, pair: entry.pair }, "price listener failed");
    }
  }

  function broadcast(entry: Entry, message: HubMessage): void {
    for (const listener of entry.listeners.keys()) deliver(entry, listener, message);
  }

  function wake(entry: Entry): void {
    for (const waiter of entry.waiters) waiter();
    entry.waiters.clear();
  }

  function clearStaleTimer(entry: Entry): void {
    if (entry.staleTimer) clearTimeout(entry.staleTimer);
    entry.staleTimer = null;
  }

  function setStatus(entry: Entry, status: PriceStatus): void {
    if (entry.status === status) return;
    entry.status = status;
    entry.statusMessage = statusMessage(entry.pair, status);
    broadcast(entry, entry.statusMessage);
    if (status !== "live") wake(entry);
    if (status === "down" && entry.quote && !entry.staleTimer) {
      const quote = entry.quote;
      const wait = Math.max(0, quote.ts + QUOTE_VALIDITY_MS + 1 - now());
      entry.staleTimer = setTimeout(() => {
        entry.staleTimer = null;
        if (entry.quote !== quote) return;
        broadcast(entry, setPriceMessage(entry, quote));
      }, wait);
    }
  }

  function onQuote(entry: Entry, quote: PairQuote): void {
    clearStaleTimer(entry);
    entry.quote = quote;
    const message = setPriceMessage(entry, quote);
    setStatus(entry, "live");
    broadcast(entry, message);
    wake(entry);
  }

  function open(pair: string): Entry {
    let entry = entries.get(pair);
    if (entry) return entry;
    const created: Entry = {
      pair,
      feed: null,
      listeners: new Map(),
      quote: null,
      status: "connecting",
      priceMessage: null,
      priceMessageStale: false,
      statusMessage: statusMessage(pair, "connecting"),
      graceTimer: null,
      staleTimer: null,
      waiters: new Set(),
    };
    entry = created;
    entries.set(pair, created);
    log.info({ pair }, "price feed opened");
    created.feed = options.createFeed(pair, {
      onQuote: (quote) => {
        if (entries.get(pair) === created) onQuote(created, quote);
      },
      onStatus: (status) => {
        if (entries.get(pair) === created) setStatus(created, STATUS_OF[status]);
      },
    });
    return created;
  }

  function dispose(entry: Entry): void {
    if (entry.graceTimer) clearTimeout(entry.graceTimer);
    entry.graceTimer = null;
    clearStaleTimer(entry);
    wake(entry);
    entries.delete(entry.pair);
    entry.feed?.close();
    entry.feed = null;
  }

  function scheduleClose(entry: Entry): void {
    if (entry.listeners.size > 0 || entry.graceTimer) return;
    entry.graceTimer = setTimeout(() => {
      entry.graceTimer = null;
      if (entry.listeners.size > 0) return;
      log.info({ pair: entry.pair }, "price feed closed (no subscribers)");
      dispose(entry);
    }, graceMs);
  }

  function snapshot(entry: Entry | undefined): PriceSnapshot {
    const quote = entry?.quote ?? null;
    return { quote, status: entry?.status ?? "connecting", stale: quote === null || isStale(quote.ts, now()) };
  }

  return {
    subscribe(pair, listener, onEnd) {
      if (closed) {
        onEnd?.();
        return () => undefined;
      }
      const entry = open(pair);
      if (entry.graceTimer) {
        clearTimeout(entry.graceTimer);
        entry.graceTimer = null;
      }
      entry.listeners.set(listener, onEnd);
      deliver(entry, listener, entry.statusMessage);
      if (entry.quote && entry.priceMessage) {
        // The cached message carries the stale flag of when it was built.
        const message =
          entry.priceMessageStale === isStale(entry.quote.ts, now()) ? entry.priceMessage : setPriceMessage(entry, entry.quote);
        deliver(entry, listener, message);
      }
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        entry.listeners.delete(listener);
        // The entry's own pair, not the caller's string: a subscription held for hours keeps nothing of its request.
        if (entries.get(entry.pair) === entry) scheduleClose(entry);
      };
    },

    current(pair) {
      return snapshot(entries.get(pair));
    },

    async ensure(pair, timeoutMs = ensureTimeoutMs) {
      if (closed) return snapshot(entries.get(pair));
      const entry = open(pair);
      scheduleClose(entry);
      if (entry.quote || entry.status === "down" || entry.status === "unavailable") return snapshot(entry);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, timeoutMs);
        function done() {
          clearTimeout(timer);
          entry.waiters.delete(done);
          resolve();
        }
        entry.waiters.add(done);
      });
      return snapshot(entries.get(pair));
    },

    stats() {
      let subscribers = 0;
      for (const entry of entries.values()) subscribers += entry.listeners.size;
      return { pairs: entries.size, subscribers };
    },

    async close() {
      if (closed) return;
      closed = true;
      for (const entry of [...entries.values()]) {
        const ends = [...entry.listeners.values()];
        entry.listeners.clear();
        dispose(entry);
        for (const end of ends) {
          try {
            end?.();
          } catch (error) {
            log.error({ err: error, pair: entry.pair }, "price subscriber end failed");
          }
        }
      }
    },
  };
}

/**
 * The hub of this process, wired to PRICES_WS_URL and closed on shutdown. With REDIS_URL, the
 * upstream socket of a pair is held by one instance and ticks reach every instance through Redis.
 */
export function priceHub(): PriceHub {
  return singleton("prices.hub", () => {
    const config = getConfig();
    const upstream: FeedFactory = (pair, handlers) => createPriceFeed({ url: config.PRICES_WS_URL, pair, log: logger, ...handlers });
    let redis: RedisFeeds | null = null;
    if (config.REDIS_URL) {
      const connect = (role: string, offlineQueue: boolean) => {
        const connection = new Redis(config.REDIS_URL!, { maxRetriesPerRequest: 2, enableOfflineQueue: offlineQueue });
        connection.on("error", (error: Error) => logger.error({ err: error.message, role }, "redis error (prices)"));
        return connection;
      };
      // Publishing fails fast while Redis is away rather than queueing ticks in memory.
      redis = redisFeedFactory({
        publisher: connect("publisher", false),
        subscriber: connect("subscriber", true),
        createFeed: upstream,
        log: logger,
      });
      logger.info("prices shared through Redis");
    }
    const hub = createPriceHub({ log: logger, createFeed: redis?.createFeed ?? upstream });
    observeLiveClients("prices", () => hub.stats().subscribers);
    onShutdown(
      async () => {
        await hub.close();
        await redis?.close();
      },
      { name: "prices fan-out" },
    );
    return hub;
  });
}
