import type { Writable } from "node:stream";

import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { createReadableStreamFromReadable, createRequestHandler } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";

import { bodyLimitFor, limitStream } from "./body-limit.server";

/**
 * Remix behind Express, with the one difference that matters here: a request body reaches the
 * app only through a byte counter, so a chunked or lying body fails at its route's limit instead
 * of filling memory (the declared length is refused earlier, in main.ts).
 */
export function remixHandler(options: {
  build: ServerBuild;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}): RequestHandler {
  const handle = createRequestHandler(options.build, options.mode);
  return (req, res, next) => {
    const request = remixRequest(req, res);
    handle(request, options.getLoadContext(req, res))
      .then((response) => sendResponse(res, response))
      .catch(next);
  };
}

function remixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // req.hostname honours "trust proxy"; the port comes from the Host header.
  const port = /:(\d+)$/.exec(req.get("host") ?? "")?.[1];
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (value !== undefined) headers.set(key, value);
  }
  // Loaders and actions stop when the browser goes away before the answer is written.
  const controller = new AbortController();
  let finished = false;
  res.on("finish", () => (finished = true));
  res.on("close", () => {
    if (!finished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req.pipe(limitStream(bodyLimitFor(req.path))));
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function sendResponse(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // The app's own headers replace the defaults set earlier (Cache-Control); cookies add up.
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") res.append(key, value);
    else res.setHeader(key, value);
  }
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeBody(response.body, res);
  else res.end();
}

/** What a burst may hold before it is written anyway: a large download still streams. */
const BURST_BYTES = 64 * 1024;

/**
 * The body onto the response, written and flushed (through compression) once per burst instead of
 * after every chunk as Remix's own writer does: React writes a page as dozens of small chunks in one
 * go, and each chunk written and flushed alone cost a compressor round trip to the thread pool, a
 * flush, a socket write and a worse compression (docs/decisions/064). What arrives later (a deferred
 * part, an event) goes out as soon as its burst is over (setImmediate).
 */
export async function writeBody(body: ReadableStream<Uint8Array>, res: Writable & { flush?: () => void }) {
  const reader = body.getReader();
  let burst: Uint8Array[] = [];
  let bytes = 0;
  let pending: NodeJS.Immediate | null = null;
  const write = () => {
    if (burst.length === 0) return;
    res.write(burst.length === 1 ? burst[0] : Buffer.concat(burst, bytes));
    burst = [];
    bytes = 0;
  };
  const flush = () => {
    pending = null;
    write();
    res.flush?.();
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      burst.push(value);
      bytes += value.byteLength;
      if (bytes >= BURST_BYTES) write();
      pending ??= setImmediate(flush);
    }
    if (pending) clearImmediate(pending);
    write();
    res.end();
  } catch (error) {
    if (pending) clearImmediate(pending);
    res.destroy(error as Error);
    throw error;
  }
}
