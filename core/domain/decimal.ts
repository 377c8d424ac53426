import Big from "big.js";

/**
 * Money never goes through binary floats where it decides anything (§9, STYLE): amounts keep 2
 * decimals, exchange rates 6, rounded half up, as strings at the boundaries.
 */
export const AMOUNT_DECIMALS = 2;
export const RATE_DECIMALS = 6;

const ROUND_HALF_UP = 1;

export type Decimal = Big;

/** A decimal from user input or an upstream number; null for anything that is not a finite number. */
export function toDecimal(value: unknown): Big | null {
  if (typeof value === "number") return Number.isFinite(value) ? new Big(String(value)) : null;
  if (typeof value !== "string") return null;
  const text = value.trim().replace(/,/g, "");
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return new Big(text);
}

export function roundAmount(value: Big): Big {
  return value.round(AMOUNT_DECIMALS, ROUND_HALF_UP);
}

export function roundRate(value: Big): Big {
  return value.round(RATE_DECIMALS, ROUND_HALF_UP);
}

export const amountString = (value: Big) => roundAmount(value).toFixed(AMOUNT_DECIMALS);
export const rateString = (value: Big) => roundRate(value).toFixed(RATE_DECIMALS);

export { Big };
