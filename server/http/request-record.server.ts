import crypto from "node:crypto";

import type { RequestHandler } from "express";

import { supportFolio } from "#core/trace-labels";

import type { Logger } from "../logger.server";
import { recordAbandonedRequest, recordHttpRequest } from "../metrics.server";

/** Probes and scrapes come every few seconds: counted in the metrics, kept out of the log. */
const UNLOGGED = new Set(["/healthcheck", "/readiness", "/metrics"]);

const isEventStream = (contentType: unknown) => String(contentType ?? "").includes("text/event-stream");

/**
 * The first middleware: gives every request its id (the caller's `X-Request-Id`, cut to 64
 * characters, or a new one), its CSP nonce and a route label that each later step that answers
 * replaces; and records the request once it is over.
 *
 * - **Answered** (`finish`): its duration in `portal_http_request_duration_seconds` and one access
 *   log line with the status.
 * - **Abandoned** (`close` before the answer was written: the browser gave up, reloaded or went
 *   elsewhere): counted in `portal_http_requests_abandoned_total` and logged as `request_abandoned`
 *   with the time it had waited. Before this, such a request left no trace at all, which is the
 *   figure operators need most when the portal is slow: how many people stopped waiting.
 *
 * A live event stream lasts as long as its tab and always ends by the tab closing: neither a
 * duration nor an abandonment (`portal_live_clients` counts them). Static files and probes are
 * counted but not logged. Only the method, the path (never the query), the status and the
 * duration are logged: nothing of the session or the person.
 */
export function requestRecord(log: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = (req.get("x-request-id") ?? "").slice(0, 64) || crypto.randomUUID();
    const started = performance.now();
    res.locals.requestId = requestId;
    // Set by the request's server span when tracing is on (server/tracing.server.ts), before this.
    const traceId = res.locals.traceId as string | undefined;
    res.locals.folio = supportFolio(traceId, requestId);
    res.locals.receivedAt = started;
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    // The metrics' route label; each step that answers names itself (static, metrics, a Remix route id).
    res.locals.route = "unrouted";
    res.setHeader("X-Request-Id", requestId);
    // Read now: a mounted middleware (the static files) rewrites the URL while it runs.
    const { method, path } = req;
    const logged = !path.startsWith("/build/") && !UNLOGGED.has(path);
    res.on("finish", () => {
      const durationMs = performance.now() - started;
      if (!isEventStream(res.getHeader("Content-Type"))) {
        recordHttpRequest({ method, route: res.locals.route as string, status: res.statusCode, seconds: durationMs / 1000 });
      }
      if (logged) log.info({ requestId, traceId, method, path, status: res.statusCode, durationMs: Math.round(durationMs) }, "request");
    });
    res.on("close", () => {
      // Answered, an event stream's end, or cut by the server on an error (logged where it was raised).
      if (res.writableFinished || res.errored || isEventStream(res.getHeader("Content-Type"))) return;
      recordAbandonedRequest({ method, route: res.locals.route as string });
      if (!logged) return;
      const durationMs = Math.round(performance.now() - started);
      log.info({ requestId, traceId, event: "request_abandoned", method, path, durationMs }, "browser left before the answer was written");
    });
    next();
  };
}
