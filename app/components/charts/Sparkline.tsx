import { useMemo } from "react";

import type { RatePoint } from "#core/domain/rate-history";
import { rangeFigures, stepOf } from "#core/domain/rate-history";
import { formatRate } from "#core/money";
import { useTranslation } from "~/i18n";

import { chartGeometry, PLOT_HEIGHT, PLOT_WIDTH } from "./geometry";
import { useLiveSeries } from "./use-live-series";

export interface SparklineProps {
  /** "USD/MXN". */
  pair: string;
  /** The day's points (the 1D series), in time order. */
  points: readonly RatePoint[];
  /** With JavaScript, follow the pair's live ticks (only the page's `handle.livePair` is carried). */
  follow?: boolean;
  /** The x axis starts here (Mexico City's midnight); the first point otherwise. */
  from?: number;
  className?: string;
}

/**
 * A pair's day as a small line (decision 044): no axes, one image whose name says the figures
 * (open, last, high, low), so it reads without JavaScript and without sight. Green when the day
 * is up, red when down. The route must include the `charts` namespace in its handle.
 */
export function Sparkline({ pair, points, follow = false, from, className = "h-8 w-28" }: SparklineProps) {
  const { t } = useTranslation("charts");
  const series = useLiveSeries(pair, points, stepOf("1D"), follow);
  const to = series.length ? series[series.length - 1].at : undefined;
  const geometry = useMemo(() => chartGeometry(series, from, to), [series, from, to]);
  const figures = rangeFigures(series);
  if (!geometry || !figures) {
    return (
      <span role="img" aria-label={t("sparklineEmpty", { pair })} className={`inline-block ${className}`}>
        –
      </span>
    );
  }
  const label = t("sparkline", {
    pair,
    first: formatRate(figures.first.rate),
    last: formatRate(figures.last.rate),
    high: formatRate(figures.high.rate),
    low: formatRate(figures.low.rate),
  });
  const tone = figures.change < 0 ? "stroke-failed" : "stroke-success";
  return (
    <svg viewBox={`0 0 ${PLOT_WIDTH} ${PLOT_HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={label} className={className}>
      <path d={geometry.line} fill="none" className={tone} strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
