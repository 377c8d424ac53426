import { scaleLinear } from "d3-scale";
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
}

export function chartGeometry(points: readonly RatePoint[], from?: number, to?: number): Geometry | null {
  if (points.length === 0) return null;
  let min = points[0].rate;
  let max = points[0].rate;
  for (const point of points) {
    if (point.rate < min) min = point.rate;
    if (point.rate > max) max = point.rate;
  }
  const { domain, ticks } = rateTicks(min, max);
  const start = from ?? points[0].at;
  const end = Math.max(to ?? points[points.length - 1].at, start + 1);
  const x = scaleLinear().domain([start, end]).range([0, PLOT_WIDTH]);
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
