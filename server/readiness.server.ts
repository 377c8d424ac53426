import type { Redis } from "ioredis";

/**
 * Is this instance ready for traffic (docs/decisions/040)? Only what the instance cannot serve
 * without: Redis, when REDIS_URL says the instances share their state there. The upstreams are left
 * out on purpose: when the bank is down every instance must still answer its Spanish error pages,
 * and a balancer with no ready instance would answer nothing at all.
 */
export type RedisCheck = "ok" | "down" | "not-configured";

export interface Readiness {
  status: "ok" | "down";
  /** The build's version (the Remix assets manifest), the same on every instance of one build. */
  version?: string;
  checks: { redis: RedisCheck };
}

/** A PING slower than this counts as Redis down: a probe must answer well within its own timeout. */
export const REDIS_PING_TIMEOUT_MS = 1_000;

export async function checkRedis(redis: Redis | null, timeoutMs = REDIS_PING_TIMEOUT_MS): Promise<RedisCheck> {
  if (!redis) return "not-configured";
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<RedisCheck>((resolve) => {
    timer = setTimeout(() => resolve("down"), timeoutMs);
  });
  const ping = redis.ping().then(
    (answer): RedisCheck => (answer === "PONG" ? "ok" : "down"),
    (): RedisCheck => "down",
  );
  try {
    return await Promise.race([ping, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function readiness(options: { redis: Redis | null; version?: string; timeoutMs?: number }): Promise<Readiness> {
  const redis = await checkRedis(options.redis, options.timeoutMs);
  return { status: redis === "down" ? "down" : "ok", version: options.version, checks: { redis } };
}
