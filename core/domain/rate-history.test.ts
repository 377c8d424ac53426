import { describe, expect, it } from "vitest";

import {
  changeDirection,
  chartDecimals,
  cleanSeries,
  formatChartRate,
  formatPercentChange,
  formatRateChange,
  mergeTick,
  midRate,
  pairFromSlug,
  pairSlug,
  parseRange,
  phoneShowsTick,
  pointLabel,
  rangeFigures,
  rateTicks,
  sessionTicks,
  spacedBySession,
  stepOf,
  timeLabel,
  timeTicks,
  withLatest,
} from "./rate-history";

const at = (iso: string) => Date.parse(iso);

describe("ranges and pairs in the URL", () => {
  it("reads a range, defaulting to the day", () => {
    expect(parseRange("1a")).toBe("1A");
    expect(parseRange("1S")).toBe("1S");
    expect(parseRange("5A")).toBe("1D");
    expect(parseRange(null)).toBe("1D");
  });

  it("names a pair without its slash and finds it in the catalogue", () => {
    const catalogue = ["USD/MXN", "EUR/MXN"];
    expect(pairSlug("EUR/MXN")).toBe("EURMXN");
    expect(pairFromSlug("eurmxn", catalogue)).toBe("EUR/MXN");
    expect(pairFromSlug("EUR/MXN", catalogue)).toBe("EUR/MXN");
    expect(pairFromSlug("GBPMXN", catalogue)).toBe("USD/MXN");
    expect(pairFromSlug(null, [])).toBeNull();
  });
});

describe("a range's figures", () => {
  const points = [
    { at: 1, rate: 17.2 },
    { at: 2, rate: 17.35 },
    { at: 3, rate: 17.1 },
    { at: 4, rate: 17.254321 },
  ];

  it("gives the last price, the change and its percent, the high and the low", () => {
    expect(rangeFigures(points)).toEqual({
      first: points[0],
      last: points[3],
      change: 0.054321,
      changePercent: 0.32,
      high: points[1],
      low: points[2],
    });
  });

  it("computes the change in decimals, not binary floats", () => {
    expect(
      rangeFigures([
        { at: 1, rate: 0.1 },
        { at: 2, rate: 0.3 },
      ])?.change,
    ).toBe(0.2);
    expect(
      rangeFigures([
        { at: 1, rate: 20 },
        { at: 2, rate: 19.9 },
      ])?.changePercent,
    ).toBe(-0.5);
  });

  it("has none for an empty range", () => {
    expect(rangeFigures([])).toBeNull();
  });

  it("ends a daily range at the latest intraday point", () => {
    const closes = [
      { at: 1, rate: 17 },
      { at: 5, rate: 17.1 },
    ];
    expect(withLatest(closes, { at: 9, rate: 17.3 })).toEqual([...closes, { at: 9, rate: 17.3 }]);
    expect(withLatest(closes, { at: 5, rate: 17.3 })).toEqual([
      { at: 1, rate: 17 },
      { at: 5, rate: 17.3 },
    ]);
    expect(withLatest(closes, undefined)).toEqual(closes);
  });

  it("keeps a series ordered, finite, positive and one point per instant", () => {
    expect(
      cleanSeries([
        { at: 3, rate: 1 },
        { at: 1, rate: 2 },
        { at: 2, rate: Number.NaN },
        { at: 4, rate: 0 },
        { at: 3, rate: 1.5 },
      ]),
    ).toEqual([
      { at: 1, rate: 2 },
      { at: 3, rate: 1.5 },
    ]);
  });

  it("moves the last point with live ticks until a step has passed, then starts a new one", () => {
    const series = [
      { at: 0, rate: 1 },
      { at: 300, rate: 1.1 },
    ];
    expect(mergeTick(series, { at: 200, rate: 2 }, 300)).toBe(series);
    expect(mergeTick(series, { at: 450, rate: 1.2 }, 300)).toEqual([
      { at: 0, rate: 1 },
      { at: 300, rate: 1.1 },
      { at: 450, rate: 1.2 },
    ]);
    const moving = mergeTick(
      [
        { at: 0, rate: 1 },
        { at: 100, rate: 1.1 },
      ],
      { at: 250, rate: 1.3 },
      300,
    );
    expect(moving).toEqual([
      { at: 0, rate: 1 },
      { at: 250, rate: 1.3 },
    ]);
    expect(mergeTick([], { at: 5, rate: 1 }, 300)).toEqual([{ at: 5, rate: 1 }]);
    expect(mergeTick(series, { at: 900, rate: 1 }, 300, 2)).toEqual([
      { at: 300, rate: 1.1 },
      { at: 900, rate: 1 },
    ]);
    expect(stepOf("1D")).toBe(300_000);
    expect(stepOf("1A")).toBe(86_400_000);
  });

  it("takes the mid of a tick's best prices with 6 decimals", () => {
    expect(midRate(17.2001, 17.2302)).toBe(17.21515);
    expect(midRate(1.0812345, 1.0812346)).toBe(1.081235);
    expect(midRate(null, 17)).toBeNull();
  });
});

