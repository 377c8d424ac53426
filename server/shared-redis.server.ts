import { Redis } from "ioredis";

import { getConfig } from "./config.server";
import { onShutdown, singleton } from "./lifecycle.server";
import { logger } from "./logger.server";
import { closeRedis } from "./redis-close.server";

/**
 * The process's Redis connection for state that must hold across instances (rate limits, bank
 * tokens already used, idempotency keys in flight), or null when REDIS_URL is unset and one
 * instance keeps that state in memory.
 */
export const SHARED_REDIS_COMMAND_MS = 1_500;

export function sharedRedis(): Redis | null {
  return singleton("sharedRedis", () => {
    const url = getConfig().REDIS_URL;
    if (!url) return null;
    // A silent Redis (black-holed) must not hold a page: every command gets 1.5 s, then fails as "shared part down".
    const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, commandTimeout: SHARED_REDIS_COMMAND_MS });
    redis.on("error", (error) => logger.error({ err: error.message }, "redis error"));
    onShutdown(() => closeRedis(redis), { name: "shared redis" });
    return redis;
  });
}
