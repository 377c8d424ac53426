import type { ReactNode } from "react";

import type { DayFigures, MarketComparison, MarketVerdict, MonthFigures, PortfolioKind } from "#core/domain/portfolio";
import { readComparison } from "#core/domain/portfolio";
import { formatMoney, formatRate } from "#core/money";
import { ResponsiveTable, type ResponsiveTableColumn } from "~/components/ui/ResponsiveList";
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
  const reading = market ? readComparison(averageRate, market) : null;
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
      {reading ? (
        <>
          {/* The difference starts from this rate when a day is left out, so the figures shown add up. */}
          {reading.comparedRate ? (
            <Figure
              label={t("summary.comparedRate")}
              hint={reading.daysWithoutClose > 0 ? t("summary.comparedRateHint", { count: reading.daysWithoutClose }) : undefined}
            >
              {rate(reading.comparedRate)}
            </Figure>
          ) : null}
          <Figure label={t("summary.marketRate")} hint={t("summary.marketRateHint")}>
            {rate(reading.marketRate)}
          </Figure>
          <Figure
            label={t("summary.difference")}
            hint={
              reading.verdict === "equal"
                ? undefined
                : t("summary.differenceHint", { percent: percentFormat.format(Number(reading.percent)), base, quote })
            }
          >
            <span className={VERDICT_TONE[reading.verdict]}>{t(`summary.verdict.${reading.verdict}`, { gap: rate(reading.gap) })}</span>
          </Figure>
        </>
      ) : null}
    </dl>
  );
}

/** Good news in the success colour, bad in the failure one; both also say it in words. */
const VERDICT_TONE: Record<MarketVerdict, string> = {
  favourable: "text-success",
  unfavourable: "text-failed",
  equal: "",
};

/*
 * Both tables are one table that becomes a card per row below md (decision 131): on a phone the
 * day (or month) and its amount lead, the rates follow with the card's own short labels.
 */
export function DailyTable({ days, caption, base }: { days: DayFigures[]; caption: string; base: string }) {
  const { t } = useTranslation("portfolio");
  const columns: ResponsiveTableColumn<DayFigures>[] = [
    {
      key: "date",
      header: t("daily.date"),
      rowHeader: true,
      numeric: true,
      cellClassName: "whitespace-nowrap",
      phone: { order: 1, tone: "lead" },
      cell: (day) => dayText(day.date),
    },
    {
      key: "count",
      header: t("daily.count"),
      align: "right",
      numeric: true,
      phone: { order: 5, tone: "secondary", wide: true, label: `${t("daily.count")}: ` },
      cell: (day) => day.count,
    },
    {
      key: "volume",
      header: t("daily.volume", { currency: base }),
      align: "right",
      numeric: true,
      cellClassName: "whitespace-nowrap",
      phone: { order: 2, tone: "strong", end: true },
      cell: (day) => money(day.baseVolume, base),
    },
    {
      key: "rate",
      header: t("daily.rate"),
      align: "right",
      numeric: true,
      cellClassName: "whitespace-nowrap",
      phone: { order: 3, label: `${t("daily.phoneRate")}: ` },
      cell: (day) => rate(day.averageRate),
    },
    {
      key: "market",
      header: t("daily.market"),
      align: "right",
      numeric: true,
      cellClassName: "whitespace-nowrap",
      phone: { order: 4, end: true, label: `${t("daily.phoneMarket")}: ` },
      cell: (day) => (day.marketClose ? rate(day.marketClose) : t("daily.noClose")),
    },
  ];
  return <ResponsiveTable rows={days} rowKey={(day) => day.date} columns={columns} caption={caption} phoneRows="divided" />;
}

/**
 * The year's months. The months of the period are named so when the period is not the whole year;
 * a month without operations is muted, so the months that count stand out.
 */
export function MonthlyTable({ months, caption, base }: { months: MonthFigures[]; caption: string; base: string }) {
  const { t } = useTranslation("portfolio");
  const monthText = useMonthText();
  const wholePeriod = months.every((month) => month.inPeriod);
  const muted = (month: MonthFigures) => (month.count === 0 ? "text-slate-600 dark:text-slate-400" : undefined);
  const columns: ResponsiveTableColumn<MonthFigures>[] = [
    {
      key: "month",
      header: t("monthly.month"),
      rowHeader: true,
      cellClassName: "whitespace-nowrap",
      phone: { order: 1, tone: "lead" },
      cell: (month) => (
        <span className={month.inPeriod && !wholePeriod ? "font-semibold" : muted(month)}>
          {monthText(month.month)}
          {month.inPeriod && !wholePeriod ? <span className="ml-1 text-xs font-normal">{t("monthly.inPeriod")}</span> : null}
        </span>
      ),
    },
    {
      key: "count",
      header: t("monthly.count"),
      align: "right",
      numeric: true,
      phone: { order: 4, tone: "secondary", end: true, label: `${t("monthly.count")}: ` },
      cell: (month) => <span className={muted(month)}>{month.count}</span>,
    },
    {
      key: "volume",
      header: t("monthly.volume", { currency: base }),
      align: "right",
      numeric: true,
      cellClassName: "whitespace-nowrap",
      phone: { order: 2, tone: "strong", end: true },
      cell: (month) => <span className={muted(month)}>{money(month.baseVolume, base)}</span>,
    },
    {
      key: "rate",
      header: t("monthly.rate"),
      align: "right",
      numeric: true,
      cellClassName: "whitespace-nowrap",
      phone: (month) => (month.averageRate ? { order: 3, label: `${t("monthly.phoneRate")}: ` } : "hidden"),
      cell: (month) => <span className={muted(month)}>{month.averageRate ? rate(month.averageRate) : "—"}</span>,
    },
  ];
  return <ResponsiveTable rows={months} rowKey={(month) => month.month} columns={columns} caption={caption} phoneRows="divided" />;
}
