import type { Redis } from "ioredis";

import { settleWithin, SHUTDOWN_STEP_MS } from "./lifecycle.server";

/**
 * Closes a Redis connection on a stop without waiting on a Redis that is gone (decision 102): a
 * polite QUIT when the connection is ready and Redis answers it within `ms`; otherwise (down,
 * reconnecting, or connected to something that never answers) the socket is cut and its
 * reconnecting stops.
 */
export async function closeRedis(redis: Redis, ms = SHUTDOWN_STEP_MS / 2): Promise<void> {
  if (redis.status === "ready" && (await settleWithin(redis.quit(), ms)) === "done") return;
  redis.disconnect();
}
