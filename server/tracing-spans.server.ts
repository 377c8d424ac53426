import type { Span } from "@opentelemetry/api";
import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { ATTR_ERROR_TYPE, ATTR_HTTP_REQUEST_METHOD } from "@opentelemetry/semantic-conventions";

import { upstreamRouteTemplate } from "#core/trace-labels";

/**
 * The upstream client's spans (docs/decisions/105), apart from the SDK (tracing.server.ts) so that
 * the Remix build loads only @opentelemetry/api: with tracing off there is no active span and
 * nothing here records anything.
 */
export const TRACER_NAME = "portal";

export interface UpstreamSpanFields {
  service: string;
  method: string;
  /** The request's path as the client built it (ids included): only its template is recorded. */
  path: string;
  /** The template the caller states, when a segment is personal data that looks like a word. */
  template?: string;
  attempt: number;
}

/**
 * A client span for one upstream attempt, under the request's span; none outside a traced request
 * (tracing off, or a job nobody's request started). Cheap when off: one look-up of the active context.
 */
export function startUpstreamSpan(fields: UpstreamSpanFields): Span | undefined {
  if (trace.getActiveSpan() === undefined) return undefined;
  const template = upstreamRouteTemplate(fields.path, fields.template);
  return trace.getTracer(TRACER_NAME).startSpan(`${fields.method} ${template}`, {
    kind: SpanKind.CLIENT,
    attributes: {
      [ATTR_HTTP_REQUEST_METHOD]: fields.method,
      "url.template": template,
      "peer.service": fields.service,
      "http.request.resend_count": fields.attempt - 1,
    },
  });
}

/** How an attempt ended, on its span (the upstream client sets the status as soon as it comes): the kind of failure, if any. */
export function endUpstreamSpan(span: Span | undefined, outcome: { failure?: string }): void {
  if (!span) return;
  if (outcome.failure !== undefined) {
    span.setAttribute(ATTR_ERROR_TYPE, outcome.failure);
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}
