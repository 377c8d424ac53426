import crypto from "node:crypto";

import { singleton } from "../lifecycle.server";
import { sharedRedis } from "../shared-redis.server";

/**
 * Up to which notification a session has been told (§4 toasts): the live stream marks what it
 * pushed, and a page render marks what it showed, so a notification raises one toast whether it
 * arrived live or is noticed on the next page without JavaScript. Kept beside the session, not in
 * it (a stream cannot write the session cookie): Redis when REDIS_URL is set, a bounded map
 * otherwise. The value is the newest `createdAt` (ISO) told.
 */
const TTL_MS = 13 * 60 * 60_000;
const MEMORY_MAX = 20_000;

const keyOf = (sessionId: string) => `portal:notifications-seen:${crypto.createHash("sha256").update(sessionId).digest("hex")}`;
const memory = () => singleton("notificationsSeen", () => new Map<string, { at: string; until: number }>());

export async function seenUpTo(sessionId: string): Promise<string | null> {
  const redis = sharedRedis();
  if (redis) return redis.get(keyOf(sessionId));
  const entry = memory().get(keyOf(sessionId));
  return entry && entry.until > Date.now() ? entry.at : null;
}

/** Moves the mark forward (never back). */
export async function markSeen(sessionId: string, createdAt: string): Promise<void> {
  const key = keyOf(sessionId);
  const redis = sharedRedis();
  if (redis) {
    // Compare and set in one step, so a stream and a page render cannot move it back.
    await redis.eval(
      "local v = redis.call('GET', KEYS[1]) if (not v) or v < ARGV[1] then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) end return 1",
      1,
      key,
      createdAt,
      String(TTL_MS),
    );
    return;
  }
  const entries = memory();
  const current = entries.get(key);
  if (current && current.until > Date.now() && current.at >= createdAt) return;
  if (entries.size >= MEMORY_MAX) {
    const now = Date.now();
    for (const [other, entry] of entries) if (entry.until <= now || entries.size >= MEMORY_MAX) entries.delete(other);
  }
  entries.delete(key);
  entries.set(key, { at: createdAt, until: Date.now() + TTL_MS });
}
