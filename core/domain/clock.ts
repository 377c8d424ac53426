/**
 * Mexico City wall-clock times for the browser's live figures (a tick's time, a quote's end) with
 * the platform's Intl only: the dashboard ships no calendar library for them (decision 039).
 * Server code with dates to compute uses dates.ts.
 */
const withSeconds = new Intl.DateTimeFormat("es-MX", {
  timeZone: "America/Mexico_City",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});
const withoutSeconds = new Intl.DateTimeFormat("es-MX", {
  timeZone: "America/Mexico_City",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "16:05:09" (or "16:05") in Mexico City. */
export function mexicoCityClock(at: number, seconds = true): string {
  return (seconds ? withSeconds : withoutSeconds).format(at);
}
