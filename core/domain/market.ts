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
/** §4: the close-market notice from 18:50. */
const CLOSE_NOTICE_AT = minutes(18, 50);

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
    closeNotice: workingDay && minuteOfDay >= CLOSE_NOTICE_AT ? (friday ? "friday" : "weekday") : "none",
    festiveBannerAt: friday ? "15:00" : "16:30",
  };
}

/** What the shell does about the 18:50 close-market toast (§4) on one page. */
export interface CloseToastPlan {
  /** The variant to tell on this page, or null (not yet 18:50, not a working day, or told already today). */
  variant: "weekday" | "friday" | null;
  /** Mexico City's date ("YYYY-MM-DD"): the toast is told once per session on each day. */
  day: string;
  /**
   * While 18:50 is still ahead on a Monday to Friday not yet told: how long until it, so that a page
   * left open asks again then. Holidays are not known here before 18:50; the page asking then is told nothing.
   */
  dueInMs: number | null;
}

/**
 * §4's close-market toast: once per session and day, on the first page at or after 18:50 of a working
 * day (the Friday variant on Fridays). `toldOn` is the day it was last told in this session.
 */
export function closeToastPlan(now: Date | number, toldOn: string | null, nonWorkingDates: readonly string[] = []): CloseToastPlan {
  const local = mexicoCity(now);
  const day = local.format("YYYY-MM-DD");
  if (toldOn === day) return { variant: null, day, dueInMs: null };
  const status = marketStatus(now, nonWorkingDates);
  const variant = status.closeNotice === "none" ? null : status.closeNotice;
  const closesAt = local.startOf("day").add(CLOSE_NOTICE_AT, "minute").valueOf();
  const before = !status.weekend && !status.holiday && local.valueOf() < closesAt;
  return { variant, day, dueInMs: before ? closesAt - local.valueOf() : null };
}
