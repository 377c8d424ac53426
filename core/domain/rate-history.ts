import Big from "big.js";
import { scaleLinear } from "d3-scale";

import { mexicoCity } from "./dates";

/**
 * Rate history and charts (decision 044): the ranges of 'Mercados', what a range's
 * figures are (last, change, high, low), and the axis ticks, in Mexico City time and es-MX numbers.
 * Pure: the server and the browser compute the same ticks, so a hydrated chart matches its HTML.
 */
export const RATE_RANGES = ["1D", "1S", "1M", "1A"] as const;
export type RateRange = (typeof RATE_RANGES)[number];
export const DEFAULT_RANGE: RateRange = "1D";

/** A range from a query parameter; anything else is the day. */
export function parseRange(value: string | null | undefined): RateRange {
  const upper = value?.trim().toUpperCase();
  return RATE_RANGES.find((range) => range === upper) ?? DEFAULT_RANGE;
}

export interface RatePoint {
  /** Epoch ms. */
  at: number;
  rate: number;
}

/** "USD/MXN" ⇄ "USDMXN", the pair's form in a URL. */
export function pairSlug(pair: string): string {
  return pair.replace("/", "").toUpperCase();
}

/** The catalogue's pair a URL names, or the first one (or null when there is none). */
export function pairFromSlug(slug: string | null | undefined, catalogue: readonly string[]): string | null {
  const wanted = slug?.trim().toUpperCase().replace("/", "");
  return catalogue.find((pair) => pairSlug(pair) === wanted) ?? catalogue[0] ?? null;
}

/**
 * A daily range's series: its closes, then today's latest point (the intraday series' last), so
 * every range ends at the current price.
 */
export function withLatest(closes: readonly RatePoint[], latest: RatePoint | undefined): RatePoint[] {
  if (!latest) return [...closes];
  return [...closes.filter((point) => point.at < latest.at), latest];
}

/** Points ordered by time, finite and positive only, one per instant (the later answer wins). */
export function cleanSeries(points: readonly RatePoint[]): RatePoint[] {
  const byTime = new Map<number, RatePoint>();
  for (const point of points) {
    if (Number.isFinite(point.at) && Number.isFinite(point.rate) && point.rate > 0) byTime.set(point.at, point);
  }
  return [...byTime.values()].sort((a, b) => a.at - b.at);
}

export interface RangeFigures {
  first: RatePoint;
  last: RatePoint;
  /** last − first, 6 decimals. */
  change: number;
  /** change / first × 100, 2 decimals. */
  changePercent: number;
  high: RatePoint;
  low: RatePoint;
}

/** Last price, change, change % and the range's high and low (decimal arithmetic); null when empty. */
export function rangeFigures(points: readonly RatePoint[]): RangeFigures | null {
  if (points.length === 0) return null;
  const first = points[0];
  const last = points[points.length - 1];
  let high = first;
  let low = first;
  for (const point of points) {
    if (point.rate > high.rate) high = point;
    if (point.rate < low.rate) low = point;
  }
  const change = new Big(last.rate).minus(first.rate);
  return {
    first,
    last,
    change: Number(change.round(6, Big.roundHalfUp)),
    changePercent: Number(change.div(first.rate).times(100).round(2, Big.roundHalfUp)),
    high,
    low,
  };
}

/**
 * A live tick into a series whose points are `stepMs` apart (5 minutes for the day, a day for
 * longer ranges): the last point moves with the ticks until a step has passed since the one
 * before it, then the tick starts a new point. Older ticks are ignored; past `maxPoints` the
 * oldest points drop.
 */
export function mergeTick(points: readonly RatePoint[], tick: RatePoint, stepMs: number, maxPoints = 2_000): RatePoint[] {
  const last = points[points.length - 1];
  if (!last) return [tick];
  if (tick.at <= last.at) return points as RatePoint[];
  const before = points[points.length - 2];
  const next = before && tick.at - before.at < stepMs ? [...points.slice(0, -1), tick] : [...points, tick];
  return next.length > maxPoints ? next.slice(next.length - maxPoints) : next;
}

