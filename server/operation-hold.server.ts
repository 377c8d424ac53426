import crypto from "node:crypto";

import type { Redis } from "ioredis";

import { singleton } from "./lifecycle.server";
import { sharedRedis } from "./shared-redis.server";

/**
 * One money decision at a time per operation, or per scheduled payment (decision 092):
 * approve, void and the challenge result of one operation, or the 'pay now' of one payment, run
 * one after the other, in this process and across instances. Inside the hold the caller reads the
 * operation fresh, asks the lifecycle rule, and only then sends; the next one in line reads what
 * the first left. A hold lives in Redis when REDIS_URL is set (`SET NX` with a token, released only
 * by its owner) and in a map of this process otherwise.
 */
export type Held<T> = { kind: "done"; outcome: T } | { kind: "busy" };

export interface HoldOptions {
  /** How long a request waits for the hold before answering `busy`. */
  waitMs?: number;
}

/** Longer than any request's upstream budget (at most 120 s): a hold left by a crashed process frees itself. */
const HOLD_MS = 2 * 60_000;
const WAIT_MS = 10_000;
const POLL_MS = 50;

export type HoldStore = { redis: Redis } | { memory: Map<string, Promise<void>> };

/** The hold of one operation of a company (approve, void, challenge result). */
export const operationHoldKey = (companyId: string, operationId: string) => `operation|${companyId}|${operationId}`;
/** The hold of one scheduled payment of a company ('pay now'). */
export const scheduledPaymentHoldKey = (companyId: string, eventId: string) => `scheduled-payment|${companyId}|${eventId}`;

export async function holdWhile<T>(
  key: string,
  work: () => Promise<T>,
  options: HoldOptions = {},
  store: HoldStore = defaultStore(),
): Promise<Held<T>> {
  const waitMs = options.waitMs ?? WAIT_MS;
  return "redis" in store ? holdInRedis(store.redis, key, work, waitMs) : holdInMemory(store.memory, key, work, waitMs);
}

function defaultStore(): HoldStore {
  const redis = sharedRedis();
  if (redis) return { redis };
  return { memory: singleton("operationHolds", () => new Map<string, Promise<void>>()) };
}

async function holdInMemory<T>(holds: Map<string, Promise<void>>, key: string, work: () => Promise<T>, waitMs: number): Promise<Held<T>> {
  const deadline = Date.now() + waitMs;
  for (let current = holds.get(key); current; current = holds.get(key)) {
    const freed = await Promise.race([current.then(() => true), sleep(deadline - Date.now()).then(() => false)]);
    if (!freed) return { kind: "busy" };
  }
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  holds.set(key, mine);
  try {
    return { kind: "done", outcome: await work() };
  } finally {
    if (holds.get(key) === mine) holds.delete(key);
    release();
  }
}

const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

async function holdInRedis<T>(redis: Redis, key: string, work: () => Promise<T>, waitMs: number): Promise<Held<T>> {
  // Names are hashed: a company's and an operation's ids stay out of Redis's key space.
  const name = `portal:hold:${crypto.createHash("sha256").update(key).digest("hex")}`;
  const token = crypto.randomUUID();
  const deadline = Date.now() + waitMs;
  while ((await redis.set(name, token, "PX", HOLD_MS, "NX")) !== "OK") {
    if (Date.now() + POLL_MS > deadline) return { kind: "busy" };
    await sleep(POLL_MS);
  }
  try {
    return { kind: "done", outcome: await work() };
  } finally {
    await redis.eval(RELEASE, 1, name, token).catch(() => undefined);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());
