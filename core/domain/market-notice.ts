import type { MarketStatus } from "./market";

/*
 * Apart from market.ts, which reads the clock with dayjs: a screen that only words a status it was
 * given ships no calendar library (decision 039).
 */

/** The one market notice a screen shows (keys of the market namespace), or none. */
export type MarketNotice =
  | "schedule.holiday"
  | "schedule.weekend"
  | "schedule.closeNoticeFriday"
  | "schedule.closeNoticeWeekday"
  | "schedule.closedNow";

/**
 * §4 precedence: a holiday, then the weekend, then the 18:50 close notice (its Friday variant on
 * Fridays), then closed hours. Screens that show each system's hours beside it leave out the last.
 * A transfer (no currency exchange, e.g. MXN→MXN by SPEI) hears only of the holiday or the weekend:
 * the FX market's close and hours say nothing of it.
 */
export function marketNotice(status: MarketStatus, operation: "exchange" | "transfer" = "exchange"): MarketNotice | null {
  if (status.holiday) return "schedule.holiday";
  if (status.weekend) return "schedule.weekend";
  if (operation === "transfer") return null;
  if (status.closeNotice === "friday") return "schedule.closeNoticeFriday";
  if (status.closeNotice === "weekday") return "schedule.closeNoticeWeekday";
  return status.fxOpen ? null : "schedule.closedNow";
}