describe("axis ticks (es-MX, Mexico City)", () => {
  it("puts the day's ticks every 3 hours of Mexico City's clock", () => {
    const ticks = timeTicks(at("2026-11-25T06:00:00Z"), at("2026-11-25T18:07:00Z"), "1D");
    expect(ticks.map((tick) => tick.label)).toEqual(["00:00", "03:00", "06:00", "09:00", "12:00"]);
    expect(ticks[0].value).toBe(at("2026-11-25T06:00:00Z"));
  });

  it("labels every hour while the day's series is short, so an early morning has more than two labels", () => {
    // 00:00 to 05:16 in Mexico City.
    const ticks = timeTicks(at("2026-11-30T06:00:00Z"), at("2026-11-30T11:16:00Z"), "1D");
    expect(ticks.map((tick) => tick.label)).toEqual(["00:00", "01:00", "02:00", "03:00", "04:00", "05:00"]);
  });

  it("puts weekdays on the week, Mondays on the month and months on the year", () => {
    const week = timeTicks(at("2026-11-18T23:00:00Z"), at("2026-11-25T18:00:00Z"), "1S");
    expect(week.map((tick) => tick.label)).toEqual(["jue 19", "vie 20", "lun 23", "mar 24", "mié 25"]);
    const month = timeTicks(at("2026-10-26T23:00:00Z"), at("2026-11-25T18:00:00Z"), "1M");
    expect(month.map((tick) => tick.label)).toEqual(["2 nov", "9 nov", "16 nov", "23 nov"]);
    const year = timeTicks(at("2025-11-25T23:00:00Z"), at("2026-11-25T18:00:00Z"), "1A", 6);
    expect(year).toHaveLength(6);
    expect(year[0].label).toBe("dic 2025");
  });

  it("labels table rows with the hour for the day and the date otherwise", () => {
    expect(pointLabel(at("2026-11-25T18:05:00Z"), "1D")).toBe("12:05");
    expect(pointLabel(at("2026-11-24T23:00:00Z"), "1M")).toBe("24 de noviembre de 2026");
    expect(timeLabel(at("2026-03-02T18:00:00Z"), "1A")).toBe("mar 2026");
  });

  it("gives round rate ticks with es-MX separators and the step's decimals", () => {
    const { domain, ticks } = rateTicks(17.1234, 17.4567);
    expect(ticks.map((tick) => tick.label)).toEqual(["17.1", "17.2", "17.3", "17.4", "17.5"]);
    expect(domain).toEqual([17.1, 17.5]);
    expect(rateTicks(1500, 1620).ticks[0].label).toBe("1,500");
    expect(rateTicks(1.08, 1.08).ticks.length).toBeGreaterThan(1);
  });
});

describe("change texts", () => {
  it("sign the change with 6 decimals and the percent with 2", () => {
    expect(formatRateChange(0.054321)).toBe("+0.054321");
    expect(formatRateChange(-0.1)).toBe("-0.100000");
    expect(formatRateChange(0)).toBe("0.000000");
    expect(formatPercentChange(0.32)).toBe("+0.32 %");
    expect(formatPercentChange(-1234.5)).toBe("-1,234.50 %");
  });
});

