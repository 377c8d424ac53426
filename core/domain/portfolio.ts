import { z } from "zod";

import texts from "../locales/es-MX/portfolio.json";
import { isCalendarDate } from "./calendar-date";
import { Big, rateString, roundAmount, roundRate } from "./decimal";
import type { OperationStatus } from "./operation-status";
import { msg } from "./validation";

/**
 * The portfolio ('briefcase' of SPEC §3 Filters: month, year, pair — USD/MXN by default —,
 * operation type — buy by default —, initial date): which days the filters mean, which operations
 * count, and the sums — volume per currency, number of operations, the rate achieved weighted by
 * amount, and the market's average over the same days. Pure: the loader and the export feed it
 * the upstream's operations and the market's daily closes (docs/decisions/046-portfolio.md).
 */
export const PORTFOLIO_PATH = "/portafolio";
export const DEFAULT_PAIR = "USD/MXN";
/** How many years back the year filter offers (the current one included). */
export const PORTFOLIO_YEARS = 5;

/** URL value → operation kind; transfers have no rate, so they are not part of a portfolio. */
export const PORTFOLIO_TYPES = { compra: "buy", venta: "sell" } as const;
export type PortfolioTypeParam = keyof typeof PORTFOLIO_TYPES;
export type PortfolioKind = (typeof PORTFOLIO_TYPES)[PortfolioTypeParam];

/** "todos" is the whole year; "1".."12" a month. */
export const WHOLE_YEAR = "todos";
export const MONTH_PARAMS = [WHOLE_YEAR, "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"] as const;
export type MonthParam = (typeof MONTH_PARAMS)[number];

/**
 * Operations whose rate was agreed with the bank: 'Pactada' and 'Enviada' of §4 v2. Voided,
 * cancelled, returned and not-yet-confirmed operations bought or sold nothing.
 */
export const COUNTED_STATUSES: readonly OperationStatus[] = [
  "applying",
  "fixApplying",
  "applied",
  "appliedNoReceipt",
  "fixappliedNoReceipt",
];

// Who may open it, apart so a page's link to it does not bring zod (decision 065).
export { canOpenPortfolio } from "./portfolio-access";

const option = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { errorMap: () => ({ message: msg.invalidOption }) });

const pad = (value: number) => String(value).padStart(2, "0");

