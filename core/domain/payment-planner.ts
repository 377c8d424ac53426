import { z } from "zod";

import { displayCurrency } from "../money";
import { isCalendarDate } from "./calendar-date";
import { amountString, Big } from "./decimal";
import { type PaymentState, paymentState } from "./payment-state";

/**
 * The payment planner's pure rules (§2 'Planificador de pagos', §3 planner filters; decision 057):
 * the month asked for, its calendar from Monday, each day's payments by status and amount due per
 * currency (big.js, never floats), and whether the company's current balances cover what is still
 * to pay from today to that day.
 */

export type PaymentStatus = "scheduled" | "pending" | "paid";

export const MIN_YEAR = 2000;
export const MAX_YEAR = 2099;

/**
 * §3 planner filters (month, year) as the GET form sends them; each may be left out (today's month
 * or year), so neither select is `required` and the page's HTML stays valid.
 */
export const plannerFiltersSchema = z
  .object({
    mes: z.coerce.number({ message: "Elige un mes." }).int("Elige un mes.").min(1, "Elige un mes.").max(12, "Elige un mes."),
    anio: z.coerce
      .number({ message: `Elige un año entre ${MIN_YEAR} y ${MAX_YEAR}.` })
      .int(`Elige un año entre ${MIN_YEAR} y ${MAX_YEAR}.`)
      .min(MIN_YEAR, `Elige un año entre ${MIN_YEAR} y ${MAX_YEAR}.`)
      .max(MAX_YEAR, `Elige un año entre ${MIN_YEAR} y ${MAX_YEAR}.`),
  })
  .partial();

/** The years the filter offers: two back and two ahead of the shown one, within the schema's range. */
export function plannerYears(shown: number): number[] {
  const years: number[] = [];
  for (let year = Math.max(MIN_YEAR, shown - 2); year <= Math.min(MAX_YEAR, shown + 2); year += 1) years.push(year);
  return years;
}

export interface PlannerMonth {
  year: number;
  /** 1..12 */
  month: number;
}

/** The month the URL asks for (`?mes=&anio=`), or today's month in Mexico City ("YYYY-MM-DD"). */
export function plannerMonth(params: URLSearchParams, today: string): PlannerMonth {
  const current = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
  const parsed = plannerFiltersSchema.safeParse({ mes: params.get("mes") ?? undefined, anio: params.get("anio") ?? undefined });
  if (!parsed.success) return current;
  return { year: parsed.data.anio ?? current.year, month: parsed.data.mes ?? current.month };
}

/**
 * Whether the link or form asked for a month that cannot be shown (?mes=13, ?anio=1999): the page
 * then shows today's month and says so, neutrally, rather than a red error on a filter that
 * contradicts the calendar under it.
 */
export function askedMonthInvalid(params: URLSearchParams): boolean {
  if (!params.has("mes") && !params.has("anio")) return false;
  return !plannerFiltersSchema.safeParse({ mes: params.get("mes") ?? undefined, anio: params.get("anio") ?? undefined }).success;
}

/**
 * What of the asked month cannot be shown, for the note that says so: the month as typed (cut to
 * 12 characters), else the year; `other` when what was asked is empty. null when all can be shown.
 */
export function unshowableMonth(params: URLSearchParams): { part: "month" | "year" | "other"; asked: string } | null {
  if (!askedMonthInvalid(params)) return null;
  const month = params.get("mes");
  if (month !== null && !plannerFiltersSchema.safeParse({ mes: month }).success) {
    return month.trim() === "" ? { part: "other", asked: "" } : { part: "month", asked: month.slice(0, 12) };
  }
  const year = params.get("anio") ?? "";
  return year.trim() === "" ? { part: "other", asked: "" } : { part: "year", asked: year.slice(0, 12) };
}

export const monthKey = ({ year, month }: PlannerMonth) => `${year}-${String(month).padStart(2, "0")}`;

