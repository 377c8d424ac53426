// Calendar arithmetic on plain "YYYY-MM-DD" strings. The bank and the product both reason in
// Mexico City dates, so "today" must never be the UTC date of the host.

const MEXICO_CITY = "America/Mexico_City";
const DAY_MS = 86_400_000;

// en-CA formats as YYYY-MM-DD, which avoids assembling the parts by hand. Made once: each formatter holds
// ICU's time-zone and calendar data outside V8's heap, which a formatter per call piled up by the
// gigabyte under load before a collection freed it, stalling the sandbox when it did (decision 085).
const mexicoCityDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: MEXICO_CITY,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today's date in America/Mexico_City as YYYY-MM-DD. */
export function mexicoCityDate(at: Date): string {
  return mexicoCityDay.format(at);
}

const mexicoCityParts = new Intl.DateTimeFormat("en-US", {
  timeZone: MEXICO_CITY,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** Mexico City's offset from UTC at `at`, in ms (−6 h today; computed, not assumed). */
function mexicoOffsetMs(at: Date): number {
  const parts = mexicoCityParts.formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant of Mexico City's midnight that starts `at`'s day. */
export function mexicoMidnight(at: Date): Date {
  const date = mexicoCityDate(at);
  const guess = new Date(`${date}T00:00:00Z`);
  return new Date(guess.getTime() - mexicoOffsetMs(guess));
}

function toUtcMs(isoDate: string): number {
  const [year, month, day] = isoDate.split("-").map(Number);
  return Date.UTC(year, month - 1, day);
}

export function addDays(isoDate: string, days: number): string {
  return new Date(toUtcMs(isoDate) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}
