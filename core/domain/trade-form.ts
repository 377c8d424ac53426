import { z } from "zod";

import { parseAmountInput } from "./amount-input";
import { compare, exactConstant, exactFrom, toFixed } from "./exact-decimal";
import { msg } from "./validation";

/**
 * The calculator's form (§5 Buy/sell and Transfer), one schema for server and browser.
 * Amounts arrive as text; they must be numbers with at most 2 decimals.
 */
export const CONCEPT_MAX = 40;
/** §9: reasons that need a detail in the concept. */
export const REASONS_NEEDING_DETAIL = [21, 22];

const required = (message: string) => ({ required_error: message, invalid_type_error: message });

/**
 * The largest amount the calculator takes: 999,999,999,999.99. Twelve integer digits and two
 * decimals stay exact as the JSON numbers the upstream reads (15 significant digits), and no
 * company moves more in one operation. Longer text is refused before it is read as a number.
 */
export const AMOUNT_MAX = "999999999999.99";
// Exact decimals without big.js (decision 075): this schema runs in the browser's on-demand validation.
const AMOUNT_MIN_EXACT = exactConstant("0.01");
const AMOUNT_MAX_EXACT = exactConstant(AMOUNT_MAX);
const AMOUNT_TEXT_MAX = 20;

/**
 * One message per amount: not a number (or below 0.01, or above AMOUNT_MAX), or more than 2
 * decimals. es-MX grouping is taken ("1,234,567.89", as the browser shows it while typing), commas
 * out of place are not ("1,5"); the parsed value is the plain text ("1234567.89").
 */
export const amountSchema = z
  .string(required(msg.requiredAlt))
  .trim()
  .superRefine((value, ctx) => {
    const plain = value.length <= AMOUNT_TEXT_MAX ? parseAmountInput(value) : null;
    const amount = plain === null ? null : exactFrom(plain);
    if (!plain || !amount || compare(amount, AMOUNT_MIN_EXACT) < 0 || compare(amount, AMOUNT_MAX_EXACT) > 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: msg.invalidAmount });
    } else if (/\.\d{3,}$/.test(plain)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: msg.amountDecimals });
  })
  .transform((value) => parseAmountInput(value) ?? value);
const positiveAmount = amountSchema;

/** Reason ids are small catalogue numbers (§3 conceptpays). */
const REASON_ID_MAX = 999_999;

const base = {
  idempotencyKey: z.string().uuid(),
  origin: z.string(required(msg.requiredAlt)).min(1, msg.requiredAlt).max(64),
  destination: z.string(required(msg.requiredAlt)).min(1, msg.requiredAlt).max(64),
  reason: z.coerce.number(required(msg.requiredAlt)).int(msg.requiredAlt).positive(msg.requiredAlt).max(REASON_ID_MAX, msg.requiredAlt),
  concept: z.string().trim().max(CONCEPT_MAX, msg.conceptMax).optional(),
};

/**
 * Rules across fields, checked even when other fields fail, so every message shows at once:
 * reasons 21 and 22 need a detail (§5).
 */
export const conceptRule = z
  .object({ reason: z.unknown(), concept: z.unknown() })
  .superRefine((value, ctx) => {
    const detail = typeof value.concept === "string" ? value.concept.trim() : "";
    if (REASONS_NEEDING_DETAIL.includes(Number(value.reason)) && !detail) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["concept"], message: msg.conceptRequired });
    }
  })
  // Rules add messages, not values: the field schemas above own the parsed values.
  .transform(() => ({}));

/**
 * The side the person typed must hold an amount, and only that side is judged: the other one is the
 * calculator's preview or quote (the server computes it again), so its message would sit under a
 * field the person never touched (decision 124). The message goes under the typed field.
 */
const typedAmountRule = z
  .object({ typed: z.unknown(), left: z.unknown(), right: z.unknown() })
  .superRefine((value, ctx) => {
    const side = value.typed === "right" ? "right" : "left";
    const typed = value[side];
    if (typed === undefined || typed === "") {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [side], message: msg.requiredAlt });
      return;
    }
    const parsed = amountSchema.safeParse(typed);
    if (!parsed.success) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [side], message: parsed.error.issues[0].message });
  })
  .transform(() => ({}));

