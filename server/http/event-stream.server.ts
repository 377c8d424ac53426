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

export function eventStreamResponse(signal: AbortSignal, options: EventStreamOptions, start: StreamStart): Response {
  const now = options.now ?? Date.now;
  let stop: () => void = () => undefined;

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const timers: NodeJS.Timeout[] = [];
      let cleanup: () => void = () => undefined;

      const write = (bytes: Uint8Array) => {
        if (closed) return;
        try {
          controller.enqueue(bytes);
        } catch {
          close(); // the reader has gone
        }
      };
      const close = () => {
        if (closed) return;
        closed = true;
        for (const timer of timers) clearTimeout(timer);
        signal.removeEventListener("abort", close);
        cleanup();
        try {
          controller.close();
        } catch {
          // already cancelled
        }
      };
      stop = close;

      if (signal.aborted) {
        close();
        return;
      }
      signal.addEventListener("abort", close, { once: true });
      cleanup = start(write, close);
      if (closed) cleanup();
      timers.push(setInterval(() => write(HEARTBEAT), options.heartbeatMs ?? HEARTBEAT_MS));
      if (options.endsAt !== undefined) {
        timers.push(setTimeout(close, Math.min(MAX_TIMER_MS, Math.max(0, options.endsAt - now()))));
      }
    },
    cancel() {
      stop();
    },
  });

  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}

const encoder = new TextEncoder();

/** One named event, encoded once. */
export const sseEvent = (name: string, data: unknown) => encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
