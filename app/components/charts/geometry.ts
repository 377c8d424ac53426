import { scaleBand, scaleLinear } from "d3-scale";
import { area, line } from "d3-shape";

import type { RatePoint, Tick } from "#core/domain/rate-history";
import { rateTicks } from "#core/domain/rate-history";

/**
 * The drawing of a rate series in a fixed box (decision 044): the SVG scales to its container
 * (`preserveAspectRatio="none"`) and every text sits in HTML around it, placed by percentages, so
 * the chart is as wide as the screen without shrinking its labels. Pure.
 */
export const PLOT_WIDTH = 1000;
export const PLOT_HEIGHT = 400;

export interface Placed extends Tick {
  /** Percent of the plot's width (x ticks) or height from the top (rate ticks). */
  percent: number;
}

export interface Geometry {
  line: string;
  area: string;
  rateTicks: Placed[];
  /** Points' positions in plot units, for the pointer. */
  xs: number[];
  ys: number[];
  x(at: number): number;
  y(rate: number): number;
}

/**
 * `marks`: points drawn over the line (e.g. the rates a company achieved); the scales make room for them.
 * `bySession`: the points stand equally apart, one trading session each, so a weekend or a holiday
 * is no long slide between two closes; any other instant sits between the points around it.
 */
export function chartGeometry(
  points: readonly RatePoint[],
  from?: number,
  to?: number,
  marks: readonly RatePoint[] = [],
  bySession = false,
): Geometry | null {
  if (points.length === 0) return null;
  let min = points[0].rate;
  let max = points[0].rate;
  let last = to ?? points[points.length - 1].at;
  for (const point of [...points, ...marks]) {
    if (point.rate < min) min = point.rate;
    if (point.rate > max) max = point.rate;
  }
  for (const mark of marks) if (mark.at > last) last = mark.at;
  const { domain, ticks } = rateTicks(min, max);
  const start = from ?? points[0].at;
  const end = Math.max(last, start + 1);
  const x =
    bySession && points.length > 1
      ? scaleLinear()
          .domain(points.map((point) => point.at))
          .range(points.map((_, index) => (index / (points.length - 1)) * PLOT_WIDTH))
      : scaleLinear().domain([start, end]).range([0, PLOT_WIDTH]);
  const y = scaleLinear().domain(domain).range([PLOT_HEIGHT, 0]);
  const path = line<RatePoint>()
    .x((point) => x(point.at))
    .y((point) => y(point.rate));
  const fill = area<RatePoint>()
    .x((point) => x(point.at))
    .y0(PLOT_HEIGHT)
    .y1((point) => y(point.rate));
  const single = points.length === 1 ? [points[0], { ...points[0], at: end }] : points;
  return {
    line: path(single as RatePoint[]) ?? "",
    area: fill(single as RatePoint[]) ?? "",
    rateTicks: ticks.map((tick) => ({ ...tick, percent: (y(tick.value) / PLOT_HEIGHT) * 100 })),
    xs: points.map((point) => x(point.at)),
    ys: points.map((point) => y(point.rate)),
    x: (at) => x(at),
    y: (rate) => y(rate),
  };
}

/** The index of the point nearest to `px` (plot units) along x; the points are in time order. */
export function nearestIndex(xs: readonly number[], px: number): number {
  let low = 0;
  let high = xs.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (xs[mid] < px) low = mid + 1;
    else high = mid;
  }
  if (low > 0 && Math.abs(xs[low - 1] - px) <= Math.abs(xs[low] - px)) return low - 1;
  return low;
}

export interface Bar {
  /** Percent of the plot's width where the bar starts, and its width. */
  left: number;
  width: number;
  /** Percent of the plot's height the bar fills (0 for an empty month). */
  height: number;
}

/**
 * Bars for volumes (the portfolio's months, decision 046): one band per value, heights on a linear
 * scale from 0 to a rounded maximum, so the tallest bar is never cut and the axis reads in round
 * figures. Pure; volumes come as decimal text.
 */
export function volumeBars(volumes: readonly string[]): { bars: Bar[]; max: number } {
  const values = volumes.map((volume) => Math.max(0, Number(volume) || 0));
  const max = scaleLinear()
    .domain([0, Math.max(...values, 0) || 1])
    .nice()
    .domain()[1];
  const band = scaleBand<number>()
    .domain(values.map((_, index) => index))
    .range([0, 100])
    .paddingInner(0.25)
    .paddingOuter(0.125);
  const height = scaleLinear().domain([0, max]).range([0, 100]);
  return {
    bars: values.map((value, index) => ({ left: band(index) ?? 0, width: band.bandwidth(), height: height(value) })),
    max,
  };
}
