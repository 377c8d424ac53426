import { describe, expect, it } from "vitest";

import { Big } from "./decimal";
import type { PortfolioFilters, PortfolioOperation } from "./portfolio";
import {
  aggregatePortfolio,
  canOpenPortfolio,
  compareWithMarket,
  portfolioFiltersSchema,
  readComparison,
  selectPeriod,
  withoutUnknownMonth,
} from "./portfolio";

const TODAY = "2026-11-25";
const parse = (query: Record<string, string>) => portfolioFiltersSchema(TODAY).safeParse(query);
const filters = (query: Record<string, string> = {}): PortfolioFilters => {
  const result = parse(query);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
};
const op = (
  id: string,
  day: string,
  baseAmount: number | string,
  rate: number | string,
  quoteAmount?: number | string,
): PortfolioOperation => ({
  id,
  day,
  baseAmount,
  rate,
  quoteAmount: quoteAmount ?? new Big(String(baseAmount)).times(String(rate)).round(2, 1).toFixed(2),
});

describe("portfolio filters (§3 briefcase)", () => {
  it("defaults to this month of this year, USD/MXN and buy", () => {
    expect(filters()).toEqual({ mes: "11", anio: 2026, par: "USD/MXN", tipo: "compra" });
  });

  it("accepts the whole year, another pair, sell and an initial date inside the period", () => {
    expect(filters({ mes: "todos", anio: "2025", par: "EUR/MXN", tipo: "venta", desde: "2025-03-10" })).toEqual({
      mes: "todos",
      anio: 2025,
      par: "EUR/MXN",
      tipo: "venta",
      desde: "2025-03-10",
    });
  });

  it("refuses what a person could not have chosen, with the Spanish message, never a throw", () => {
    const messages = (query: Record<string, string>) => {
      const result = parse(query);
      return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    };
    expect(messages({ mes: "13" })).toEqual(["mes: Selecciona una opción válida"]);
    expect(messages({ anio: "1999" })).toEqual(["anio: Selecciona una opción válida"]);
    expect(messages({ anio: "2027" })).toEqual(["anio: Selecciona una opción válida"]);
    expect(messages({ anio: "dos mil" })).toEqual(["anio: Selecciona una opción válida"]);
    expect(messages({ par: "usd/mxn; drop" })).toEqual(["par: Selecciona una opción válida"]);
    expect(messages({ tipo: "transferencia" })).toEqual(["tipo: Selecciona una opción válida"]);
    expect(messages({ mes: "12" })).toEqual(["mes: Ese periodo aún no comienza"]);
    expect(messages({ desde: "2026-02-30" })).toEqual(["desde: Ingresa una fecha válida"]);
    expect(messages({ desde: "2026-10-31" })).toEqual(["desde: La fecha inicial debe estar dentro del periodo elegido"]);
    expect(messages({ desde: "2026-11-26" })).toEqual(["desde: La fecha inicial debe estar dentro del periodo elegido"]);
  });
});

describe("withoutUnknownMonth", () => {
  const read = (query: string) => {
    const { params, unknownMonth } = withoutUnknownMonth(new URLSearchParams(query));
    return { query: params.toString(), unknownMonth };
  };

  it("takes a month the filter does not offer out of the filters, and says which it was", () => {
    expect(read("mes=13&anio=2026&tipo=venta")).toEqual({ query: "anio=2026&tipo=venta", unknownMonth: "13" });
    expect(read("mes=enero")).toEqual({ query: "", unknownMonth: "enero" });
    // Without the month, the filters are the default month's, with no error.
    expect(parse(Object.fromEntries(withoutUnknownMonth(new URLSearchParams("mes=13")).params)).success).toBe(true);
  });

  it("leaves the months it offers, the whole year and no month at all as they are", () => {
    for (const query of ["mes=1", "mes=todos&anio=2025", "mes=12", "", "mes="]) {
      expect(read(query)).toEqual({ query: new URLSearchParams(query).toString(), unknownMonth: null });
    }
  });
});

