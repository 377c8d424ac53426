import { closeToastPlan } from "#core/domain/market";
import market from "#core/locales/es-MX/market.json";

import type { Logger } from "../logger.server";
import type { Toast } from "../session/types";
import { bankHolidays } from "../upstream/bank-holidays.server";
import { type CallContext, upstreams } from "../upstream/index.server";
import { optional } from "../upstream/optional.server";

export interface CloseToast {
  /** The toast to show on this page, or null. */
  toast: Toast | null;
  /** The day it is told for, to keep in the session when `toast` is shown. */
  day: string;
  /** With JS, a page left open asks again after this long (18:50 still ahead), or never (null). */
  dueInMs: number | null;
}

/**
 * §4's close-market toast for this page (decision 113), the bank's holidays read through the
 * calculator's hour-long cache.
 */
export function closeMarketToast(ctx: CallContext, productJwt: string, toldOn: string | null, now = Date.now()): Promise<CloseToast> {
  const holidays = () => bankHolidays(upstreams(ctx, { productJwt }).graphql, ctx.log, now);
  return closeToastWith(holidays, ctx.log, toldOn, now);
}

/**
 * The toast with the holidays from `holidays`, read only when the clock alone says it is due (a Monday
 * to Friday from 18:50, not told yet today): other pages cost nothing. A failed read leaves weekdays as
 * working days, as the calculator does.
 */
export async function closeToastWith(
  holidays: () => Promise<string[]>,
  log: Logger,
  toldOn: string | null,
  now: number,
): Promise<CloseToast> {
  let plan = closeToastPlan(now, toldOn);
  if (plan.variant) {
    const dates = await optional(holidays(), [], { log, event: "bank_holidays_unavailable" });
    plan = closeToastPlan(
      now,
      toldOn,
      dates.map((date) => date.slice(0, 10)),
    );
  }
  if (!plan.variant) return { toast: null, day: plan.day, dueInMs: plan.dueInMs };
  const toast: Toast = {
    // One id per day: the toast card never shows the same one twice.
    id: `cierre-mercado-${plan.day}`,
    type: "info",
    title: market.schedule.closeToastTitle,
    description: plan.variant === "friday" ? market.schedule.closeNoticeFriday : market.schedule.closeNoticeWeekday,
  };
  return { toast, day: plan.day, dueInMs: null };
}
