import { customerRateOf, quoteOf } from "./calculator-preview";
import { Big, toDecimal } from "./decimal";
import type { Exact } from "./exact-decimal";
import { exact } from "./exact-decimal";
import type { Side } from "./prices";
import { AMOUNT_MAX } from "./trade-form";

/** big.js and the exact decimals of `calculator-preview.ts` (one rule for server and browser). */
const toExact = (value: Big): Exact => {
  const converted = exact(value.toString());
  if (!converted) throw new Error("a Big that is not a decimal");
  return converted;
};
const toBig = (value: Exact): Big => new Big(`${value.units}e-${value.scale}`);

/**
 * The calculator's arithmetic (§9): the customer's rate is the provider's price with the margin,
 * buy = price × (1 + margin/100), sell = price × (1 − margin/100), kept to 6 decimals; amounts to 2.
 * A pair BASE/QUOTE: the left amount is in BASE, the right in QUOTE (right = left × rate).
 */
export type Operation = "buy" | "sell" | "transfer";

export function customerRate(price: Big, marginPercent: Big, side: Side): Big {
  return toBig(customerRateOf(toExact(price), toExact(marginPercent), side));
}

export interface Quote {
  left: Big;
  right: Big;
}

/** The other side of the calculator from the side the person typed. */
export function quoteFrom(input: { rate: Big; typed: "left" | "right"; amount: Big }): Quote {
  const quote = quoteOf({ rate: toExact(input.rate), typed: input.typed, amount: toExact(input.amount) });
  return { left: toBig(quote.left), right: toBig(quote.right) };
}

/** The smallest and largest amount either side of a quote may hold (§9: 2 decimals; the form's limit, AMOUNT_MAX). */
const QUOTED_MIN = new Big("0.01");
const QUOTED_MAX = new Big(AMOUNT_MAX);

export type QuotedAmountProblem = "amountTooSmall" | "amountTooLarge";

/**
 * A quote whose computed side rounds below 0.01 or beyond the limit cannot be sent (0.05 MXN is 0.00
 * USD). The person typed the other side, so the message belongs under it (decision 124).
 */
export function quotedAmountProblem(quote: Quote): QuotedAmountProblem | null {
  if (quote.left.lt(QUOTED_MIN) || quote.right.lt(QUOTED_MIN)) return "amountTooSmall";
  if (quote.left.gt(QUOTED_MAX) || quote.right.gt(QUOTED_MAX)) return "amountTooLarge";
  return null;
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
 * A quote is a quote (decision 010): 'Confirmar' sends only the quote the person saw, for exactly the
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
