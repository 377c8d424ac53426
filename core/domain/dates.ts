import "dayjs/locale/es.js";

import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";

/** Dates are computed in Mexico City and shown in Spanish; weeks start on Monday (§9). */
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale({ ...dayjs.Ls.es, weekStart: 1 }, undefined, true);

export const TIME_ZONE = "America/Mexico_City";

const zoneParts = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});
const HOUR_MS = 3_600_000;
const offsets = new Map<number, number>();

/**
 * Mexico City's offset from UTC in minutes at an instant, from the time zone database, kept per
 * UTC hour (offsets change on the hour). dayjs's own `.tz()` builds a new formatter and parses a
 * string on every call, which cost a page about a tenth of its CPU.
 */
export function mexicoCityOffset(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const parts: Record<string, number> = {};
    for (const part of zoneParts.formatToParts(new Date(hour * HOUR_MS))) parts[part.type] = Number(part.value);
    const local = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
    offset = Math.round((local - hour * HOUR_MS) / 60_000);
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

/** The instant as Mexico City's wall clock, in Spanish. */
export function mexicoCity(at: Date | number | string = Date.now()) {
  const instant = dayjs(at);
  if (!instant.isValid()) return instant.locale("es");
  return instant.utcOffset(mexicoCityOffset(instant.valueOf())).locale("es");
}

/**
 * Mexico City's wall clock at an instant as UTC fields of a shifted Date, for the formats pages ask for most (today's
 * date, the session clock's time, a row's date and time) without three dayjs objects per call (decision 076). It takes
 * a Date, a number, or an ISO string ending in `Z` (which dayjs, too, hands to `new Date`; a string without it dayjs
 * reads as local time, so that stays with dayjs). Null where dayjs must answer itself: any other string, an invalid
 * instant ("Invalid Date"), or a year outside 0–9999, which its format pads and signs its own way.
 */
function wallClock(at: Date | number | string): Date | null {
  const ms = typeof at === "number" ? at : typeof at === "string" ? (/Z$/i.test(at) ? new Date(at).getTime() : Number.NaN) : at.getTime();
  if (!Number.isFinite(ms)) return null;
  const wall = new Date(ms + mexicoCityOffset(ms) * 60_000);
  const year = wall.getUTCFullYear();
  return year >= 0 && year <= 9999 ? wall : null;
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** "YYYY-MM-DD" of the given instant in Mexico City. */
export function mexicoDate(at: Date | number = Date.now()): string {
  const wall = wallClock(at);
  if (!wall) return mexicoCity(at).format("YYYY-MM-DD");
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
}

/** e.g. "18:42" in Mexico City. */
export function formatTime(at: Date | number | string): string {
  const wall = wallClock(at);
  if (!wall) return mexicoCity(at).format("HH:mm");
  return `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

const MONTHS: readonly string[] = dayjs.Ls.es.months as string[];

/**
 * The one date format for sentences: "28 de noviembre de 2026". Tables and
 * label/value lists use `formatRowDateTime`; §4's estimated arrival keeps its 'dddd D, MMMM'
 * (core/domain/settlement.ts).
 */
export function formatDate(at: Date | number | string): string {
  const wall = wallClock(at);
  if (!wall) return mexicoCity(at).format("D [de] MMMM [de] YYYY");
  return `${wall.getUTCDate()} de ${MONTHS[wall.getUTCMonth()]} de ${pad(wall.getUTCFullYear(), 4)}`;
}

/**
 * The one date format for tables, lists and label/value details: "28/11/2026
 * 18:06" in Mexico City.
 */
export function formatRowDateTime(at: Date | number | string): string {
  const wall = wallClock(at);
  if (!wall) return mexicoCity(at).format("DD/MM/YYYY HH:mm");
  return `${pad(wall.getUTCDate())}/${pad(wall.getUTCMonth() + 1)}/${pad(wall.getUTCFullYear(), 4)} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/**
 * A calendar day ("YYYY-MM-DD", a Mexico City day with no time) in a sentence: "26 de octubre de
 * 2026". Read at noon so no offset moves it to the day before.
 */
export function formatCalendarDay(day: string): string {
  return formatDate(`${day}T12:00:00-06:00`);
}

/**
 * A calendar day ("YYYY-MM-DD") in a table, a list or a chart's figures: the table format's date,
 * "28/11/2026" (decision 125), for a day that has no time of its own.
 */
export function formatRowDay(day: string): string {
  return formatRowDateTime(`${day}T12:00:00-06:00`).slice(0, 10);
}

/** The sentence format with its time, for a sentence that needs the hour: "28 de noviembre de 2026 a las 18:06". */
export function formatSentenceDateTime(at: Date | number | string): string {
  return `${formatDate(at)} a las ${formatTime(at)}`;
}