/** The untyped side: read as the page wrote it (grouped or plain), never refused on its own. */
const otherAmount = z
  .string()
  .trim()
  .transform((value) => (value.length <= AMOUNT_TEXT_MAX ? (parseAmountInput(value) ?? value) : value.slice(0, AMOUNT_TEXT_MAX)));

const hasText = (value: unknown) => typeof value === "string" && value.trim() !== "";

/**
 * Which amount the person typed. With JavaScript the form says so (`typed`); without it, the page
 * cannot follow the typing: the only side with text is the typed one, and after a quote (both
 * filled) the one that no longer matches the quoted value. Otherwise the form's own `typed`, which is
 * the left amount on a fresh calculator, so an empty form's 'Campo requerido' sits under the first field.
 */
export function typedSideOf(form: {
  typed: unknown;
  left: unknown;
  right: unknown;
  quotedLeft?: unknown;
  quotedRight?: unknown;
}): "left" | "right" {
  const typed = form.typed === "right" ? "right" : "left";
  if (!hasText(form.quotedLeft)) {
    if (hasText(form.left) !== hasText(form.right)) return hasText(form.left) ? "left" : "right";
    return typed;
  }
  const leftChanged = !sameAmount(form.left, form.quotedLeft);
  const rightChanged = !sameAmount(form.right, form.quotedRight);
  if (leftChanged !== rightChanged) return leftChanged ? "left" : "right";
  return typed;
}

/** Two amounts as texts ("1,000.00" and "1000"), equal as numbers; texts that are not amounts compare as they are. */
function sameAmount(a: unknown, b: unknown): boolean {
  const x = typeof a === "string" ? parseAmountInput(a) : null;
  const y = typeof b === "string" ? parseAmountInput(b) : null;
  if (x === null || y === null) return a === b;
  const [left, right] = [exactFrom(x), exactFrom(y)];
  return left !== null && right !== null && compare(left, right) === 0;
}

/**
 * The fields alone, without the rules across them: the form's HTML constraints are read from
 * here (the rules' loose objects would otherwise mark every field they name as required).
 */
export const exchangeFields = z.object({
  operation: z.enum(["buy", "sell"]),
  pair: z.string(required(msg.requiredAlt)).regex(/^[A-Z]{3}\/[A-Z]{3}$/, msg.requiredAlt),
  typed: z.enum(["left", "right"]).default("left"),
  left: otherAmount.optional(),
  right: otherAmount.optional(),
  ...base,
});
export const transferFields = z.object({
  operation: z.literal("transfer"),
  amount: positiveAmount,
  ...base,
  /** 'Pay now' of a recurring payment (decision 056): the payment this transfer pays. */
  scheduledPaymentEvent: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
});

export const exchangeSchema = exchangeFields.and(typedAmountRule).and(conceptRule);
export const transferSchema = transferFields.and(conceptRule);

export type ExchangeForm = z.infer<typeof exchangeSchema>;
export type TransferForm = z.infer<typeof transferSchema>;

/**
 * What a 'Confirmar' asks for, which its Idempotency-Key is bound to: the kind, the pair and the
 * side typed, the amount typed (so "1,000" and "1000.00" are one amount), the accounts, the
 * reason and its detail. The quote is not part of it: two sends of one form may meet two ticks.
 */
export function tradeIntent(form: ExchangeForm | TransferForm): string {
  const amount = (text: string | undefined) => {
    const value = text === undefined ? null : exactFrom(text);
    return value ? toFixed(value, 2) : null;
  };
  const common = { origin: form.origin, destination: form.destination, reason: form.reason, concept: form.concept?.trim() ?? "" };
  if (form.operation === "transfer") {
    return JSON.stringify({
      operation: "transfer",
      amount: amount(form.amount),
      ...common,
      scheduledPaymentEvent: form.scheduledPaymentEvent ?? null,
    });
  }
  const typedAmount = form.typed === "left" ? form.left : form.right;
  return JSON.stringify({ operation: form.operation, pair: form.pair, typed: form.typed, amount: amount(typedAmount), ...common });
}
