import { amountString, Big, roundAmount, roundRate, toDecimal } from "./decimal";
import type { Side } from "./prices";

/**
 * The calculator's arithmetic (§9): the customer's rate is the provider's price with the margin,
 * buy = price × (1 + margin/100), sell = price × (1 − margin/100), kept to 6 decimals; amounts to 2.
 * A pair BASE/QUOTE: the left amount is in BASE, the right in QUOTE (right = left × rate).
 */
export type Operation = "buy" | "sell" | "transfer";

export function customerRate(price: Big, marginPercent: Big, side: Side): Big {
  const factor = marginPercent.div(100);
  const adjusted = side === "buy" ? price.times(factor.plus(1)) : price.times(factor.neg().plus(1));
  return roundRate(adjusted);
}

export interface Quote {
  left: Big;
  right: Big;
}

/** The other side of the calculator from the side the person typed. */
export function quoteFrom(input: { rate: Big; typed: "left" | "right"; amount: Big }): Quote {
  if (input.typed === "left") return { left: roundAmount(input.amount), right: roundAmount(input.amount.times(input.rate)) };
  if (input.rate.eq(0)) return { left: roundAmount(input.amount.times(0)), right: roundAmount(input.amount) };
  return { left: roundAmount(input.amount.div(input.rate)), right: roundAmount(input.amount) };
}

export function splitPair(pair: string): { base: string; quote: string } | null {
  const match = /^([A-Z]{3})\/([A-Z]{3})$/.exec(pair.trim().toUpperCase());
  return match ? { base: match[1], quote: match[2] } : null;
}

/**
 * Which currency leaves the origin account and which arrives at the destination: buying BASE
 * pays QUOTE; selling BASE receives QUOTE.
 */
export function legCurrencies(pair: string, side: Side): { origin: string; destination: string } | null {
  const parts = splitPair(pair);
  if (!parts) return null;
  return side === "buy" ? { origin: parts.quote, destination: parts.base } : { origin: parts.base, destination: parts.quote };
}

/** What the origin account must cover (§5 pre-submit check). */
export function debitAmount(operation: Operation, quote: { amount?: Big; left?: Big; right?: Big }): Big | null {
  if (operation === "transfer") return quote.amount ?? null;
  if (operation === "sell") return quote.left ?? null;
  return quote.right ?? null;
}

export type PreSubmitProblem = "invalidPriceObject" | "noFunds" | "insufficient";

/**
 * §5 pre-submit check: with an amount above 0, a buy or sell needs a valid price; an origin
 * balance of 0 is noFunds, a balance below the amount is insufficient (the same message, §8).
 */
export function preSubmitCheck(input: {
  operation: Operation;
  amount: Big;
  originBalance: Big;
  hasValidPrice: boolean;
}): PreSubmitProblem | null {
  if (input.amount.lte(0)) return null;
  if (input.operation !== "transfer" && !input.hasValidPrice) return "invalidPriceObject";
  if (input.originBalance.eq(0)) return "noFunds";
  if (input.originBalance.lt(input.amount)) return "insufficient";
  return null;
}

export { toDecimal };

export type QuoteHold = "none" | "changed";

/**
 * A quote is a quote (issue 15): 'Confirmar' sends only the quote the person saw, for exactly the
 * amounts on the form. `shown` is the quote the form carries (what the page displayed), `form` what
 * the inputs hold now, `fresh` the server's quote recomputed from the same signed price. "none":
 * nothing was quoted; "changed": the amounts moved since, or the quote would no longer come out the
 * same. Amounts compare as numbers ("1,000" is "1000.00").
 */
export function quoteHold(
  form: { left?: string; right?: string },
  shown: { left?: string | null; right?: string | null },
  fresh: { left: string; right: string },
): QuoteHold | null {
  if (!shown.left || !shown.right) return "none";
  const same = (a: string | null | undefined, b: string | null | undefined) => {
    const x = a ? toDecimal(a) : null;
    const y = b ? toDecimal(b) : null;
    return x !== null && y !== null && x.eq(y);
  };
  if (!same(form.left, shown.left) || !same(form.right, shown.right)) return "changed";
  if (!same(fresh.left, shown.left) || !same(fresh.right, shown.right)) return "changed";
  return null;
}

/**
 * The client's rate the price panel leads with (issue 15): the best provider price of the side
 * with the member's margin of §9, as a quote would apply it, to 6 decimals. Null without a price
 * or a margin that is a percentage.
 */
export function clientRate(best: number | null | undefined, margin: string | null | undefined, side: Side): string | null {
  if (best === null || best === undefined || !Number.isFinite(best) || best <= 0) return null;
  const percent = margin === null || margin === undefined ? null : toDecimal(margin);
  if (!percent || percent.lt(0) || percent.gt(100)) return null;
  return customerRate(new Big(String(best)), percent, side).toFixed(6);
}

/**
 * The base-currency amount whose margin band applies (§7 calculatingMargin takes the base amount):
 * the left amount as typed, or the right one over the price — the server estimates it the same
 * way. Null when the text is not an amount above 0 or there is no price to convert with.
 */
export function marginBaseAmount(typed: "left" | "right", plainAmount: string, price: number | null | undefined): string | null {
  const amount = toDecimal(plainAmount);
  if (!amount || amount.lte(0)) return null;
  if (typed === "left") return amountString(amount);
  if (price === null || price === undefined || !Number.isFinite(price) || price <= 0) return null;
  return amountString(amount.div(new Big(String(price))));
}

/**
 * The currency of a transfer's amount (issue 15): a transfer moves one currency (the server refuses
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
