/**
 * A Server-Sent Events response for long-lived, fan-out streams (ARCHITECTURE 'Live data'): the
 * caller writes ready-encoded chunks (one encoding shared by every subscriber), a comment line
 * every `heartbeatMs` keeps proxies from closing it, and it ends when the signal aborts (tab gone,
 * session over), at `endsAt` (the session's end; never renewed by the stream), or when the caller
 * closes it. `start` subscribes and returns what undoes the subscription.
 *
 * Same protocol and headers as remix-utils' `eventStream`, which encodes each event again per
 * subscriber and cannot send comment lines.
 */
export const HEARTBEAT_MS = 15_000;
const MAX_TIMER_MS = 2 ** 31 - 1;
const HEARTBEAT = new TextEncoder().encode(": ping\n\n");

export interface EventStreamOptions {
  heartbeatMs?: number;
  endsAt?: number;
  now?: () => number;
}

export type StreamStart = (write: (bytes: Uint8Array) => void, close: () => void) => () => void;

/** Where a stream's bytes go: a web ReadableStream (a Remix response) or a Node response. */
export interface StreamSink {
  /** False when the reader has gone. */
  write(bytes: Uint8Array): boolean;
  end(): void;
}

/** Runs a stream into `sink` until the signal aborts, `endsAt` passes or the caller closes it; answers what closes it. */
export function runEventStream(signal: AbortSignal, options: EventStreamOptions, start: StreamStart, sink: StreamSink): () => void {
  const now = options.now ?? Date.now;
  let closed = false;
  const timers: NodeJS.Timeout[] = [];
  let cleanup: () => void = () => undefined;

  const write = (bytes: Uint8Array) => {
    if (!closed && !sink.write(bytes)) close();
  };
  const close = () => {
    if (closed) return;
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    signal.removeEventListener("abort", close);
    cleanup();
    sink.end();
  };

  if (signal.aborted) {
    close();
    return close;
  }
  signal.addEventListener("abort", close, { once: true });
  cleanup = start(write, close);
  if (closed) {
    cleanup();
    return close;
  }
  timers.push(setInterval(() => write(HEARTBEAT), options.heartbeatMs ?? HEARTBEAT_MS));
  if (options.endsAt !== undefined) timers.push(setTimeout(close, Math.min(MAX_TIMER_MS, Math.max(0, options.endsAt - now()))));
  return close;
}

export const EVENT_STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
} as const;

export function eventStreamResponse(signal: AbortSignal, options: EventStreamOptions, start: StreamStart): Response {
  let stop: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      stop = runEventStream(signal, options, start, {
        write(bytes) {
          try {
            controller.enqueue(bytes);
            return true;
          } catch {
            return false; // the reader has gone
          }
        },
        end() {
          try {
            controller.close();
          } catch {
            // already cancelled
          }
        },
      });
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, { status: 200, headers: EVENT_STREAM_HEADERS });
}

const encoder = new TextEncoder();

/** One named event, encoded once. */
export const sseEvent = (name: string, data: unknown) => encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
