import { createHash } from "node:crypto";
import { createRequire } from "node:module";

import type { AppLoadContext } from "@remix-run/node";
import { json } from "@remix-run/node";
import type * as Flexible from "rate-limiter-flexible";

import { CONFIRMATION_SEND_LIMITS } from "#core/domain/contact";
import errorTexts from "#core/locales/es-MX/errors.json";

import { getConfig } from "./config.server";
import { singleton } from "./lifecycle.server";
import { logger } from "./logger.server";
import { sharedRedis } from "./shared-redis.server";

/**
 * Rate limits (ASVS V4.4) on what costs the bank, the company or other people something: logins,
 * money-moving submits, e-mails, uploads and exports; by client address and, once signed in, by
 * member. Memory by default; Redis when REDIS_URL is set, so the limit holds across instances
 * (with the memory limiter as insurance while Redis is unreachable). Figures and reasons in
 * docs/decisions/030-session-hardening.md.
 */
const { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } = createRequire(import.meta.url)("rate-limiter-flexible") as typeof Flexible;

export const RATE_POLICIES = {
  /** Bank links and 'Entrar': a shared office address still fits many people's logins. */
  login: { points: 30, durationS: 5 * 60 },
  /** 'Confirmar' on the calculator (each may create an operation). */
  money: { points: 10, durationS: 60 },
  /** Receipts sent by e-mail to anybody. */
  email: { points: 10, durationS: 10 * 60 },
  /** Spreadsheet uploads and single recipient registrations. */
  upload: { points: 20, durationS: 10 * 60 },
  /** Movements exports and PDF receipts and invoices. */
  export: { points: 60, durationS: 10 * 60 },
  /** Contact confirmation messages a member sends on one channel, whatever the addresses (§9, decision 099). */
  contact: CONFIRMATION_SEND_LIMITS.perMemberAndChannel,
  /** Contact confirmation messages one address or number receives, whoever sends them (decision 099). */
  destination: CONFIRMATION_SEND_LIMITS.perDestination,
} as const;

export type RatePolicy = keyof typeof RATE_POLICIES;

type Limiter = InstanceType<typeof RateLimiterMemory>;

/** The policy with RATE_LIMITS applied. */
export function policyOf(policy: RatePolicy, overrides = getConfig().RATE_LIMITS): { points: number; durationS: number } {
  for (const item of (overrides ?? "").split(",")) {
    const match = /^\s*([a-z]+)=(\d+)\/(\d+)\s*$/.exec(item);
    if (match?.[1] === policy) return { points: Math.max(1, Number(match[2])), durationS: Math.max(1, Number(match[3])) };
  }
  return RATE_POLICIES[policy];
}

const limiters = () => singleton("rateLimiters", () => new Map<RatePolicy, Limiter>());

function limiterFor(policy: RatePolicy): Limiter {
  const existing = limiters().get(policy);
  if (existing) return existing;
  const created = createLimiter(policy);
  limiters().set(policy, created);
  return created;
}

function createLimiter(policy: RatePolicy): Limiter {
  const { points, durationS } = policyOf(policy);
  const keyPrefix = `portal:rl:${policy}`;
  const memory = new RateLimiterMemory({ points, duration: durationS, keyPrefix });
  const redis = sharedRedis();
  if (!redis) return memory;
  return new RateLimiterRedis({
    storeClient: redis,
    points,
    duration: durationS,
    keyPrefix,
    insuranceLimiter: memory,
  }) as unknown as Limiter;
}

/**
 * `subject`: anything else a policy counts by (an account, a destination); kept as a digest, so no
 * user name, address or number lands in the limiter's store.
 */
export type RateKey = { client?: string; member?: string; subject?: string };

/**
 * Spends one point of each key (client address, member); answers the seconds to wait when any is
 * spent out, or null when the request may go on.
 */
export async function takeRate(policy: RatePolicy, key: RateKey): Promise<number | null> {
  const limiter = limiterFor(policy);
  const keys = [
    key.client && `ip:${key.client}`,
    key.member && `member:${key.member}`,
    key.subject && `subject:${digest(key.subject)}`,
  ].filter((k): k is string => Boolean(k));
  let waitMs = 0;
  for (const k of keys) {
    try {
      await limiter.consume(k);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        // The store failed and so did its insurance: let the request through, loudly.
        logger.error({ event: "rate_limit_store_failed", policy }, "rate limiter unavailable");
        continue;
      }
      waitMs = Math.max(waitMs, rejection.msBeforeNext);
    }
  }
  if (waitMs === 0) return null;
  logger.warn({ event: "rate_limited", policy }, "rate limit reached");
  return Math.max(1, Math.ceil(waitMs / 1000));
}

function digest(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}

export function retryAfterHeaders(seconds: number): HeadersInit {
  return { "Retry-After": String(seconds), "Cache-Control": "no-store" };
}

/** The 429 page (ErrorPage shows 'Demasiadas solicitudes' and when to try again). */
export async function enforceRate(policy: RatePolicy, key: RateKey): Promise<void> {
  const seconds = await takeRate(policy, key);
  if (seconds !== null) throw json({ reason: "rateLimit", retryAfter: seconds }, { status: 429, headers: retryAfterHeaders(seconds) });
}

/** A signed-in person's keys: their address and their member id. */
export function accessKey(access: { clientIp: string; data: { memberId: string } }): RateKey {
  return { client: access.clientIp || undefined, member: access.data.memberId };
}

/** The form-level message for a rate-limited submit, which keeps what was typed. */
export function tooManyText(seconds: number): string {
  const { description, retryIn_one: one, retryIn_other: other } = errorTexts.tooManyRequests;
  return `${description} ${(seconds === 1 ? one : other).replace("{{count}}", String(seconds))}`;
}

/** The client's address as the HTTP layer resolved it (TRUST_PROXY), when there is one. */
export function clientOf(context: AppLoadContext): string | undefined {
  return context.clientIp || undefined;
}
