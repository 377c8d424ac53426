import { z } from "zod";

import texts from "../locales/es-MX/alerts.json";
import { SLUG_OF } from "./calculator-prefill";
import { RATE_DECIMALS, rateString, toDecimal } from "./decimal";
import { msg } from "./validation";

/**
 * Price alerts (§1, §2 alert drawer, §8, §9; decision 045): the create form's one schema for both
 * sides, the limit of 5, and what the list shows beside each alert. Pure: no I/O.
 */

/** 'USD/MXN' (the same shape as core/prices/wire's, which the page need not ship). */
export const PAIR_SHAPE = /^[A-Z]{3}\/[A-Z]{3}$/;

/** §9: at most 5 price alerts. */
export const MAX_PRICE_ALERTS = 5;

export const ALERT_OPERATIONS = ["buy", "sell"] as const;
export type AlertOperation = (typeof ALERT_OPERATIONS)[number];
export const ALERT_CONDITIONS = ["above", "below"] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

/** Whether a member with `count` alerts may create one more (the product's answer is what holds). */
export function canCreateAlert(count: number): boolean {
  return count < MAX_PRICE_ALERTS;
}

/** Longer input than any rate, so a long value is answered with the message instead of cut. */
export const RATE_INPUT_MAX = 20;
const RATE_SHAPE = /^\d{1,7}(\.\d+)?$/;

export const ALERT_MESSAGES = {
  required: msg.required,
  rate: texts.form.errors.rate,
  decimals: texts.form.errors.decimals,
  pair: texts.form.errors.pair,
} as const;

/**
 * The create drawer's schema. `pairs` is the catalogue the page offers; a pair outside it (a hand-made
 * post) is refused with the same message as an empty choice would be.
 */
export function priceAlertSchema(pairs: readonly string[]) {
  const option = <T extends readonly [string, ...string[]]>(values: T) =>
    z.enum(values, { errorMap: (issue) => ({ message: issue.code === "invalid_type" ? msg.required : msg.invalidOption }) });
  return z.object({
    pair: z
      .string({ required_error: msg.required })
      .trim()
      .refine((pair) => pairs.includes(pair), ALERT_MESSAGES.pair),
    operation: option(ALERT_OPERATIONS),
    condition: option(ALERT_CONDITIONS),
    targetRate: z
      .string({ required_error: msg.required })
      .trim()
      .superRefine((value, ctx) => {
        const text = value.replace(/,/g, "");
        if (text.length > RATE_INPUT_MAX || !RATE_SHAPE.test(text) || !(Number(text) > 0)) {
          ctx.addIssue({ code: "custom", message: ALERT_MESSAGES.rate });
        } else if ((text.split(".")[1] ?? "").length > RATE_DECIMALS) {
          ctx.addIssue({ code: "custom", message: ALERT_MESSAGES.decimals });
        }
      })
      // §9: rates carry 6 decimals; a string keeps them exact up to the product's number.
      .transform((value) => rateString(toDecimal(value)!)),
  });
}
export type PriceAlertInput = z.infer<ReturnType<typeof priceAlertSchema>>;

/**
 * How far the target is from the current price: `target − current` (6 decimals) and as a percent
 * of the current price (2 decimals). Null without a current price.
 */
export function distanceFromPrice(target: number | string, current: number | null): { difference: string; percent: string } | null {
  const targetRate = toDecimal(target);
  const currentRate = current === null ? null : toDecimal(current);
  if (!targetRate || !currentRate || currentRate.eq(0)) return null;
  const difference = targetRate.minus(currentRate);
  const percent = difference.div(currentRate).times(100);
  return { difference: rateString(difference), percent: percent.round(2, 1).toFixed(2) };
}

/**
 * What the list says of an alert against the market: an active alert's distance to the current
 * price, with that price, so the treasurer need not work it out; a triggered alert follows no price
 * any more ('reached'), which is not the same as a price feed that gave nothing ('noPrice').
 */
export type AlertDistance =
  | { kind: "reached" }
  | { kind: "noPrice" }
  | { kind: "distance"; difference: string; percent: string; current: string };

export function alertDistance(status: "active" | "triggered", target: number | string, current: number | null): AlertDistance {
  if (status === "triggered") return { kind: "reached" };
  const distance = distanceFromPrice(target, current);
  return distance && current !== null ? { kind: "distance", ...distance, current: showRate(current) } : { kind: "noPrice" };
}

/** Where a triggered alert's notification leads: the calculator with its pair and operation (`/?operacion=compra&par=USD/MXN`). */
export function alertCalculatorHref(pair: string, operation: AlertOperation = "buy"): string {
  const params = new URLSearchParams({ operacion: SLUG_OF[operation], par: pair });
  return `/?${params.toString()}`;
}

/** A rate as the list shows it: 6 decimals (§9). */
export const showRate = (rate: number | string) => {
  const value = toDecimal(rate);
  return value ? rateString(value) : "";
};
