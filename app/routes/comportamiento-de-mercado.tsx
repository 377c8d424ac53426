import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { formatDate, mexicoCity, mexicoDate } from "#core/domain/dates";
import { marketStatus } from "#core/domain/market";
import { marketNotice } from "#core/domain/market-notice";
import { canOpenMarket } from "#core/domain/membership";
import dashboard from "#core/locales/es-MX/dashboard.json";
import { requireAccess } from "#server/session/auth.server";
import { isSpecialRuleCompany } from "#server/session/shell.server";
import { isUpstreamError } from "#server/upstream/errors";
import { useTranslation } from "~/i18n";
import type { PageHandle } from "~/utils/page-title";

/** Market screen 'Mercados' (§2): Pro members only (§6); hours of §4 and the bank holidays. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, data, company } = await requireAccess(request, context);
  if (!canOpenMarket(data.membershipId)) throw redirect("/");
  const [holidays, pairs] = await Promise.all([
    api.graphql.nonWorkingDates(),
    isSpecialRuleCompany(company.clientId) ? Promise.resolve([]) : api.product.pairs(),
  ]).catch((error: unknown) => {
    if (!isUpstreamError(error)) throw error;
    throw new Response("Servicio no disponible", { status: 503 });
  });
  const now = Date.now();
  const today = mexicoDate(now);
  return json({
    time: mexicoCity(now).format("dddd D [de] MMMM, HH:mm"),
    status: marketStatus(now, holidays),
    upcoming: holidays
      .filter((date) => date >= today)
      .sort()
      .slice(0, 5)
      .map((date) => ({ date, label: formatDate(`${date}T12:00:00-06:00`) })),
    pairs,
  });
}

function State({ open }: { open: boolean }) {
  const { t } = useTranslation("dashboard");
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${open ? "bg-green-100 text-success dark:bg-green-950" : "bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-200"}`}
    >
      {open ? t("market.open") : t("market.closed")}
    </span>
  );
}

export default function Market() {
  const { time, status, upcoming, pairs } = useLoaderData<typeof loader>();
  const { t } = useTranslation("dashboard");
  // The hours table beside it already says which systems are closed.
  const noticeKey = marketNotice(status);
  const notice = noticeKey && noticeKey !== "notices.closed" ? t(noticeKey) : null;
  const rows = [
    { label: t("market.fx"), hours: t("market.fxHours"), open: status.fxOpen },
    { label: t("market.opi"), hours: t("market.opiHours"), open: status.opi === 1 },
    { label: t("market.spid"), hours: t("market.spidHours"), open: status.spid === 1 },
  ];
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="horario"
        className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="horario" className="text-xl font-semibold">
          {t("market.title")}
        </h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">{t("market.now", { time })}</p>
        {notice ? (
          <p role="status" className="mt-3 rounded-md bg-amber-50 p-3 text-pending dark:bg-amber-950">
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
                <State open={row.open} />
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section
        aria-labelledby="inhabiles"
        className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="inhabiles" className="text-lg font-semibold">
          {t("market.holidays")}
        </h2>
        {upcoming.length ? (
          <ul className="mt-2 list-disc pl-5">
            {upcoming.map((day) => (
              <li key={day.date}>{day.label}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-500">{t("market.noHolidays")}</p>
        )}
      </section>
      {pairs.length ? (
        <section
          aria-labelledby="pares"
          className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="pares" className="text-lg font-semibold">
            {t("market.pairs")}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {pairs.map((pair) => (
              <li
                key={pair}
                className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700 dark:bg-brand-900 dark:text-brand-100"
              >
                {pair}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export const handle: PageHandle = { namespaces: { dashboard }, titleKey: "shell.title.market" };

export { ErrorBoundary } from "~/components/errors/ErrorPage";