export function shiftMonth({ year, month }: PlannerMonth, by: number): PlannerMonth {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

const pad = (value: number) => String(value).padStart(2, "0");
const isoOf = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

export interface GridDay {
  date: string;
  inMonth: boolean;
  /** Saturday or Sunday. */
  weekend: boolean;
}

/** The month's weeks, Monday to Sunday, padded with the neighbouring months' days. */
export function monthGrid({ year, month }: PlannerMonth): GridDay[][] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const mondayOffset = (first.getUTCDay() + 6) % 7;
  const cursor = new Date(Date.UTC(year, month - 1, 1 - mondayOffset));
  const weeks: GridDay[][] = [];
  do {
    const week: GridDay[] = [];
    for (let i = 0; i < 7; i += 1) {
      week.push({ date: isoOf(cursor), inMonth: cursor.getUTCMonth() === month - 1, weekend: i >= 5 });
      cursor.setUTCDate(cursor.getUTCDate() + 1);
    }
    weeks.push(week);
  } while (cursor.getUTCMonth() === month - 1);
  return weeks;
}

/** `?dia=YYYY-MM-DD` when it is a real day of the shown month; otherwise no modal. */
export function dayInMonth(value: string | null, shown: PlannerMonth): string | null {
  if (!value || !isCalendarDate(value)) return null;
  return value.startsWith(`${monthKey(shown)}-`) ? value : null;
}

export interface PlannedPayment {
  dateToPay: string;
  status: PaymentStatus;
  amount: number;
  currency: string;
  /** The operation already paying this unpaid payment (waiting for approval or a key), if any. */
  operationInProgress?: { id: string } | null;
}

/** A planner payment's state: a payment state (decision 119), or 'En proceso' while an operation pays it. */
export type PlannerState = PaymentState | "inProgress";

/** Whether an operation already pays the payment: it is neither overdue nor still to pay, and is not paid twice. */
const beingPaid = (payment: Pick<PlannedPayment, "status" | "operationInProgress">) =>
  payment.status !== "paid" && Boolean(payment.operationInProgress);

/** What a payment is on the planner (cell, phone agenda, day modal); `today` is a Mexico City day. */
export function plannerState(payment: PlannedPayment, today: string): PlannerState {
  return beingPaid(payment) ? "inProgress" : paymentState(payment, today);
}

/** Whether a payment counts in 'Por pagar': unpaid, and no operation paying it yet (that money is already committed). */
export function stillToPay(payment: PlannedPayment): boolean {
  return payment.status !== "paid" && !beingPaid(payment);
}

export interface DayTotals {
  /** The day's payments by the bank's status, those an operation already pays left out (see `inProgress`). */
  counts: Record<PaymentStatus, number>;
  /** The day's payments that an operation already pays ('En proceso'). */
  inProgress: number;
  /** Still to pay (`stillToPay`) per currency, 2 decimals as text. */
  due: Record<string, string>;
  /** In process per currency, 2 decimals as text. */
  inProgressDue: Record<string, string>;
}

const addTo = (sums: Map<string, Big>, payment: PlannedPayment) => {
  const currency = displayCurrency(payment.currency);
  sums.set(currency, (sums.get(currency) ?? new Big(0)).plus(new Big(payment.amount)));
};
const asText = (sums: Map<string, Big>) => Object.fromEntries([...sums].map(([currency, amount]) => [currency, amountString(amount)]));

/** Each day's payments by status and its amounts still to pay and in process per currency (MXP counts as MXN). */
export function totalsByDay(payments: readonly PlannedPayment[]): Map<string, DayTotals> {
  const days = new Map<
    string,
    { counts: Record<PaymentStatus, number>; inProgress: number; due: Map<string, Big>; inProgressDue: Map<string, Big> }
  >();
  for (const payment of payments) {
    let day = days.get(payment.dateToPay);
    if (!day) {
      day = { counts: { scheduled: 0, pending: 0, paid: 0 }, inProgress: 0, due: new Map(), inProgressDue: new Map() };
      days.set(payment.dateToPay, day);
    }
    if (beingPaid(payment)) {
      day.inProgress += 1;
      addTo(day.inProgressDue, payment);
      continue;
    }
    day.counts[payment.status] += 1;
    if (stillToPay(payment)) addTo(day.due, payment);
  }
  return new Map(
    [...days].map(([date, day]) => [
      date,
      { counts: day.counts, inProgress: day.inProgress, due: asText(day.due), inProgressDue: asText(day.inProgressDue) },
    ]),
  );
}

