import "dayjs/locale/es.js";

import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";

/** Dates are computed in Mexico City and shown in Spanish; weeks start on Monday (§9). */
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale({ ...dayjs.Ls.es, weekStart: 1 }, undefined, true);

export const TIME_ZONE = "America/Mexico_City";

export function mexicoCity(at: Date | number | string = Date.now()) {
  return dayjs(at).tz(TIME_ZONE).locale("es");
}

/** "YYYY-MM-DD" of the given instant in Mexico City. */
export function mexicoDate(at: Date | number = Date.now()): string {
  return mexicoCity(at).format("YYYY-MM-DD");
}

/** e.g. "sábado 21 de noviembre de 2026, 05:35". */
export function formatDateTime(at: Date | number | string): string {
  return mexicoCity(at).format("dddd D [de] MMMM [de] YYYY, HH:mm");
}

/** e.g. "18:42" in Mexico City. */
export function formatTime(at: Date | number | string): string {
  return mexicoCity(at).format("HH:mm");
}

export function formatDate(at: Date | number | string): string {
  return mexicoCity(at).format("D [de] MMMM [de] YYYY");
}
