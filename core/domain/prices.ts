import Big from "big.js";

/**
 * Live prices (SPEC §3 Price option, §7 Prices, §4 quote validity). Each liquidity provider
 * quotes a Buy and a Sell; the best provider is chosen as §7 states — the highest Sell, or the
 * lowest Buy when selling — and the top 4 are kept.
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
  /** Providers ordered best first for buying (by Sell, highest first). */
  providers: ProviderQuote[];
}

export const TOP_PROVIDERS = 4;
export const QUOTE_VALIDITY_MS = 20 * 60_000;

/** The side's price of one provider: Sell when buying, Buy when selling. */
export function providerPrice(provider: ProviderQuote, side: Side): number {
  return side === "sell" ? provider.buy : provider.sell;
}

/** Providers best first for `side`, at most 4. */
export function rankProviders(providers: readonly ProviderQuote[], side: Side): ProviderQuote[] {
  const valid = providers.filter((p) => Number.isFinite(p.buy) && Number.isFinite(p.sell) && p.buy > 0 && p.sell > 0);
  const sorted = [...valid].sort((a, b) => (side === "sell" ? new Big(a.buy).cmp(b.buy) : new Big(b.sell).cmp(a.sell)));
  return sorted.slice(0, TOP_PROVIDERS);
}

export function bestProvider(providers: readonly ProviderQuote[], side: Side): ProviderQuote | null {
  return rankProviders(providers, side)[0] ?? null;
}

/** §4: a quote is valid for 20 minutes, then it is stale and cannot be used. */
export function isStale(quoteTs: number, now: number): boolean {
  return !Number.isFinite(quoteTs) || now - quoteTs > QUOTE_VALIDITY_MS;
}
