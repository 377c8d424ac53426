import Big from "big.js";

/**
 * Live prices (SPEC §3 Price option, §7 Prices, §4 quote validity). Each liquidity provider
 * quotes a Buy and a Sell. The best provider is the one most favourable to the client on the side
 * being traded (decision 094, superseding §7's literal reading in decision 010): buying, the
 * client pays the provider's Sell, so the lowest Sell is best; selling, the client receives the
 * provider's Buy, so the highest Buy is best. The top 4 are kept.
 */
export type Side = "buy" | "sell";

export interface ProviderQuote {
  lpId: string;
  buy: number;
  sell: number;
  sig: string;
  ts: number;
}

export interface PairQuote {
  pair: string;
  ts: number;
  /** Providers ordered best first for a client who buys (by Sell, lowest first). */
  providers: ProviderQuote[];
}

export const TOP_PROVIDERS = 4;
export const QUOTE_VALIDITY_MS = 20 * 60_000;

/** The side's price of one provider: what the client pays (its Sell) when buying, receives (its Buy) when selling. */
export function providerPrice(provider: ProviderQuote, side: Side): number {
  return side === "sell" ? provider.buy : provider.sell;
}

/**
 * A quote a client can be given: both prices finite and positive, and not crossed. A provider
 * bidding above its own offer is broken, and ranking by the client's side would put such an
 * outlier first on both sides.
 */
function usable(provider: ProviderQuote): boolean {
  const { buy, sell } = provider;
  return Number.isFinite(buy) && Number.isFinite(sell) && buy > 0 && sell > 0 && buy <= sell;
}

/**
 * Better for the client first: a lower price to pay when buying, a higher one to receive when
 * selling. On equal prices the later quote first (it stays valid longer, §4), then by id, so the
 * server and every page name the same provider.
 */
function forClient(side: Side) {
  return (a: ProviderQuote, b: ProviderQuote): number => {
    const byPrice = new Big(providerPrice(a, side)).cmp(providerPrice(b, side));
    if (byPrice !== 0) return side === "buy" ? byPrice : -byPrice;
    if (a.ts !== b.ts) return b.ts - a.ts;
    return a.lpId < b.lpId ? -1 : a.lpId > b.lpId ? 1 : 0;
  };
}

/** Providers best for the client first on `side`, at most 4; unusable quotes left out. */
export function rankProviders(providers: readonly ProviderQuote[], side: Side): ProviderQuote[] {
  return providers.filter(usable).sort(forClient(side)).slice(0, TOP_PROVIDERS);
}

/** The provider whose price the client gets on `side` ('Mejor', 'Tu tipo de cambio', the quote), or null. */
export function bestProvider(providers: readonly ProviderQuote[], side: Side): ProviderQuote | null {
  return rankProviders(providers, side)[0] ?? null;
}

/** §4: a quote is valid for 20 minutes, then it is stale and cannot be used. */
export function isStale(quoteTs: number, now: number): boolean {
  return !Number.isFinite(quoteTs) || now - quoteTs > QUOTE_VALIDITY_MS;
}
