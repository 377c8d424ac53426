// Two kinds of credentials, as upstream: the bank's opaque session token (looked up in memory,
// revocable) and the product's HS256 JWT (stateless, verified by signature and exp).

import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

import type { BankSession, SandboxState } from "./types";

export function mintBankToken(state: SandboxState, userName: string, clientId: string, nowMs: number, ttlSeconds: number): string {
  const token = randomBytes(32).toString("base64url");
  state.bankSessions.set(token, { userName, clientId, expiresAt: nowMs + ttlSeconds * 1000, revoked: false });
  return token;
}

export type BankTokenCheck = { ok: true; token: string; session: BankSession } | { ok: false; reason: "invalid" | "revoked" };

export function checkBankToken(state: SandboxState, token: string | null | undefined, nowMs: number): BankTokenCheck {
  if (!token) return { ok: false, reason: "invalid" };
  const session = state.bankSessions.get(token);
  if (!session || session.expiresAt <= nowMs) return { ok: false, reason: "invalid" };
  if (session.revoked) return { ok: false, reason: "revoked" };
  return { ok: true, token, session };
}

export interface ProductClaims {
  sub: string;
  userName: string;
  clientId: string;
  iat: number;
  exp: number;
}

const JWT_HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

function sign(secret: Buffer, signingInput: string): Buffer {
  return createHmac("sha256", secret).update(signingInput).digest();
}

export function signJwt(secret: Buffer, claims: ProductClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  const signingInput = `${JWT_HEADER}.${payload}`;
  return `${signingInput}.${sign(secret, signingInput).toString("base64url")}`;
}

/** The claims when signature, algorithm and expiry all hold; null otherwise. */
export function verifyJwt(secret: Buffer, token: string, nowSeconds: number): ProductClaims | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts;
  const expected = sign(secret, `${header}.${payload}`);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const decodedHeader = JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as { alg?: unknown };
    if (decodedHeader.alg !== "HS256") return null;
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Partial<ProductClaims>;
    if (
      typeof claims.sub !== "string" ||
      typeof claims.userName !== "string" ||
      typeof claims.clientId !== "string" ||
      typeof claims.iat !== "number" ||
      typeof claims.exp !== "number"
    ) {
      return null;
    }
    if (claims.exp <= nowSeconds) return null;
    return claims as ProductClaims;
  } catch {
    return null;
  }
}
