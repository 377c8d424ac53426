import type { RequestHandler } from "express";

import type { Config } from "./config.server";

/**
 * Security headers for every response. Scripts run only with the request's nonce; forms may
 * post (and redirect) to this app, the bank's challenge page and the bank's portal only.
 */
export function securityHeaders(config: Config): RequestHandler {
  const formTargets = ["'self'", new URL(config.CHALLENGE_URL).origin, new URL(config.BANK_PORTAL_URL).origin];
  const https = new URL(config.APP_URL).protocol === "https:";
  return (_req, res, next) => {
    const nonce = res.locals.cspNonce as string;
    res.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        `form-action ${formTargets.join(" ")}`,
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "object-src 'none'",
      ].join("; "),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
