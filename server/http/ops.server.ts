import { createHash, timingSafeEqual } from "node:crypto";

import type { RequestHandler } from "express";
import type { Redis } from "ioredis";
import type { Registry } from "prom-client";

import { logger } from "../logger.server";
import { readiness } from "../readiness.server";

/**
 * The operators' endpoints, served by the HTTP server before the Remix handler (docs/decisions/040):
 * no session, no page, nothing a person reads.
 */

const sha256 = (value: string) => createHash("sha256").update(value).digest();

function bearerToken(header: string | undefined): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1] ?? null;
}

/**
 * GET /metrics in Prometheus' text format, for whoever shows `Authorization: Bearer <METRICS_TOKEN>`.
 * The token is compared in constant time (over hashes, so its length does not leak either).
 */
export function metricsHandler(options: { token: string; registry: () => Registry }): RequestHandler {
  const expected = sha256(options.token);
  return (req, res, next) => {
    res.locals.route = "metrics";
    const given = bearerToken(req.get("authorization"));
    if (given === null || !timingSafeEqual(sha256(given), expected)) {
      logger.warn({ requestId: res.locals.requestId as string, event: "metrics_refused" }, "metrics scrape refused");
      res
        .status(401)
        .set({ "WWW-Authenticate": 'Bearer realm="metrics"', "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" })
        .end("No autorizado");
      return;
    }
    const registry = options.registry();
    registry
      .metrics()
      .then((text) => {
        res.status(200).set({ "Content-Type": registry.contentType, "Cache-Control": "no-store" }).end(text);
      })
      .catch(next);
  };
}

/**
 * GET /readiness: 200 with `{ status: "ok", checks }` while the instance can serve, 503 with
 * `{ status: "down", checks }` when Redis is configured but does not answer a PING in time.
 * Liveness stays at /healthcheck (SPEC §2's 'OK!'), which never looks at Redis: restarting an
 * instance does not bring Redis back.
 */
export function readinessHandler(options: { redis: () => Redis | null; version?: string; timeoutMs?: number }): RequestHandler {
  return (_req, res, next) => {
    res.locals.route = "readiness";
    readiness({ redis: options.redis(), version: options.version, timeoutMs: options.timeoutMs })
      .then((result) => {
        res
          .status(result.status === "ok" ? 200 : 503)
          .set({ "Cache-Control": "no-store" })
          .json(result);
      })
      .catch(next);
  };
}
