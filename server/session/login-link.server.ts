import crypto from "node:crypto";

import { createCookie } from "@remix-run/node";

import { jwtExpiry } from "#core/domain/jwt";

import { getConfig } from "../config.server";
import { singleton } from "../lifecycle.server";
import { sharedRedis } from "../shared-redis.server";
import { cookieName } from "./storage.server";

/**
 * The two guards of the bank's link (docs/decisions/030-session-hardening.md):
 * - a `state` the app issues when the person leaves for the bank, kept in a signed cookie for
 *   10 minutes and expected back on `/access`;
 * - each bank token opens one session at most: its fingerprint is claimed (Redis SET NX when
 *   REDIS_URL is set, so it holds across instances; a bounded map otherwise) until it expires.
 */
const STATE_TTL_S = 10 * 60;
const CLAIM_MAX_MS = 24 * 60 * 60_000;
const MEMORY_CLAIMS_MAX = 100_000;

function stateCookie() {
  return singleton("loginStateCookie", () => {
    const config = getConfig();
    return createCookie(cookieName("portal_login_state"), {
      httpOnly: true,
      // Lax: the cookie comes back on the bank's top-level redirect to /access.
      sameSite: "lax",
      path: "/",
      secure: new URL(config.APP_URL).protocol === "https:",
      secrets: [config.SESSION_SECRET],
      maxAge: STATE_TTL_S,
    });
  });
}

export async function issueLoginState(): Promise<{ state: string; cookie: string }> {
  const state = crypto.randomBytes(32).toString("base64url");
  return { state, cookie: await stateCookie().serialize(state) };
}

export async function loginStateMatches(request: Request, state: string | null): Promise<boolean> {
  if (!state) return false;
  const issued = (await stateCookie().parse(request.headers.get("Cookie"))) as unknown;
  if (typeof issued !== "string" || issued.length !== state.length) return false;
  return crypto.timingSafeEqual(Buffer.from(issued), Buffer.from(state));
}

export async function clearLoginState(): Promise<string> {
  return stateCookie().serialize("", { maxAge: 0 });
}

const fingerprint = (token: string) => crypto.createHash("sha256").update(`bank-token:${token}`).digest("hex");

function claimTtlMs(token: string, now: number): number {
  const expiry = jwtExpiry(token);
  return expiry === null ? CLAIM_MAX_MS : Math.min(CLAIM_MAX_MS, Math.max(60_000, expiry - now));
}

const memoryClaims = () => singleton("bankTokenClaims", () => new Map<string, number>());

/** Whether the token was claimed before (without claiming it). */
export async function bankTokenUsed(token: string): Promise<boolean> {
  const key = fingerprint(token);
  const redis = sharedRedis();
  if (redis) return (await redis.exists(`portal:bank-token:${key}`)) === 1;
  const until = memoryClaims().get(key);
  return until !== undefined && until > Date.now();
}

/** Claims the token for this login; false when somebody claimed it first. */
export async function claimBankToken(token: string, now = Date.now()): Promise<boolean> {
  const key = fingerprint(token);
  const ttl = claimTtlMs(token, now);
  const redis = sharedRedis();
  if (redis) return (await redis.set(`portal:bank-token:${key}`, "1", "PX", ttl, "NX")) === "OK";
  const claims = memoryClaims();
  const until = claims.get(key);
  if (until !== undefined && until > now) return false;
  if (claims.size >= MEMORY_CLAIMS_MAX) {
    for (const [other, expiry] of claims) if (expiry <= now) claims.delete(other);
    // Still full of live claims: the oldest go first (a Map keeps insertion order).
    for (const other of claims.keys()) {
      if (claims.size < MEMORY_CLAIMS_MAX) break;
      claims.delete(other);
    }
  }
  claims.set(key, now + ttl);
  return true;
}
