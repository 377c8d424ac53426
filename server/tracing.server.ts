import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVICE_NAME,
} from "@opentelemetry/semantic-conventions";
import type { RequestHandler } from "express";

import type { Logger } from "./logger.server";
import { TRACER_NAME } from "./tracing-spans.server";

/**
 * OpenTelemetry traces for support and operators (docs/decisions/105): with
 * OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) set, each request is a server
 * span and each upstream attempt a client span under it, exported over OTLP/HTTP (JSON). Without it
 * nothing here is started: no context manager, no exporter, no span; the upstream client then finds
 * no active span and records nothing.
 *
 * What a span may carry is fixed here and in the upstream client: methods, route templates, the
 * upstream's name, statuses, attempt numbers, error kinds. Never a raw path (ids, CLABEs), a query,
 * a header, a body, a token, an amount or a person's data.
 */
/** The bound of the shutdown step that flushes the last spans: an unreachable collector must not hold the stop. */
export const TRACE_FLUSH_MS = 2_000;

export interface Tracing {
  /** Exports what is buffered and stops; never longer than TRACE_FLUSH_MS, never rejects. */
  shutdown(): Promise<void>;
}

export function tracingWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/**
 * Registers the process-wide tracer provider and async context, shared by the HTTP server's bundle
 * and the Remix build's (both reach them through @opentelemetry/api's global). The exporter reads
 * the OTEL_EXPORTER_OTLP_* variables itself, the batch processor OTEL_BSP_*, the sampler
 * OTEL_TRACES_SAMPLER(_ARG), the resource OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES.
 */
export function startTracing(log: Logger, env: NodeJS.ProcessEnv = process.env): Tracing | null {
  if (!tracingWanted(env)) return null;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const resource = resourceFromAttributes({ [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME?.trim() || "portal" }).merge(
    detectResources({ detectors: [envDetector] }),
  );
  const provider = new BasicTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
  trace.setGlobalTracerProvider(provider);
  log.info({ event: "tracing_started" }, "traces exported over OTLP");
  return {
    async shutdown() {
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<"late">((resolve) => {
        timer = setTimeout(() => resolve("late"), TRACE_FLUSH_MS);
      });
      const outcome = await Promise.race([
        provider.shutdown().then(
          () => "flushed" as const,
          () => "failed" as const,
        ),
        bound,
      ]);
      clearTimeout(timer);
      if (outcome !== "flushed") log.warn({ event: "trace_flush_" + outcome }, "last spans not exported");
    },
  };
}

/**
 * The request's server span, made the active context for everything the request runs (loaders,
 * actions, their upstream calls). Named and labelled at the end, when the route that answered is
 * known: `GET /cuentas/:id`, never the path itself. `res.locals.traceId` is the request's trace id
 * for its log line and its support folio.
 */
export function serverSpans(routeTemplateOf: (routeLabel: string) => string): RequestHandler {
  const tracer = trace.getTracer(TRACER_NAME);
  return (req, res, next) => {
    const method = req.method;
    const span = tracer.startSpan(method, { kind: SpanKind.SERVER, attributes: { [ATTR_HTTP_REQUEST_METHOD]: method } }, ROOT_CONTEXT);
    // A request the sampler leaves out is exported nowhere: its folio is its request id instead.
    if (span.isRecording()) res.locals.traceId = span.spanContext().traceId;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      const route = routeTemplateOf(String(res.locals.route ?? "unrouted"));
      span.updateName(`${method} ${route}`);
      span.setAttribute(ATTR_HTTP_ROUTE, route);
      if (res.writableFinished) {
        span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, res.statusCode);
        if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      } else {
        span.setAttribute(ATTR_ERROR_TYPE, "abandoned");
      }
      span.end();
    };
    res.on("finish", end);
    res.on("close", end);
    context.with(trace.setSpan(ROOT_CONTEXT, span), next);
  };
}
