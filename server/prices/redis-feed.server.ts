import { randomBytes } from "node:crypto";
import { hostname } from "node:os";

import type { Redis } from "ioredis";
import { z } from "zod";

import type { PairQuote } from "#core/domain/prices";

import type { Logger } from "../logger.server";
import { closeRedis } from "../redis-close.server";
import { channelRouter, holdOwnership } from "../redis-lock.server";
import type { FeedFactory, FeedHandlers, FeedStatus, PriceFeed } from "./feed.server";

/**
 * Prices across app instances (ARCHITECTURE 'Live data': with more than one instance, ticks go
 * through Redis pub/sub). A feed factory for the hub: for each pair it subscribes to the pair's
 * channel, and the one instance that holds the pair's lock (SET NX with a TTL, renewed while it
 * is interested) runs the real upstream socket and publishes every tick and status change on
 * it. Every instance, the owner included, hands its hub what arrives on the channel, so there
 * is one upstream socket per pair for the whole cluster. When the owner loses interest (its hub
 * closed the pair after the grace period) it releases the lock; when it dies the lock expires;
 * either way an instance still interested takes over within `retryMs` (+ `lockTtlMs`).
 */

export interface RedisFeedOptions {
  /** Connection for commands (SET, EVAL, PUBLISH). */
  publisher: Redis;
  /** Connection in subscriber mode; not used for anything else. */
  subscriber: Redis;
  /** The real upstream feed, run only by the pair's owner. */
  createFeed: FeedFactory;
  log: Logger;
  instanceId?: string;
  keyPrefix?: string;
  /** Lock lifetime; renewed every `retryMs`. Default 6 s. */
  lockTtlMs?: number;
  /** How often an instance renews its lock or tries to take a free one. Default 2 s. */
  retryMs?: number;
  /** No message on the channel for this long reports the pair down. Default 5 s. */
  silenceMs?: number;
}

export interface RedisFeeds {
  createFeed: FeedFactory;
  close(): Promise<void>;
}

const providerSchema = z.object({ lpId: z.string(), buy: z.number(), sell: z.number(), sig: z.string(), ts: z.number() });
const messageSchema = z.discriminatedUnion("t", [
  z.object({ t: z.literal("q"), q: z.object({ pair: z.string(), ts: z.number(), providers: z.array(providerSchema) }) }),
  z.object({ t: z.literal("s"), s: z.enum(["up", "down", "unavailable"]) }),
]);
type ChannelMessage = { t: "q"; q: PairQuote } | { t: "s"; s: FeedStatus };

export function redisFeedFactory(options: RedisFeedOptions): RedisFeeds {
  const { publisher, subscriber } = options;
  const prefix = options.keyPrefix ?? "portal:prices";
  const instanceId = options.instanceId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const lockTtlMs = options.lockTtlMs ?? 6_000;
  const retryMs = options.retryMs ?? 2_000;
  const silenceMs = options.silenceMs ?? 5_000;
  const log = options.log.child({ component: "price-redis", instanceId });
  const router = channelRouter(subscriber, log);
  const open = new Set<PriceFeed>();

  function createFeed(pair: string, handlers: FeedHandlers): PriceFeed {
    const channel = `${prefix}:ticks:${pair}`;
    const lockKey = `${prefix}:owner:${pair}`;
    let upstream: PriceFeed | null = null;
    let closed = false;

    const publish = (message: ChannelMessage) => {
      publisher
        .publish(channel, JSON.stringify(message))
        .catch((error: Error) => log.warn({ pair, err: error.message }, "price publish failed"));
    };

    const silence = setTimeout(() => {
      if (!closed) handlers.onStatus("down");
    }, silenceMs);

    const route = (raw: string) => {
      silence.refresh();
      let parsed: ChannelMessage;
      try {
        const result = messageSchema.safeParse(JSON.parse(raw));
        if (!result.success) throw new Error("schema");
        parsed = result.data;
      } catch {
        log.warn({ pair }, "bad price message on Redis skipped");
        return;
      }
      if (parsed.t === "q") handlers.onQuote(parsed.q);
      else handlers.onStatus(parsed.s);
    };
    const stopListening = router.listen(channel, route);

    const ownership = holdOwnership({
      publisher,
      lockKey,
      instanceId,
      lockTtlMs,
      retryMs,
      log: log.child({ pair }),
      own() {
        log.info({ pair }, "price feed owner");
        upstream = options.createFeed(pair, {
          onQuote: (quote) => publish({ t: "q", q: quote }),
          onStatus: (status) => publish({ t: "s", s: status }),
        });
      },
      disown() {
        upstream?.close();
        upstream = null;
      },
    });

    const feed: PriceFeed = {
      close() {
        if (closed) return;
        closed = true;
        open.delete(feed);
        clearTimeout(silence);
        stopListening();
        ownership.close();
      },
    };
    open.add(feed);
    return feed;
  }

  return {
    createFeed,
    async close() {
      for (const feed of [...open]) feed.close();
      await Promise.all([closeRedis(publisher), closeRedis(subscriber)]);
    },
  };
}
