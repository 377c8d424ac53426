import { describe, expect, it } from "vitest";

import { bestProvider, isStale, providerPrice, rankProviders } from "./prices";

const p = (lpId: string, buy: number, sell: number, ts = 1) => ({ lpId, buy, sell, sig: `sig-${lpId}`, ts });
const providers = [p("A", 17.1, 17.3), p("B", 17.05, 17.35), p("C", 17.12, 17.25), p("D", 17.0, 17.4), p("E", 17.2, 17.28)];

describe("best provider for the client (decision 094)", () => {
  it("buying: the lowest Sell first (what the client pays), top 4 kept", () => {
    expect(rankProviders(providers, "buy").map((x) => x.lpId)).toEqual(["C", "E", "A", "B"]);
    expect(bestProvider(providers, "buy")?.lpId).toBe("C");
    expect(providerPrice(bestProvider(providers, "buy")!, "buy")).toBe(17.25);
  });

  it("selling: the highest Buy first (what the client receives), top 4 kept", () => {
    expect(rankProviders(providers, "sell").map((x) => x.lpId)).toEqual(["E", "C", "A", "B"]);
    expect(bestProvider(providers, "sell")?.lpId).toBe("E");
    expect(providerPrice(bestProvider(providers, "sell")!, "sell")).toBe(17.2);
  });

  it("decision 094's tick: buying USD/MXN, LP-JPM's 17.2022 beats LP-HSBC's 17.2128; selling, the highest bid wins", () => {
    const tick = [p("LP-HSBC", 17.1852, 17.2128), p("LP-JPM", 17.1801, 17.2022), p("LP-CITI", 17.1899, 17.2101)];
    expect(bestProvider(tick, "buy")?.lpId).toBe("LP-JPM");
    expect(bestProvider(tick, "sell")?.lpId).toBe("LP-CITI");
    expect(rankProviders(tick, "buy").map((x) => providerPrice(x, "buy"))).toEqual([17.2022, 17.2101, 17.2128]);
    expect(rankProviders(tick, "sell").map((x) => providerPrice(x, "sell"))).toEqual([17.1899, 17.1852, 17.1801]);
  });

  it("on equal prices: the later quote first (valid longer), then by id, whatever the order they came in", () => {
    const tied = [p("LP-B", 17.1, 17.2, 5), p("LP-A", 17.1, 17.2, 5), p("LP-C", 17.1, 17.2, 9)];
    expect(rankProviders(tied, "buy").map((x) => x.lpId)).toEqual(["LP-C", "LP-A", "LP-B"]);
    expect(rankProviders([...tied].reverse(), "buy").map((x) => x.lpId)).toEqual(["LP-C", "LP-A", "LP-B"]);
    expect(rankProviders(tied, "sell").map((x) => x.lpId)).toEqual(["LP-C", "LP-A", "LP-B"]);
  });

  it("leaves out quotes that cannot be given to a client: zero, negative, not finite, or crossed", () => {
    const broken = [
      p("ZERO", 0, 17),
      p("NEG", -1, 17),
      p("NAN", Number.NaN, 17),
      p("INF", 17, Number.POSITIVE_INFINITY),
      // Bid above its own offer: ranked by the client's side it would lead both lists.
      p("CROSSED", 17.5, 16.9),
      p("OK", 17, 17.1),
      p("LOCKED", 17.05, 17.05),
    ];
    expect(rankProviders(broken, "buy").map((x) => x.lpId)).toEqual(["LOCKED", "OK"]);
    expect(rankProviders(broken, "sell").map((x) => x.lpId)).toEqual(["LOCKED", "OK"]);
    expect(bestProvider([], "buy")).toBeNull();
    expect(bestProvider([p("CROSSED", 17.5, 16.9)], "sell")).toBeNull();
  });

  it("does not reorder the caller's list", () => {
    const list = [...providers];
    rankProviders(list, "buy");
    expect(list.map((x) => x.lpId)).toEqual(["A", "B", "C", "D", "E"]);
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
