import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";

import { mexicoDate } from "#core/domain/dates";
import type { PortfolioFilters as Filters, PortfolioKind, PortfolioTypeParam } from "#core/domain/portfolio";
import { defaultPortfolioFilters } from "#core/domain/portfolio";
import charts from "#core/locales/es-MX/charts.json";
import portfolio from "#core/locales/es-MX/portfolio.json";
import { withParams } from "#core/url";
import { RateChart } from "~/components/charts/RateChart";
import { VolumeChart } from "~/components/charts/VolumeChart";
import { PortfolioFilters } from "~/components/portfolio/PortfolioFilters";
import { DailyTable, dayText, money, MonthlyTable, PortfolioSummary } from "~/components/portfolio/PortfolioReport";
import { buttonClass } from "~/components/ui/button";
import { InfoNotice } from "~/components/ui/InfoNotice";
import { LoadError } from "~/components/ui/LoadError";
import { useTranslation } from "~/i18n";
import { json, loadPortfolio, portfolioPairs, readPortfolioFilters, requirePro } from "~/server-imports/portafolio";
import type { PageHandle } from "~/utils/page-title";

/**
 * 'Portafolio' (§2 /portafolio, §3 briefcase filters): the company's agreed buys or sells of one
 * pair over a month or a year, summed, against the market's daily closes of the same days, with
 * CSV / XLSX exports (/portafolio/exportar). Pro members only, like the market (§6; decision 046):
 * a Basic member who opens it by URL goes to the dashboard, as with 'Mercados'.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requirePro(request, context, "portfolio");
  const today = mexicoDate();
  const url = new URL(request.url);
  const read = readPortfolioFilters(url, today);
  const started = performance.now();
  const [pairs, data] = await Promise.all([portfolioPairs(access), read.ok ? loadPortfolio(access, read.period) : Promise.resolve(null)]);
  const defaults = read.ok ? filterValues(read.filters) : filterValues(defaultPortfolioFilters(today));
  return json(
    {
      today,
      lastResult: read.reply,
      unknownMonth: read.unknownMonth?.slice(0, 12) ?? null,
      defaults,
      pairs,
      period: read.ok ? read.period : null,
      failed: read.ok && data === null,
      figures: data?.figures ?? null,
      truncated: data?.truncated ? data.operations.length : null,
      marketAvailable: data?.marketAvailable ?? false,
    },
    { headers: { "Server-Timing": `upstream;dur=${Math.round(performance.now() - started)}`, "Cache-Control": "private, no-store" } },
  );
}

/** What the selects show while the URL has no value (or a wrong one): the filters in effect, or the defaults. */
function filterValues(filters: Filters) {
  return { mes: filters.mes, anio: String(filters.anio), par: filters.par, tipo: filters.tipo };
}

/** The URL's value of each kind, and of the other kind (the empty state's next step). */
const TYPE_PARAM: Record<PortfolioKind, PortfolioTypeParam> = { buy: "compra", sell: "venta" };
const OTHER_TYPE: Record<PortfolioKind, PortfolioTypeParam> = { buy: "venta", sell: "compra" };

/** A day's point on the chart: 17:00 in Mexico City, when the rate history stamps its closes. */
const dayInstant = (date: string) => Date.parse(`${date}T17:00:00-06:00`);

