/**
 * What `/precios/stream?pair=USD/MXN` sends to browsers (Server-Sent Events). Plain types and
 * constants, no I/O and no imports, so browser code may import them too.
 *
 * Events (each `data:` line is single-line JSON):
 * - `status` → {@link PriceStatusEvent}: sent first on every connection, then on each change.
 * - `price`  → {@link PriceEvent}: the pair's last quote on connection (when there is one),
 *   then every upstream tick.
 * - a comment line (`: ping`) every 15 s keeps proxies from closing an idle stream.
 */

export const PRICE_EVENT = "price";
export const STATUS_EVENT = "status";

/** The SSE endpoint of one pair. */
export const priceStreamPath = (pair: string) => `/precios/stream?pair=${encodeURIComponent(pair)}`;

/** 'USD/MXN': three capital letters, slash, three capital letters. */
export const PAIR_PATTERN = /^[A-Z]{3}\/[A-Z]{3}$/;

/**
 * - `connecting`: no tick yet since the first subscriber (a page just opened).
 * - `live`: ticks are arriving.
 * - `down`: the upstream socket is lost or silent; the feed reconnects with back-off.
 * - `unavailable`: the provider answered that the pair is not quoted (404).
 */
export type PriceStatus = "connecting" | "live" | "down" | "unavailable";

/** i18n keys (namespace `prices`) of the messages a status carries. */
export const PRICE_MESSAGE_KEYS = {
  /** §4: 'Error de conexión, intentando conectar, datos no han sido actualizados'. */
  connectionLost: "prices:connectionLost",
  unavailable: "prices:unavailable",
} as const;

export interface PriceStatusEvent {
  pair: string;
  status: PriceStatus;
  /** What to show while the price cannot be trusted to be current; null while `live` or `connecting`. */
  messageKey: (typeof PRICE_MESSAGE_KEYS)[keyof typeof PRICE_MESSAGE_KEYS] | null;
}

/**
 * One provider's quote as it came from the liquidity provider, plus `price`: the side's price
 * (its Sell for the buy side, its Buy for the sell side). `{ lpId, sig, ts, price }` is the
 * priceObject /setoperation takes; `buy`, `sell` and `ts` are what `sig` signs.
 */
export interface WireProviderQuote {
  lpId: string;
  price: number;
  buy: number;
  sell: number;
  sig: string;
  ts: number;
}

/** One side of the quote: the provider best for the client first (decision 094), at most 4. Empty when no provider is usable. */
export interface WireSide {
  /** The best provider's price, or null when no provider is usable. */
  price: number | null;
  top: WireProviderQuote[];
}

export interface PriceEvent {
  pair: string;
  /** When the upstream priced the tick (epoch ms). */
  ts: number;
  /** Buying: the lowest Sell (what the client pays) is best. */
  buy: WireSide;
  /** Selling: the highest Buy (what the client receives) is best. */
  sell: WireSide;
  /**
   * Older than the 20 min quote validity (§9) when it was sent. A page that keeps a quote open
   * should also compare `ts` with {@link QUOTE_VALIDITY_MS} itself.
   */
  stale: boolean;
}

/** §9: a quote is valid for 20 minutes. */
export const QUOTE_VALIDITY_MS = 20 * 60_000;
