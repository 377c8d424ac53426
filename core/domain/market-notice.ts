import type { MarketStatus } from "./market";

/*
 * Apart from market.ts, which reads the clock with dayjs: a screen that only words a status it was
 * given ships no calendar library (decision 039).
 */

/** The one market notice a screen shows (dashboard namespace keys), or none. */
export type MarketNotice =
  | "market.holiday"
  | "market.weekend"
  | "market.closeNoticeFriday"
  | "market.closeNoticeWeekday"
  | "notices.closed";

/**
 * §4 precedence: a holiday, then the weekend, then the 18:50 close notice (its Friday variant on
 * Fridays), then closed hours. Screens that show each system's hours beside it leave out the last.
 */
export function marketNotice(status: MarketStatus): MarketNotice | null {
  if (status.holiday) return "market.holiday";
  if (status.weekend) return "market.weekend";
  if (status.closeNotice === "friday") return "market.closeNoticeFriday";
  if (status.closeNotice === "weekday") return "market.closeNoticeWeekday";
  return status.fxOpen ? null : "notices.closed";
}
