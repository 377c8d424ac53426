import type { PriceHub, PriceListener } from "./hub.server";

/**
 * The browser side of the hub: a pair's events on a tab's live channel (ARCHITECTURE 'Live
 * data', server/live/channel.server.ts). Named events `status` and `price` (see wire.ts). The
 * hub subscription is released when the stream ends (browser gone, session over) or when the hub
 * closes. Each event is one chunk of bytes the hub encoded once for every subscriber (see
 * bench/price-fanout.ts).
 */
/** The price half of a tab's channel (events `status` and `price`), for a stream that carries others too. */
export function priceEvents(pair: string, hub: Pick<PriceHub, "subscribe">) {
  return (write: (bytes: Uint8Array) => void, close: () => void) =>
    // The hub may end a subscription while it is being set up (it is closing): end right after.
    hub.subscribe(pair, framesTo(write), endsWith(close));
}

// Made outside priceEvents so that what the hub keeps for hours holds the stream's writer and closer only: a
// closure keeps its maker's variables, which here would be the pair's string read from the tab's URL (decision 084).
const framesTo =
  (write: (bytes: Uint8Array) => void): PriceListener =>
  (message) =>
    write(message.frame);
const endsWith = (close: () => void) => () => queueMicrotask(close);
