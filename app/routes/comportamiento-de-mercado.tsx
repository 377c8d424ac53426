import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { formatCalendarDay, mexicoCity, mexicoDate } from "#core/domain/dates";
import { marketStatus } from "#core/domain/market";
import { marketNotice } from "#core/domain/market-notice";
import type { RateRange } from "#core/domain/rate-history";
import {
  changeDirection,
  formatChartRate,
  formatPercentChange,
  formatRateChange,
  pairFromSlug,
  pairSlug,
  parseRange,
  rangeFigures,
  RATE_RANGES,
  stepOf,
} from "#core/domain/rate-history";
import charts from "#core/locales/es-MX/charts.json";
import market from "#core/locales/es-MX/market.json";
import type { RateSeries } from "#server/market/rate-series.server";
import { RateChart } from "~/components/charts/RateChart";
import { useLiveSeries } from "~/components/charts/use-live-series";
import { useTranslation } from "~/i18n";
import {
  cached,
  isSpecialRuleCompany,
  isUpstreamError,
  json,
  rateSeries,
  requirePro,
  serviceIncidentsNow,
} from "~/server-imports/comportamiento-de-mercado";
import type { PageHandle } from "~/utils/page-title";

/**
 * Market screen 'Mercados' (§2): Pro members only (§6); a pair's rate over a range (decision
 * 044) — `?par=USDMXN&rango=1D|1S|1M|1A`, plain links — beside the hours of §4 and the
 * bank holidays.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // §6: Pro only, judged by the membership as the product holds it now (decision 061).
  const { api, company, log } = await requirePro(request, context, "market");
  const url = new URL(request.url);
  const range = parseRange(url.searchParams.get("rango"));
  const [holidays, pairs, incidents] = await Promise.all([
    api.graphql.nonWorkingDates(),
    isSpecialRuleCompany(company.clientId) ? Promise.resolve([]) : cached(`pairs:${company.clientId}`, () => api.product.pairs()),
    // A service in its hours under an announced incident does not read 'Disponible' under the outage banner.
    // Never fails the page: without announcements there is no incident.
    serviceIncidentsNow(api, log),
  ]).catch((error: unknown) => {
    if (!isUpstreamError(error)) throw error;
    throw new Response("Servicio no disponible", { status: 503 });
  });
  const pair = pairFromSlug(url.searchParams.get("par"), pairs);
  // Without the history the hours still help: the chart says it could not load.
  const series: RateSeries | null = pair
    ? await rateSeries(api, pair, range).catch((error: unknown) => {
        if (!isUpstreamError(error)) throw error;
        log.warn({ pair, range, err: error.message }, "rate history unavailable");
        return null;
      })
    : null;
  const now = Date.now();
  const today = mexicoDate(now);
  const status = marketStatus(now, holidays);
  return json({
    incidents,
    pair,
    range,
    series,
    time: mexicoCity(now).format("dddd D [de] MMMM, HH:mm"),
    status,
    // The notice's key is worked out here, so the rule stays out of the browser's bundle (decision 077).
    noticeKey: marketNotice(status),
    upcoming: holidays
      .filter((date) => date >= today)
      .sort()
      .slice(0, 5)
      .map((date) => ({ date, label: formatCalendarDay(date) })),
    pairs,
  });
}

function State({ open, incident }: { open: boolean; incident: "issues" | "delays" | undefined }) {
  const { t } = useTranslation("market");
  const look = !open
    ? "bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-200"
    : incident
      ? "bg-amber-50 text-pending ring-1 ring-inset ring-pending dark:bg-transparent"
      : "bg-green-100 text-success dark:bg-green-950";
  return (
    <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${look}`}>
      {!open ? t("schedule.closed") : incident ? t(`schedule.${incident}`) : t("schedule.open")}
    </span>
  );
}

const card = "rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";
const chip = (current: boolean) =>
  `inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-semibold ${
    current
      ? "bg-brand-600 text-white dark:bg-brand-100 dark:text-brand-900"
      : "bg-brand-50 text-brand-700 hover:bg-brand-100 dark:bg-brand-900 dark:text-brand-100"
  }`;
const hrefFor = (pair: string, range: RateRange) => `?par=${pairSlug(pair)}&rango=${range}`;

/** The colours of the monitoring cards' change (FollowedPair), so a rise or a fall reads the same on both screens. */
const CHANGE_TONE = { up: "text-success dark:text-green-400", down: "text-failed dark:text-red-400" } as const;

