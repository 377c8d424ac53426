import { isCalendarDate } from "./calendar-date";

/**
 * The days of a recurring payment (§3 Calculator transaction `recurrent`; decisions 056, 063), on
 * plain "YYYY-MM-DD" Mexico City days: weekly every 7 days, fortnightly every 14, monthly on the
 * first date's day or the month's last day when the month is shorter (31 Jan → 28/29 Feb → 31 Mar,
 * never drifting); a weekend or bank holiday is paid on the next working day. The product lays the
 * payments out the same way; the app uses these rules to check a plan and to show its first days.
 */

export const FREQUENCIES = ["weekly", "fortnightly", "monthly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export interface Recurrence {
  frequency: Frequency;
  firstDate: string;
  endDate: string | null;
  count: number | null;
}

/** A plan as its form holds it: the chosen end ('count' or 'date') keeps only its own value. */
export function toRecurrence(form: {
  frequency: Frequency;
  firstDate: string;
  ends: "count" | "date";
  endDate?: string | null;
  count?: number | null;
}): Recurrence {
  return {
    frequency: form.frequency,
    firstDate: form.firstDate,
    endDate: form.ends === "date" ? (form.endDate ?? null) : null,
    count: form.ends === "count" ? (form.count ?? null) : null,
  };
}

export interface PlannedDate {
  /** The day the plan names. */
  scheduledDate: string;
  /** The working day it is paid on. */
  dateToPay: string;
}

/** At most two years of weekly payments (the product's limit). */
export const MAX_PAYMENTS = 104;
/** An end date at most this many months after the first date. */
export const MAX_SPAN_MONTHS = 24;

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

function parts(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = parts(date);
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return `${pad(moved.getUTCFullYear(), 4)}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}

/** `months` months after `date`, on `anchorDay` (default the date's own) or the month's last day. */
export function addMonthsClamped(date: string, months: number, anchorDay?: number): string {
  const [year, month, day] = parts(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return `${pad(targetYear, 4)}-${pad(targetMonth)}-${pad(Math.min(anchorDay ?? day, daysInMonth(targetYear, targetMonth)))}`;
}

export function isWeekend(date: string): boolean {
  const [year, month, day] = parts(date);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

export function isWorkingDay(date: string, holidays: ReadonlySet<string>): boolean {
  return !isWeekend(date) && !holidays.has(date);
}

/** The day itself when the bank works on it, else the first working day after it. */
export function payableOn(date: string, holidays: ReadonlySet<string>): string {
  let day = date;
  // A year of consecutive non-working days does not exist; the bound keeps a bad holiday list finite.
  for (let i = 0; i < 366 && !isWorkingDay(day, holidays); i += 1) day = addDays(day, 1);
  return day;
}

/** The `index`-th day the plan names (0 is the first date). */
export function occurrence(recurrence: Pick<Recurrence, "frequency" | "firstDate">, index: number): string {
  switch (recurrence.frequency) {
    case "weekly":
      return addDays(recurrence.firstDate, 7 * index);
    case "fortnightly":
      return addDays(recurrence.firstDate, 14 * index);
    case "monthly":
      return addMonthsClamped(recurrence.firstDate, index);
  }
}

/** Every payment of the plan, in order: `count` of them or each up to `endDate`, at most MAX_PAYMENTS. */
export function plannedDates(recurrence: Recurrence, holidays: ReadonlySet<string>): PlannedDate[] {
  const limit = Math.min(recurrence.count ?? MAX_PAYMENTS, MAX_PAYMENTS);
  const dates: PlannedDate[] = [];
  for (let index = 0; index < limit; index += 1) {
    const scheduledDate = occurrence(recurrence, index);
    if (recurrence.endDate !== null && scheduledDate > recurrence.endDate) break;
    dates.push({ scheduledDate, dateToPay: payableOn(scheduledDate, holidays) });
  }
  return dates;
}

export type RecurrenceProblem = "firstDate" | "firstDatePast" | "endDate" | "endBeforeFirst" | "spanTooLong" | "count" | "tooMany";

/**
 * Why a plan cannot be made, or null. `today` bounds a new plan's first date (an edit that keeps
 * its first date passes null: a plan under way may have started before today). An end date that
 * names more than MAX_PAYMENTS payments is refused rather than cut short.
 */
export function recurrenceProblem(recurrence: Recurrence, today: string | null): RecurrenceProblem | null {
  if (!isCalendarDate(recurrence.firstDate)) return "firstDate";
  if (today !== null && recurrence.firstDate < today) return "firstDatePast";
  if (recurrence.count !== null) {
    return Number.isInteger(recurrence.count) && recurrence.count >= 1 && recurrence.count <= MAX_PAYMENTS ? null : "count";
  }
  if (recurrence.endDate === null || !isCalendarDate(recurrence.endDate)) return "endDate";
  if (recurrence.endDate < recurrence.firstDate) return "endBeforeFirst";
  if (recurrence.endDate > addMonthsClamped(recurrence.firstDate, MAX_SPAN_MONTHS)) return "spanTooLong";
  if (occurrence(recurrence, MAX_PAYMENTS) <= recurrence.endDate) return "tooMany";
  return null;
}
