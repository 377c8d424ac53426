import { Link } from "@remix-run/react";

import { agendaDays } from "#core/domain/payment-planner";
import type { PlannerDayView } from "#server/payments/planner.server";
import { type Translate, useTranslation } from "~/i18n";

import { inProgressBadgeClass, stateBadgeClass } from "./state-tone";

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

function DayFlags({ day, dateLabel }: { day: PlannerDayView; dateLabel: Record<string, string> }) {
  const { t } = useTranslation("payments");
  const paidOn = day.nextWorkingDay ? dateLabel[day.nextWorkingDay] : undefined;
  return (
    <>
      {day.holiday ? (
        <span className="block text-xs font-semibold text-violet-800 dark:text-violet-300">
          {t("planner.holiday")}
          {paidOn ? <span className="block font-normal">{t("planner.paidOn", { date: paidOn })}</span> : null}
        </span>
      ) : null}
      {day.late.map((late) => (
        <span key={late.currency} className="mt-1 block text-xs font-semibold text-amber-900 dark:text-amber-200">
          {t("planner.late", {
            rail: late.rail,
            cutOff: late.cutOff,
            currency: late.currency,
            date: dateLabel[late.sendsOn] ?? late.sendsOn,
          })}
        </span>
      ))}
      {day.short ? (
        <span className="mt-1 block w-fit rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-950 dark:text-red-200">
          {t("planner.short")}
        </span>
      ) : null}
    </>
  );
}

function DayCounts({ day }: { day: PlannerDayView }) {
  const { t } = useTranslation("payments");
  const parts = (["scheduled", "paid"] as const)
    .filter((state) => day.counts[state] > 0)
    .map((state) => t(`planner.counts.${state}`, { count: day.counts[state] }));
  return (
    <span className="block text-xs text-slate-700 dark:text-slate-300">
      {/* Overdue in the one red badge every screen uses for it (decision 119); in process in the history's amber. */}
      {day.counts.overdue > 0 ? (
        <span className={`mb-0.5 mr-1 inline-block ${stateBadgeClass("overdue")}`}>
          {t("planner.counts.overdue", { count: day.counts.overdue })}
        </span>
      ) : null}
      {day.counts.inProgress > 0 ? (
        <span className={`mb-0.5 mr-1 inline-block ${inProgressBadgeClass}`}>
          {t("planner.counts.inProgress", { count: day.counts.inProgress })}
        </span>
      ) : null}
      {parts.join(" · ")}
    </span>
  );
}

/** The day's amounts: still to pay in bold, in process (already being paid) apart in amber. */
function DayAmounts({ day, className }: { day: PlannerDayView; className: string }) {
  return (
    <>
      {day.due.map((amount) => (
        <span key={amount} className={`block whitespace-nowrap font-semibold tabular-nums ${className}`}>
          {amount}
        </span>
      ))}
      {day.inProgressDue.map((amount) => (
        <span key={amount} className={`block whitespace-nowrap tabular-nums text-amber-900 dark:text-amber-200 ${className}`}>
          {amount}
        </span>
      ))}
    </>
  );
}

function daySummary(day: PlannerDayView, t: Translate): string {
  return [
    t("planner.dayPayments", { count: day.total }),
    day.counts.overdue > 0 ? t("planner.counts.overdue", { count: day.counts.overdue }) : null,
    day.counts.inProgress > 0 ? t("planner.counts.inProgress", { count: day.counts.inProgress }) : null,
    day.short ? t("planner.short") : null,
  ]
    .filter(Boolean)
    .join(", ");
}

/** The link that opens a day's payments, named with what the day holds; the calendar cell and the phone agenda place it. */
function DayLink({ day, dateLabel, className }: { day: PlannerDayView; dateLabel: Record<string, string>; className: string }) {
  const { t } = useTranslation("payments");
  if (!day.href) return null;
  return (
    <Link
      to={day.href}
      preventScrollReset
      aria-label={t("planner.dayLink", { date: dateLabel[day.date], summary: daySummary(day, t) })}
      className={`${className} font-semibold text-brand-700 underline dark:text-brand-300`}
    >
      {t("planner.dayPayments", { count: day.total })}
    </Link>
  );
}