/** The company's current balance per currency (MXP counts as MXN), 2 decimals as text. */
export function balancesByCurrency(accounts: ReadonlyArray<{ currency: string; balance: number }>): Record<string, string> {
  const sums = new Map<string, Big>();
  for (const account of accounts) {
    const currency = displayCurrency(account.currency);
    sums.set(currency, (sums.get(currency) ?? new Big(0)).plus(new Big(account.balance)));
  }
  return Object.fromEntries([...sums].map(([currency, amount]) => [currency, amountString(amount)]));
}

export interface Coverage {
  currency: string;
  /** Due that day. */
  due: string;
  /** Still to pay from today to that day (overdue payments of the month count today). */
  cumulative: string;
  /** What of `cumulative` earlier months still owe (decision 145), or null when nothing: said apart, not silently inside. */
  carried: string | null;
  /** What of `cumulative` the month's days before this one still owe (from today on), or null: due + before + carried = cumulative. */
  before: string | null;
  /** Today `before` is all overdue (the month's unpaid days before today); a later day's also holds today's and those between. */
  beforeOverdue: boolean;
  /** Current balance in that currency ("0.00" without an account in it). */
  available: string;
  short: boolean;
}

/**
 * For each day from today on: what is due that day per currency against the current balances,
 * flagged when the balances cannot cover everything still unpaid up to that day. Past days carry
 * no coverage (their unpaid payments are overdue and count on today). `carried`, per currency, is
 * owed before the first of these days (the earlier months' overdue payments, decision 145).
 */
export function coverageByDay(
  totals: ReadonlyMap<string, DayTotals>,
  balances: Record<string, string>,
  today: string,
  carried: Record<string, string> = {},
): Map<string, Coverage[]> {
  const dates = [...totals.keys()].sort();
  const running = new Map<string, Big>(Object.entries(carried).map(([currency, amount]) => [currency, new Big(amount)]));
  const result = new Map<string, Coverage[]>();
  for (const date of dates) {
    const day = totals.get(date)!;
    const dueToday = Object.entries(day.due);
    for (const [currency, amount] of dueToday) running.set(currency, (running.get(currency) ?? new Big(0)).plus(new Big(amount)));
    if (date < today) continue;
    const dueCurrencies = date === today ? [...running.keys()] : dueToday.map(([currency]) => currency);
    const rows = dueCurrencies.sort().map((currency) => {
      const cumulative = running.get(currency) ?? new Big(0);
      const available = new Big(balances[currency] ?? "0");
      const due = new Big(day.due[currency] ?? "0");
      const fromEarlierMonths = new Big(carried[currency] ?? "0");
      const before = cumulative.minus(due).minus(fromEarlierMonths);
      return {
        currency,
        due: amountString(due),
        cumulative: amountString(cumulative),
        carried: fromEarlierMonths.gt(0) ? amountString(fromEarlierMonths) : null,
        before: before.gt(0) ? amountString(before) : null,
        beforeOverdue: date === today,
        available: amountString(available),
        short: cumulative.gt(available),
      };
    });
    if (rows.length) result.set(date, rows);
  }
  return result;
}

/**
 * Whether the planner adds the payments still owed from the months before the shown one (decision
 * 145): for today's month and the months ahead, which a treasurer plans with that debt; a past month
 * shows what it was.
 */
export function carriesEarlierOverdue(shown: PlannerMonth, today: string): boolean {
  return monthKey(shown) >= today.slice(0, 7);
}

/** A schedule as the bank lists it (`GET /scheduledpayments`), as far as its overdue payments go. */
export interface ScheduleDebt {
  id: string;
  /** An unpaid payment pays the schedule as it is now: its amount and currency. */
  amount: number;
  currency: string;
  /** The earliest unpaid payment, overdue first (the bank's `nextEvent`). */
  nextEvent: { dateToPay: string; status: PaymentStatus; operationInProgress?: { id: string } | null } | null;
  /** The bank's count of its overdue payments (`pending`). */
  events: { pending: number };
}

