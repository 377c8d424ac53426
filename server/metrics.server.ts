import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

import type { AdmissionState } from "./http/admission";
import { singleton } from "./lifecycle.server";
import type { BreakerState } from "./upstream/breaker";
import { breakerStates } from "./upstream/breakers.server";
import { isUpstreamError } from "./upstream/errors";

/**
 * The process's Prometheus metrics (docs/decisions/040), served at /metrics by server/main.ts.
 * One registry per process on globalThis: the HTTP server's bundle records requests, the Remix
 * build records upstream calls, and both must land in the same registry.
 *
 * Every label value comes from a closed set (route ids of the build, service names written in the
 * code, status classes): never a raw path, an id, a user or a token, so the number of series stays
 * bounded and nothing personal reaches the scraper.
 */

const HTTP_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const LIVE_STREAMS = ["prices", "notifications"] as const;
export type LiveStream = (typeof LIVE_STREAMS)[number];

/** What one upstream attempt ended as: the outcome label of its duration. */
export type UpstreamOutcome = "ok" | "1xx" | "3xx" | "4xx" | "5xx" | "timeout" | "network" | "malformed" | "aborted" | "other";

/** Why an upstream call counts as an error; `breaker_open` and `budget_spent` were never sent. */
export type UpstreamErrorKind =
  | "timeout"
  | "network"
  | "malformed"
  | "status_1xx"
  | "status_3xx"
  | "status_4xx"
  | "status_429"
  | "status_5xx"
  | "breaker_open"
  | "budget_spent"
  | "other";

/** Gauge values of a breaker's state: 0 closed, 1 half-open, 2 open. */
export const BREAKER_STATE_VALUE: Record<BreakerState, number> = { closed: 0, halfOpen: 1, open: 2 };

export interface ReceiptQueue {
  /** Renders waiting for a free page. */
  waiting: number;
  /** Renders on a page right now. */
  running: number;
}

interface Sources {
  liveClients: Map<LiveStream, () => number>;
  receiptQueue: (() => ReceiptQueue) | null;
  pageAdmission: (() => AdmissionState) | null;
  renderQueue: (() => number) | null;
}

// Seconds; a page's upstream calls share a 10 s budget (docs/decisions/027), downloads 30 s.
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const sources: Sources = { liveClients: new Map(), receiptQueue: null, pageAdmission: null, renderQueue: null };
  const registers = [registry];

  const httpRequestDuration = new Histogram({
    name: "portal_http_request_duration_seconds",
    help: "HTTP requests answered, by method, route (the Remix route id, or static, metrics, readiness, refused, unrouted) and status class. Live event streams are counted in portal_live_clients instead.",
    labelNames: ["method", "route", "status_class"] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });

  const httpRequestsAbandoned = new Counter({
    name: "portal_http_requests_abandoned_total",
    help: "HTTP requests whose browser closed the connection before the answer was written (gave up, reloaded or went elsewhere), by method and route; not in portal_http_request_duration_seconds. Live event streams, which end that way, are not counted.",
    labelNames: ["method", "route"] as const,
    registers,
  });

  const upstreamCallDuration = new Histogram({
    name: "portal_upstream_call_duration_seconds",
    help: "Upstream HTTP attempts (each retry is one), by upstream service and outcome.",
    labelNames: ["upstream", "outcome"] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });

  const upstreamErrors = new Counter({
    name: "portal_upstream_errors_total",
    help: "Upstream calls that failed, by upstream service and kind; breaker_open and budget_spent were never sent.",
    labelNames: ["upstream", "kind"] as const,
    registers,
  });

  const upstreamRetries = new Counter({
    name: "portal_upstream_retries_total",
    help: "Upstream calls sent again after a failure, by upstream service.",
    labelNames: ["upstream"] as const,
    registers,
  });

  new Gauge({
    name: "portal_live_clients",
    help: "Live event-stream subscribers on this instance: browser tabs following prices, and tabs following notifications.",
    labelNames: ["stream"] as const,
    registers,
    collect() {
      for (const stream of LIVE_STREAMS) this.set({ stream }, sources.liveClients.get(stream)?.() ?? 0);
    },
  });

  new Gauge({
    name: "portal_receipt_queue",
    help: "PDF receipts on this instance's Chromium: running on a page, or waiting for one.",
    labelNames: ["state"] as const,
    registers,
    collect() {
      const queue = sources.receiptQueue?.() ?? { waiting: 0, running: 0 };
      this.set({ state: "waiting" }, queue.waiting);
      this.set({ state: "running" }, queue.running);
    },
  });

  new Gauge({
    name: "portal_upstream_breaker_state",
    help: "Circuit breaker of each upstream service this instance has called: 0 closed, 1 half-open, 2 open.",
    labelNames: ["upstream"] as const,
    registers,
    collect() {
      this.reset();
      for (const [upstream, state] of breakerStates()) this.set({ upstream }, BREAKER_STATE_VALUE[state]);
    },
  });

  new Gauge({
    name: "portal_page_admission",
    help: "Page admission gate (pages are GET requests past the static files; 0 everywhere when turned off): limit (pages let in at once, moved by the event loop's delay), in_flight (admitted, not yet answered), queued (waiting for their turn).",
    labelNames: ["state"] as const,
    registers,
    collect() {
      const gate = sources.pageAdmission?.() ?? { limit: 0, inFlight: 0, queued: 0 };
      this.set({ state: "limit" }, gate.limit);
      this.set({ state: "in_flight" }, gate.inFlight);
      this.set({ state: "queued" }, gate.queued);
    },
  });

  new Gauge({
    name: "portal_page_admission_loop_delay_seconds",
    help: "The event loop's delay last measured by the page admission gate (how late a 50 ms timer ran).",
    registers,
    collect() {
      this.set((sources.pageAdmission?.().delayMs ?? 0) / 1000);
    },
  });

  new Gauge({
    name: "portal_page_admission_loop_utilisation",
    help: "The event loop's utilisation (0-1) over the page admission gate's last sample: a late loop lowers the limit only when busy (0.9 or more).",
    registers,
    collect() {
      this.set(sources.pageAdmission?.().utilisation ?? 0);
    },
  });

  new Gauge({
    name: "portal_pages_waiting_to_render",
    help: "Pages whose data is in, waiting for their turn of the event loop to render (one renders per turn, docs/decisions/086). Many of them: this instance's CPU is what pages wait for; few while the admission gate's in_flight is high: its upstreams are.",
    registers,
    collect() {
      this.set(sources.renderQueue?.() ?? 0);
    },
  });

  const pageAdmissionWait = new Histogram({
    name: "portal_page_admission_wait_seconds",
    help: "How long pages waited for their turn at the admission gate, by outcome (admitted or refused).",
    labelNames: ["outcome"] as const,
    buckets: [0, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });

  const pagesRefused = new Counter({
    name: "portal_page_admission_refused_total",
    help: "Pages answered 503 by the admission gate: queue_full (too many waiting) or timeout (waited too long).",
    labelNames: ["reason"] as const,
    registers,
  });

  return {
    registry,
    sources,
    httpRequestDuration,
    httpRequestsAbandoned,
    upstreamCallDuration,
    upstreamErrors,
    upstreamRetries,
    pageAdmissionWait,
    pagesRefused,
  };
}