/** A day of the phone's agenda: its day, its payments by state and amount, its flags, and the link that opens it. */
function AgendaDay({ day, dateLabel }: { day: PlannerDayView; dateLabel: Record<string, string> }) {
  const { t } = useTranslation("payments");
  return (
    <li
      className={`rounded-xl border p-3 ${day.short || day.counts.overdue > 0 ? "border-red-300 bg-red-50 dark:border-red-900 dark:bg-red-950/40" : "border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-semibold">
          {dateLabel[day.date]}
          {day.today ? ` · ${t("planner.today")}` : ""}
        </h3>
        {day.weekend ? <span className="text-xs text-slate-600 dark:text-slate-300">{t("planner.weekend")}</span> : null}
      </div>
      {day.total > 0 ? <DayCounts day={day} /> : null}
      <DayAmounts day={day} className="text-sm" />
      <DayFlags day={day} dateLabel={dateLabel} />
      <DayLink day={day} dateLabel={dateLabel} className="mt-2 inline-block" />
    </li>
  );
}

/**
 * The month from Monday as a table (md up): each day with its payments by status, the amounts
 * still due per currency, and its flags in words (holiday, short balance). A day with payments is
 * a link that opens its planned-payments modal (?dia=YYYY-MM-DD). Below md the days with payments
 * are a list (overdue, in process, today, ahead; the settled past days folded after them), so a
 * 390 px phone never scrolls sideways.
 */
export function PlannerCalendar({
  weeks,
  caption,
  dateLabel,
  today,
}: {
  weeks: PlannerDayView[][];
  caption: string;
  dateLabel: Record<string, string>;
  /** Today in Mexico City (YYYY-MM-DD): which days of another month are past or ahead. */
  today: string;
}) {
  const { t } = useTranslation("payments");
  const days = weeks.flat().filter((day) => day.inMonth);
  const agenda = agendaDays(days, today);
  return (
    <>
      <div className="hidden rounded-xl border border-slate-200 bg-white md:block dark:border-slate-800 dark:bg-slate-900">
        <table className="w-full table-fixed border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs uppercase text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <tr>
              {WEEKDAYS.map((weekday) => (
                <th key={weekday} scope="col" className="px-2 py-2">
                  <abbr title={t(`planner.weekdays.${weekday}`)} className="no-underline">
                    {t(`planner.weekdaysShort.${weekday}`)}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0].date}>
                {week.map((day) => (
                  <td
                    key={day.date}
                    className={[
                      "h-28 border border-slate-200 p-2 align-top dark:border-slate-800",
                      !day.inMonth ? "bg-slate-50 text-slate-600 dark:bg-slate-950 dark:text-slate-400" : "",
                      day.inMonth && (day.weekend || day.holiday) ? "bg-slate-50 dark:bg-slate-950" : "",
                      day.short || day.counts.overdue > 0 ? "bg-red-50 dark:bg-red-950/40" : "",
                    ].join(" ")}
                  >
                    {day.inMonth ? (
                      <>
                        <span
                          className={`block text-sm font-semibold ${day.today ? "w-fit rounded-full bg-brand-700 px-2 text-white" : ""}`}
                        >
                          {day.day}
                          {day.today ? <span className="sr-only"> ({t("planner.today")})</span> : null}
                        </span>
                        {/* What the day is first (its state and amount), then the link that opens it. */}
                        {day.total > 0 ? <DayCounts day={day} /> : null}
                        <DayAmounts day={day} className="text-xs" />
                        <DayFlags day={day} dateLabel={dateLabel} />
                        <DayLink day={day} dateLabel={dateLabel} className="mt-1 block" />
                      </>
                    ) : (
                      <span className="block text-sm">{day.day}</span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-col gap-2 md:hidden">
        <ul aria-label={caption} className="flex flex-col gap-2">
          {agenda.open.map((day) => (
            <AgendaDay key={day.date} day={day} dateLabel={dateLabel} />
          ))}
        </ul>
        {/* The past days whose payments are all made ask nothing: folded, after what does. */}
        {agenda.settled.length > 0 ? (
          <details className="rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
            <summary className="flex min-h-11 cursor-pointer items-center px-3 font-semibold text-brand-700 dark:text-brand-300">
              {t("planner.settledDays", { count: agenda.settled.length })}
            </summary>
            <ul aria-label={t("planner.settledDays", { count: agenda.settled.length })} className="flex flex-col gap-2 p-2 pt-0">
              {agenda.settled.map((day) => (
                <AgendaDay key={day.date} day={day} dateLabel={dateLabel} />
              ))}
            </ul>
          </details>
        ) : null}
      </div>
    </>
  );
}
