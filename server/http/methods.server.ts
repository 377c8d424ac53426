import { isRouteErrorResponse } from "@remix-run/router";
import type { ErrorRequestHandler, RequestHandler } from "express";

import type { Logger } from "../logger.server";
import { errorDocument } from "./error-document.server";

/**
 * The methods the portal answers: pages and downloads are GET (and HEAD), every form and
 * fetcher posts. Anything else (TRACE, PUT, PROPFIND…) is a 405 naming these, before a route, a
 * session or the Remix handler sees it; TRACE used to reach the handler and end in a 500.
 */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;
export const ALLOW_HEADER = ALLOWED_METHODS.join(", ");

export function isAllowedMethod(method: string): boolean {
  return (ALLOWED_METHODS as readonly string[]).includes(method);
}

const headers = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", Allow: ALLOW_HEADER };

export function methodGate(): RequestHandler {
  return (req, res, next) => {
    if (isAllowedMethod(req.method)) return next();
    res.locals.route = "refused";
    res.status(405).set(headers);
    res.end(errorDocument(405, "badRequest"));
  };
}

/** CONNECT never reaches Express (Node hands it to the server's `connect` event): the same 405, then the socket closes. */
export const CONNECT_REFUSAL = `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOW_HEADER}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;

/**
 * The last word on an error no step answered (a malformed path the static files could not decode,
 * a body cut mid-way): its status when the error carries a client's one (4xx), else 500, as the
 * Spanish page, and one log line without a stack. Express's own handler would write the stack to
 * stderr for anything a client chose to send.
 */
export function lastErrorHandler(log: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    const carried =
      (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
    const status = typeof carried === "number" && carried >= 400 && carried < 600 ? carried : 500;
    const message = error instanceof Error ? error.message : String(error);
    const entry = { requestId: res.locals.requestId as string, event: "request_failed", status, err: message.slice(0, 200) };
    if (status >= 500) log.error(entry, "request failed");
    else log.warn(entry, "request refused");
    // Half an answer cannot be mended: the connection ends, as Express would end it.
    if (res.headersSent) return void res.destroy();
    res.status(status).set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    res.end(errorDocument(status));
  };
}

/**
 * Remix's handleError (app/entry.server.tsx). What the router refuses on a client's say (no route
 * for the path: 404; a post to a page without an action: 405) is one line without a stack; anything
 * else is an error of ours, logged whole.
 */
export function routeErrorHandler(log: Logger) {
  return (error: unknown, { request }: { request: Request }) => {
    // Aborted requests (the browser went away) are not errors worth a log line.
    if (request.signal.aborted) return;
    const path = new URL(request.url).pathname;
    if (isRouteErrorResponse(error) && error.status < 500) {
      log.info({ event: "request_refused", status: error.status, method: request.method, path }, "request refused by the router");
      return;
    }
    log.error({ err: error, path }, "unhandled error while rendering");
  };
}