/** The range's figures (last, change, change %, high, low) and its chart, both following the live ticks with JS. */
function LiveRates({ pair, range, series }: { pair: string; range: RateRange; series: RateSeries }) {
  const { t } = useTranslation(["market", "charts"]);
  const points = useLiveSeries(pair, series.points, stepOf(range), true);
  const figures = rangeFigures(points);
  // The change reads by its direction at a glance, as on the monitoring cards: colour and arrow, beside the sign.
  const direction = figures ? changeDirection(figures.change, pair) : null;
  const changeTone = direction ? CHANGE_TONE[direction] : undefined;
  const items: Array<{ label: string; value: string; tone?: string; note?: string }> = figures
    ? [
        {
          label: t("rates.last"),
          value: formatChartRate(figures.last.rate, pair),
          note: t("rates.lastAt", { time: mexicoCity(figures.last.at).format("DD/MM/YYYY HH:mm") }),
        },
        { label: t("rates.change"), value: formatRateChange(figures.change, pair), tone: changeTone },
        { label: t("rates.changePercent"), value: formatPercentChange(figures.changePercent), tone: changeTone },
        { label: t("rates.high"), value: formatChartRate(figures.high.rate, pair) },
        { label: t("rates.low"), value: formatChartRate(figures.low.rate, pair) },
      ]
    : [];
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {items.map((item) => (
          <div key={item.label} className="min-w-0 rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
            <dt className="text-xs text-slate-600 dark:text-slate-300">{item.label}</dt>
            <dd className={`font-semibold tabular-nums ${item.tone ?? ""}`}>
              {item.tone && direction ? (
                <span aria-hidden="true" className="mr-1 text-xs">
                  {direction === "up" ? "▲" : "▼"}
                </span>
              ) : null}
              {item.value}
            </dd>
            {item.note ? <dd className="text-xs text-slate-600 dark:text-slate-300">{item.note}</dd> : null}
          </div>
        ))}
      </dl>
      <RateChart
        pair={pair}
        range={range}
        points={points}
        from={series.from ?? undefined}
        caption={t("rates.caption", { pair, range: t(`charts:rangeName.${range}`) })}
      />
    </>
  );
}

/** The pair's chart with its pair and range links (plain links: they work without JavaScript). */
function Rates({ pair, range, series, pairs }: { pair: string; range: RateRange; series: RateSeries | null; pairs: string[] }) {
  const { t } = useTranslation(["market", "charts"]);
  return (
    <section aria-labelledby="tipo-de-cambio" className={`${card} flex min-w-0 flex-col gap-4`}>
      <h2 id="tipo-de-cambio" className="text-xl font-semibold">
        {t("rates.title")}
      </h2>
      <nav aria-label={t("rates.pairs")}>
        <ul className="flex flex-wrap gap-2">
          {pairs.map((item) => (
            <li key={item}>
              <Link to={hrefFor(item, range)} className={chip(item === pair)} aria-current={item === pair ? "page" : undefined}>
                {item}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={t("rates.ranges")}>
        <ul className="flex flex-wrap gap-2">
          {RATE_RANGES.map((item) => (
            <li key={item}>
              <Link to={hrefFor(pair, item)} className={chip(item === range)} aria-current={item === range ? "page" : undefined}>
                {t(`rates.rangeShort.${item}`)}
                <span className="sr-only"> ({t(`charts:rangeName.${item}`)})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {series ? (
        <LiveRates key={`${pair}-${range}`} pair={pair} range={range} series={series} />
      ) : (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-pending dark:bg-amber-950/40">
          {t("rates.unavailable")}
        </p>
      )}
    </section>
  );
}

export default function Market() {
  const { time, status, incidents, noticeKey, upcoming, pairs, pair, range, series } = useLoaderData<typeof loader>();
  const { t } = useTranslation("market");
  // The hours table beside it already says which systems are closed.
  const notice = noticeKey && noticeKey !== "schedule.closedNow" ? t(noticeKey) : null;
  const rows = [
    { label: t("schedule.fx"), hours: t("schedule.fxHours"), open: status.fxOpen, incident: incidents.FX },
    { label: t("schedule.opi"), hours: t("schedule.opiHours"), open: status.opi === 1, incident: incidents.OPI },
    { label: t("schedule.spid"), hours: t("schedule.spidHours"), open: status.spid === 1, incident: incidents.SPID },
  ];
  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      {pair ? <Rates pair={pair} range={range} series={series} pairs={pairs} /> : <p className={card}>{t("market:rates.noPairs")}</p>}
      <div className="flex min-w-0 flex-col gap-6">
        <section aria-labelledby="horario" className={card}>
          <h2 id="horario" className="text-xl font-semibold">
            {t("schedule.title")}
          </h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">{t("schedule.now", { time })}</p>
          {notice ? (
            <p role="status" className="mt-3 rounded-md bg-amber-50 p-3 text-pending dark:bg-amber-950/40">
              {notice}
            </p>
          ) : null}
          <dl className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
            {rows.map((row) => (
              <div key={row.label} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <dt>
                  <span className="font-medium">{row.label}</span>
                  <span className="block text-sm text-slate-500 dark:text-slate-400">{row.hours}</span>
                </dt>
                <dd>
                  <State open={row.open} incident={row.incident} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="inhabiles" className={card}>
          <h2 id="inhabiles" className="text-lg font-semibold">
            {t("schedule.holidays")}
          </h2>
          {upcoming.length ? (
            <ul className="mt-2 list-disc pl-5">
              {upcoming.map((day) => (
                <li key={day.date}>{day.label}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-slate-500 dark:text-slate-400">{t("schedule.noHolidays")}</p>
          )}
        </section>
      </div>
    </div>
  );
}

export const handle: PageHandle = {
  namespaces: { market, charts },
  titleKey: "shell.title.market",
  // The tab's live channel carries the shown pair, so its chart follows the ticks.
  livePair: (data) => (data as { pair?: string | null } | undefined)?.pair ?? null,
};

export { ErrorBoundary } from "~/components/errors/error-boundary";