export default function Portfolio() {
  const { today, lastResult, unknownMonth, defaults, pairs, period, failed, figures, truncated, marketAvailable } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation("portfolio");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const exportHref = (format: "csv" | "xlsx") => withParams(`/portafolio/exportar${location.search}`, { formato: format });
  const typeText = period ? t(`type.${period.kind}`) : "";

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <p className="text-slate-600 dark:text-slate-300">{t("intro")}</p>
      <PortfolioFilters key={location.search} today={today} lastResult={lastResult} defaults={defaults} pairs={pairs} />
      {unknownMonth !== null ? (
        // Neutral: nothing is wrong with what the person can see; the link asked for a month that does not exist.
        <InfoNotice>
          {t("filters.unknownMonth", {
            month: unknownMonth,
            shown: t("filters.monthOfYear", { month: t(`months.${defaults.mes}`).toLowerCase(), year: defaults.anio }),
          })}
        </InfoNotice>
      ) : null}

      {failed ? <LoadError message={t("summary.loadError")} retryLabel={t("summary.retry")} retryHref={here} /> : null}

      {period && figures ? (
        <>
          <section
            aria-labelledby="resumen-portafolio"
            className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 id="resumen-portafolio" className="text-lg font-semibold">
                  {t("summary.title")}
                </h2>
                <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
                  {t("summary.period", { type: typeText, pair: period.pair, from: dayText(period.from), to: dayText(period.to) })}
                </p>
              </div>
              {figures.count > 0 ? (
                // Plain links: the file comes as an attachment; a failure comes back here with its toast.
                <div role="group" aria-label={t("export.title")} className="flex flex-wrap gap-2">
                  <a href={exportHref("csv")} className={buttonClass("secondary")}>
                    {t("export.csv")}
                  </a>
                  <a href={exportHref("xlsx")} className={buttonClass("secondary")}>
                    {t("export.xlsx")}
                  </a>
                </div>
              ) : null}
            </div>
            {figures.count === 0 ? (
              <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">
                <p className="text-slate-600 dark:text-slate-300">
                  {t("summary.empty", { type: typeText.toLowerCase(), pair: period.pair })}
                </p>
                {/* The next step: the other side of the same period, or the calculator to operate. */}
                <div className="flex flex-wrap justify-center gap-2">
                  <Link to={withParams(here, { tipo: OTHER_TYPE[period.kind] })} className={buttonClass("secondary")}>
                    {t(`summary.emptyOther.${period.kind}`, { pair: period.pair })}
                  </Link>
                  <Link to={withParams("/", { operacion: TYPE_PARAM[period.kind], par: period.pair })} className={buttonClass("ghost")}>
                    {t(`summary.emptyOperate.${period.kind}`, { currency: period.base })}
                  </Link>
                </div>
              </div>
            ) : (
              <PortfolioSummary
                kind={period.kind}
                base={period.base}
                quote={period.quote}
                count={figures.count}
                baseVolume={figures.baseVolume}
                quoteVolume={figures.quoteVolume}
                averageRate={figures.averageRate}
                market={figures.market}
              />
            )}
            {!marketAvailable && figures.count > 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">{t("summary.marketUnavailable")}</p>
            ) : null}
            {truncated ? <p className="text-sm text-pending">{t("summary.truncated", { count: truncated })}</p> : null}
          </section>

          {figures.days.length > 0 ? (
            <section aria-labelledby="por-dia" className="flex min-w-0 flex-col gap-3">
              <h2 id="por-dia" className="text-lg font-semibold">
                {t("daily.title")}
              </h2>
              {figures.marketLine.length > 0 ? (
                <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900">
                  <RateChart
                    pair={period.pair}
                    range={period.from.slice(0, 7) === period.to.slice(0, 7) ? "1M" : "1A"}
                    points={figures.marketLine.map((close) => ({ at: dayInstant(close.date), rate: Number(close.close) }))}
                    from={dayInstant(period.from)}
                    marks={figures.days.map((day) => ({ at: dayInstant(day.date), rate: Number(day.averageRate) }))}
                    caption={t("chart.caption", { pair: period.pair })}
                    legend={{ line: t("chart.line"), marks: t("chart.marks") }}
                  />
                </div>
              ) : null}
              <DailyTable days={figures.days} caption={t("daily.caption", { pair: period.pair })} base={period.base} />
            </section>
          ) : null}

          {/* A year without operations of this kind has nothing to chart: the empty state above says so. */}
          {figures.months.some((month) => month.count > 0) ? (
            <section aria-labelledby="por-mes" className="flex min-w-0 flex-col gap-3">
              <h2 id="por-mes" className="text-lg font-semibold">
                {t(`monthly.title.${period.kind}`, { pair: period.pair, year: period.yearFrom.slice(0, 4) })}
              </h2>
              <VolumeChart
                caption={t("monthly.chart", { currency: period.base, year: period.yearFrom.slice(0, 4) })}
                items={figures.months.map((month) => ({
                  key: month.month,
                  label: t(`months.${Number(month.month.slice(5, 7))}`).slice(0, 3),
                  volume: month.baseVolume,
                  highlighted: month.inPeriod,
                }))}
                formatMax={(max) => money(String(max), period.base)}
              >
                <MonthlyTable
                  months={figures.months}
                  base={period.base}
                  caption={t("monthly.caption", { type: typeText.toLowerCase(), pair: period.pair, year: period.yearFrom.slice(0, 4) })}
                />
              </VolumeChart>
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

export const handle: PageHandle = { namespaces: { portfolio, charts }, titleKey: "shell.title.portfolio" };

export { ErrorBoundary } from "~/components/errors/error-boundary";
