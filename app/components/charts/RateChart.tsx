import type { KeyboardEvent, PointerEvent } from "react";
import { useEffect, useId, useMemo, useState } from "react";

import type { RatePoint, RateRange } from "#core/domain/rate-history";
import {
  formatChartRate,
  phoneShowsTick,
  pointLabel,
  rangeFigures,
  sessionTicks,
  spacedBySession,
  stepOf,
  timeTicks,
} from "#core/domain/rate-history";
import { useTranslation } from "~/i18n";

import { chartGeometry, nearestIndex, PLOT_HEIGHT, PLOT_WIDTH } from "./geometry";
import { useLiveSeries } from "./use-live-series";

export interface RateChartProps {
  /** "USD/MXN". */
  pair: string;
  range: RateRange;
  /** In time order (epoch ms, rate). */
  points: readonly RatePoint[];
  /** The figure's caption: what the chart shows (visible). */
  caption: string;
  /** With JavaScript, follow the pair's live ticks (the route names the pair in `handle.livePair`). */
  follow?: boolean;
  /** The x axis starts here (e.g. Mexico City's midnight for the day); the first point otherwise. */
  from?: number;
  /**
   * Points drawn over the line (the portfolio's achieved rates over the market's closes), with the
   * legend naming the line and the marks. Their figures are the page's own table, not this chart's.
   */
  marks?: readonly RatePoint[];
  legend?: { line: string; marks: string };
}

/**
 * A rate over time as server-rendered SVG (decision 044), inside a figure with its caption and its
 * figures as a table for screen readers. Without JavaScript it is complete; with it, the line
 * follows the live ticks and the value under the pointer (or the arrow keys) is shown. The route
 * must include the `charts` namespace in its handle.
 */
const NO_MARKS: readonly RatePoint[] = [];

/**
 * A time label is centred on its tick, except near the plot's edges: there it starts (or ends) at
 * the tick, so it never hangs past the plot ('30 nov' at the right end of a month).
 */
const tickAnchor = (leftPercent: number) => (leftPercent < 6 ? "" : leftPercent > 94 ? "-translate-x-full" : "-translate-x-1/2");

