import { mexicoCity } from "./dates";

/**
 * Market and connectivity rules of SPEC §4, in Mexico City time.
 * OPI is available (state 1) on weekdays 07:00–16:55, SPID 08:00–17:00; otherwise state 2.
 * The spec gives two readings of FX hours (17:00–07:00 closed); we show both systems as stated.
 */
export type SystemState = 1 | 2;

export interface MarketStatus {
  opi: SystemState;
  spid: SystemState;
  weekend: boolean;
  holiday: boolean;
  /** FX market open: weekdays, not a holiday, 07:00 to 17:00. */
  fxOpen: boolean;
  /** The close-market notice shows from 18:50 (Friday variant on Fridays). */
  closeNotice: "none" | "weekday" | "friday";
  /** Hour of the festive banner: 15:00 on Fridays, otherwise 16:30. */
  festiveBannerAt: string;
}

const minutes = (hours: number, mins = 0) => hours * 60 + mins;

export function marketStatus(now: Date | number, nonWorkingDates: readonly string[] = []): MarketStatus {
  const local = mexicoCity(now);
  const day = local.day(); // 0 Sunday … 6 Saturday
  const minuteOfDay = local.hour() * 60 + local.minute();
  const weekend = day === 0 || day === 6;
  const holiday = nonWorkingDates.includes(local.format("YYYY-MM-DD"));
  const workingDay = !weekend && !holiday;
  const within = (from: number, to: number) => workingDay && minuteOfDay >= from && minuteOfDay < to;
  const friday = day === 5;

  return {
    opi: within(minutes(7), minutes(16, 55)) ? 1 : 2,
    spid: within(minutes(8), minutes(17)) ? 1 : 2,
    weekend,
    holiday,
    fxOpen: within(minutes(7), minutes(17)),
    closeNotice: workingDay && minuteOfDay >= minutes(18, 50) ? (friday ? "friday" : "weekday") : "none",
    festiveBannerAt: friday ? "15:00" : "16:30",
  };
}
