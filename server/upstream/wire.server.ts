import http from "node:http";
import https from "node:https";
import type { Readable } from "node:stream";
import zlib from "node:zlib";

/**
 * What the upstream client needs from one HTTP exchange: the status, a header and the whole body
 * as text. `fetch` answers it too (tests pass their own); the app's default is `wire` below.
 */
export interface WireResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}

export interface WireRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

export type Transport = (url: URL, init: WireRequest) => Promise<WireResponse>;

/**
 * Kept-alive connections per upstream origin, as undici's `fetch` kept them. A free connection is
 * closed after 4 s (undici's default), or sooner when the upstream's `Keep-Alive: timeout` hint asks,
 * so a request is rarely written onto a connection the upstream has just closed; when it is, the
 * failure is a "network" one, which only reads are sent again after (never a money-moving POST).
 * No cap on connections per upstream (a slow upstream must not queue every other page behind it,
 * decision 064); up to 1,024 idle ones are kept, not Node's default 256, so a burst of pages (200
 * at once make some 1,600 calls) does not close and reopen hundreds of connections each time.
 */
const AGENT_OPTIONS = { keepAlive: true, scheduling: "lifo", timeout: 4_000, maxFreeSockets: 1_024 } as const;
let agents: { http: http.Agent; https: https.Agent } | null = null;
function agentsOnce() {
  agents ??= { http: new http.Agent(AGENT_OPTIONS), https: new https.Agent(AGENT_OPTIONS) };
  return agents;
}

/** Encodings the body may arrive in; asked for as `fetch` asked for them. */
const ACCEPT_ENCODING = "gzip, deflate, br";

function decoded(response: http.IncomingMessage): Readable {
  switch ((response.headers["content-encoding"] ?? "").trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return response.pipe(zlib.createGunzip());
    case "deflate":
      return response.pipe(zlib.createInflate());
    case "br":
      return response.pipe(zlib.createBrotliDecompress());
    default:
      return response;
  }
}

function headerGetter(headers: http.IncomingHttpHeaders) {
  return {
    get(name: string): string | null {
      const value = headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

/**
 * One upstream exchange over `node:http(s)` with a kept-alive connection: the request written
 * whole, the answer read whole (decompressed when it says so), the attempt's signal cutting it at
 * any point. Cheaper than `fetch` per call (no WHATWG Request, Response, streams or header guards:
 * decision 068). Redirects are not followed: an upstream API answering a redirect is answering
 * something other than what was asked, and the caller sees its status as an error. A failure
 * rejects with the error as Node raises it (an `AbortError` when the signal cut it), which the
 * client turns into a timeout or a network failure exactly as it did with `fetch`.
 */
export const wire: Transport = (url, init) =>
  new Promise<WireResponse>((resolve, reject) => {
    const { signal } = init;
    if (signal.aborted) {
      reject(abortError(signal));
      return;
    }
    const secure = url.protocol === "https:";
    const headers: Record<string, string | number> = { "accept-encoding": ACCEPT_ENCODING, ...init.headers };
    const payload = init.body === undefined ? undefined : Buffer.from(init.body, "utf8");
    if (payload) headers["content-length"] = payload.byteLength;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      reject(error);
    };
    const onAbort = () => {
      const error = abortError(signal);
      request.destroy(error);
      fail(error);
    };
    const request = (secure ? https : http).request(
      url,
      { method: init.method, headers, agent: secure ? agentsOnce().https : agentsOnce().http },
      (response) => {
        const body = decoded(response);
        const chunks: Buffer[] = [];
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("error", fail);
        // The connection cut while the body was arriving.
        response.on("aborted", () => fail(Object.assign(new Error("upstream connection closed mid-answer"), { code: "ECONNRESET" })));
        response.on("error", fail);
        body.on("end", () => {
          if (settled) return;
          settled = true;
          signal.removeEventListener("abort", onAbort);
          const text = (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)).toString("utf8");
          const status = response.statusCode ?? 0;
          resolve({
            status,
            ok: status >= 200 && status < 300,
            headers: headerGetter(response.headers),
            text: () => Promise.resolve(text),
          });
        });
      },
    );
    request.on("error", fail);
    signal.addEventListener("abort", onAbort, { once: true });
    request.end(payload);
  });

/** The error an aborted exchange rejects with: named AbortError, carrying the signal's reason. */
function abortError(signal: AbortSignal): Error {
  const error = new Error("upstream exchange aborted", { cause: signal.reason as unknown });
  error.name = "AbortError";
  return error;
}
