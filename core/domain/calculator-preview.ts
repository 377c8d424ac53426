import { formatMoney } from "../money";
import type { Exact } from "./exact-decimal";
import { compare, divide, exact, exactFrom, minus, plus, round, times, toFixed } from "./exact-decimal";
import type { Side } from "./prices";

/**
 * The calculator's arithmetic of §9 on exact decimals (`exact-decimal.ts`), one rule for the
 * server's quote (`calculator.ts` wraps it for big.js) and the browser's preview, which then needs
 * no big.js on the dashboard's first load (decision 075). Amounts keep 2 decimals, rates 6, rounded
 * half up; texts in, texts out.
 */
const AMOUNT = 2;
const RATE = 6;
const ZERO: Exact = { units: BigInt(0), scale: 0 };
const ONE: Exact = { units: BigInt(1), scale: 0 };
const HUNDRED: Exact = { units: BigInt(100), scale: 0 };

/**
 * The customer's rate: the provider's price with the margin, buy = price × (1 + margin/100),
 * sell = price × (1 − margin/100), to 6 decimals.
 */
export function customerRateOf(price: Exact, marginPercent: Exact, side: Side): Exact {
  const factor = divide(marginPercent, HUNDRED) ?? ZERO;
  return round(times(price, side === "buy" ? plus(ONE, factor) : minus(ONE, factor)), RATE);
}

/**
 * The other side of the calculator from the side the person typed (right = left × rate), both to
 * 2 decimals; a rate of 0 leaves the left side at 0.
 */
export function quoteOf(input: { rate: Exact; typed: "left" | "right"; amount: Exact }): { left: Exact; right: Exact } {
  const { rate, typed, amount } = input;
  if (typed === "left") return { left: round(amount, AMOUNT), right: round(times(amount, rate), AMOUNT) };
  const left = divide(amount, rate);
  return { left: left ? round(left, AMOUNT) : round(times(amount, ZERO), AMOUNT), right: round(amount, AMOUNT) };
}

/**
 * The browser's preview of the other amount: `plain` typed on side `typed`, at `rate` (6 decimals,
 * the client's rate); the other side's amount to 2 decimals, or null without an amount or a rate.
 */
export function previewAmount(typed: "left" | "right", plain: string | null, rate: string | null): string | null {
  const amount = plain === null ? null : exactFrom(plain);
  const exactRate = rate === null ? null : exact(rate);
  if (!amount || !exactRate) return null;
  const quote = quoteOf({ rate: exactRate, typed, amount });
  return toFixed(typed === "left" ? quote.right : quote.left, AMOUNT);
}

/**
 * The client's rate the price panel leads with (decision 054): the best provider price of the side
 * with the member's margin of §9, as a quote would apply it, to 6 decimals. Null without a price
 * or a margin that is a percentage.
 */
export function clientRate(best: number | null | undefined, margin: string | null | undefined, side: Side): string | null {
  if (best === null || best === undefined || !Number.isFinite(best) || best <= 0) return null;
  const percent = margin === null || margin === undefined ? null : exactFrom(margin);
  if (!percent || compare(percent, ZERO) < 0 || compare(percent, HUNDRED) > 0) return null;
  const price = exact(String(best));
  return price ? toFixed(customerRateOf(price, percent, side), RATE) : null;
}

/**
 * The base-currency amount whose margin band applies (§7 calculatingMargin takes the base amount):
 * the left amount as typed, or the right one over the price — the server estimates it the same
 * way. Null when the text is not an amount above 0 or there is no price to convert with.
 */
export function marginBaseAmount(typed: "left" | "right", plainAmount: string, price: number | null | undefined): string | null {
  const amount = exactFrom(plainAmount);
  if (!amount || compare(amount, ZERO) <= 0) return null;
  if (typed === "left") return toFixed(amount, AMOUNT);
  if (price === null || price === undefined || !Number.isFinite(price) || price <= 0) return null;
  const priceExact = exact(String(price));
  const base = priceExact ? divide(amount, priceExact) : null;
  return base ? toFixed(base, AMOUNT) : null;
}

/**
 * The currency of a transfer's amount (decision 054): a transfer moves one currency (the server refuses
 * an origin and destination that differ), so it is the origin account's, or — before an origin is
 * chosen — the destination's (an own account or a recipient, `r:<id>`). Null while neither is known.
 */
export function transferCurrency(
  chosen: { origin?: string | null; destination?: string | null },
  accounts: ReadonlyArray<{ idAccount: string; currency: string }>,
  recipients: ReadonlyArray<{ id: string; currency: string }>,
): string | null {
  const account = (id: string | null | undefined) => (id ? accounts.find((a) => a.idAccount === id)?.currency : undefined);
  const recipient = chosen.destination?.startsWith("r:")
    ? recipients.find((r) => r.id === chosen.destination?.slice(2))?.currency
    : undefined;
  const currency = account(chosen.origin) ?? account(chosen.destination) ?? recipient;
  if (!currency) return null;
  const code = currency.trim().toUpperCase();
  // The bank's legacy MXP is shown as MXN (§9).
  return code === "MXP" ? "MXN" : code;
}

/**
 * A transfer's fee as the calculator shows it (§2: 0 for transfers): always with its currency, the
 * transfer's, or a dash while no account tells which it is — a bare "$0.00" would be the only amount
 * on the page without one.
 */
export function commissionText(currency: string | null): string {
  return currency ? formatMoney(0, currency) : "—";
}
