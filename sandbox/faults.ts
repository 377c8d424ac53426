// Fault injection, latency and the request log: the knobs tests use to exercise timeouts,
// retries and "called exactly once" expectations against a real wire.

import { z } from "zod";

import type { SandboxContext } from "./context";
import { errorReply, json, parseWith, type Reply, type Router } from "./http";
import type { Fault } from "./types";

/** Paths that behave like upstreams: logged, delayed and faultable. */
export const UPSTREAM_PREFIXES = ["/api", "/graphql", "/partner", "/notifications-api", "/middleware"] as const;

export function isUpstreamPath(pathname: string): boolean {
  return UPSTREAM_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

const faultInput = z
  .object({
    path: z.string().startsWith("/"),
    method: z.string().min(1).optional(),
    kind: z.enum(["status", "timeout", "malformed", "slow", "drop"]),
    status: z.number().int().min(100).max(599).optional(),
    retryAfter: z.number().int().min(0).optional(),
    delayMs: z.number().int().min(0).optional(),
    times: z
      .number()
      .int()
      .refine((n) => n === -1 || n >= 1, "times debe ser -1 o al menos 1")
      .optional(),
  })
  .strict();

const latencyInput = z.object({ ms: z.number().int().min(0).max(120_000) }).strict();

const DEFAULT_FAULT_STATUS = 503;
const DEFAULT_SLOW_MS = 1_000;

/**
 * The first registered fault that matches, with one use consumed. Matching is a prefix match on
 * the path including its query string, so "/api/today" also catches "/api/today?x=1".
 */
export function takeFault(ctx: SandboxContext, method: string, pathWithQuery: string): Fault | null {
  const { faults } = ctx.state;
  const index = faults.findIndex(
    (fault) => pathWithQuery.startsWith(fault.path) && (fault.method === undefined || fault.method.toUpperCase() === method.toUpperCase()),
  );
  if (index === -1) return null;
  const fault = faults[index];
  if (fault.times > 0) {
    fault.times -= 1;
    if (fault.times === 0) faults.splice(index, 1);
  }
  return { ...fault };
}

export type FaultOutcome = { kind: "reply"; reply: Reply } | { kind: "hold" } | { kind: "delay"; ms: number } | { kind: "drop" };

export function faultOutcome(fault: Fault): FaultOutcome {
  switch (fault.kind) {
    case "timeout":
      return { kind: "hold" };
    case "drop":
      // The connection cut before any answer: what a crashing upstream or a proxy reset looks like.
      return { kind: "drop" };
    case "slow":
      return { kind: "delay", ms: fault.delayMs ?? DEFAULT_SLOW_MS };
    case "malformed":
      // Valid HTTP, JSON content type, truncated body: what a proxy cutting a response looks like.
      return {
        kind: "reply",
        reply: { status: 200, headers: { "content-type": "application/json; charset=utf-8" }, body: '{"unexpected":' },
      };
    case "status": {
      const status = fault.status ?? DEFAULT_FAULT_STATUS;
      const headers: Record<string, string> = {};
      if (fault.retryAfter !== undefined) headers["retry-after"] = String(fault.retryAfter);
      const message = status === 429 ? "Demasiadas solicitudes (falla simulada)" : "Falla simulada por el sandbox";
      return { kind: "reply", reply: json(status, { message, code: "SANDBOX_FAULT" }, headers) };
    }
  }
}

/**
 * The request log keeps the latest calls only: a demo or a bench left running makes millions, and the load bench
 * alone adds about 1,700 a second (decision 085). Trimmed in batches, so a call does not shift the whole log each time.
 */
export const REQUEST_LOG_LIMIT = 50_000;
const REQUEST_LOG_SLACK = 5_000;

export function recordRequest(ctx: SandboxContext, method: string, pathWithQuery: string): void {
  const { requests } = ctx.state;
  requests.push({ method, path: pathWithQuery, at: ctx.now().toISOString() });
  if (requests.length > REQUEST_LOG_LIMIT + REQUEST_LOG_SLACK) requests.splice(0, requests.length - REQUEST_LOG_LIMIT);
}

export interface ControlHooks {
  /** Restores the seed and releases whatever the server holds open (timeouts). */
  reset(): void;
}

const ttlInput = z.object({
  jwtSeconds: z.number().int().min(1).max(86_400).optional(),
  bankSeconds: z.number().int().min(1).max(86_400).optional(),
});

export function registerControlRoutes(router: Router, ctx: SandboxContext, hooks: ControlHooks): void {
  // Token lifetimes can be shortened by tests (session expiry); a reset restores these.
  const initialTtl = { jwtSeconds: ctx.jwtTtlSeconds, bankSeconds: ctx.bankTokenTtlSeconds };
  router
    .get("/__ttl", () => json(200, { jwtSeconds: ctx.jwtTtlSeconds, bankSeconds: ctx.bankTokenTtlSeconds }))
    .post("/__ttl", ({ body }) => {
      const input = parseWith(ttlInput, body);
      ctx.jwtTtlSeconds = input.jwtSeconds ?? ctx.jwtTtlSeconds;
      ctx.bankTokenTtlSeconds = input.bankSeconds ?? ctx.bankTokenTtlSeconds;
      return json(200, { jwtSeconds: ctx.jwtTtlSeconds, bankSeconds: ctx.bankTokenTtlSeconds });
    })
    .post("/__faults", ({ body }) => {
      const input = parseWith(faultInput, body);
      const fault: Fault = {
        id: ctx.state.nextIds.fault++,
        path: input.path,
        kind: input.kind,
        times: input.times ?? 1,
        ...(input.method !== undefined && { method: input.method.toUpperCase() }),
        ...(input.status !== undefined && { status: input.status }),
        ...(input.retryAfter !== undefined && { retryAfter: input.retryAfter }),
        ...(input.delayMs !== undefined && { delayMs: input.delayMs }),
      };
      ctx.state.faults.push(fault);
      return json(201, { id: fault.id });
    })
    .get("/__faults", () => json(200, ctx.state.faults))
    .delete("/__faults", () => {
      const cleared = ctx.state.faults.length;
      ctx.state.faults = [];
      return json(200, { cleared });
    })
    .get("/__latency", () => json(200, { ms: ctx.state.latencyMs }))
    .post("/__latency", ({ body }) => {
      ctx.state.latencyMs = parseWith(latencyInput, body).ms;
      return json(200, { ms: ctx.state.latencyMs });
    })
    .post("/__reset", () => {
      ctx.jwtTtlSeconds = initialTtl.jwtSeconds;
      ctx.bankTokenTtlSeconds = initialTtl.bankSeconds;
      hooks.reset();
      return json(200, { reset: true });
    })
    .get("/__requests", ({ query }) => {
      const prefix = query.get("path") ?? "";
      return json(
        200,
        ctx.state.requests.filter((entry) => entry.path.startsWith(prefix)),
      );
    })
    .delete("/__requests", () => {
      const cleared = ctx.state.requests.length;
      ctx.state.requests = [];
      return json(200, { cleared });
    });
}

export const notFound = (): Reply => errorReply(404, "Ruta no encontrada", "NOT_FOUND");
