import { Redis } from "ioredis";

import { getConfig } from "./config.server";
import { onShutdown, singleton } from "./lifecycle.server";
import { logger } from "./logger.server";

/**
 * The process's Redis connection for state that must hold across instances (rate limits, bank
 * tokens already used, idempotency keys in flight), or null when REDIS_URL is unset and one
 * instance keeps that state in memory.
 */
export function sharedRedis(): Redis | null {
  return singleton("sharedRedis", () => {
    const url = getConfig().REDIS_URL;
    if (!url) return null;
    const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    redis.on("error", (error) => logger.error({ err: error.message }, "redis error"));
    onShutdown(async () => {
      await redis.quit().catch(() => undefined);
    });
    return redis;
  });
}
