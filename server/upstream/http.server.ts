import type { Span } from "@opentelemetry/api";
import { ATTR_HTTP_RESPONSE_STATUS_CODE } from "@opentelemetry/semantic-conventions";
import pRetry, { AbortError } from "p-retry";
import type { ZodType, ZodTypeDef } from "zod";

import type { Logger } from "../logger.server";
import { recordUpstreamAttempt, recordUpstreamRefusal, recordUpstreamRetry } from "../metrics.server";
import { endUpstreamSpan, startUpstreamSpan } from "../tracing-spans.server";
import { onAbort } from "./abort-relay";
import type { BreakerTicket, CircuitBreaker, Transition } from "./breaker";
import type { Budget } from "./budget";
import { attemptTimeoutMs, minAttemptMs, UNBOUNDED } from "./budget";
import { UpstreamError } from "./errors";
import type { RetryPolicy } from "./retry";
import { afterFailure, DEFAULT_RETRY } from "./retry";
import type { Transport, WireResponse } from "./wire.server";
import { wire } from "./wire.server";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface HttpOptions {
  service: string;
  baseUrl: string;
  log: Logger;
  /** Aborted when the browser goes away: stops waiting and stops retrying. */
  signal?: AbortSignal;
  token?: string | null;
  headers?: Record<string, string>;
  retry?: RetryPolicy;
  /** Per-attempt limit for requests that do not set their own. */
  defaultTimeoutMs?: number;
  /**
   * The time the whole request (page, download) has for its upstream calls; every attempt's limit
   * is clipped to what is left, and no retry starts that cannot finish within it. None: unbounded.
   */
  budget?: Budget;
  /** The service's process-wide breaker (breakers.server.ts); none in tests of the client alone. */
  breaker?: CircuitBreaker;
  /** The HTTP exchange itself: kept-alive `node:http` by default (decision 068); tests may pass `fetch`. */
  fetchImpl?: Transport;
}

export interface RequestOptions<T> {
  method: Method;
  path: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  schema: ZodType<T, ZodTypeDef, unknown>;
  /** Per attempt; `null` waits as long as the request's budget allows (the full operations list, §7). */
  timeoutMs?: number | null;
  /**
   * Safe to send again after a timeout (reads, and writes that are idempotent by nature).
   * Defaults to true for GET only.
   */
  idempotent?: boolean;
  /**
   * Money-moving POSTs: retried on 5xx with the same key, never after a timeout or a dropped
   * connection, whose outcome the caller settles by reading the operation's status.
   */
  idempotencyKey?: string;
  /** A 2xx status without a body (204) is answered with this value. */
  emptyValue?: T;
  /** What the logs show as the path when the real one carries personal data (a CLABE). */
  logPath?: string;
}

export interface Http {
  readonly service: string;
  request<T>(options: RequestOptions<T>): Promise<T>;
}

export function buildUrl(baseUrl: string, path: string, query?: RequestOptions<unknown>["query"]): URL {
  const url = new URL(baseUrl + (path.startsWith("/") ? path : `/${path}`));
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url;
}

function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

async function readErrorBody(response: WireResponse): Promise<{ message?: string; code?: string }> {
  try {
    const body = JSON.parse(await response.text()) as unknown;
    if (body && typeof body === "object") {
      const { message, code, msg } = body as Record<string, unknown>;
      return {
        message: typeof message === "string" ? message : typeof msg === "string" ? msg : undefined,
        code: typeof code === "string" ? code : undefined,
      };
    }
  } catch {
    // A non-JSON error body carries nothing we can use.
  }
  return {};
}

/** May this failure be sent again? Only where repeating is safe and can help. */
function resendable(error: UpstreamError, idempotent: boolean): boolean {
  if (!error.isRetriable) return false;
  // 429: the service asks for less; the breaker holds every call for its Retry-After instead.
  if (error.status === 429) return false;
  // A keyed POST whose outcome is unknown must be settled by reading, not by resending.
  if (!idempotent && (error.failure === "timeout" || error.failure === "network")) return false;
  return true;
}

/** What one attempt's outcome teaches the service's breaker. */
function teach(breaker: CircuitBreaker, ticket: BreakerTicket, error: unknown): Transition {
  if (!(error instanceof UpstreamError) || error.failure === "aborted") {
    breaker.released(ticket);
    return null;
  }
  if (error.failure === "timeout" || error.failure === "network") return breaker.failed(ticket);
  const status = error.status ?? 0;
  if (error.failure === "status" && (status === 429 || status >= 500)) {
    return breaker.failed(ticket, status === 429 || status === 503 ? error.details.retryAfterMs : undefined);
  }
  // A 4xx business answer or a malformed body: the service is there and answering.
  return breaker.succeeded(ticket);
}

