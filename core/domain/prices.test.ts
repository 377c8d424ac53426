import { describe, expect, it } from "vitest";

import { bestProvider, isStale, providerPrice, rankProviders } from "./prices";

const p = (lpId: string, buy: number, sell: number) => ({ lpId, buy, sell, sig: `sig-${lpId}`, ts: 1 });
const providers = [p("A", 17.1, 17.3), p("B", 17.05, 17.35), p("C", 17.12, 17.25), p("D", 17.0, 17.4), p("E", 17.2, 17.28)];

describe("best provider (§7)", () => {
  it("buying: the highest Sell first, top 4 kept", () => {
    expect(rankProviders(providers, "buy").map((x) => x.lpId)).toEqual(["D", "B", "A", "E"]);
    expect(providerPrice(bestProvider(providers, "buy")!, "buy")).toBe(17.4);
  });

  it("selling: the lowest Buy first, top 4 kept", () => {
    expect(rankProviders(providers, "sell").map((x) => x.lpId)).toEqual(["D", "B", "A", "C"]);
    expect(providerPrice(bestProvider(providers, "sell")!, "sell")).toBe(17.0);
  });

  it("ignores providers without a usable price and answers null when none is left", () => {
    expect(rankProviders([p("X", 0, 17), p("Y", Number.NaN, 17), p("Z", 17, 17.1)], "buy").map((x) => x.lpId)).toEqual(["Z"]);
    expect(bestProvider([], "buy")).toBeNull();
  });
});

describe("quote validity (§4)", () => {
  it("is stale after 20 minutes", () => {
    const ts = 1_000_000;
    expect(isStale(ts, ts + 20 * 60_000)).toBe(false);
    expect(isStale(ts, ts + 20 * 60_000 + 1)).toBe(true);
    expect(isStale(Number.NaN, ts)).toBe(true);
  });
});
