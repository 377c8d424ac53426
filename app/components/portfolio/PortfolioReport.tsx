import type { ReactNode } from "react";

import type { DayFigures, MarketComparison, MonthFigures, PortfolioKind } from "#core/domain/portfolio";
import { formatMoney, formatRate } from "#core/money";
import { useTranslation } from "~/i18n";

/**
 * What the portfolio shows of its figures: the period's summary, and the tables by day and by
 * month (each a captioned table, the same figures the charts draw). Figures arrive as decimal
 * strings from core/domain/portfolio and are only formatted here (§9: amounts 2, rates 6 decimals).
 */
const percentFormat = new Intl.NumberFormat("es-MX", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const money = (amount: string, currency: string) => formatMoney(Number(amount), currency);
export const rate = (value: string) => formatRate(Number(value));

/** "2026-10-05" → "05/10/2026". */
export const dayText = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

export function useMonthText() {
  const { t } = useTranslation("portfolio");
  return (month: string) => `${t(`months.${Number(month.slice(5, 7))}`)} ${month.slice(0, 4)}`;
}

function Figure({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
      <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums break-words">{children}</dd>
      {hint ? <dd className="text-xs text-slate-500 dark:text-slate-400">{hint}</dd> : null}
    </div>
  );
}

export type SummaryProps = {
  kind: PortfolioKind;
  base: string;
  quote: string;
  count: number;
  baseVolume: string;
  quoteVolume: string;
  averageRate: string | null;
  market: MarketComparison | null;
};

/** The period's figures as a description list: readable as text, with or without the charts. */
export function PortfolioSummary({ kind, base, quote, count, baseVolume, quoteVolume, averageRate, market }: SummaryProps) {
  const { t } = useTranslation("portfolio");
  const verdict = !market
    ? null
    : market.favourable === null
      ? t("summary.equal")
      : t(market.favourable ? "summary.better" : "summary.worse", {
          percent: percentFormat.format(Math.abs(Number(market.differencePercent))),
        });
  return (
    <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      <Figure label={t("summary.count")}>{count}</Figure>
      <Figure label={t(`summary.baseVolume.${kind}`, { currency: base })}>{money(baseVolume, base)}</Figure>
      <Figure label={t(`summary.quoteVolume.${kind}`, { currency: quote })}>{money(quoteVolume, quote)}</Figure>
      {averageRate ? (
        <Figure label={t("summary.averageRate")} hint={t("summary.averageRateHint")}>
          {rate(averageRate)}
        </Figure>
      ) : null}
      {market ? (
        <>
          <Figure label={t("summary.marketRate")} hint={t("summary.marketRateHint")}>
            {rate(market.marketRate)}
          </Figure>
          <Figure label={t("summary.difference")} hint={verdict ?? undefined}>
            {Number(market.difference) > 0 ? "+" : ""}
            {rate(market.difference)}
          </Figure>
        </>
      ) : null}
    </dl>
  );
}

const cell = "px-2 py-2.5 text-left align-top sm:px-3";
const numeric = `${cell} text-right tabular-nums whitespace-nowrap`;

function TableFrame({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    // A box that may scroll sideways is reachable and named for the keyboard (decision 055).
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-800 dark:bg-slate-900"
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

const headClass = "bg-slate-50 text-xs uppercase tracking-wide text-slate-600 dark:bg-slate-800 dark:text-slate-300";

export function DailyTable({ days, caption, base }: { days: DayFigures[]; caption: string; base: string }) {
  const { t } = useTranslation("portfolio");
  return (
    <TableFrame caption={caption}>
      <thead className={headClass}>
        <tr>
          <th scope="col" className={cell}>
            {t("daily.date")}
          </th>
          <th scope="col" className={`${cell} text-right`}>
            {t("daily.count")}
          </th>
          <th scope="col" className={`${cell} text-right`}>
            {t("daily.volume", { currency: base })}
          </th>
          <th scope="col" className={`${cell} text-right`}>
            {t("daily.rate")}
          </th>
          <th scope="col" className={`${cell} text-right`}>
            {t("daily.market")}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
        {days.map((day) => (
          <tr key={day.date}>
            <th scope="row" className={`${cell} whitespace-nowrap font-normal tabular-nums`}>
              {dayText(day.date)}
            </th>
            <td className={numeric}>{day.count}</td>
            <td className={numeric}>{money(day.baseVolume, base)}</td>
            <td className={numeric}>{rate(day.averageRate)}</td>
            <td className={numeric}>{day.marketClose ? rate(day.marketClose) : t("daily.noClose")}</td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}

export function MonthlyTable({ months, caption, base }: { months: MonthFigures[]; caption: string; base: string }) {
  const { t } = useTranslation("portfolio");
  const monthText = useMonthText();
  return (
    <TableFrame caption={caption}>
      <thead className={headClass}>
        <tr>
          <th scope="col" className={cell}>
            {t("monthly.month")}
          </th>
          <th scope="col" className={`${cell} text-right`}>
            {t("monthly.count")}
          </th>
          <th scope="col" className={`${cell} text-right`}>
            {t("monthly.volume", { currency: base })}
          </th>
          <th scope="col" className={`${cell} text-right`}>
            {t("monthly.rate")}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
        {months.map((month) => (
          <tr key={month.month} className={month.inPeriod ? "bg-brand-50/60 dark:bg-brand-900/30" : undefined}>
            <th scope="row" className={`${cell} whitespace-nowrap font-normal`}>
              {monthText(month.month)}
              {month.inPeriod ? <span className="ml-1 text-xs text-slate-600 dark:text-slate-300">{t("monthly.inPeriod")}</span> : null}
            </th>
            <td className={numeric}>{month.count}</td>
            <td className={numeric}>{money(month.baseVolume, base)}</td>
            <td className={numeric}>{month.averageRate ? rate(month.averageRate) : "—"}</td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
