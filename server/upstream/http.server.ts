import pRetry, { AbortError } from "p-retry";
import type { ZodType, ZodTypeDef } from "zod";

import type { Logger } from "../logger.server";
import { UpstreamError } from "./errors";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RetryPolicy {
  retries: number;
  /** First back-off; each next one doubles (2, 4, 8 s by default, ARCHITECTURE "Upstream clients"). */
  minTimeoutMs: number;
  /** Cap on a server's Retry-After we are willing to honour. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, minTimeoutMs: 2_000, maxRetryAfterMs: 30_000 };
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
  fetchImpl?: typeof fetch;
}

export interface RequestOptions<T> {
  method: Method;
  path: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  schema: ZodType<T, ZodTypeDef, unknown>;
  /** Per attempt; `null` waits as long as it takes (the full operations list, §7). */
  timeoutMs?: number | null;
  /**
   * Safe to send again after a timeout (reads, and writes that are idempotent by nature).
   * Defaults to true for GET only.
   */
  idempotent?: boolean;
  /**
   * Money-moving POSTs: retried on 429/5xx with the same key, never after a timeout, whose
   * outcome the caller settles by reading the operation's status.
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

async function readErrorBody(response: Response): Promise<{ message?: string; code?: string }> {
  try {
    const body = (await response.json()) as unknown;
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

/**
 * The one way the app talks HTTP to an upstream: bearer token, per-attempt timeout, retries
 * only where repeating is safe, every body checked against its schema, one log line per attempt.
 */
export function createHttp(options: HttpOptions): Http {
  const { service, baseUrl, log, signal, token, headers = {}, retry = DEFAULT_RETRY } = options;
  const fetchImpl = options.fetchImpl ?? fetch;

  async function attempt<T>(request: RequestOptions<T>, url: URL, attemptNumber: number): Promise<T> {
    const timeoutMs = request.timeoutMs === undefined ? (options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS) : request.timeoutMs;
    const signals = [signal, timeoutMs === null ? undefined : AbortSignal.timeout(timeoutMs)].filter((s): s is AbortSignal => Boolean(s));
    const requestHeaders: Record<string, string> = { accept: "application/json", ...headers };
    if (token !== undefined) requestHeaders.authorization = `Bearer ${token ?? ""}`;
    if (request.body !== undefined) requestHeaders["content-type"] = "application/json";
    if (request.idempotencyKey) requestHeaders["idempotency-key"] = request.idempotencyKey;

    const started = performance.now();
    const logFields = { service, method: request.method, path: request.logPath ?? url.pathname, attempt: attemptNumber };
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: request.method,
        headers: requestHeaders,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: signals.length ? AbortSignal.any(signals) : undefined,
      });
    } catch (error) {
      const durationMs = Math.round(performance.now() - started);
      if (signal?.aborted) {
        log.info({ ...logFields, durationMs, outcome: "aborted" }, "upstream call abandoned");
        throw new UpstreamError(service, "aborted", "La solicitud fue cancelada.");
      }
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      log.warn({ ...logFields, durationMs, outcome: timedOut ? "timeout" : "network" }, "upstream call failed");
      throw timedOut
        ? new UpstreamError(service, "timeout", `${service} no respondió a tiempo.`)
        : new UpstreamError(service, "network", `${service} no está disponible.`);
    }

    const durationMs = Math.round(performance.now() - started);
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
    const text = await response.text();
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

  return {
    service,
    async request<T>(request: RequestOptions<T>): Promise<T> {
      const url = buildUrl(baseUrl, request.path, request.query);
      const idempotent = request.idempotent ?? request.method === "GET";
      const keyed = Boolean(request.idempotencyKey);
      if (!idempotent && !keyed) return attempt(request, url, 1);

      let attemptNumber = 0;
      return pRetry(
        async () => {
          attemptNumber += 1;
          try {
            return await attempt(request, url, attemptNumber);
          } catch (error) {
            if (!(error instanceof UpstreamError) || !error.isRetriable) throw new AbortError(error as Error);
            // A keyed POST whose outcome is unknown must be settled by reading, not by resending.
            if (!idempotent && (error.failure === "timeout" || error.failure === "network")) {
              throw new AbortError(error);
            }
            throw error;
          }
        },
        {
          retries: retry.retries,
          factor: 2,
          minTimeout: retry.minTimeoutMs,
          signal,
          onFailedAttempt: async ({ error, attemptNumber: n, retriesLeft }) => {
            if (retriesLeft === 0) return;
            const backoff = retry.minTimeoutMs * 2 ** (n - 1);
            const retryAfter = error instanceof UpstreamError ? error.details.retryAfterMs : undefined;
            if (retryAfter !== undefined && retryAfter > backoff) {
              await delay(Math.min(retryAfter, retry.maxRetryAfterMs) - backoff, signal);
            }
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
