import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";

import { formatCalendarDay, formatRowDay, mexicoCity, mexicoDate } from "#core/domain/dates";
import {
  dayInMonth,
  monthGrid,
  monthKey,
  plannerFiltersSchema,
  plannerMonth,
  plannerYears,
  shiftMonth,
  unshowableMonth,
} from "#core/domain/payment-planner";
import payments from "#core/locales/es-MX/payments.json";
import { formatMoney } from "#core/money";
import { withoutParams, withParams } from "#core/url";
import { OutflowsChart } from "~/components/payments/OutflowsChart";
import { OperationStatusBadge, PaymentInProgressNote } from "~/components/payments/PaymentInProgress";
import { PlannerCalendar } from "~/components/payments/PlannerCalendar";
import { StatusBadge } from "~/components/payments/StatusBadge";
import { buttonClass } from "~/components/ui/button";
import { InfoNotice } from "~/components/ui/InfoNotice";
import { LoadError } from "~/components/ui/LoadError";
import { Modal } from "~/components/ui/Modal";
import { SelectField } from "~/components/ui/SelectField";
import { useForm } from "~/components/ui/use-form";
import { useResultAction } from "~/components/ui/use-result-action";
import { useTranslation } from "~/i18n";
import { json, loadPlanner, requireAccess, serverT } from "~/server-imports/planner";
import type { PageHandle } from "~/utils/page-title";

/**
 * 'Planificador de pagos' (§2 /planner; decision 057): a month of the company's payments from
 * Monday (§3 planner filters month and year as a GET form), each day's payments by status and its
 * amounts due against the current balances, holidays and weekends flagged; a day opens the
 * planned-payments table modal (?dia=YYYY-MM-DD). Everything is a link or a GET: no JavaScript needed.
 */
const PATH = "/planner";
/** Where the answer to 'Consultar' opens without JavaScript: the month shown and its calendar (decision 120). */
const MONTH_ANCHOR = "mes-consultado";

/** A figure of the month's summary: a column, or below sm a line of its currency's card with the figure's name. */
const SUMMARY_FIGURE = "px-3 py-2 text-right tabular-nums max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:p-0";