/**
 * The one way the app talks HTTP to an upstream: bearer token, per-attempt timeout within the
 * request's budget, the service's breaker, retries only where repeating is safe, every body
 * checked against its schema, one log line per attempt (docs/decisions/027).
 */
export function createHttp(options: HttpOptions): Http {
  const { service, baseUrl, log, signal, token, headers = {}, retry = DEFAULT_RETRY, budget = UNBOUNDED, breaker } = options;
  const fetchImpl = options.fetchImpl ?? wire;

  /**
   * One attempt under its own time limit and the browser's signal. One controller with a timer
   * cleared at the end, rather than AbortSignal.timeout + AbortSignal.any: those keep a timer, a
   * signal and weak references alive for the whole limit (10 s) after the answer came, thousands of
   * them under load (docs/decisions/064).
   */
  async function attempt<T>(request: RequestOptions<T>, url: URL, attemptNumber: number, timeoutMs: number | null): Promise<T> {
    const controller = new AbortController();
    // One listener on the browser's signal for all of the page's attempts (abort-relay.ts).
    const withdraw = signal ? onAbort(signal, () => controller.abort(signal.reason)) : undefined;
    const timer =
      timeoutMs === null
        ? undefined
        : setTimeout(() => controller.abort(new DOMException("upstream attempt timed out", "TimeoutError")), timeoutMs);
    // The attempt's span under the request's, when the request is traced (server/tracing.server.ts).
    const span = startUpstreamSpan({
      service,
      method: request.method,
      path: request.path,
      template: request.logPath,
      attempt: attemptNumber,
    });
    try {
      const value = await attemptWithin(request, url, attemptNumber, timeoutMs, controller.signal, span);
      endUpstreamSpan(span, {});
      return value;
    } catch (error) {
      endUpstreamSpan(span, { failure: error instanceof UpstreamError ? error.failure : "error" });
      throw error;
    } finally {
      clearTimeout(timer);
      withdraw?.();
    }
  }

  async function attemptWithin<T>(
    request: RequestOptions<T>,
    url: URL,
    attemptNumber: number,
    timeoutMs: number | null,
    attemptSignal: AbortSignal,
    span: Span | undefined,
  ): Promise<T> {
    const requestHeaders: Record<string, string> = { accept: "application/json", ...headers };
    if (token !== undefined) requestHeaders.authorization = `Bearer ${token ?? ""}`;
    if (request.body !== undefined) requestHeaders["content-type"] = "application/json";
    if (request.idempotencyKey) requestHeaders["idempotency-key"] = request.idempotencyKey;

    const started = performance.now();
    const logFields = { service, method: request.method, path: request.logPath ?? url.pathname, attempt: attemptNumber };
    // The connection failing before or while the answer arrives: cut, timed out or abandoned.
    const wireFailure = (error: unknown): UpstreamError => {
      const durationMs = Math.round(performance.now() - started);
      if (signal?.aborted) {
        log.info({ ...logFields, durationMs, outcome: "aborted" }, "upstream call abandoned");
        return new UpstreamError(service, "aborted", "La solicitud fue cancelada.");
      }
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      log.warn({ ...logFields, durationMs, limitMs: timeoutMs, outcome: timedOut ? "timeout" : "network" }, "upstream call failed");
      return timedOut
        ? new UpstreamError(service, "timeout", `${service} no respondió a tiempo.`)
        : new UpstreamError(service, "network", `${service} no está disponible.`);
    };
    let response: WireResponse;
    try {
      response = await fetchImpl(url, {
        method: request.method,
        headers: requestHeaders,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: attemptSignal,
      });
    } catch (error) {
      throw wireFailure(error);
    }

    const durationMs = Math.round(performance.now() - started);
    span?.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, response.status);
    if (!response.ok) {
      const { message, code } = await readErrorBody(response);
      log.warn({ ...logFields, durationMs, status: response.status, code }, "upstream call answered an error");
      throw new UpstreamError(service, "status", `${service} respondió ${response.status}.`, {
        status: response.status,
        code,
        upstreamMessage: message,
        retryAfterMs: parseRetryAfter(response.headers.get("retry-after")),
      });
    }

    let body: unknown;
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw wireFailure(error);
    }
    if (text.trim() === "" && request.emptyValue !== undefined) {
      log.info({ ...logFields, durationMs, status: response.status }, "upstream call");
      return request.emptyValue;
    }
    try {
      body = JSON.parse(text);
    } catch {
      body = Symbol("not-json");
    }
    const parsed = request.schema.safeParse(body);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".")}: ${issue.message}`);
      log.error({ ...logFields, durationMs, status: response.status, issues }, "upstream body did not match its schema");
      throw new UpstreamError(service, "malformed", `${service} envió una respuesta inesperada.`);
    }
    log.info({ ...logFields, durationMs, status: response.status }, "upstream call");
    return parsed.data;
  }

  /** One attempt, if the budget and the breaker allow it, with what it teaches the breaker. */
  async function guardedAttempt<T>(request: RequestOptions<T>, url: URL, attemptNumber: number): Promise<T> {
    const path = request.logPath ?? url.pathname;
    const remainingMs = budget.remainingMs();
    if (remainingMs < minAttemptMs(budget)) {
      log.warn({ service, method: request.method, path, attempt: attemptNumber, outcome: "budget" }, "upstream call not sent");
      recordUpstreamRefusal(service, "budget");
      throw new UpstreamError(service, "unavailable", `${service}: se agotó el tiempo de la solicitud.`, { reason: "budget" });
    }
    const admission = breaker?.admit();
    if (admission && !admission.admitted) {
      log.warn(
        { service, method: request.method, path, attempt: attemptNumber, outcome: "breaker", retryInMs: admission.retryInMs },
        "upstream call not sent",
      );
      recordUpstreamRefusal(service, "breaker");
      throw new UpstreamError(service, "unavailable", `${service} no está disponible por ahora.`, { reason: "breaker" });
    }
    const ownLimit = request.timeoutMs === undefined ? (options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS) : request.timeoutMs;
    const started = performance.now();
    try {
      const value = await attempt(request, url, attemptNumber, attemptTimeoutMs(ownLimit, remainingMs));
      recordUpstreamAttempt(service, (performance.now() - started) / 1000);
      if (breaker && admission?.admitted) logTransition(breaker.succeeded(admission.ticket));
      return value;
    } catch (error) {
      recordUpstreamAttempt(service, (performance.now() - started) / 1000, error);
      if (breaker && admission?.admitted) logTransition(teach(breaker, admission.ticket, error));
      throw error;
    }
  }

  function logTransition(transition: Transition) {
    if (transition?.to === "open") log.warn({ service, event: "breaker_opened", forMs: transition.forMs }, "upstream breaker opened");
    if (transition?.to === "closed") log.info({ service, event: "breaker_closed" }, "upstream breaker closed");
  }

  return {
    service,
    async request<T>(request: RequestOptions<T>): Promise<T> {
      const url = buildUrl(baseUrl, request.path, request.query);
      const idempotent = request.idempotent ?? request.method === "GET";
      const keyed = Boolean(request.idempotencyKey);
      if (!idempotent && !keyed) return guardedAttempt(request, url, 1);

      // What the caller sees when a retry is not sent (budget, breaker): the failure that asked for it.
      let lastFailure: UpstreamError | undefined;
      return pRetry(
        async (attemptNumber) => {
          try {
            return await guardedAttempt(request, url, attemptNumber);
          } catch (error) {
            if (error instanceof UpstreamError && error.failure === "unavailable" && lastFailure) throw new AbortError(lastFailure);
            if (!(error instanceof UpstreamError) || !resendable(error, idempotent)) throw new AbortError(error as Error);
            lastFailure = error;
            throw error;
          }
        },
        {
          retries: retry.retries,
          // No back-off of p-retry's own: afterFailure chooses each wait, knowing the budget and Retry-After.
          minTimeout: 0,
          signal,
          shouldRetry: async ({ error, attemptNumber }) => {
            const decision = afterFailure(retry, {
              failedAttempts: attemptNumber,
              retryAfterMs: error instanceof UpstreamError ? error.details.retryAfterMs : undefined,
              remainingMs: budget.remainingMs(),
              minAttemptMs: minAttemptMs(budget),
            });
            if (!decision.retry) {
              log.info(
                {
                  service,
                  method: request.method,
                  path: request.logPath ?? url.pathname,
                  attempts: attemptNumber,
                  reason: decision.reason,
                },
                "upstream call not retried",
              );
              return false;
            }
            await delay(decision.waitMs, signal);
            recordUpstreamRetry(service);
            return true;
          },
        },
      ).catch((error: unknown) => {
        if (signal?.aborted && !(error instanceof UpstreamError)) {
          throw new UpstreamError(service, "aborted", "La solicitud fue cancelada.");
        }
        throw error;
      });
    },
  };
}
