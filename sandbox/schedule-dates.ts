// Pure calendar rules of recurring payments, on plain "YYYY-MM-DD" strings (Mexico City dates,
// see dates.ts): which days a schedule falls on, and the working day each one is paid on.

import { addDays } from "./dates";

export const FREQUENCIES = ["weekly", "fortnightly", "monthly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** SPEC §3 Calculator transaction `recurrent`: how often, from when, until a date or a number of payments. */
export interface Recurrence {
  frequency: Frequency;
  firstDate: string;
  endDate: string | null;
  count: number | null;
}

/** One occurrence: the day the plan names, and the working day it is due on. */
export interface ScheduledDate {
  scheduledDate: string;
  dateToPay: string;
}

/** No schedule generates more than two years of weekly payments. */
export const MAX_OCCURRENCES = 104;
/** An end date at most this many months after the first date. */
export const MAX_SPAN_MONTHS = 24;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(isoDate: string): [number, number, number] {
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new Error(`not a date: ${isoDate}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days of a month (1–12). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A real calendar day written as YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1900 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** 0 Sunday … 6 Saturday. */
export function weekday(isoDate: string): number {
  const [year, month, day] = parts(isoDate);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export function isWeekend(isoDate: string): boolean {
  const day = weekday(isoDate);
  return day === 0 || day === 6;
}

export function isWorkingDay(isoDate: string, holidays: ReadonlySet<string>): boolean {
  return !isWeekend(isoDate) && !holidays.has(isoDate);
}

/** The day itself when the bank works on it, else the first working day after it. */
export function nextWorkingDay(isoDate: string, holidays: ReadonlySet<string>): string {
  let day = isoDate;
  while (!isWorkingDay(day, holidays)) day = addDays(day, 1);
  return day;
}

/**
 * `months` months after `isoDate`, on `anchorDay` (default: the date's own day) or the month's last
 * day when the month is shorter: a schedule on the 31st pays on 28 or 29 February and on 31 March again.
 */
export function addMonthsClamped(isoDate: string, months: number, anchorDay?: number): string {
  const [year, month, day] = parts(isoDate);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const targetDay = Math.min(anchorDay ?? day, daysInMonth(targetYear, targetMonth));
  return `${pad(targetYear, 4)}-${pad(targetMonth)}-${pad(targetDay)}`;
}

/** The `index`-th day of the plan (0 is the first date). */
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

/** The days the plan names, in order: `count` of them, or every one up to `endDate` (at most MAX_OCCURRENCES). */
export function nominalDates(recurrence: Recurrence): string[] {
  const limit = Math.min(recurrence.count ?? MAX_OCCURRENCES, MAX_OCCURRENCES);
  const dates: string[] = [];
  for (let index = 0; index < limit; index++) {
    const date = occurrence(recurrence, index);
    if (recurrence.endDate !== null && date > recurrence.endDate) break;
    dates.push(date);
  }
  return dates;
}

/** Each day of the plan with the working day it is due on (weekends and bank holidays move to the next working day). */
export function scheduleDates(recurrence: Recurrence, holidays: ReadonlySet<string>): ScheduledDate[] {
  return nominalDates(recurrence).map((scheduledDate) => ({ scheduledDate, dateToPay: nextWorkingDay(scheduledDate, holidays) }));
}

/** Why a recurrence cannot be planned, or null. `today` bounds the first date of a new plan. */
export function recurrenceProblem(recurrence: Recurrence, today: string | null): string | null {
  if (!isIsoDate(recurrence.firstDate)) return "firstDate no es una fecha válida";
  if ((recurrence.endDate === null) === (recurrence.count === null)) return "indica endDate o count (uno de los dos)";
  if (today !== null && recurrence.firstDate < today) return "firstDate no puede ser anterior a hoy";
  if (recurrence.endDate !== null) {
    if (!isIsoDate(recurrence.endDate)) return "endDate no es una fecha válida";
    if (recurrence.endDate < recurrence.firstDate) return "endDate no puede ser anterior a firstDate";
    if (recurrence.endDate > addMonthsClamped(recurrence.firstDate, MAX_SPAN_MONTHS)) {
      return `endDate puede ser a lo más ${MAX_SPAN_MONTHS} meses después de firstDate`;
    }
  }
  if (recurrence.count !== null && (!Number.isInteger(recurrence.count) || recurrence.count < 1 || recurrence.count > MAX_OCCURRENCES)) {
    return `count va de 1 a ${MAX_OCCURRENCES}`;
  }
  return null;
}