/** A calendar day at Mexico City's noon, so no offset moves it. */
const noon = (date: string) => mexicoCity(`${date}T18:00:00Z`);
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  const url = new URL(request.url);
  const today = mexicoDate();
  const month = plannerMonth(url.searchParams, today);
  const base = withoutParams(`${url.pathname}${url.search}`, ["dia"]);
  const t = serverT("payments");

  const data = await loadPlanner(access, {
    month,
    today,
    requestedDay: url.searchParams.get("dia"),
    dayHref: (date) => withParams(base, { dia: date }),
    t,
  });
  // The grid's days, and the days payments after a cut-off leave on (perhaps next month).
  const labelled = [
    ...monthGrid(month)
      .flat()
      .map((day) => day.date),
    ...(data.weeks ?? []).flat().flatMap((day) => day.late.map((late) => late.sendsOn)),
    ...(data.day?.coverage ?? []).map((row) => row.cutOff.sendsOn),
  ];
  // The one sentence format for the days in words, the one table format for the chart's figures (decision 125).
  const dateLabel = Object.fromEntries(labelled.map((date) => [date, formatCalendarDay(date)]));
  const shortDateLabel = Object.fromEntries(labelled.map((date) => [date, formatRowDay(date)]));
  const monthInWords = noon(`${monthKey(month)}-01`).format("MMMM [de] YYYY");
  const monthHref = (shift: number) => {
    const target = shiftMonth(month, shift);
    return `${PATH}?mes=${target.month}&anio=${target.year}`;
  };

  return json(
    {
      ...data,
      month,
      // Capitalised as the month's heading; lower-case inside a sentence ('en febrero de 2028').
      monthName: capitalized(monthInWords),
      monthInWords,
      // A month that cannot be shown (?mes=13): the filter shows the month on screen and a neutral note says so.
      monthFellBack: unshowableMonth(url.searchParams),
      monthOptions: Array.from({ length: 12 }, (_, index) => ({
        value: String(index + 1),
        label: capitalized(noon(`2026-${String(index + 1).padStart(2, "0")}-01`).format("MMMM")),
      })),
      years: plannerYears(month.year),
      dateLabel,
      shortDateLabel,
      dayTitle: data.day ? formatCalendarDay(data.day.date) : null,
      links: { base, previous: monthHref(-1), next: monthHref(1), current: PATH },
      isCurrentMonth: dayInMonth(today, month) !== null,
      today,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

function MonthFilters({
  month,
  monthOptions,
  years,
}: Pick<ReturnType<typeof useLoaderData<typeof loader>>, "month" | "monthOptions" | "years">) {
  const { t } = useTranslation("payments");
  const [form, fields] = useForm({
    id: "filtros-planificador",
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    constraint: getZodConstraint(plannerFiltersSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: plannerFiltersSchema }),
  });
  const resultAction = useResultAction(MONTH_ANCHOR, PATH);
  return (
    <Form
      method="get"
      action={resultAction}
      preventScrollReset
      {...getFormProps(form)}
      aria-label={t("planner.filters")}
      className="flex flex-wrap items-end gap-3"
    >
      <SelectField meta={fields.mes} label={t("planner.month")} fallback={String(month.month)} compact>
        {monthOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <SelectField meta={fields.anio} label={t("planner.year")} fallback={String(month.year)} compact>
        {years.map((year) => (
          <option key={year} value={String(year)}>
            {year}
          </option>
        ))}
      </SelectField>
      <button type="submit" className={buttonClass("secondary")}>
        {t("planner.show")}
      </button>
    </Form>
  );
}

export default function Planner() {
  const data = useLoaderData<typeof loader>();
  const { weeks, balancesKnown, outflows, day, monthName, monthInWords, dateLabel, dayTitle, links, isCurrentMonth } = data;
  const { t } = useTranslation("payments");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const hasPayments = weeks?.some((week) => week.some((cell) => cell.inMonth && cell.total > 0)) ?? false;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col items-start gap-3">
        <p className="text-slate-600 dark:text-slate-300">{t("planner.description")}</p>
        <Link to="/pagos-recurrentes" className="font-semibold text-brand-700 underline dark:text-brand-300">
          {t("planner.toRecurring")}
        </Link>
        <Link to="/pago-multiple" className="font-semibold text-brand-700 underline dark:text-brand-300">
          {t("planner.toMultiple")}
        </Link>
      </div>

      <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900">
        <MonthFilters key={here} month={data.month} monthOptions={data.monthOptions} years={data.years} />
        {data.monthFellBack ? (
          <InfoNotice>
            {data.monthFellBack.part === "month"
              ? t("planner.unknownMonth", { month: data.monthFellBack.asked, shown: monthInWords })
              : data.monthFellBack.part === "year"
                ? t("planner.unknownYear", { year: data.monthFellBack.asked, shown: monthInWords })
                : t("planner.fellBack", { month: monthInWords })}
          </InfoNotice>
        ) : null}
        <nav
          id={MONTH_ANCHOR}
          aria-label={t("planner.monthNav")}
          className="flex scroll-mt-16 flex-wrap items-center gap-x-4 gap-y-2 text-sm"
        >
          <Link to={links.previous} className="font-semibold text-brand-700 underline dark:text-brand-300">
            ← {t("planner.previous")}
          </Link>
          <h2 className="text-lg font-semibold text-slate-900 max-sm:order-first max-sm:basis-full dark:text-slate-100">{monthName}</h2>
          <Link to={links.next} className="font-semibold text-brand-700 underline dark:text-brand-300">
            {t("planner.next")} →
          </Link>
          {isCurrentMonth ? null : (
            <Link to={links.current} className="font-semibold text-brand-700 underline dark:text-brand-300">
              {t("planner.today")}
            </Link>
          )}
        </nav>
      </div>

      {/* Whether the balances cover the month comes first: the calendar and the chart are its detail. */}
      {outflows.length > 0 ? (
        <section aria-labelledby="salidas-mes" className="flex flex-col gap-3">
          <h2 id="salidas-mes" className="text-base font-semibold">
            {t("planner.summary.title")}
          </h2>
          {/* Below sm each currency is a card, its figures each with its name (decision 125); the box still
              takes focus for the keyboard, should a figure ever be wider than a phone. */}
          <div
            tabIndex={0}
            role="region"
            aria-label={t("planner.summary.caption", { month: monthInWords })}
            className="overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
          >
            <table className="w-full text-left text-sm max-sm:block">
              <caption className="sr-only">{t("planner.summary.caption", { month: monthInWords })}</caption>
              <thead className="bg-slate-50 text-xs uppercase text-slate-600 max-sm:sr-only dark:bg-slate-800 dark:text-slate-300">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t("planner.summary.currency")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t("planner.summary.paid")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t("planner.summary.unpaid")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t("planner.summary.available")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t("planner.summary.coverage")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 max-sm:block dark:divide-slate-800">
                {outflows.map((row) => (
                  <tr key={row.currency} className="max-sm:block max-sm:px-3 max-sm:py-2">
                    <th scope="row" className="px-3 py-2 font-semibold max-sm:block max-sm:p-0">
                      {row.currency}
                    </th>
                    <td className={SUMMARY_FIGURE}>
                      <span className="sm:hidden">{t("planner.summary.paid")}</span>
                      {row.paid}
                    </td>
                    <td className={`${SUMMARY_FIGURE} font-semibold max-sm:flex-wrap max-sm:gap-y-1`}>
                      <span className="font-normal sm:hidden">{t("planner.summary.unpaid")}</span>
                      {row.unpaid}
                      {/* Already being paid: apart, never in 'Por pagar'. */}
                      {row.inProgress ? (
                        <span className="block text-xs font-normal text-amber-900 max-sm:basis-full max-sm:text-right dark:text-amber-200">
                          {t("planner.summary.inProgress", { amount: row.inProgress })}
                        </span>
                      ) : null}
                      {/* Still owed from earlier months (decision 145): apart from the month's own, counted in 'Cobertura'. */}
                      {row.earlierOverdue ? (
                        <>
                          <span className="block text-xs font-semibold text-failed max-sm:basis-full max-sm:text-right dark:text-red-300">
                            {t("planner.summary.earlierOverdue", { amount: row.earlierOverdue })}
                          </span>
                          <Link
                            to="/pagos-recurrentes"
                            className="block text-xs font-semibold text-brand-700 underline max-sm:flex max-sm:min-h-11 max-sm:basis-full max-sm:items-center max-sm:justify-end dark:text-brand-300"
                          >
                            {t("planner.summary.earlierOverdueLink")}
                          </Link>
                        </>
                      ) : null}
                    </td>
                    <td className={SUMMARY_FIGURE}>
                      <span className="sm:hidden">{t("planner.summary.available")}</span>
                      {row.available ?? "—"}
                    </td>
                    <td className={`${SUMMARY_FIGURE} font-semibold max-sm:flex-wrap max-sm:gap-y-1`}>
                      <span className="font-normal sm:hidden">{t("planner.summary.coverage")}</span>
                      {row.available === null ? (
                        "—"
                      ) : row.missing ? (
                        <span className="text-failed dark:text-red-300">{t("planner.summary.missing", { amount: row.missing })}</span>
                      ) : (
                        <span className="text-success">{t("planner.summary.covered")}</span>
                      )}
                      {row.available !== null && row.earlierOverdue ? (
                        <span className="block text-xs font-normal text-slate-600 max-sm:basis-full max-sm:text-right dark:text-slate-300">
                          {t("planner.summary.coverageWithEarlier")}
                        </span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      {!balancesKnown ? <p className="text-sm font-medium text-slate-700 dark:text-slate-200">{t("planner.balancesUnavailable")}</p> : null}

      {weeks === null ? (
        <LoadError message={t("planner.loadError")} retryLabel={t("planner.retry")} retryHref={here} />
      ) : (
        <section aria-label={t("planner.calendarCaption", { month: monthInWords })} className="flex flex-col gap-3">
          {hasPayments ? null : <p className="text-slate-600 dark:text-slate-300">{t("planner.empty", { month: monthInWords })}</p>}
          <PlannerCalendar
            weeks={weeks}
            caption={t("planner.calendarCaption", { month: monthInWords })}
            dateLabel={dateLabel}
            today={data.today}
          />
          <div className="text-sm text-slate-600 dark:text-slate-300">
            <h3 className="font-semibold text-slate-900 dark:text-slate-100">{t("planner.legend")}</h3>
            <p>
              <strong>{t("status.overdue")}:</strong> {t("planner.legendOverdue")}
            </p>
            <p>
              <strong>{t("status.inProgress")}:</strong> {t("planner.legendInProgress")}
            </p>
            <p>
              <strong>{t("planner.short")}:</strong> {t("planner.legendShort")}
            </p>
            <p>
              <strong>{t("planner.holiday")}:</strong> {t("planner.legendHoliday")}
            </p>
            <p>
              <strong>{t("planner.cutOff")}:</strong> {t("planner.legendCutOff")}
            </p>
          </div>
        </section>
      )}

      {data.daily.length > 0 ? (
        <section aria-labelledby="salidas-por-dia" className="flex flex-col gap-3">
          <h2 id="salidas-por-dia" className="text-base font-semibold">
            {t("planner.chart.title")}
          </h2>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
            <span className="flex items-center gap-1.5">
              <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-brand-600 dark:bg-brand-300" />
              {t("planner.chart.legendDue")}
            </span>
            <span className="flex items-center gap-1.5">
              <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-slate-500" />
              {t("planner.chart.legendPaid")}
            </span>
          </p>
          <div className="grid gap-6 lg:grid-cols-2">
            {data.daily.map((row) => (
              <OutflowsChart
                key={row.currency}
                row={row}
                month={monthInWords}
                dateLabel={data.shortDateLabel}
                formatMax={(max) => t("planner.chart.max", { amount: formatMoney(max, row.currency) })}
              />
            ))}
          </div>
        </section>
      ) : null}

      <Modal
        open={Boolean(day)}
        id="pagos-del-dia"
        // A day to read before acting: its title, not its first link ringed as if chosen.
        initialFocus="title"
        title={day && dayTitle ? t("planner.modal.title", { date: dayTitle }) : ""}
        closeHref={links.base}
      >
        {day ? (
          <div className="flex flex-col gap-5">
            {day.payments.length === 0 ? (
              <p>{t("planner.modal.none")}</p>
            ) : (
              <div>
                {/* Each payment is a card: its recipient, its amount and status on one line, then 'Pagar ahora', so
                    neither a 390 px phone nor the dialog's own width clips a column (decision 125). */}
                <table className="block w-full text-left text-sm">
                  <caption className="sr-only">{t("planner.modal.caption")}</caption>
                  <thead className="sr-only">
                    <tr>
                      <th scope="col">{t("planner.modal.recipient")}</th>
                      <th scope="col">{t("planner.modal.amount")}</th>
                      <th scope="col">{t("planner.modal.state")}</th>
                      <th scope="col">{t("planner.modal.actions")}</th>
                    </tr>
                  </thead>
                  <tbody className="block divide-y divide-slate-200 dark:divide-slate-800">
                    {day.payments.map((payment) => (
                      <tr key={payment.id} className="flex flex-wrap items-center gap-x-3 py-3">
                        <th scope="row" className="block w-full pb-1 text-left font-semibold">
                          <span className="block">{payment.payee}</span>
                          <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
                            {t(`frequency.${payment.frequency}`)}
                          </span>
                          {/* An earlier payment of the schedule under way, then this day's own. */}
                          {(
                            [
                              ["planner.modal.earlierInProgress", payment.earlierInProgress],
                              ["planner.modal.inProgress", payment.inProgress],
                            ] as const
                          ).map(([key, note]) =>
                            note ? (
                              <span key={key} className="mt-1 block font-normal">
                                <PaymentInProgressNote
                                  inProgress={note}
                                  sentence={t(key, { date: note.dateText })}
                                  linkText={t("planner.modal.inProgressLink", { id: note.operationId })}
                                />
                              </span>
                            ) : null,
                          )}
                        </th>
                        <td className="block whitespace-nowrap font-semibold tabular-nums">{payment.amount}</td>
                        <td className="block">
                          {payment.inProgress ? (
                            <OperationStatusBadge inProgress={payment.inProgress} />
                          ) : (
                            <StatusBadge status={payment.status} />
                          )}
                        </td>
                        {/* The next step comes after what it pays, under its amount and status. */}
                        <td className="block w-full pt-2 empty:hidden">
                          {payment.payHref ? (
                            <Link
                              to={payment.payHref}
                              aria-label={t("planner.modal.payNamed", { name: payment.payee })}
                              className={buttonClass("primary", "whitespace-nowrap")}
                            >
                              {t("planner.modal.pay")}
                            </Link>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {day.coverage.length > 0 ? (
              <section aria-labelledby="cobertura-dia" className="flex flex-col gap-2">
                <h3 id="cobertura-dia" className="font-semibold">
                  {t("planner.modal.coverageTitle")}
                </h3>
                <ul className="flex flex-col gap-2 text-sm">
                  {day.coverage.map((row) => (
                    <li
                      key={row.currency}
                      className={`rounded-lg border p-3 ${row.short ? "border-red-300 bg-red-50 dark:border-red-900 dark:bg-red-950/40" : "border-slate-200 dark:border-slate-800"}`}
                    >
                      <p className="flex items-center justify-between gap-2 font-semibold">
                        <span>{row.currency}</span>
                        <span className={row.short ? "text-failed dark:text-red-300" : "text-success"}>
                          {row.short ? t("planner.short") : t("planner.modal.covered")}
                        </span>
                      </p>
                      <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5">
                        <dt className="text-left text-slate-600 dark:text-slate-300">{t("planner.modal.due")}</dt>
                        <dd className="text-right tabular-nums">{row.due}</dd>
                        {row.before ? (
                          <>
                            {/* Today what earlier days still owe is overdue: 'Vencido' in red, as on the calendar. */}
                            <dt className="text-left text-slate-600 dark:text-slate-300">
                              {t(row.beforeOverdue ? "planner.modal.overdueThisMonth" : "planner.modal.before")}
                            </dt>
                            <dd className={`text-right tabular-nums ${row.beforeOverdue ? "text-failed" : ""}`}>{row.before}</dd>
                          </>
                        ) : null}
                        {row.carried ? (
                          <>
                            <dt className="text-left text-slate-600 dark:text-slate-300">{t("planner.modal.carried")}</dt>
                            <dd className="text-right tabular-nums text-failed">{row.carried}</dd>
                          </>
                        ) : null}
                        <dt className="text-left text-slate-600 dark:text-slate-300">
                          {t(row.carried ? "planner.modal.cumulativeWithCarried" : "planner.modal.cumulative")}
                        </dt>
                        <dd className="text-right font-semibold tabular-nums">{row.cumulative}</dd>
                        <dt className="text-left text-slate-600 dark:text-slate-300">{t("planner.modal.available")}</dt>
                        <dd className="text-right tabular-nums">{row.available}</dd>
                      </dl>
                      <p className="mt-1 text-slate-600 dark:text-slate-300">
                        {t("planner.modal.cutOff", { rail: row.cutOff.rail, cutOff: row.cutOff.cutOff })}
                      </p>
                      {row.cutOff.passed ? (
                        <p className="mt-1 font-semibold text-amber-900 dark:text-amber-200">
                          {t("planner.late", {
                            rail: row.cutOff.rail,
                            cutOff: row.cutOff.cutOff,
                            currency: row.currency,
                            date: dateLabel[row.cutOff.sendsOn] ?? row.cutOff.sendsOn,
                          })}
                        </p>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            <div className="flex justify-end">
              <Link to={links.base} preventScrollReset className={buttonClass("secondary")}>
                {t("planner.modal.close")}
              </Link>
            </div>
          </div>
        ) : null}
      </Modal>
    </div>
  );
}

export const handle: PageHandle = { namespaces: { payments }, titleKey: "shell.title.planner" };

export { ErrorBoundary } from "~/components/errors/error-boundary";