/** Time between a range's points: 5 minutes for the day, a day otherwise. */
export function stepOf(range: RateRange): number {
  return range === "1D" ? 5 * 60_000 : 86_400_000;
}

/** The mid of the best buy and sell prices of a tick, 6 decimals; null without both. */
export function midRate(buy: number | null | undefined, sell: number | null | undefined): number | null {
  if (!buy || !sell || !Number.isFinite(buy) || !Number.isFinite(sell)) return null;
  return Number(new Big(buy).plus(sell).div(2).round(6, Big.roundHalfUp));
}

// ---- Axes ----------------------------------------------------------------------------------

export interface Tick {
  value: number;
  label: string;
}

/**
 * Time ticks at Mexico City's round instants: every 3 hours for the day (every hour while the day's
 * series spans less than 8 hours, early in the morning), each day for the week, each Monday for the
 * month, the first of each month for the year (every other month on a phone).
 */
export function timeTicks(from: number, to: number, range: RateRange, maxTicks = 8): Tick[] {
  if (!(to > from)) return [];
  const unit = range === "1D" ? "hour" : range === "1A" ? "month" : "day";
  const hours = to - from < 8 * 3_600_000 ? 1 : 3;
  let cursor = mexicoCity(from).startOf(unit);
  const candidates: number[] = [];
  for (let guard = 0; cursor.valueOf() <= to && guard < 800; guard++) {
    const at = cursor.valueOf();
    const keep =
      range === "1D"
        ? cursor.hour() % hours === 0
        : range === "1M"
          ? cursor.day() === 1
          : range === "1S"
            ? cursor.day() !== 0 && cursor.day() !== 6
            : true;
    if (at >= from && keep) candidates.push(at);
    // Add in Mexico City's wall clock, then re-anchor: a step never drifts across an offset change.
    cursor = mexicoCity(cursor.add(1, unit).valueOf()).startOf(unit);
  }
  const every = Math.max(1, Math.ceil(candidates.length / maxTicks));
  return candidates.filter((_, i) => i % every === 0).map((value) => ({ value, label: timeLabel(value, range) }));
}

/**
 * Whether a range's chart spaces its points by trading session rather than by time: the week and
 * the month, where a weekend between two daily closes would otherwise be drawn as a long slide
 * that reads as a trend. The day has no such gap and on the year a weekend is a hair.
 */
export function spacedBySession(range: RateRange): boolean {
  return range === "1S" || range === "1M";
}

/**
 * Time ticks for a chart spaced by session, placed on the points themselves: the first point, then
 * each day's last point (the week) or each week's first session (the month), so the range's start is
 * always labelled. A week's start closer than two sessions to the label before it is skipped (the labels
 * would touch); past `maxTicks` every other one goes, the first staying.
 */
export function sessionTicks(points: readonly RatePoint[], range: RateRange, maxTicks = 8): Tick[] {
  const minGap = range === "1S" ? 1 : 2;
  // The week's key is its Monday (weeks start on Monday, in Mexico City).
  const keyOf = (at: number) => {
    const when = mexicoCity(at);
    return (range === "1S" ? when : when.subtract((when.day() + 6) % 7, "day")).format("YYYY-MM-DD");
  };
  const picked: Array<{ index: number; at: number }> = [];
  let previousKey = "";
  points.forEach((point, index) => {
    const key = keyOf(point.at);
    if (key === previousKey) {
      // A day with a close and the latest price: its label sits on the latest, at the right edge.
      if (range === "1S" && picked.length > 1) picked[picked.length - 1] = { index, at: point.at };
      return;
    }
    previousKey = key;
    const last = picked[picked.length - 1];
    if (!last || index - last.index >= minGap) picked.push({ index, at: point.at });
  });
  const every = Math.max(1, Math.ceil(picked.length / maxTicks));
  return picked.filter((_, i) => i % every === 0).map(({ at }) => ({ value: at, label: timeLabel(at, range) }));
}

/**
 * Whether a time label still shows on a phone, where only about four fit: all of up to four;
 * otherwise the first, the last and every other one between, never the one just before the last.
 */
export function phoneShowsTick(index: number, count: number): boolean {
  if (count <= 4 || index === 0 || index === count - 1) return true;
  return index % 2 === 0 && index < count - 2;
}