describe("selectPeriod", () => {
  it("a past month is the whole month", () => {
    const period = selectPeriod(filters({ mes: "2", anio: "2024" }), TODAY);
    expect(period).toMatchObject({ from: "2024-02-01", to: "2024-02-29", kind: "buy", base: "USD", quote: "MXN" });
    expect(period.yearFrom).toBe("2024-01-01");
    expect(period.yearTo).toBe("2024-12-31");
    expect(period.months).toHaveLength(12);
  });

  it("this month ends today, and the year's months stop at this one", () => {
    const period = selectPeriod(filters(), TODAY);
    expect(period).toMatchObject({ from: "2026-11-01", to: "2026-11-25", yearTo: "2026-11-25" });
    expect(period.months.at(-1)).toBe("2026-11");
    expect(period.months).toHaveLength(11);
  });

  it("the initial date moves the start; the whole year runs to its end", () => {
    expect(selectPeriod(filters({ mes: "todos", anio: "2025", desde: "2025-06-15", tipo: "venta" }), TODAY)).toMatchObject({
      from: "2025-06-15",
      to: "2025-12-31",
      kind: "sell",
    });
    expect(selectPeriod(filters({ desde: "2026-11-01" }), TODAY).from).toBe("2026-11-01");
  });
});

describe("aggregatePortfolio", () => {
  const period = selectPeriod(filters({ mes: "10", anio: "2026" }), TODAY);
  const operations = [
    op("1", "2026-10-05", "1000.00", "17.000000"),
    op("2", "2026-10-05", "3000.00", "17.200000"),
    op("3", "2026-10-20", "0.10", "17.100001"),
    op("4", "2026-09-30", "500.00", "16.900000"),
    op("5", "2026-11-02", "250.00", "17.300000"),
  ];

  it("sums the period's volume per currency and counts its operations", () => {
    const figures = aggregatePortfolio(operations, period, null);
    expect(figures.count).toBe(3);
    expect(figures.baseVolume).toBe("4000.10");
    // 17,000.00 + 51,600.00 + 1.71
    expect(figures.quoteVolume).toBe("68601.71");
  });

  it("weights the rate by amount, with decimals rather than floats", () => {
    const figures = aggregatePortfolio(operations, period, null);
    // (1000 × 17 + 3000 × 17.2 + 0.1 × 17.100001) / 4000.1 = 68601.7100001 / 4000.1
    expect(figures.averageRate).toBe(new Big("68601.7100001").div("4000.1").round(6, 1).toFixed(6));
    expect(figures.averageRate).toBe("17.149999");
    expect(figures.days).toEqual([
      { date: "2026-10-05", count: 2, baseVolume: "4000.00", quoteVolume: "68600.00", averageRate: "17.150000", marketClose: null },
      { date: "2026-10-20", count: 1, baseVolume: "0.10", quoteVolume: "1.71", averageRate: "17.100001", marketClose: null },
    ]);
  });

  it("gives each month of the year its volume, marking those of the period", () => {
    const months = aggregatePortfolio(operations, period, null).months;
    expect(months).toHaveLength(11);
    expect(months[8]).toEqual({
      month: "2026-09",
      count: 1,
      baseVolume: "500.00",
      quoteVolume: "8450.00",
      averageRate: "16.900000",
      inPeriod: false,
    });
    expect(months[9]).toMatchObject({ month: "2026-10", count: 3, baseVolume: "4000.10", inPeriod: true });
    expect(months[10]).toMatchObject({ month: "2026-11", count: 1, inPeriod: false });
    expect(months[0]).toEqual({ month: "2026-01", count: 0, baseVolume: "0.00", quoteVolume: "0.00", averageRate: null, inPeriod: false });
  });

  it("an empty period has no average and no comparison", () => {
    const figures = aggregatePortfolio([], period, [{ date: "2026-10-05", close: 17 }]);
    expect(figures).toMatchObject({ count: 0, baseVolume: "0.00", quoteVolume: "0.00", averageRate: null, market: null, days: [] });
  });

  it("compares against the market's closes of the same days, weighted by what was operated each day", () => {
    const closes = [
      { date: "2026-10-02", close: 16.5 },
      { date: "2026-10-05", close: "17.100000" },
      { date: "2026-10-20", close: 17.3 },
      { date: "2026-11-02", close: 18 },
    ];
    const figures = aggregatePortfolio(operations, period, closes);
    // (17.1 × 4000 + 17.3 × 0.1) / 4000.1
    const market = new Big("17.1").times(4000).plus(new Big("17.3").times("0.1")).div("4000.1").round(6, 1);
    expect(figures.market).toEqual({
      marketRate: market.toFixed(6),
      achievedRate: "17.149999",
      difference: new Big("17.149999").minus(market).toFixed(6),
      differencePercent: new Big("17.149999").minus(market).div(market).times(100).round(2, 1).toFixed(2),
      favourable: false,
      daysCompared: 2,
      daysWithoutClose: 0,
    });
    expect(figures.days.map((day) => day.marketClose)).toEqual(["17.100000", "17.300000"]);
    // The line is the market's closes inside the period, whether or not anyone operated.
    expect(figures.marketLine).toEqual([
      { date: "2026-10-02", close: "16.500000" },
      { date: "2026-10-05", close: "17.100000" },
      { date: "2026-10-20", close: "17.300000" },
    ]);
  });

  it("leaves the days without a close out of both sides of the comparison", () => {
    const closes = new Map([["2026-10-05", new Big("17.3")]]);
    const comparison = compareWithMarket(operations.slice(0, 3), closes, "buy");
    expect(comparison).toMatchObject({ marketRate: "17.300000", achievedRate: "17.150000", daysCompared: 1, daysWithoutClose: 1 });
    expect(comparison?.difference).toBe("-0.150000");
    expect(comparison?.differencePercent).toBe("-0.87");
    expect(comparison?.favourable).toBe(true);
    expect(compareWithMarket(operations.slice(0, 3), new Map(), "buy")).toBeNull();
  });

  it("selling above the market is in the company's favour, equal is neither", () => {
    const closes = new Map([["2026-10-05", new Big("17")]]);
    expect(compareWithMarket([op("1", "2026-10-05", 10, 17.5)], closes, "sell")?.favourable).toBe(true);
    expect(compareWithMarket([op("1", "2026-10-05", 10, 16.5)], closes, "sell")?.favourable).toBe(false);
    expect(compareWithMarket([op("1", "2026-10-05", 10, 17)], closes, "sell")?.favourable).toBeNull();
  });
});