describe("a pair's decimals on the market chart", () => {
  it("shows yen pairs with 3 decimals and every other pair with the 6 of §9", () => {
    expect(chartDecimals("USD/JPY")).toBe(3);
    expect(chartDecimals("eur/jpy")).toBe(3);
    expect(chartDecimals("USD/MXN")).toBe(6);
    expect(chartDecimals("JPY/MXN")).toBe(6);
    expect(formatChartRate(150, "USD/JPY")).toBe("150.000");
    expect(formatChartRate(150.671214, "USD/JPY")).toBe("150.671");
    expect(formatChartRate(17.1958, "USD/MXN")).toBe("17.195800");
    expect(formatChartRate(1234.5, "EUR/MXN")).toBe("1,234.500000");
  });

  it("signs a yen pair's change with 3 decimals", () => {
    expect(formatRateChange(1.604877, "USD/JPY")).toBe("+1.605");
    expect(formatRateChange(-0.0004, "USD/JPY")).toBe("0.000");
    expect(formatRateChange(1.604877, "USD/MXN")).toBe("+1.604877");
  });
});

describe("a change's direction on the market chart", () => {
  it("is none when the change shows as zero at the pair's decimals", () => {
    expect(changeDirection(-0.0004, "USD/JPY")).toBeNull();
    expect(changeDirection(-0.0004, "USD/MXN")).toBe("down");
    expect(changeDirection(1.604877, "USD/JPY")).toBe("up");
    expect(changeDirection(0, "USD/MXN")).toBeNull();
  });
});

describe("charts spaced by trading session", () => {
  // Daily closes at 17:00 in Mexico City (23:00Z), Monday 23 to Friday 27 November, then Monday 30's latest price.
  const closes = ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27"].map((day, i) => ({
    at: at(`${day}T23:00:00Z`),
    rate: 21 + i / 100,
  }));
  const week = [...closes, { at: at("2026-11-30T12:00:00Z"), rate: 20.8 }, { at: at("2026-11-30T15:00:00Z"), rate: 20.7 }];

  it("spaces the week and the month by session, the day and the year by time", () => {
    expect(["1D", "1S", "1M", "1A"].map((range) => spacedBySession(range as "1D"))).toEqual([false, true, true, false]);
  });

  it("labels every session of the week, the first one included", () => {
    expect(sessionTicks(week, "1S").map((tick) => tick.label)).toEqual(["lun 23", "mar 24", "mié 25", "jue 26", "vie 27", "lun 30"]);
    expect(sessionTicks(week, "1S")[0].value).toBe(week[0].at);
    // Monday's label sits on its latest point, the chart's right end.
    expect(sessionTicks(week, "1S").at(-1)?.value).toBe(week[6].at);
  });

  it("labels the month's first point and each week's first session, never two sessions apart or less", () => {
    const month = [
      { at: at("2026-10-30T23:00:00Z"), rate: 1 }, // Friday: the range's start
      { at: at("2026-11-02T23:00:00Z"), rate: 1 }, // Monday, one session later: skipped
      { at: at("2026-11-03T23:00:00Z"), rate: 1 },
      { at: at("2026-11-10T23:00:00Z"), rate: 1 }, // Tuesday: the week of the 9th had no Monday close
      { at: at("2026-11-11T23:00:00Z"), rate: 1 },
      { at: at("2026-11-16T23:00:00Z"), rate: 1 },
    ];
    expect(sessionTicks(month, "1M").map((tick) => tick.label)).toEqual(["30 oct", "10 nov", "16 nov"]);
  });

  it("keeps the first label when there are too many", () => {
    const ticks = sessionTicks(week, "1S", 3);
    expect(ticks.map((tick) => tick.label)).toEqual(["lun 23", "mié 25", "vie 27"]);
  });

  it("keeps the first and the last label on a phone", () => {
    const shown = (count: number) => Array.from({ length: count }, (_, i) => i).filter((i) => phoneShowsTick(i, count));
    expect(shown(4)).toEqual([0, 1, 2, 3]);
    expect(shown(5)).toEqual([0, 2, 4]);
    expect(shown(6)).toEqual([0, 2, 5]);
    expect(shown(7)).toEqual([0, 2, 4, 6]);
  });
});
