import type { ReactNode } from "react";

import { volumeBars } from "./geometry";

export interface VolumeChartProps {
  /** One bar per item, in order: its label under the bar and its volume as decimal text. */
  items: { key: string; label: string; volume: string; highlighted?: boolean }[];
  caption: string;
  /** The axis' maximum as it should read (already formatted, with its currency). */
  formatMax: (max: number) => string;
  /** The figures as a table: what a screen reader reads instead of the bars. */
  children: ReactNode;
}

/**
 * Volumes as bars (the portfolio's months, decision 046): server-rendered, no JS needed. The bars are
 * a picture of the table that follows them inside the same figure, so they are hidden from
 * assistive technology and the table carries the figures; labels are HTML, placed by percent.
 * Every bar keeps 3:1 against the card in both themes (WCAG 1.4.11, decision 125): the highlighted
 * ones in the brand's blue, the others slate grey, which a light blue on white or a navy on the dark
 * card did not.
 */
export function VolumeChart({ items, caption, formatMax, children }: VolumeChartProps) {
  const { bars, max } = volumeBars(items.map((item) => item.volume));
  return (
    <figure className="flex min-w-0 flex-col gap-3">
      <figcaption className="text-sm font-medium text-slate-700 dark:text-slate-200">{caption}</figcaption>
      <div aria-hidden="true" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900">
        <p className="text-xs tabular-nums text-slate-600 dark:text-slate-300">{formatMax(max)}</p>
        <svg
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          className="mt-1 block h-40 w-full border-b border-slate-300 dark:border-slate-600"
        >
          {bars.map((bar, index) => (
            <rect
              key={items[index].key}
              x={bar.left}
              width={bar.width}
              y={100 - bar.height}
              height={bar.height}
              className={items[index].highlighted ? "fill-brand-600 dark:fill-brand-300" : "fill-slate-500"}
            />
          ))}
        </svg>
        <div className="relative mt-1 h-4 text-[0.65rem] text-slate-600 sm:text-xs dark:text-slate-300">
          {bars.map((bar, index) => (
            <span
              key={items[index].key}
              className="absolute top-0 -translate-x-1/2 whitespace-nowrap"
              style={{ left: `${bar.left + bar.width / 2}%` }}
            >
              {items[index].label}
            </span>
          ))}
        </div>
      </div>
      {children}
    </figure>
  );
}
