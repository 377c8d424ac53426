import { type CutOff, cutOffFor, type Rail } from "#core/domain/cut-offs";
import {
  balancesByCurrency,
  carriesEarlierOverdue,
  type Coverage,
  coverageByDay,
  dailyOutflows,
  dayInMonth,
  earlierOverdueByCurrency,
  monthGrid,
  monthKey,
  outflowsByCurrency,
  paymentsMovedTo,
  type PlannerMonth,
  type PlannerState,
  plannerState,
  shortfall,
  totalsByDay,
} from "#core/domain/payment-planner";
import { countsByState } from "#core/domain/payment-state";
import { formatMoney } from "#core/money";
import type { Translate } from "#core/translate";

import type { AccessContext } from "../session/auth.server";
import { currentActor } from "../session/permissions.server";
import { companyAccounts } from "../trading/accounts.server";
import { bankHolidays } from "../upstream/bank-holidays.server";
import { optional } from "../upstream/optional.server";
import type { Schedule, ScheduleEvent } from "../upstream/scheduled-payments.server";
import type { PaymentInProgress } from "./recurring.server";
import { payeeName, payNowEntry } from "./recurring.server";

/**
 * 'Planificador de pagos' (§2 /planner; decision 057): one month of the company's payments (one
 * call, `?date=YYYY-MM`), the current balances the dashboard reads, the bank holidays the
 * calculator reads (`nonworkingdates`, the same hour-long cache) and, from today's month on, the
 * schedules 'Mis pagos recurrentes' reads (what is still owed from earlier months, decision 145),
 * folded by the pure rules of core/domain/payment-planner.ts into what each day of the calendar shows.
 */

export interface PlannerDayView {
  date: string;
  day: number;
  inMonth: boolean;
  today: boolean;
  weekend: boolean;
  holiday: boolean;
  /** For a bank holiday with payments: the day they are made. */
  nextWorkingDay: string | null;
  /**
   * The day's payments by what they are to a treasurer: a passed day's unpaid ones are overdue
   * (decision 119), those an operation already pays are in process.
   */
  counts: Record<PlannerState, number>;
  total: number;
  /** Still to pay per currency, formatted. */
  due: string[];
  /** In process per currency, formatted. */
  inProgressDue: string[];
  short: boolean;
  href: string | null;
  /** Today: the currencies due whose cut-off has passed (or today is no working day), and when they leave. */
  late: LateView[];
}

export interface LateView {
  currency: string;
  rail: Rail;
  cutOff: string;
  sendsOn: string;
}

export interface CoverageView {
  currency: string;
  due: string;
  cumulative: string;
  /** What of `cumulative` earlier months still owe, or null. */
  carried: string | null;
  /** What of `cumulative` the month's earlier days still owe, or null; all overdue when the day is today. */
  before: string | null;
  beforeOverdue: boolean;
  available: string;
  short: boolean;
  /** The payment system and its cut-off for that currency (§4), and, today, whether it has passed. */
  cutOff: CutOff;
}

export interface PlannedPaymentView {
  id: string;
  payee: string;
  amount: string;
  frequency: ScheduleEvent["frequency"];
  status: PlannerState;
  /** 'Pagar ahora' for an unpaid payment the member may make. */
  payHref: string | null;
  /** The operation already paying it: no second 'Pagar ahora'. */
  inProgress: PaymentInProgress | null;
  /**
   * An earlier payment of the same schedule that an operation is already paying (an overdue one):
   * this day's 'Pagar ahora' pays this day's payment, not that one again.
   */
  earlierInProgress: PaymentInProgress | null;
}

export interface PlannerData {
  /** null when the month's payments could not be read. */
  weeks: PlannerDayView[][] | null;
  balancesKnown: boolean;
  /**
   * The month per currency: paid, still to pay, in process (null when none), still owed from
   * earlier months (null when none or unknown), the current balance and, when that balance does not
   * cover what is still to pay with what is owed from earlier months, the amount missing.
   */
  outflows: Array<{
    currency: string;
    paid: string;
    unpaid: string;
    inProgress: string | null;
    earlierOverdue: string | null;
    available: string | null;
    missing: string | null;
  }>;
  /** The month's outflows per currency and day: the chart's bars and the table under it. */
  daily: Array<{
    currency: string;
    days: Array<{ date: string; paid: string; inProgress: string; unpaid: string; total: string; volume: string }>;
  }>;
  day: { date: string; payments: PlannedPaymentView[]; coverage: CoverageView[] } | null;
}

const money = (amount: string, currency: string) => formatMoney(Number(amount), currency);

function coverageView(row: Coverage, cutOff: CutOff): CoverageView {
  return {
    cutOff,
    currency: row.currency,
    due: money(row.due, row.currency),
    cumulative: money(row.cumulative, row.currency),
    carried: row.carried === null ? null : money(row.carried, row.currency),
    before: row.before === null ? null : money(row.before, row.currency),
    beforeOverdue: row.beforeOverdue,
    available: money(row.available, row.currency),
    short: row.short,
  };
}

