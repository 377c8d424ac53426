import crypto from "node:crypto";

import { createCookie } from "@remix-run/node";

import { jwtExpiry } from "#core/domain/jwt";
import { returnTarget, returnTargetOf } from "#core/domain/return-after-login";

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

/** A signed, httpOnly cookie living as long as a login's state: Lax, so it comes back on the bank's top-level redirect to /access. */
function loginCookie(name: string) {
  return singleton(`loginCookie:${name}`, () => {
    const config = getConfig();
    return createCookie(cookieName(name), {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: new URL(config.APP_URL).protocol === "https:",
      secrets: [config.SESSION_SECRET],
      maxAge: STATE_TTL_S,
    });
  });
}

const stateCookie = () => loginCookie("portal_login_state");

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

/**
 * The page a signed-out person asked for (a pasted `/historial-operaciones/1019`), kept by the
 * route guard for the bank's round trip in a signed cookie of the same life as the login state
 * (decision 109): the browser cannot write it, the app reads it only at sign-in and checks it
 * again there by the redirect rule. Lax, like the state, so it comes back on the bank's redirect.
 */
const returnCookie = () => loginCookie("portal_login_return");

/**
 * The cookie for a request the guard turns away: it remembers the page, or forgets an older one when
 * the person went on to a page that is not one to return to (the dashboard); null when nothing changes.
 */
export async function rememberReturn(request: Request): Promise<string | null> {
  const target = returnTargetOf({ method: request.method, url: request.url, fetchDest: request.headers.get("Sec-Fetch-Dest") });
  if (target) return returnCookie().serialize(target);
  const navigated = request.method === "GET" && !new URL(request.url).searchParams.has("_data");
  const kept = (request.headers.get("Cookie") ?? "").includes(returnCookie().name);
  return navigated && kept ? clearReturn() : null;
}

/** The remembered page, checked again; null when there is none or it is not a same-site page. */
export async function returnAfterLogin(request: Request): Promise<string | null> {
  return returnTarget((await returnCookie().parse(request.headers.get("Cookie"))) as unknown);
}

export async function clearReturn(): Promise<string> {
  return returnCookie().serialize("", { maxAge: 0 });
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