function lastDayOfMonth(year: number, month: number): string {
  return `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
}

/** The years the filter offers, newest first. */
export function portfolioYears(today: string): number[] {
  const current = Number(today.slice(0, 4));
  return Array.from({ length: PORTFOLIO_YEARS }, (_, index) => current - index);
}

/**
 * The portfolio's filters as the URL carries them (a GET form), one schema for the browser and the
 * loader. `today` is Mexico City's date: it gives the defaults (this month, this year) and the limits.
 */
export function portfolioFiltersSchema(today: string) {
  const years = portfolioYears(today);
  return z
    .object({
      mes: option(MONTH_PARAMS).default(String(Number(today.slice(5, 7))) as MonthParam),
      anio: z.coerce
        .number({ invalid_type_error: msg.invalidOption })
        .int(msg.invalidOption)
        .refine((year) => years.includes(year), msg.invalidOption)
        .default(years[0]),
      par: z
        .string()
        .trim()
        .regex(/^[A-Z]{3}\/[A-Z]{3}$/, msg.invalidOption)
        .default(DEFAULT_PAIR),
      tipo: option(Object.keys(PORTFOLIO_TYPES) as [PortfolioTypeParam, ...PortfolioTypeParam[]]).default("compra"),
      desde: z.string().trim().max(10).optional(),
    })
    .superRefine((value, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      if (!years.includes(value.anio)) return;
      const bounds = periodBounds(value.anio, value.mes);
      if (bounds.start > today) {
        issue("mes", texts.filters.future);
        return;
      }
      if (value.desde === undefined || value.desde === "") return;
      if (!isCalendarDate(value.desde)) issue("desde", texts.filters.invalidDate);
      else if (value.desde < bounds.start || value.desde > bounds.end || value.desde > today) issue("desde", texts.filters.fromOutside);
    });
}

export type PortfolioFilters = z.output<ReturnType<typeof portfolioFiltersSchema>>;

/** The filters of a URL without any: this month of this year, USD/MXN, buy. */
export function defaultPortfolioFilters(today: string): PortfolioFilters {
  return portfolioFiltersSchema(today).parse({});
}

/**
 * A month the filter does not offer ('?mes=13' from a typed or old link) is taken out of the URL's
 * filters: the page then shows the default month, and says which month it was asked for, instead of
 * an error on a select that shows a valid month. A month that does not exist yet ('Ese periodo aún
 * no comienza') stays an error: the person chose it.
 */
export function withoutUnknownMonth(params: URLSearchParams): { params: URLSearchParams; unknownMonth: string | null } {
  const month = params.get("mes")?.trim() ?? "";
  if (month === "" || (MONTH_PARAMS as readonly string[]).includes(month)) return { params, unknownMonth: null };
  const kept = new URLSearchParams(params);
  kept.delete("mes");
  return { params: kept, unknownMonth: month };
}

/** The first and last day of the chosen month, or of the year. */
function periodBounds(year: number, month: MonthParam): { start: string; end: string } {
  if (month === WHOLE_YEAR) return { start: `${year}-01-01`, end: `${year}-12-31` };
  const number = Number(month);
  return { start: `${year}-${pad(number)}-01`, end: lastDayOfMonth(year, number) };
}

export interface PortfolioPeriod {
  /** Days of the figures, inclusive ("YYYY-MM-DD", Mexico City). */
  from: string;
  to: string;
  /** Days of the monthly chart: the year of the filters, up to today. */
  yearFrom: string;
  yearTo: string;
  /** "YYYY-MM" of every month of the year up to today, in order. */
  months: string[];
  kind: PortfolioKind;
  pair: string;
  base: string;
  quote: string;
}

/**
 * The days the filters mean: the month (or the year), from the initial date when there is one,
 * never past today. The monthly chart always covers the whole year up to today, so the period
 * can be read against the months around it.
 */
export function selectPeriod(filters: PortfolioFilters, today: string): PortfolioPeriod {
  const bounds = periodBounds(filters.anio, filters.mes);
  const from = filters.desde && filters.desde > bounds.start ? filters.desde : bounds.start;
  const to = bounds.end < today ? bounds.end : today;
  const yearTo = `${filters.anio}-12-31` < today ? `${filters.anio}-12-31` : today;
  const lastMonth = Number(yearTo.slice(5, 7));
  const [base, quote] = filters.par.split("/");
  return {
    from,
    to,
    yearFrom: `${filters.anio}-01-01`,
    yearTo,
    months: Array.from({ length: lastMonth }, (_, index) => `${filters.anio}-${pad(index + 1)}`),
    kind: PORTFOLIO_TYPES[filters.tipo],
    pair: filters.par,
    base,
    quote,
  };
}

/** One agreed operation as the portfolio reads it. Amounts and rates as the upstream gave them. */
export interface PortfolioOperation {
  id: string;
  /** Mexico City day it was made ("YYYY-MM-DD"). */
  day: string;
  /** Amount in the pair's base currency ('Monto'). */
  baseAmount: number | string;
  /** Amount in the pair's quote currency ('Total'). */
  quoteAmount: number | string;
  /** The agreed rate (6 decimals). */
  rate: number | string;
}

/** The market's close of one day ("YYYY-MM-DD", Mexico City). */
export interface MarketClose {
  date: string;
  close: number | string;
}

export interface DayFigures {
  date: string;
  count: number;
  baseVolume: string;
  quoteVolume: string;
  /** Weighted by amount, 6 decimals. */
  averageRate: string;
  /** The market's close that day; null when there is none (a holiday, today before the close). */
  marketClose: string | null;
}

export interface MonthFigures {
  /** "YYYY-MM". */
  month: string;
  count: number;
  baseVolume: string;
  quoteVolume: string;
  averageRate: string | null;
  /** The month overlaps the period of the figures. */
  inPeriod: boolean;
}

export interface MarketComparison {
  /** The market's closes of the days operated, weighted by the base amount of each day. */
  marketRate: string;
  /** The rate achieved on those same days (all of them unless some had no close). */
  achievedRate: string;
  /** achieved − market, 6 decimals. */
  difference: string;
  /** difference ÷ market × 100, 2 decimals. */
  differencePercent: string;
  /** Buying below the market or selling above it; null when equal. */
  favourable: boolean | null;
  daysCompared: number;
  daysWithoutClose: number;
}

export interface PortfolioFigures {
  count: number;
  baseVolume: string;
  quoteVolume: string;
  averageRate: string | null;
  /** Null when the market's closes could not be read, or nothing was operated. */
  market: MarketComparison | null;
  days: DayFigures[];
  months: MonthFigures[];
  /** The market's closes within the period, oldest first: the chart's line. */
  marketLine: Array<{ date: string; close: string }>;
}

const ZERO = new Big(0);
const big = (value: number | string) => new Big(String(value));

interface Sums {
  count: number;
  base: Big;
  quote: Big;
  /** Σ rate × base amount. */
  weighted: Big;
}

function sum(operations: readonly PortfolioOperation[]): Sums {
  return operations.reduce<Sums>(
    (acc, operation) => {
      const base = big(operation.baseAmount);
      return {
        count: acc.count + 1,
        base: acc.base.plus(base),
        quote: acc.quote.plus(big(operation.quoteAmount)),
        weighted: acc.weighted.plus(base.times(big(operation.rate))),
      };
    },
    { count: 0, base: ZERO, quote: ZERO, weighted: ZERO },
  );
}

/** Σ rate × amount ÷ Σ amount, 6 decimals; null without amount. */
function weightedAverage(sums: Pick<Sums, "base" | "weighted">): Big | null {
  return sums.base.gt(0) ? roundRate(sums.weighted.div(sums.base)) : null;
}

const amount = (value: Big) => roundAmount(value).toFixed(2);

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/**
 * The market against what was achieved, over the days operated that have a close: each day's close
 * weighted by the base amount operated that day, against the operations of those days.
 */
export function compareWithMarket(
  operations: readonly PortfolioOperation[],
  closes: ReadonlyMap<string, Big>,
  kind: PortfolioKind,
): MarketComparison | null {
  const byDay = groupBy(operations, (operation) => operation.day);
  let marketWeighted = ZERO;
  const compared: PortfolioOperation[] = [];
  let daysCompared = 0;
  for (const [day, dayOperations] of byDay) {
    const close = closes.get(day);
    if (!close) continue;
    const sums = sum(dayOperations);
    marketWeighted = marketWeighted.plus(close.times(sums.base));
    compared.push(...dayOperations);
    daysCompared += 1;
  }
  const achieved = sum(compared);
  if (daysCompared === 0 || achieved.base.lte(0)) return null;
  const market = roundRate(marketWeighted.div(achieved.base));
  const achievedRate = weightedAverage(achieved) ?? ZERO;
  const difference = achievedRate.minus(market);
  const sign = difference.cmp(0);
  return {
    marketRate: rateString(market),
    achievedRate: rateString(achievedRate),
    difference: rateString(difference),
    differencePercent: market.gt(0) ? difference.div(market).times(100).round(2, 1).toFixed(2) : "0.00",
    favourable: sign === 0 ? null : kind === "buy" ? sign < 0 : sign > 0,
    daysCompared,
    daysWithoutClose: byDay.size - daysCompared,
  };
}

/** Whether the rate achieved is better than the market's for the company: buying below it, selling above it. */
export type MarketVerdict = "favourable" | "unfavourable" | "equal";

/**
 * The comparison as the summary says it, with figures that add up on screen: the difference is
 * measured from the rate of the compared days, so when a day operated has no close (a holiday, today
 * before the close) that rate is shown on its own, beside the period's average. The difference is
 * given as a size and a verdict, because a minus sign on a purchase is good news and reads as a loss.
 */
export interface ComparisonReading {
  /** The rate achieved on the compared days; null when it is the period's average (no day left out). */
  comparedRate: string | null;
  marketRate: string;
  /** |achieved − market|, 6 decimals. */
  gap: string;
  /** |achieved − market| ÷ market × 100, 2 decimals. */
  percent: string;
  verdict: MarketVerdict;
  daysWithoutClose: number;
}

export function readComparison(averageRate: string | null, market: MarketComparison): ComparisonReading {
  const leftOut = market.daysWithoutClose > 0 || averageRate === null || !big(averageRate).eq(big(market.achievedRate));
  return {
    comparedRate: leftOut ? market.achievedRate : null,
    marketRate: market.marketRate,
    gap: rateString(big(market.difference).abs()),
    percent: big(market.differencePercent).abs().toFixed(2),
    verdict: market.favourable === null ? "equal" : market.favourable ? "favourable" : "unfavourable",
    daysWithoutClose: market.daysWithoutClose,
  };
}

/**
 * The figures of the portfolio. `operations` are the agreed operations of the whole year of the
 * filters (for the monthly chart); the figures, the days and the comparison take those of the period.
 * `closes` is null when the market's history could not be read.
 */
export function aggregatePortfolio(
  operations: readonly PortfolioOperation[],
  period: PortfolioPeriod,
  closes: readonly MarketClose[] | null,
): PortfolioFigures {
  const inPeriod = operations.filter((operation) => operation.day >= period.from && operation.day <= period.to);
  const closeByDay = new Map<string, Big>();
  for (const close of closes ?? []) {
    const value = big(close.close);
    if (value.gt(0)) closeByDay.set(close.date, value);
  }
  const totals = sum(inPeriod);
  const average = weightedAverage(totals);

  const days = [...groupBy(inPeriod, (operation) => operation.day)]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, dayOperations]): DayFigures => {
      const sums = sum(dayOperations);
      const close = closeByDay.get(date);
      return {
        date,
        count: sums.count,
        baseVolume: amount(sums.base),
        quoteVolume: amount(sums.quote),
        averageRate: rateString(weightedAverage(sums) ?? ZERO),
        marketClose: close ? rateString(close) : null,
      };
    });

  const byMonth = groupBy(operations, (operation) => operation.day.slice(0, 7));
  const months = period.months.map((month): MonthFigures => {
    const sums = sum(byMonth.get(month) ?? []);
    const average = weightedAverage(sums);
    return {
      month,
      count: sums.count,
      baseVolume: amount(sums.base),
      quoteVolume: amount(sums.quote),
      averageRate: average ? rateString(average) : null,
      inPeriod: month >= period.from.slice(0, 7) && month <= period.to.slice(0, 7),
    };
  });

  return {
    count: totals.count,
    baseVolume: amount(totals.base),
    quoteVolume: amount(totals.quote),
    averageRate: average ? rateString(average) : null,
    market: closes ? compareWithMarket(inPeriod, closeByDay, period.kind) : null,
    days,
    months,
    marketLine: [...closeByDay]
      .filter(([date]) => date >= period.from && date <= period.to)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, close]) => ({ date, close: rateString(close) })),
  };
}
