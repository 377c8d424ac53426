/** Claims of an upstream JWT, read without verifying (the upstream verifies its own tokens). */
export function jwtClaims(jwt: string): Record<string, unknown> | null {
  const payload = jwt.split(".")[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown;
    return claims && typeof claims === "object" && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** `exp` in milliseconds, or null when absent or malformed. */
export function jwtExpiry(jwt: string): number | null {
  const exp = jwtClaims(jwt)?.exp;
  return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : null;
}

export function jwtClientId(jwt: string): string | null {
  const clientId = jwtClaims(jwt)?.clientId;
  return typeof clientId === "string" || typeof clientId === "number" ? String(clientId) : null;
}