export function RateChart({ pair, range, points, caption, follow = false, from, marks = NO_MARKS, legend }: RateChartProps) {
  const { t } = useTranslation("charts");
  const id = useId();
  const series = useLiveSeries(pair, points, stepOf(range), follow);
  const [active, setActive] = useState<number | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const to = series.length ? series[series.length - 1].at : undefined;
  // The portfolio's marks fall on calendar days, so its chart stays in time.
  const bySession = spacedBySession(range) && marks.length === 0;
  const geometry = useMemo(() => chartGeometry(series, from, to, marks, bySession), [series, from, to, marks, bySession]);
  const ticks = useMemo(() => {
    if (!geometry || to === undefined) return [];
    return bySession ? sessionTicks(series, range, 7) : timeTicks(from ?? series[0].at, to, range, 7);
  }, [geometry, bySession, from, to, range, series]);
  const figures = rangeFigures(series);
  const rangeName = t(`rangeName.${range}`);

  if (!geometry || !figures) {
    return (
      <figure className="flex flex-col gap-2">
        <figcaption className="font-semibold">{caption}</figcaption>
        <p className="rounded-md bg-slate-50 p-4 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">{t("empty")}</p>
      </figure>
    );
  }

  const shown = active !== null && active < series.length ? active : null;
  const summary = t("summary", {
    pair,
    range: rangeName,
    first: formatChartRate(figures.first.rate, pair),
    last: formatChartRate(figures.last.rate, pair),
    high: formatChartRate(figures.high.rate, pair),
    low: formatChartRate(figures.low.rate, pair),
  });
  const readout =
    shown === null ? null : t("pointer", { time: pointLabel(series[shown].at, range), rate: formatChartRate(series[shown].rate, pair) });
  const lastIndex = series.length - 1;
  const dot = shown ?? lastIndex;

  function onPointer(event: PointerEvent<SVGSVGElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || !geometry) return;
    setActive(nearestIndex(geometry.xs, ((event.clientX - box.left) / box.width) * PLOT_WIDTH));
  }

  function onKey(event: KeyboardEvent<SVGSVGElement>) {
    const current = shown ?? lastIndex;
    const moves: Record<string, number> = {
      ArrowLeft: Math.max(0, current - 1),
      ArrowRight: Math.min(lastIndex, current + 1),
      Home: 0,
      End: lastIndex,
    };
    if (event.key === "Escape") return setActive(null);
    if (!(event.key in moves)) return;
    event.preventDefault();
    setActive(moves[event.key]);
  }

  return (
    <figure className="flex min-w-0 flex-col gap-2" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="font-semibold">
        {caption}
      </figcaption>
      <p className="min-h-5 text-sm tabular-nums text-slate-600 dark:text-slate-300" aria-live="polite">
        {readout ?? ""}
      </p>
      <div className="grid grid-cols-[3.75rem_minmax(0,1fr)] gap-x-2">
        <div className="relative h-48 sm:h-72" aria-hidden="true">
          {geometry.rateTicks.map((tick) => (
            <span
              key={tick.value}
              className="absolute right-0 -translate-y-1/2 text-xs tabular-nums text-slate-500 dark:text-slate-400"
              style={{ top: `${tick.percent}%` }}
            >
              {tick.label}
            </span>
          ))}
        </div>
        <div className="relative h-48 sm:h-72">
          <svg
            viewBox={`0 0 ${PLOT_WIDTH} ${PLOT_HEIGHT}`}
            preserveAspectRatio="none"
            className="h-full w-full touch-pan-y overflow-visible rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            role="img"
            aria-label={summary}
            aria-describedby={hydrated ? `${id}-hint` : undefined}
            tabIndex={hydrated ? 0 : undefined}
            onPointerMove={onPointer}
            onPointerDown={onPointer}
            onPointerLeave={() => setActive(null)}
            onKeyDown={onKey}
            onBlur={() => setActive(null)}
          >
            {geometry.rateTicks.map((tick) => (
              <line
                key={tick.value}
                x1={0}
                x2={PLOT_WIDTH}
                y1={(tick.percent / 100) * PLOT_HEIGHT}
                y2={(tick.percent / 100) * PLOT_HEIGHT}
                className="stroke-slate-200 dark:stroke-slate-700"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            <path d={geometry.area} className="fill-brand-50 dark:fill-brand-900/40" />
            <path
              d={geometry.line}
              fill="none"
              className="stroke-brand-600 dark:stroke-brand-100"
              strokeWidth={2}
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
            {shown !== null ? (
              <line
                x1={geometry.xs[shown]}
                x2={geometry.xs[shown]}
                y1={0}
                y2={PLOT_HEIGHT}
                className="stroke-slate-400"
                strokeDasharray="4 4"
                vectorEffect="non-scaling-stroke"
              />
            ) : null}
          </svg>
          {marks.map((mark) => (
            <span
              key={mark.at}
              aria-hidden="true"
              className="pointer-events-none absolute h-2.5 w-2.5 -translate-x-1/2 -translate-y-1/2 rotate-45 bg-amber-500 ring-1 ring-white dark:ring-slate-900"
              style={{ left: `${(geometry.x(mark.at) / PLOT_WIDTH) * 100}%`, top: `${(geometry.y(mark.rate) / PLOT_HEIGHT) * 100}%` }}
            />
          ))}
          <span
            aria-hidden="true"
            className="pointer-events-none absolute h-2.5 w-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-brand-600 ring-2 ring-white dark:bg-brand-100 dark:ring-slate-900"
            style={{ left: `${(geometry.xs[dot] / PLOT_WIDTH) * 100}%`, top: `${(geometry.ys[dot] / PLOT_HEIGHT) * 100}%` }}
          />
        </div>
        <div />
        <div className="relative mt-1 h-5" aria-hidden="true">
          {ticks.map((tick, index) => {
            const left = (geometry.x(tick.value) / PLOT_WIDTH) * 100;
            return (
              <span
                key={tick.value}
                className={`absolute whitespace-nowrap text-xs text-slate-500 dark:text-slate-400 ${tickAnchor(left)} ${phoneShowsTick(index, ticks.length) ? "" : "max-sm:hidden"}`}
                style={{ left: `${left}%` }}
              >
                {tick.label}
              </span>
            );
          })}
        </div>
      </div>
      {legend ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
          <li className="flex items-center gap-2">
            <span aria-hidden="true" className="inline-block h-0.5 w-5 bg-brand-600 dark:bg-brand-100" />
            {legend.line}
          </li>
          <li className="flex items-center gap-2">
            <span aria-hidden="true" className="inline-block h-2.5 w-2.5 rotate-45 bg-amber-500" />
            {legend.marks}
          </li>
        </ul>
      ) : null}
      {hydrated ? (
        <p id={`${id}-hint`} className="sr-only">
          {t("keyboardHint")}
        </p>
      ) : null}
      {/* The wrapper, not the table, is visually hidden: a table is as tall as its rows whatever its height, and would lengthen the page. */}
      <div className="sr-only">
        <table>
          <caption>{t("table", { pair, range: rangeName })}</caption>
          <thead>
            <tr>
              <th scope="col">{range === "1D" ? t("time") : t("date")}</th>
              <th scope="col">{t("rate")}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((point) => (
              <tr key={point.at}>
                <th scope="row">{pointLabel(point.at, range)}</th>
                <td>{formatChartRate(point.rate, pair)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
