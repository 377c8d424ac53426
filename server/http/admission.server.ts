import { performance as nodePerformance } from "node:perf_hooks";

import type { RequestHandler } from "express";

import { LIVE_CHANNEL_PATHS } from "../live/channel.server";
import type { Logger } from "../logger.server";
import { observePageAdmission, recordPageAdmission } from "../metrics.server";
import type { AdmissionSettings } from "./admission";
import { AdmissionGate } from "./admission";
import { errorDocument, retryInText } from "./error-document.server";

/**
 * The admission gate in front of the Remix handler (docs/decisions/073): pages (GET and HEAD) wait
 * their turn while the event loop runs late; everything else passes untouched — forms and actions
 * (a person's decision, never held or refused here), `/healthcheck` (a Remix route answered at
 * once whatever the load), and what main.ts answers before this point (static files, `/metrics`,
 * `/readiness`, the live channel, which never reaches Express).
 */

/** How often the event loop's delay is sampled, and the gate adjusted. */
export const SAMPLE_PERIOD_MS = 50;
/** What a refused page tells the browser to wait before asking again. */
export const RETRY_AFTER_SECONDS = 5;

// The live channel's paths never reach Express (main.ts answers them first); named here too, so a
// stream held for hours could never hold a page's place.
const NEVER_GATED = new Set<string>(["/healthcheck", ...LIVE_CHANNEL_PATHS]);

export function isGatedRequest(method: string, path: string): boolean {
  return (method === "GET" || method === "HEAD") && !NEVER_GATED.has(path);
}

type Utilisation = ReturnType<typeof nodePerformance.eventLoopUtilization>;

/**
 * A timer asked for every `periodMs`: how much later than asked it ran is the event loop's delay
 * (the time callbacks ready to run waited behind other work), and the loop's utilisation since the
 * last sample tells whether that work was ours (a busy loop) or the machine's (an idle loop not
 * scheduled in time). Unref'd: it never keeps the process alive. Answers a stop function.
 */
export function sampleLoopDelay(
  periodMs: number,
  onSample: (now: number, delayMs: number, utilisation: number) => void,
  now = () => performance.now(),
  utilisation: (since?: Utilisation) => Utilisation = (since) => nodePerformance.eventLoopUtilization(since),
) {
  let asked = now();
  let timer: NodeJS.Timeout;
  let last = utilisation();
  const schedule = () => {
    asked = now();
    timer = setTimeout(() => {
      const at = now();
      const current = utilisation();
      const busy = utilisation(last).utilization;
      last = current;
      onSample(at, Math.max(0, at - asked - periodMs), Number.isFinite(busy) ? busy : 0);
      schedule();
    }, periodMs);
    timer.unref();
  };
  schedule();
  return () => clearTimeout(timer);
}

/** The 503 page of a page refused for load: the generic Spanish error text and when to try again. */
export function busyPage(folio?: string | null): string {
  return errorDocument(503, "upstream", retryInText(RETRY_AFTER_SECONDS), folio);
}

/**
 * The middleware: a gated request is admitted, waits, or is refused with 503 + Retry-After. An
 * admitted page counts until its response finishes or its connection closes; a waiting page whose
 * browser goes away leaves the queue. `res.locals.admittedAt` marks when it started: its upstream
 * budget starts there, not while it waited for our own CPU.
 */
export function pageAdmission(gate: AdmissionGate, log: Logger, now = () => performance.now()): RequestHandler {
  return (req, res, next) => {
    if (!isGatedRequest(req.method, req.path)) return next();
    let waiting = true;
    const ticket = gate.request(now(), (decision) => {
      waiting = false;
      recordPageAdmission(decision);
      if (decision.admitted) {
        let released = false;
        const release = () => {
          if (released) return;
          released = true;
          gate.release(now());
        };
        res.once("finish", release);
        res.once("close", release);
        res.locals.admittedAt = now();
        // Later than its arrival: started on a turn of its own, never inside another page's finish.
        if (decision.waitedMs > 0) setImmediate(next);
        else next();
        return;
      }
      log.warn(
        {
          requestId: res.locals.requestId as string,
          event: "page_refused",
          reason: decision.reason,
          waitedMs: Math.round(decision.waitedMs),
        },
        "page refused: server saturated",
      );
      if (res.headersSent || res.writableEnded || req.socket.destroyed) return;
      res.locals.route = "refused";
      res
        .status(503)
        .set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) });
      res.end(busyPage(res.locals.folio as string | null | undefined));
    });
    if (waiting) res.once("close", () => waiting && ticket.cancel());
  };
}

/** The process's gate: sampled every SAMPLE_PERIOD_MS, read by /metrics. Null when turned off. */
export function startPageAdmission(settings: AdmissionSettings | null): AdmissionGate | null {
  if (!settings) return null;
  const gate = new AdmissionGate(settings);
  sampleLoopDelay(SAMPLE_PERIOD_MS, (at, delayMs, busy) => gate.tick(at, delayMs, busy));
  observePageAdmission(() => gate.state());
  return gate;
}
