/**
 * Dates typed into filters ("YYYY-MM-DD"): a real calendar day in a sane range, checked without
 * ever building an invalid Date (`new Date("9999-99-99").toISOString()` throws, which was a 500).
 * The range covers every operation and movement the product can hold; anything outside it is a
 * typo or a probe, never a day anyone means.
 */
export const EARLIEST_DATE = "2000-01-01";
export const LATEST_DATE = "2099-12-31";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match || value < EARLIEST_DATE || value > LATEST_DATE) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Calendar days from one day to another ("YYYY-MM-DD"): negative when `to` is earlier. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
