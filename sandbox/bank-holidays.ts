// The Mexican banks' non-working days (días inhábiles bancarios, published each year by the CNBV), by their
// rules, so the sandbox's calendar never runs out: New Year, the Constitution (first Monday of February),
// Benito Juárez (third Monday of March), Holy Thursday and Good Friday, Labour Day, Independence, the Day of
// the Dead, the Revolution (third Monday of November), Our Lady of Guadalupe and Christmas; and 1 October in a
// year a President takes office (every six years from 2024).

import { addDays } from "./dates";
import { weekday } from "./schedule-dates";

const iso = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** The `nth` Monday (1-based) of a month (1–12). */
function nthMonday(year: number, month: number, nth: number): number {
  return 1 + ((8 - weekday(iso(year, month, 1))) % 7) + 7 * (nth - 1);
}

/** Easter Sunday of the Gregorian calendar (the anonymous algorithm), as [month, day]. */
export function easterSunday(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

/** One year's bank holidays, in date order (some fall on a weekend, as the published calendar lists them). */
export function bankHolidays(year: number): string[] {
  const easter = iso(year, ...easterSunday(year));
  const dates = [
    iso(year, 1, 1),
    iso(year, 2, nthMonday(year, 2, 1)),
    iso(year, 3, nthMonday(year, 3, 3)),
    addDays(easter, -3),
    addDays(easter, -2),
    iso(year, 5, 1),
    iso(year, 9, 16),
    ...(year >= 2024 && (year - 2024) % 6 === 0 ? [iso(year, 10, 1)] : []),
    iso(year, 11, 2),
    iso(year, 11, nthMonday(year, 11, 3)),
    iso(year, 12, 12),
    iso(year, 12, 25),
  ];
  return dates.sort();
}

/** Every bank holiday from the first year to the last, both included. */
export function bankHolidaysBetween(firstYear: number, lastYear: number): string[] {
  const dates: string[] = [];
  for (let year = firstYear; year <= lastYear; year += 1) dates.push(...bankHolidays(year));
  return dates;
}
