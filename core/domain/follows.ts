import { z } from "zod";

import texts from "../locales/es-MX/monitoring.json";
import { Big } from "./decimal";
import { msg } from "./validation";

/**
 * Currency monitoring (§2 'Monitoreo de divisas', §8; decision 045): the follow form's schema for
 * both sides, §8's duplicate message, and a followed pair's change against yesterday's close.
 */

export function followSchema(pairs: readonly string[]) {
  return z.object({
    pair: z
      .string({ required_error: msg.required })
      .trim()
      .refine((pair) => pairs.includes(pair), texts.errors.pair),
  });
}

/** §8: 'Ya existe un seguimiento para el tipo de cambio de {count}.' — the spec's placeholder carries the pair. */
export function duplicateFollowMessage(pair: string): string {
  return texts.errors.duplicate.replace("{{count}}", pair);
}

/** Whether the member already follows the pair (the product refuses it too; this saves a call). */
export function alreadyFollowed(follows: ReadonlyArray<{ pair: string }>, pair: string): boolean {
  return follows.some((follow) => follow.pair === pair);
}

/**
 * The change of the current mid (of the best buy and sell) against yesterday's close: the
 * difference with 6 decimals and the percent with 2, as signed text ("+0.012300", "-0.07").
 * Null when either is missing.
 */
export function changeAgainstClose(
  close: number | null | undefined,
  buy: number | null | undefined,
  sell: number | null | undefined,
): { change: string; percent: string; direction: "up" | "down" | "flat" } | null {
  if (!close || !buy || !sell || ![close, buy, sell].every(Number.isFinite)) return null;
  const mid = new Big(buy).plus(sell).div(2);
  const change = mid.minus(close).round(6, Big.roundHalfUp);
  const percent = change.div(close).times(100).round(2, Big.roundHalfUp);
  const sign = change.gt(0) ? "+" : "";
  return {
    change: `${sign}${change.toFixed(6)}`,
    percent: `${sign}${percent.toFixed(2)}`,
    direction: change.gt(0) ? "up" : change.lt(0) ? "down" : "flat",
  };
}
