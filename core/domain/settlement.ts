import dayjs from "dayjs";

import { mexicoCity, TIME_ZONE } from "./dates";

/**
 * Settlement dates (§7 GET /operatio-date-settlements): the upstream answers a string of
 * ' | '-separated parts whose second part is the date shown as 'Llegada aproximada | date' in
 * the 'dddd D, MMMM' format (§4).
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MEXICAN_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function calendarDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** One date as "YYYY-MM-DD": ISO dates, DD/MM/YYYY, or an instant read in Mexico City. */
export function parseDatePart(text: string): string | null {
  const value = text.trim();
  let match = ISO_DATE.exec(value);
  if (match) return calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = MEXICAN_DATE.exec(value);
  if (match) return calendarDate(Number(match[3]), Number(match[2]), Number(match[1]));
  if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return mexicoCity(value).format("YYYY-MM-DD");
  return null;
}

/** The settlement date of the upstream string: its second ' | ' part, or null when absent or unreadable. */
export function parseSettlementDate(raw: string | null | undefined): string | null {
  if (typeof raw !== "string") return null;
  const parts = raw.split("|");
  if (parts.length < 2) return null;
  return parseDatePart(parts[1]);
}

/** §4 estimated arrival format 'dddd D, MMMM', e.g. "lunes 23, noviembre". */
export function formatArrivalDate(date: string): string {
  return dayjs.tz(date, TIME_ZONE).locale("es").format("dddd D, MMMM");
}