/** An axis or table time in Mexico City: "09:00", "lun 23", "23 nov", "nov 2026". */
export function timeLabel(at: number, range: RateRange): string {
  const when = mexicoCity(at);
  switch (range) {
    case "1D":
      return when.format("HH:mm");
    case "1S":
      return when.format("ddd D").replace(".", "");
    case "1M":
      return when.format("D MMM").replace(".", "");
    case "1A":
      return when.format("MMM YYYY").replace(".", "");
  }
}

/** A table row's time: the hour for the day, the full date otherwise. */
export function pointLabel(at: number, range: RateRange): string {
  const when = mexicoCity(at);
  return range === "1D" ? when.format("HH:mm") : when.format("D [de] MMMM [de] YYYY");
}

/** A tick's label has 0 to 6 decimals: one formatter for each, made once. */
const tickFormats = Array.from(
  { length: 7 },
  // eslint-disable-next-line no-restricted-syntax -- called seven times, when the module loads
  (_, decimals) => new Intl.NumberFormat("es-MX", { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
);

/** Rate ticks: round numbers across the domain (d3's nice steps), labelled in es-MX with the step's decimals. */
export function rateTicks(min: number, max: number, count = 5): { domain: [number, number]; ticks: Tick[] } {
  const pad = max > min ? 0 : Math.max(Math.abs(min) * 0.001, 0.000001);
  const scale = scaleLinear()
    .domain([min - pad, max + pad])
    .nice(count);
  const values = scale.ticks(count);
  const step = values.length > 1 ? values[1] - values[0] : 1;
  const decimals = Math.min(6, Math.max(0, -Math.floor(Math.log10(step) + 1e-9)));
  const format = tickFormats[decimals]!;
  const [low, high] = scale.domain();
  return { domain: [low, high], ticks: values.map((value) => ({ value, label: format.format(value) })) };
}

/**
 * The decimals of a pair's figures on the market chart (decision 141): 3 when the quote currency
 * is the yen (a rate near 150, where a millionth is noise), 6 otherwise (§9). Only the chart and
 * its figures use it; quotes, operations and receipts keep 6 for every pair.
 */
export function chartDecimals(pair: string): 3 | 6 {
  return pair.trim().toUpperCase().split("/")[1] === "JPY" ? 3 : 6;
}

const chartRateFormats = {
  3: new Intl.NumberFormat("es-MX", { minimumFractionDigits: 3, maximumFractionDigits: 3 }),
  6: new Intl.NumberFormat("es-MX", { minimumFractionDigits: 6, maximumFractionDigits: 6 }),
} as const;
const changeFormats = {
  3: new Intl.NumberFormat("es-MX", { minimumFractionDigits: 3, maximumFractionDigits: 3, signDisplay: "exceptZero" }),
  6: new Intl.NumberFormat("es-MX", { minimumFractionDigits: 6, maximumFractionDigits: 6, signDisplay: "exceptZero" }),
} as const;
const percentFormat = new Intl.NumberFormat("es-MX", { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: "exceptZero" });

/** A rate on the market chart, with its pair's decimals: "17.195800", "150.000" for USD/JPY. */
export function formatChartRate(rate: number, pair: string): string {
  return chartRateFormats[chartDecimals(pair)].format(rate);
}

/** A rate change with its sign and 6 decimals (3 for a yen pair): "+0.054321", "-0.100000", "0.000000", "+1.605". */
export function formatRateChange(change: number, pair?: string): string {
  return changeFormats[pair ? chartDecimals(pair) : 6].format(change);
}

/**
 * Which way a change reads on the market chart's figures: null when it shows as zero at the
 * pair's decimals, so "0.000" is never coloured as a fall.
 */
export function changeDirection(change: number, pair: string): "up" | "down" | null {
  const shown = Number(new Big(change).round(chartDecimals(pair), Big.roundHalfUp));
  return shown === 0 ? null : shown > 0 ? "up" : "down";
}

/** A change in percent with its sign: "+0.32 %". */
export function formatPercentChange(percent: number): string {
  return `${percentFormat.format(percent)} %`;
}