function metrics() {
  return singleton("metrics", createMetrics);
}

export function metricsRegistry(): Registry {
  return metrics().registry;
}

export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other";
}

/** An HTTP method as a label: one of the known ones, or "other", so a client cannot add series. */
const methodLabel = (method: string) => (HTTP_METHODS.has(method) ? method : "other");

/** One answered HTTP request; `route` must already be a bounded label (server/http/route-label.server.ts). */
export function recordHttpRequest(request: { method: string; route: string; status: number; seconds: number }): void {
  const method = methodLabel(request.method);
  metrics().httpRequestDuration.observe({ method, route: request.route, status_class: statusClass(request.status) }, request.seconds);
}

/** One request whose browser left before its answer was written; `route` as for {@link recordHttpRequest}. */
export function recordAbandonedRequest(request: { method: string; route: string }): void {
  metrics().httpRequestsAbandoned.inc({ method: methodLabel(request.method), route: request.route });
}

function outcomeOf(error: unknown): UpstreamOutcome {
  if (!isUpstreamError(error)) return "other";
  if (error.failure === "status") {
    const status = statusClass(error.status ?? 0);
    return status === "2xx" ? "other" : (status as UpstreamOutcome);
  }
  if (error.failure === "unavailable") return "other";
  return error.failure;
}

function errorKindOf(error: unknown): UpstreamErrorKind {
  if (!isUpstreamError(error)) return "other";
  if (error.failure === "status") {
    if (error.status === 429) return "status_429";
    const status = statusClass(error.status ?? 0);
    return status === "2xx" || status === "other" ? "other" : (`status_${status}` as UpstreamErrorKind);
  }
  if (error.failure === "unavailable") return error.details.reason === "budget" ? "budget_spent" : "breaker_open";
  if (error.failure === "aborted") return "other";
  return error.failure;
}

/**
 * One upstream attempt that was sent: its duration by outcome and, when it failed, the error by kind.
 * A browser that went away (aborted) is not the upstream's error: its duration is kept, nothing counted.
 */
export function recordUpstreamAttempt(upstream: string, seconds: number, error?: unknown): void {
  const all = metrics();
  all.upstreamCallDuration.observe({ upstream, outcome: error === undefined ? "ok" : outcomeOf(error) }, seconds);
  if (error === undefined || (isUpstreamError(error) && error.failure === "aborted")) return;
  all.upstreamErrors.inc({ upstream, kind: errorKindOf(error) });
}

/** An upstream call that was not sent: the service's breaker is open, or the request's budget is spent. */
export function recordUpstreamRefusal(upstream: string, reason: "breaker" | "budget"): void {
  metrics().upstreamErrors.inc({ upstream, kind: reason === "budget" ? "budget_spent" : "breaker_open" });
}

export function recordUpstreamRetry(upstream: string): void {
  metrics().upstreamRetries.inc({ upstream });
}

/** Where the live-clients gauge reads a stream's subscribers at scrape time (the latest reader wins). */
export function observeLiveClients(stream: LiveStream, read: () => number): void {
  metrics().sources.liveClients.set(stream, read);
}

/** Where the receipt-queue gauge reads the PDF renderer's queue at scrape time. */
export function observeReceiptQueue(read: () => ReceiptQueue): void {
  metrics().sources.receiptQueue = read;
}

/** Where the page admission gauges read the gate at scrape time. */
export function observePageAdmission(read: () => AdmissionState): void {
  metrics().sources.pageAdmission = read;
}

/** Where the render-queue gauge reads how many pages wait for their render turn. */
export function observeRenderQueue(read: () => number): void {
  metrics().sources.renderQueue = read;
}

/** One page's turn at the admission gate: how long it waited and, when refused, why. */
export function recordPageAdmission(decision: { admitted: boolean; waitedMs: number; reason?: "queue_full" | "timeout" }): void {
  const all = metrics();
  all.pageAdmissionWait.observe({ outcome: decision.admitted ? "admitted" : "refused" }, decision.waitedMs / 1000);
  if (!decision.admitted && decision.reason) all.pagesRefused.inc({ reason: decision.reason });
}
