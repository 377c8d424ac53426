import crypto from "node:crypto";

import type { Redis } from "ioredis";

import { isSharedPartDown } from "#core/domain/shared-part";

import { getConfig } from "./config.server";
import { singleton } from "./lifecycle.server";
import { logger } from "./logger.server";
import { sealer } from "./session/storage.server";
import { orSharedPartDown } from "./shared-part.server";
import { sharedRedis } from "./shared-redis.server";

/**
 * The app's side of a form's Idempotency-Key (docs/decisions/029-idempotency-keys.md): one
 * request per key reaches the bank, whatever the browser sends.
 * - the first request with a key runs; a duplicate arriving meanwhile waits for its outcome and
 *   answers the same (a browser shows the last of two posts, so that one must carry the result);
 * - a finished outcome worth keeping (an operation created, or one whose fate is unknown) answers
 *   every later duplicate for a day;
 * - the key with another request (its fingerprint differs) is refused: `reused`;
 * - an outcome not kept (the bank refused, a form problem) frees the key for a corrected request.
 * Claims live in Redis when REDIS_URL is set (so they hold across instances; sealed, because an
 * outcome can carry a challenge link) and in a bounded map otherwise.
 */
export type Once<T> = { kind: "first"; outcome: T } | { kind: "replayed"; outcome: T } | { kind: "reused" } | { kind: "pending" };

export interface OnceOptions<T> {
  /** Who and which key: the member, the company and the form's key. */
  scope: string;
  /** What the key is used for; the same key with another fingerprint is refused. */
  fingerprint: string;
  work: () => Promise<T>;
  keep: (outcome: T) => boolean;
  /** How long a duplicate waits for the first before answering `pending`. */
  waitMs?: number;
}

const KEEP_MS = 24 * 60 * 60_000;
/** Longer than any request's budget: a claim left by a crashed process frees itself. */
const CLAIM_MS = 2 * 60_000;
const WAIT_MS = 12_000;
const POLL_MS = 100;
const MEMORY_MAX = 50_000;

/** Where claims are kept: Redis (sealed with the secret) or a map of this process. */
export type ClaimStore = { redis: Redis; secret: string } | { memory: Map<string, MemoryEntry> };

export async function once<T>(options: OnceOptions<T>, store: ClaimStore = defaultStore()): Promise<Once<T>> {
  return "redis" in store ? onceInRedis(store.redis, store.secret, options) : onceInMemory(store.memory, options);
}

function defaultStore(): ClaimStore {
  const redis = sharedRedis();
  if (redis) return { redis, secret: getConfig().SESSION_SECRET };
  return { memory: singleton("idempotencyClaims", () => new Map<string, MemoryEntry>()) };
}

export interface MemoryEntry {
  fingerprint: string;
  until: number;
  running?: Promise<void>;
  outcome?: unknown;
}

async function onceInMemory<T>(entries: Map<string, MemoryEntry>, options: OnceOptions<T>): Promise<Once<T>> {
  const deadline = Date.now() + (options.waitMs ?? WAIT_MS);
  for (;;) {
    const now = Date.now();
    const entry = entries.get(options.scope);
    if (entry && entry.until > now) {
      if (entry.fingerprint !== options.fingerprint) return { kind: "reused" };
      if (!entry.running) return { kind: "replayed", outcome: entry.outcome as T };
      const finished = await Promise.race([entry.running.then(() => true), sleep(deadline - now).then(() => false)]);
      if (!finished) return { kind: "pending" };
      continue;
    }
    let done!: () => void;
    const claim: MemoryEntry = {
      fingerprint: options.fingerprint,
      until: now + CLAIM_MS,
      running: new Promise((resolve) => (done = resolve)),
    };
    makeRoom(entries, now);
    entries.set(options.scope, claim);
    try {
      const outcome = await options.work();
      if (options.keep(outcome)) {
        entries.set(options.scope, { fingerprint: options.fingerprint, until: Date.now() + KEEP_MS, outcome });
      } else if (entries.get(options.scope) === claim) {
        entries.delete(options.scope);
      }
      return { kind: "first", outcome };
    } catch (error) {
      if (entries.get(options.scope) === claim) entries.delete(options.scope);
      throw error;
    } finally {
      done();
    }
  }
}

function makeRoom(entries: Map<string, MemoryEntry>, now: number) {
  if (entries.size < MEMORY_MAX) return;
  for (const [scope, entry] of entries) if (entry.until <= now) entries.delete(scope);
  // Still full: the oldest finished ones go first (a Map keeps insertion order).
  for (const [scope, entry] of entries) {
    if (entries.size < MEMORY_MAX) break;
    if (!entry.running) entries.delete(scope);
  }
}

type Stored = { fingerprint: string; state: "running" } | { fingerprint: string; state: "done"; outcome: unknown };

async function onceInRedis<T>(redis: Redis, secret: string, options: OnceOptions<T>): Promise<Once<T>> {
  const seal = sealer(secret);
  const key = `portal:idempotency:${crypto.createHash("sha256").update(options.scope).digest("hex")}`;
  const deadline = Date.now() + (options.waitMs ?? WAIT_MS);
  for (;;) {
    const running: Stored = { fingerprint: options.fingerprint, state: "running" };
    // Redis down before the claim: the form is refused with the 503 page, nothing reached the bank.
    if ((await orSharedPartDown(redis.set(key, seal.seal(running), "PX", CLAIM_MS, "NX"))) === "OK") {
      let outcome: T;
      try {
        outcome = await options.work();
      } catch (error) {
        await redis.del(key).catch(() => undefined);
        throw error;
      }
      // Redis gone after the bank answered: the outcome is still the person's. The bank holds the operation
      // under the same Idempotency-Key, so a retry cannot create another; the claim lapses by itself.
      try {
        if (options.keep(outcome)) {
          const done: Stored = { fingerprint: options.fingerprint, state: "done", outcome };
          await redis.set(key, seal.seal(done), "PX", KEEP_MS);
        } else {
          await redis.del(key);
        }
      } catch (error) {
        if (!isSharedPartDown(error)) throw error;
        logger.warn({ event: "idempotency_record_failed" }, "idempotency outcome not recorded: shared part down");
      }
      return { kind: "first", outcome };
    }
    const raw = await orSharedPartDown(redis.get(key));
    const stored = raw === null ? null : (seal.open(raw) as Stored | null);
    if (stored) {
      if (stored.fingerprint !== options.fingerprint) return { kind: "reused" };
      if (stored.state === "done") return { kind: "replayed", outcome: stored.outcome as T };
    }
    if (Date.now() + POLL_MS > deadline) return { kind: "pending" };
    await sleep(POLL_MS);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());