describe("readComparison: what the summary says of the market", () => {
  const period = selectPeriod(filters({ mes: "11" }), TODAY);
  /** The figures a person reads: the rate the difference starts from, minus the market's, is the difference shown. */
  const addsUp = (averageRate: string | null, reading: ReturnType<typeof readComparison>) => {
    const achieved = new Big(reading.comparedRate ?? averageRate ?? "0");
    return achieved.minus(reading.marketRate).abs().toFixed(6) === reading.gap;
  };

  it("shows the compared days' rate when a day operated has no close, so the figures on screen add up", () => {
    // A Monday with a close and today, before the close: the period's average covers both days, the market one.
    const operations = [op("1", "2026-11-24", 10_000, "17.292518"), op("2", "2026-11-25", 5_875, "17.279610")];
    const figures = aggregatePortfolio(operations, period, [{ date: "2026-11-24", close: "17.360198" }]);
    const market = figures.market;
    if (!market) throw new Error("no comparison");
    const reading = readComparison(figures.averageRate, market);
    expect(reading).toEqual({
      comparedRate: "17.292518",
      marketRate: "17.360198",
      gap: "0.067680",
      percent: "0.39",
      verdict: "favourable",
      daysWithoutClose: 1,
    });
    expect(figures.averageRate).not.toBe(reading.comparedRate);
    expect(addsUp(figures.averageRate, reading)).toBe(true);
  });

  it("needs no second rate when every day had a close", () => {
    const operations = [op("1", "2026-11-24", 100, 17.5), op("2", "2026-11-25", 100, 17.7)];
    const figures = aggregatePortfolio(operations, period, [
      { date: "2026-11-24", close: 17.4 },
      { date: "2026-11-25", close: 17.4 },
    ]);
    if (!figures.market) throw new Error("no comparison");
    const reading = readComparison(figures.averageRate, figures.market);
    expect(reading).toMatchObject({ comparedRate: null, gap: "0.200000", percent: "1.15", verdict: "unfavourable", daysWithoutClose: 0 });
    expect(addsUp(figures.averageRate, reading)).toBe(true);
  });

  it("says the verdict in words and the size without a sign: a sale above the market, a rate equal to it", () => {
    const closes = new Map([["2026-11-24", new Big("17")]]);
    const sold = compareWithMarket([op("1", "2026-11-24", 10, "17.5")], closes, "sell");
    const equal = compareWithMarket([op("1", "2026-11-24", 10, "17")], closes, "buy");
    if (!sold || !equal) throw new Error("no comparison");
    expect(readComparison("17.500000", sold)).toMatchObject({
      gap: "0.500000",
      percent: "2.94",
      verdict: "favourable",
      comparedRate: null,
    });
    expect(readComparison("17.000000", equal)).toMatchObject({ gap: "0.000000", percent: "0.00", verdict: "equal" });
  });
});

describe("who may open it", () => {
  it("is Pro only, like the market (§6)", () => {
    expect(canOpenPortfolio(2)).toBe(true);
    expect(canOpenPortfolio(1)).toBe(false);
    expect(canOpenPortfolio(undefined)).toBe(false);
  });
});
