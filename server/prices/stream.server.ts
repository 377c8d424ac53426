import type { PriceHub } from "./hub.server";

/**
 * The browser side of the hub: one SSE response per page for one pair (ARCHITECTURE 'Live
 * data'). Named events `status` and `price` (see wire.ts), a comment line every 15 s so proxies
 * keep the stream open, never cached nor buffered by a proxy. The hub subscription is released
 * when the request is aborted (browser gone), when the session ends, or when the hub closes.
 *
 * Same protocol and headers as remix-utils' `eventStream`, but built for fan-out: each event
 * is one chunk of bytes the hub encoded once for every subscriber (eventStream encodes each
 * event again per subscriber and writes it as two chunks), and the heartbeat is a comment line,
 * which eventStream cannot send. With 1,000 browsers on one pair this halves the work per tick
 * (see bench/price-fanout.ts).
 */

export const HEARTBEAT_MS = 15_000;
const MAX_TIMER_MS = 2 ** 31 - 1;
const HEARTBEAT = new TextEncoder().encode(": ping\n\n");

export interface PriceStreamOptions {
  hub: Pick<PriceHub, "subscribe">;
  heartbeatMs?: number;
  /** Epoch ms at which the stream ends (the session's end); it is not renewed by the stream. */
  endsAt?: number;
  now?: () => number;
}

export function priceStream(signal: AbortSignal, pair: string, options: PriceStreamOptions): Response {
  const now = options.now ?? Date.now;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  let stop: () => void = () => undefined;

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const timers: NodeJS.Timeout[] = [];
      let unsubscribe: () => void = () => undefined;

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
        unsubscribe();
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
      // The hub may end a subscription while it is being set up (it is closing): end right after.
      unsubscribe = options.hub.subscribe(
        pair,
        (message) => write(message.frame),
        () => queueMicrotask(close),
      );
      timers.push(setInterval(() => write(HEARTBEAT), heartbeatMs));
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
