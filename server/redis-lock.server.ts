import type { Redis } from "ioredis";

import type { Logger } from "./logger.server";

/**
 * One owner in the cluster for something only one instance should do (hold a pair's price socket,
 * a member's notification socket): every interested instance tries `SET key me NX PX ttl` every
 * `retryMs`; the owner renews it instead, and gives it up when it closes. When the owner dies its
 * lock expires, and an instance still interested takes over at its next try.
 */
export interface OwnershipOptions {
  publisher: Redis;
  lockKey: string;
  instanceId: string;
  lockTtlMs: number;
  retryMs: number;
  log: Logger;
  /** This instance became the owner. */
  own(): void;
  /** It is no longer (closed, or the lock was lost). */
  disown(): void;
  /** The owner renewed its lock (a heartbeat for whoever listens). */
  renewed?(): void;
}

const RENEW = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

export function holdOwnership(options: OwnershipOptions): { close(): void } {
  const { publisher, lockKey, instanceId, lockTtlMs, log } = options;
  let owner = false;
  let closed = false;

  async function claim(): Promise<void> {
    try {
      if (owner) {
        const kept = await publisher.eval(RENEW, 1, lockKey, instanceId, lockTtlMs);
        if (Number(kept) !== 1 && !closed) {
          log.warn("ownership lost");
          owner = false;
          options.disown();
          return;
        }
        options.renewed?.();
      } else {
        const taken = await publisher.set(lockKey, instanceId, "PX", lockTtlMs, "NX");
        if (taken !== "OK") return;
        if (closed) {
          await publisher.eval(RELEASE, 1, lockKey, instanceId);
          return;
        }
        owner = true;
        options.own();
      }
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : error }, "ownership lock failed");
    }
  }

  const timer = setInterval(() => void claim(), options.retryMs);
  void claim();

  return {
    close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      if (!owner) return;
      owner = false;
      options.disown();
      // Let an instance that is still interested take over at its next try.
      publisher.eval(RELEASE, 1, lockKey, instanceId).catch(() => undefined);
    },
  };
}

/**
 * One subscriber connection serving many channels: each channel's messages go to its route.
 * Answers what stops listening to a channel.
 */
export function channelRouter(subscriber: Redis, log: Logger) {
  const routes = new Map<string, (raw: string) => void>();
  subscriber.on("message", (channel: string, raw: string) => routes.get(channel)?.(raw));
  return {
    listen(channel: string, route: (raw: string) => void): () => void {
      routes.set(channel, route);
      subscriber.subscribe(channel).catch((error: Error) => log.error({ err: error.message }, "channel subscribe failed"));
      return () => {
        if (routes.get(channel) !== route) return;
        routes.delete(channel);
        subscriber.unsubscribe(channel).catch(() => undefined);
      };
    },
  };
}
