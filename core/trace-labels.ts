/**
 * What a trace may say about a request: the shape of an upstream path, never its values, and the
 * support folio a person reads out on the phone (docs/decisions/105).
 */

/** Segments that name a resource kind: lowercase words, joined by hyphens or underscores, or camelCase. */
const WORD = /^[A-Za-z]+(?:[-_][A-Za-z]+)*$/;
/** A word this long is a token or a key, not a resource kind. */
const MAX_WORD = 40;

/**
 * The route template of an upstream path: every segment that is not a plain word (an id, a CLABE,
 * a UUID, anything with a digit, a %-escape or a dot) becomes `{id}`; the query is dropped.
 * `/operations/op_123/status?x=1` → `/operations/{id}/status`. A caller that knows its template
 * (`/movements/v2/{clabe}/movements`) passes it and it is kept as it is.
 */
export function upstreamRouteTemplate(path: string, known?: string): string {
  if (known !== undefined) return known;
  const bare = path.split(/[?#]/, 1)[0] ?? "";
  const segments = bare.split("/").map((segment) => {
    if (segment === "") return segment;
    if (/^v\d{1,2}$/.test(segment)) return segment;
    return WORD.test(segment) && segment.length <= MAX_WORD ? segment : "{id}";
  });
  const template = segments.join("/");
  return template.startsWith("/") ? template : `/${template}`;
}

/** A W3C trace id: 32 lowercase hex digits, not all zero. */
const TRACE_ID = /^(?!0{32})[0-9a-f]{32}$/;
/** What the app accepts as a request id to show: the ids it makes (UUIDs) or a proxy's plain ones. */
const REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * The support folio of a request: its trace id when tracing is on, so support finds the whole trace;
 * otherwise the request id every log line of the request carries. Null when neither is safe to show
 * (a caller's odd `X-Request-Id`): a folio nobody can find is worse than none.
 */
export function supportFolio(traceId: string | undefined, requestId: string | undefined): string | null {
  if (traceId !== undefined && TRACE_ID.test(traceId)) return traceId;
  if (requestId !== undefined && REQUEST_ID.test(requestId)) return requestId;
  return null;
}

/**
 * The folio as read aloud: a trace id in groups of four (`4bf9 2f35 …`), which a person can dictate
 * and support types back without the spaces; a request id as it is (a UUID is grouped already, and
 * the logs hold it with its hyphens).
 */
export function folioForReading(folio: string): string {
  if (!TRACE_ID.test(folio)) return folio;
  return folio.match(/.{4}/g)?.join(" ") ?? folio;
}