export async function loadPlanner(
  access: AccessContext,
  options: { month: PlannerMonth; today: string; requestedDay: string | null; dayHref: (date: string) => string; t: Translate },
): Promise<PlannerData> {
  const { month, today, t } = options;
  const now = Date.now();
  const date = dayInMonth(options.requestedDay, month);
  const [events, accounts, holidays, actor, schedules] = await Promise.all([
    optional(access.api.scheduledPayments.events(monthKey(month)), null, {
      log: access.log,
      event: "scheduled_payment_events_unavailable",
    }),
    optional(companyAccounts(access), null, { log: access.log, event: "planner_balances_unavailable" }),
    bankHolidays(access.api.graphql, access.log),
    currentActor(access),
    // The schedules, as 'Mis pagos recurrentes' reads them: for today's month and those ahead, what is still
    // owed from earlier months (decision 145); for an open day, which of its schedules has an earlier
    // payment under way. Without them the earlier months' line is left out.
    date || carriesEarlierOverdue(month, today)
      ? optional(access.api.scheduledPayments.schedules(), null, { log: access.log, event: "scheduled_payments_unavailable" })
      : null,
  ]);
  const holidaySet = new Set(holidays.map((date) => date.slice(0, 10)));
  const balances = accounts ? balancesByCurrency(accounts.views) : {};
  const totals = totalsByDay(events ?? []);
  // Only with the month's own payments known: they say which overdue payments are the month's.
  const earlier = schedules && events ? earlierOverdueByCurrency(schedules, events, month, today) : {};
  const coverage = accounts ? coverageByDay(totals, balances, today, earlier) : new Map<string, Coverage[]>();

  const weeks =
    events === null
      ? null
      : monthGrid(month).map((week) =>
          week.map((cell): PlannerDayView => {
            const day = cell.inMonth ? totals.get(cell.date) : undefined;
            const counts = {
              ...countsByState(day?.counts ?? { scheduled: 0, pending: 0, paid: 0 }, cell.date, today),
              inProgress: day?.inProgress ?? 0,
            };
            const total = counts.scheduled + counts.overdue + counts.paid + counts.inProgress;
            return {
              date: cell.date,
              day: Number(cell.date.slice(8, 10)),
              inMonth: cell.inMonth,
              today: cell.date === today,
              weekend: cell.weekend,
              holiday: holidaySet.has(cell.date),
              nextWorkingDay: cell.inMonth ? paymentsMovedTo(cell.date, total, holidaySet) : null,
              counts,
              total,
              due: Object.entries(day?.due ?? {}).map(([currency, amount]) => money(amount, currency)),
              inProgressDue: Object.entries(day?.inProgressDue ?? {}).map(([currency, amount]) => money(amount, currency)),
              short: cell.inMonth && (coverage.get(cell.date)?.some((row) => row.short) ?? false),
              href: cell.inMonth && total > 0 ? options.dayHref(cell.date) : null,
              late: cell.date === today ? lateToday(today, Object.keys(day?.due ?? {}), now, holidaySet) : [],
            };
          }),
        );

  const outflows = outflowsByCurrency(events ?? [], earlier).map((row) => {
    const missing = accounts ? shortfall(row.owed, balances[row.currency] ?? "0") : null;
    return {
      currency: row.currency,
      paid: money(row.paid, row.currency),
      unpaid: money(row.unpaid, row.currency),
      inProgress: row.inProgress === "0.00" ? null : money(row.inProgress, row.currency),
      earlierOverdue: row.earlierOverdue === "0.00" ? null : money(row.earlierOverdue, row.currency),
      available: accounts ? money(balances[row.currency] ?? "0", row.currency) : null,
      missing: missing === null ? null : money(missing, row.currency),
    };
  });

  const day =
    date && events
      ? {
          date,
          payments: events
            .filter((event) => event.dateToPay === date)
            .map((event) => ({
              id: event.id,
              payee: payeeName(event, (account) => t("recurring.table.ownAccount", { account })),
              amount: formatMoney(event.amount, event.currency),
              frequency: event.frequency,
              status: plannerState(event, today),
              ...payNowEntry(actor, event),
              earlierInProgress: earlierInProgress(actor, event, schedules),
            })),
          coverage: (coverage.get(date) ?? []).map((row) => coverageView(row, cutOffFor(date, row.currency, now, holidaySet))),
        }
      : null;

  const daily = dailyOutflows(events ?? [], month).map((row) => ({
    currency: row.currency,
    days: row.days.map((entry) => ({
      date: entry.date,
      paid: money(entry.paid, row.currency),
      inProgress: money(entry.inProgress, row.currency),
      unpaid: money(entry.unpaid, row.currency),
      total: money(entry.total, row.currency),
      volume: entry.total,
    })),
  }));

  return { weeks, balancesKnown: accounts !== null, outflows, daily, day };
}

/** An earlier payment of the event's schedule that an operation is already paying, if any. */
function earlierInProgress(
  actor: Parameters<typeof payNowEntry>[0],
  event: ScheduleEvent,
  schedules: readonly Schedule[] | null,
): PaymentInProgress | null {
  const schedule = schedules?.find((candidate) => candidate.id === event.scheduledPaymentId);
  const earlier = schedule?.nextEvent;
  if (!schedule || !earlier || earlier.id === event.id || earlier.dateToPay >= event.dateToPay) return null;
  return payNowEntry(actor, { ...earlier, recipient: schedule.recipient }).inProgress;
}

/** Today's currencies still due whose payments leave on another day (§4 cut-offs; decision 063). */
function lateToday(today: string, currencies: string[], now: number, holidays: ReadonlySet<string>): LateView[] {
  return currencies
    .map((currency) => cutOffFor(today, currency, now, holidays))
    .filter((cutOff) => cutOff.passed)
    .map(({ currency, rail, cutOff, sendsOn }) => ({ currency, rail, cutOff, sendsOn }));
}
