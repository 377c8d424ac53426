import { eventStreamResponse, HEARTBEAT_MS } from "../http/event-stream.server";
import type { PriceHub } from "./hub.server";

/**
 * The browser side of the hub: one SSE response per page for one pair (ARCHITECTURE 'Live
 * data'). Named events `status` and `price` (see wire.ts). The hub subscription is released when
 * the request is aborted (browser gone), when the session ends, or when the hub closes. Each
 * event is one chunk of bytes the hub encoded once for every subscriber (see bench/price-fanout.ts).
 */
export { HEARTBEAT_MS };

export interface PriceStreamOptions {
  hub: Pick<PriceHub, "subscribe">;
  heartbeatMs?: number;
  /** Epoch ms at which the stream ends (the session's end); it is not renewed by the stream. */
  endsAt?: number;
  now?: () => number;
}

export function priceStream(signal: AbortSignal, pair: string, options: PriceStreamOptions): Response {
  return eventStreamResponse(signal, options, priceEvents(pair, options.hub));
}

/** The price half of a tab's channel (events `status` and `price`), for a stream that carries others too. */
export function priceEvents(pair: string, hub: Pick<PriceHub, "subscribe">) {
  return (write: (bytes: Uint8Array) => void, close: () => void) =>
    // The hub may end a subscription while it is being set up (it is closing): end right after.
    hub.subscribe(
      pair,
      (message) => write(message.frame),
      () => queueMicrotask(close),
    );
}
