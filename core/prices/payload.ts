import type { PairQuote, ProviderQuote, Side } from "../domain/prices";
import { bestProvider, isStale, providerPrice, rankProviders } from "../domain/prices";
import type { PriceEvent, PriceStatus, PriceStatusEvent, WireProviderQuote, WireSide } from "./wire";
import { PRICE_MESSAGE_KEYS } from "./wire";

/**
 * The browser's view of a tick: both sides ranked for the client (decision 094), top 4 each. Pure. The page never
 * ranks again: its preview, 'Mejor' and the quote it asks for all take the first of this list.
 */
export function toPriceEvent(quote: PairQuote, now: number): PriceEvent {
  return {
    pair: quote.pair,
    ts: quote.ts,
    buy: side(quote.providers, "buy"),
    sell: side(quote.providers, "sell"),
    stale: isStale(quote.ts, now),
  };
}

function side(providers: readonly ProviderQuote[], which: Side): WireSide {
  const top: WireProviderQuote[] = rankProviders(providers, which).map((provider) => ({
    lpId: provider.lpId,
    price: providerPrice(provider, which),
    buy: provider.buy,
    sell: provider.sell,
    sig: provider.sig,
    ts: provider.ts,
  }));
  const best = bestProvider(providers, which);
  return { price: best ? providerPrice(best, which) : null, top };
}

export function toStatusEvent(pair: string, status: PriceStatus): PriceStatusEvent {
  const messageKey =
    status === "down" ? PRICE_MESSAGE_KEYS.connectionLost : status === "unavailable" ? PRICE_MESSAGE_KEYS.unavailable : null;
  return { pair, status, messageKey };
}