/**
 * What is still owed, per currency (MXP as MXN), from payments overdue since a month before the
 * shown one (decision 145). A schedule owes from before the month when its earliest unpaid payment
 * (`nextEvent`) is overdue, as 'Mis pagos recurrentes' reads it (`paymentState`), and falls before
 * the month's first day; its overdue payments are the bank's count less those of the shown month
 * (`monthPayments`, that month's payments), each for the schedule's amount. The earliest one is
 * left out while an operation pays it (`stillToPay`). Empty for a past month.
 */
export function earlierOverdueByCurrency(
  schedules: readonly ScheduleDebt[],
  monthPayments: ReadonlyArray<Pick<PlannedPayment, "dateToPay" | "status"> & { scheduledPaymentId: string }>,
  shown: PlannerMonth,
  today: string,
): Record<string, string> {
  if (!carriesEarlierOverdue(shown, today)) return {};
  const firstDay = `${monthKey(shown)}-01`;
  const sums = new Map<string, Big>();
  for (const schedule of schedules) {
    const next = schedule.nextEvent;
    if (!next || next.dateToPay >= firstDay || paymentState(next, today) !== "overdue") continue;
    const inMonth = monthPayments.filter(
      (payment) => payment.scheduledPaymentId === schedule.id && payment.status === "pending" && payment.dateToPay >= firstDay,
    ).length;
    const owed = Math.max(1, schedule.events.pending - inMonth) - (beingPaid(next) ? 1 : 0);
    if (owed <= 0) continue;
    const currency = displayCurrency(schedule.currency);
    sums.set(currency, (sums.get(currency) ?? new Big(0)).plus(new Big(schedule.amount).times(owed)));
  }
  return asText(sums);
}

/**
 * The month's outflows per currency: paid, still to pay ('Por pagar') and in process, apart, so
 * 'Por pagar' never counts a payment an operation already pays; with `earlierOverdue`
 * (`earlierOverdueByCurrency`) apart too, and `owed`, what the balance has to cover: 'Por pagar'
 * plus the earlier overdue payments.
 */
export function outflowsByCurrency(
  payments: readonly PlannedPayment[],
  earlierOverdue: Record<string, string> = {},
): Array<{ currency: string; paid: string; unpaid: string; inProgress: string; earlierOverdue: string; owed: string }> {
  const zero = () => ({ paid: new Big(0), unpaid: new Big(0), inProgress: new Big(0) });
  const sums = new Map<string, { paid: Big; unpaid: Big; inProgress: Big }>();
  for (const payment of payments) {
    const currency = displayCurrency(payment.currency);
    const sum = sums.get(currency) ?? zero();
    const amount = new Big(payment.amount);
    if (payment.status === "paid") sum.paid = sum.paid.plus(amount);
    else if (stillToPay(payment)) sum.unpaid = sum.unpaid.plus(amount);
    else sum.inProgress = sum.inProgress.plus(amount);
    sums.set(currency, sum);
  }
  for (const currency of Object.keys(earlierOverdue)) if (!sums.has(currency)) sums.set(currency, zero());
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, sum]) => {
      const earlier = new Big(earlierOverdue[currency] ?? "0");
      return {
        currency,
        paid: amountString(sum.paid),
        unpaid: amountString(sum.unpaid),
        inProgress: amountString(sum.inProgress),
        earlierOverdue: amountString(earlier),
        owed: amountString(sum.unpaid.plus(earlier)),
      };
    });
}

/**
 * Whether a currency's current balance covers what is still to pay: null when it does, else the
 * amount missing (2 decimals as text), the figure a treasurer has to find.
 */
export function shortfall(unpaid: string, available: string): string | null {
  const missing = new Big(unpaid).minus(new Big(available));
  return missing.gt(0) ? amountString(missing) : null;
}

/** The first day after `date` that is neither a weekend nor a bank holiday (where a payment of that day is made). */
export function nextWorkingDay(date: string, holidays: ReadonlySet<string>): string {
  const cursor = new Date(`${date}T00:00:00Z`);
  for (let i = 0; i < 60; i += 1) {
    cursor.setUTCDate(cursor.getUTCDate() + 1);
    const weekday = cursor.getUTCDay();
    const iso = isoOf(cursor);
    if (weekday !== 0 && weekday !== 6 && !holidays.has(iso)) return iso;
  }
  return isoOf(cursor);
}

/**
 * The day a bank holiday's payments are made, only when that holiday has payments: on an empty
 * holiday 'Se paga el …' would announce a payment that does not exist.
 */
export function paymentsMovedTo(date: string, payments: number, holidays: ReadonlySet<string>): string | null {
  return holidays.has(date) && payments > 0 ? nextWorkingDay(date, holidays) : null;
}

/**
 * The phone's agenda of a month: only the days with payments (an empty holiday asks nothing of a
 * treasurer), what still asks for something first — overdue days, past days in process, today,
 * the days ahead — each group in date order; then the past days whose payments are all made
 * (`settled`, which the page may fold away).
 */
export function agendaDays<Day extends { date: string; total: number; counts: { overdue: number; inProgress: number } }>(
  days: readonly Day[],
  today: string,
): { open: Day[]; settled: Day[] } {
  const withPayments = [...days].filter((day) => day.total > 0).sort((a, b) => a.date.localeCompare(b.date));
  const past = withPayments.filter((day) => day.date < today);
  const overdue = past.filter((day) => day.counts.overdue > 0);
  const inProgress = past.filter((day) => day.counts.overdue === 0 && day.counts.inProgress > 0);
  const settled = past.filter((day) => day.counts.overdue === 0 && day.counts.inProgress === 0);
  const ahead = withPayments.filter((day) => day.date >= today);
  return { open: [...overdue, ...inProgress, ...ahead], settled };
}

export interface DailyOutflow {
  date: string;
  /** 2 decimals as text. */
  paid: string;
  /** Already paid by an operation under way ('En proceso'): neither paid nor still to pay. */
  inProgress: string;
  unpaid: string;
  total: string;
}

/**
 * The month's outflows per currency, day by day (every day of the month, so a chart's bars keep
 * their place; MXP as MXN), for the planner's chart and the table that carries its figures. 'Por
 * pagar' counts what `stillToPay` counts, as the month's summary does, so the days add up to it.
 */
export function dailyOutflows(payments: readonly PlannedPayment[], shown: PlannerMonth): Array<{ currency: string; days: DailyOutflow[] }> {
  const prefix = `${monthKey(shown)}-`;
  const days = monthGrid(shown)
    .flat()
    .filter((day) => day.inMonth)
    .map((day) => day.date);
  type Sums = { paid: Big; inProgress: Big; unpaid: Big };
  const zero = (): Sums => ({ paid: new Big(0), inProgress: new Big(0), unpaid: new Big(0) });
  const sums = new Map<string, Map<string, Sums>>();
  for (const payment of payments) {
    if (!payment.dateToPay.startsWith(prefix)) continue;
    const currency = displayCurrency(payment.currency);
    const byDay = sums.get(currency) ?? new Map<string, Sums>();
    const sum = byDay.get(payment.dateToPay) ?? zero();
    const part = payment.status === "paid" ? "paid" : stillToPay(payment) ? "unpaid" : "inProgress";
    sum[part] = sum[part].plus(new Big(payment.amount));
    byDay.set(payment.dateToPay, sum);
    sums.set(currency, byDay);
  }
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, byDay]) => ({
      currency,
      days: days.map((date) => {
        const sum = byDay.get(date) ?? zero();
        return {
          date,
          paid: amountString(sum.paid),
          inProgress: amountString(sum.inProgress),
          unpaid: amountString(sum.unpaid),
          total: amountString(sum.paid.plus(sum.inProgress).plus(sum.unpaid)),
        };
      }),
    }));
}

export function dueOrOverdue<T extends { dateToPay: string; status: PaymentStatus }>(payments: readonly T[], today: string): T[] {
  return payments
    .filter((payment) => payment.status !== "paid" && payment.dateToPay <= today)
    .sort((a, b) => a.dateToPay.localeCompare(b.dateToPay));
}
