import crypto from "node:crypto";

import { z } from "zod";

import type { AccountView } from "#core/domain/accounts";
import { groupAmount, parseAmountInput } from "#core/domain/amount-input";
import type { PreSubmitProblem, QuotedAmountProblem } from "#core/domain/calculator";
import { customerRate, debitAmount, preSubmitCheck, quotedAmountProblem, quoteFrom, splitPair } from "#core/domain/calculator";
import type { CalculatorPrefill } from "#core/domain/calculator-prefill";
/**
 * The dashboard calculator (§2 'Operar', §5 Buy/sell and Transfer): what it shows, and the quote
 * the server computes from a provider's signed price, the margin and the typed amount.
 */
import type { Tab } from "#core/domain/calculator-prefill";
import { parseCalculatorPrefill, PAY_NOW_PARAM, recipientDestination } from "#core/domain/calculator-prefill";
import { TAB_SLUGS } from "#core/domain/calculator-prefill";
import { mexicoDate } from "#core/domain/dates";
import { amountString, Big, rateString, toDecimal } from "#core/domain/decimal";
import type { MarketStatus } from "#core/domain/market";
import { marketStatus } from "#core/domain/market";
import { canSendInternational } from "#core/domain/membership";
import { judgePayNow } from "#core/domain/operation-lifecycle";
import { payTiming } from "#core/domain/payment-state";
import { canSendToRecipients } from "#core/domain/permissions";
import type { Side } from "#core/domain/prices";
import { isStale, providerPrice, QUOTE_VALIDITY_MS } from "#core/domain/prices";
import { payableRecipients } from "#core/domain/recipients";
import { withKnownRecipient } from "#core/domain/send-money";
import { AMOUNT_MAX } from "#core/domain/trade-form";
import payments from "#core/locales/es-MX/payments.json";
import { formatMoney } from "#core/money";
import { toPriceEvent, toStatusEvent } from "#core/prices/payload";
import type { PriceEvent, PriceStatusEvent } from "#core/prices/wire";
import { translator } from "#core/translate";

import { payeeName } from "../payments/recurring.server";
import { priceHub } from "../prices/hub.server";
import type { AccessContext } from "../session/auth.server";
import { membershipIdOrNull } from "../session/membership.server";
import { currentActor } from "../session/permissions.server";
import { isSpecialRuleCompany } from "../session/shell.server";
import { bankHolidays } from "../upstream/bank-holidays.server";
import { cached } from "../upstream/cache.server";
import { optional } from "../upstream/optional.server";
import type { ConceptPay } from "../upstream/product.server";
import type { Frequency } from "../upstream/scheduled-payments.server";
import type { RecipientOption } from "./accounts.server";

export type { Tab };

/** §9: the reference amount (USD) of the margin shown before a quote. */
export const MARGIN_REFERENCE_AMOUNT = 50_000;

export interface ReasonOption {
  id: number;
  label: string;
  scope: "national" | "international";
}

export interface CalculatorData {
  tab: Tab;
  pairs: string[];
  pair: string | null;
  price: PriceEvent | null;
  priceStatus: PriceStatusEvent | null;
  referenceMargin: string | null;
  /** The base amount `referenceMargin` is for (§9's 50,000), plain. */
  referenceAmount: string;
  accounts: AccountView[];
  recipients: RecipientOption[];
  reasons: ReasonOption[];
  idempotencyKey: string;
  prefill: CalculatorPrefill;
  market: MarketStatus;
  /** A collaborator without third-party permission sees no recipients (§6). */
  recipientsAllowed: boolean;
  /** Mexico City's today and the bank holidays: a recurring payment's plan is checked and previewed with them. */
  today: string;
  holidays: string[];
  /** 'Pay now' of a recurring payment (`?pagoProgramado=<id>`): what is being paid, or why it cannot be. */
  payNow: PayNow | null;
}

/** Which payment a refusal is about: whom, how much and its date, as the notice names it. */
export type PayNowPayment = { payee: string; amount: string; dateToPay: string };

export type PayNow =
  | {
      kind: "payable";
      eventId: string;
      payee: string;
      amount: string;
      dateToPay: string;
      frequency: Frequency;
      /** Paid ahead of its day or after it, in a sentence ('Lo pagas por adelantado: vence en 7 días.'); null on its day. */
      timing: string | null;
    }
  /** An operation for it is under way (waiting for approval or a key, confirmed): it is not paid twice. */
  | { kind: "inProgress"; operationId: string; payment: PayNowPayment }
  | { kind: "paid"; payment: PayNowPayment }
  | { kind: "missing" };

const EVENT_ID = /^\d{1,12}$/;

const paymentsText = translator({ payments }, "payments");

/** The payment's day against today in Mexico City, in words (its texts are the planner's, not the dashboard's bundle). */
function timingText(dateToPay: string): string | null {
  const timing = payTiming(dateToPay, mexicoDate());
  return timing ? paymentsText(`payNow.${timing.kind}`, { count: timing.days }) : null;
}

/**
 * The payment 'pay now' names, read from the product (never from the URL): the calculator is
 * prefilled with its transfer and carries its id, so the bank's confirmation marks it paid.
 */
async function payNowOf(access: AccessContext, url: URL): Promise<{ payNow: PayNow; prefill: Partial<CalculatorPrefill> } | null> {
  const id = url.searchParams.get(PAY_NOW_PARAM);
  if (id === null) return null;
  if (!EVENT_ID.test(id)) return { payNow: { kind: "missing" }, prefill: {} };
  const event = await optional(access.api.scheduledPayments.event(id), null, {
    log: access.log,
    event: "scheduled_payment_event_unavailable",
  });
  if (!event) return { payNow: { kind: "missing" }, prefill: {} };
  const verdict = judgePayNow(event);
  const payment: PayNowPayment = {
    payee: payeeName(event, (masked) => masked),
    amount: formatMoney(event.amount, event.currency),
    dateToPay: event.dateToPay,
  };
  if (!verdict.allowed) {
    const payNow: PayNow =
      verdict.refusal === "paymentInProgress" && event.operationInProgress
        ? { kind: "inProgress", operationId: event.operationInProgress.id, payment }
        : { kind: "paid", payment };
    return { payNow, prefill: {} };
  }
  return {
    payNow: { kind: "payable", eventId: event.id, ...payment, frequency: event.frequency, timing: timingText(event.dateToPay) },
    prefill: {
      // Grouped, as a treasurer reads it and the form takes it back ('12,500.00').
      amount: groupAmount(event.amount.toFixed(2)),
      origin: event.accountOrigin.idCuenta,
      destination: event.recipient ? recipientDestination(event.recipient.idRecipient) : event.accountDestiny?.idCuenta,
      reason: event.concept === null ? undefined : String(event.concept),
      concept: event.aditionalInformation ?? event.conceptString ?? undefined,
    },
  };
}

export function tabFrom(url: URL): Tab {
  return TAB_SLUGS[url.searchParams.get("operacion") ?? ""] ?? "buy";
}

function reasonOptions(concepts: ConceptPay[]): ReasonOption[] {
  return concepts.map((c) => ({ id: c.IdPayConcept, label: c.concept, scope: c.typeConcept }));
}

export async function loadCalculator(access: AccessContext, url: URL): Promise<CalculatorData> {
  const special = isSpecialRuleCompany(access.company.clientId);
  const requestedTab = tabFrom(url);
  // Every upstream read starts at once, so the dashboard costs its slowest chain (decision 071):
  // the margin follows the pairs (usually cached), the recipients follow the member's permissions.
  const pairsRead: Promise<string[]> = special
    ? Promise.resolve([] as string[])
    : cached(`pairs:${access.company.clientId}`, () => access.api.product.pairs());
  const market = pairsRead.then(async (pairs) => {
    const tab: Tab = pairs.length === 0 ? "transfer" : requestedTab;
    const requestedPair = url.searchParams.get("par")?.toUpperCase() ?? "";
    const pair = tab === "transfer" ? null : pairs.includes(requestedPair) ? requestedPair : (pairs[0] ?? null);
    const [snapshot, referenceMargin] = await Promise.all([
      pair ? priceHub().ensure(pair) : Promise.resolve(null),
      pair
        ? optional(access.api.trading.margin(pair, MARGIN_REFERENCE_AMOUNT), null, {
            log: access.log,
            event: "reference_margin_unavailable",
          })
        : Promise.resolve(null),
    ]);
    return { tab, pair, snapshot, referenceMargin };
  });
  const allowed = currentActor(access).then(canSendToRecipients);

  const [pairs, { tab, pair, snapshot, referenceMargin }, recipientsAllowed, concepts, recipients, holidays, payNow] = await Promise.all([
    pairsRead,
    market,
    allowed,
    cached("conceptpays", () => access.api.product.conceptPays()),
    // §6: the special-rule company sees no pairs, so it can only transfer.
    requestedTab === "transfer" && !special
      ? allowed.then((may) => (may ? loadRecipients(access) : []))
      : Promise.resolve([] as Awaited<ReturnType<typeof loadRecipients>>),
    bankHolidays(access.api.graphql, access.log),
    requestedTab === "transfer" ? payNowOf(access, url) : Promise.resolve(null),
  ]);

  return {
    tab,
    pairs,
    pair,
    price: snapshot?.quote ? toPriceEvent(snapshot.quote, Date.now()) : null,
    priceStatus: pair && snapshot ? toStatusEvent(pair, snapshot.status) : null,
    referenceMargin: referenceMargin === null ? null : String(referenceMargin),
    referenceAmount: MARGIN_REFERENCE_AMOUNT.toFixed(2),
    accounts: [],
    recipients,
    reasons: reasonOptions(concepts),
    idempotencyKey: crypto.randomUUID(),
    // 'Enviar dinero' names a recipient: only one the member may send to stays chosen.
    prefill: withKnownRecipient(
      { ...parseCalculatorPrefill(url.searchParams), ...payNow?.prefill },
      recipients.map((recipient) => recipient.id),
    ),
    market: marketStatus(Date.now(), holidays),
    recipientsAllowed,
    today: mexicoDate(),
    holidays: holidays.map((date) => date.slice(0, 10)),
    payNow: payNow?.payNow ?? null,
  };
}

/**
 * The recipients the member may send to now: authorized ones (§4), the back office's included
 * (decision 097), and international ones only with Pro (§6, decision 066). The calculator offers
 * these and the submit accepts no other, so a hand-made POST to an international recipient by a
 * Basic member reads as an unknown recipient. A recurring payment needs a recipient the bank has
 * registered (`backoffice: false`): a schedule outlives the back office's id.
 */
export async function loadRecipients(access: AccessContext, options: { backoffice?: boolean } = {}): Promise<RecipientOption[]> {
  const [bank, member, backoffice, membershipId] = await Promise.all([
    access.api.partner.getRecipients(),
    // Without member data the bank's own aliases show.
    optional(access.api.trading.memberRecipients(), [], { log: access.log, event: "member_recipients_unavailable" }),
    // Without the back office, the bank's recipients can still be paid.
    options.backoffice === false
      ? Promise.resolve([])
      : optional(access.api.recipients.pendingBackoffice(), [], { log: access.log, event: "backoffice_recipients_unavailable" }),
    membershipIdOrNull(access),
  ]);
  const payable = payableRecipients(bank, new Map(member.map((m) => [m.idRecipient, m.alias])), backoffice);
  return canSendInternational(membershipId) ? payable : payable.filter((recipient) => recipient.national);
}

/** Printable ASCII, as a provider's id and signature are. */
const TOKEN = /^[\x21-\x7e]+$/;
/**
 * A provider's price as the form carries it: plain decimal text, positive and bounded, so it can
 * never become Infinity, NaN or an exponent (`lpSell=Infinity` or `1e309` was a 500 in big.js).
 */
const PRICE_TEXT = /^\d{1,7}(\.\d{1,12})?$/;
const priceNumber = z
  .string()
  .trim()
  .regex(PRICE_TEXT)
  .transform(Number)
  .refine((price) => Number.isFinite(price) && price > 0);

/**
 * The provider quote a form carries: what the provider signed, checked upstream. Anything else
 * is no price at all ("invalidPrice", with its Spanish message).
 */
export const priceFieldsSchema = z.object({
  lpId: z.string().min(1).max(64).regex(TOKEN),
  sig: z.string().min(1).max(256).regex(TOKEN),
  /** Epoch milliseconds. */
  priceTs: z
    .string()
    .trim()
    .regex(/^\d{1,15}$/)
    .transform(Number),
  lpBuy: priceNumber,
  lpSell: priceNumber,
});
export type PriceFields = z.infer<typeof priceFieldsSchema>;

export interface ComputedQuote {
  side: Side;
  pair: string;
  margin: string;
  rate: string;
  left: string;
  right: string;
  /** What leaves the origin account, in its currency. */
  debit: string;
  /** The margin in money: the distance between the provider's price and the client's rate, on the base amount, in the quote currency. */
  cost: string;
  /** Epoch ms until which the quote holds (§4: 20 minutes from the provider's price). */
  validUntil: number;
  price: PriceFields & { price: number };
}

export type QuoteProblem = "stalePrice" | "invalidPrice" | "marginUnavailable" | QuotedAmountProblem;

/**
 * §9 arithmetic on the server: the margin for the amount, the customer's rate from the provider's
 * price, and the other side of the calculator. Amounts typed by the person are the only input
 * taken from the form; rates and totals are always computed here.
 */
export async function computeQuote(
  access: AccessContext,
  input: { side: Side; pair: string; typed: "left" | "right"; amount: string; price: PriceFields | null },
  now = Date.now(),
): Promise<ComputedQuote | QuoteProblem> {
  if (!input.price) return "invalidPrice";
  if (isStale(input.price.priceTs, now)) return "stalePrice";
  const legs = splitPair(input.pair);
  const amount = toDecimal(input.amount);
  if (!legs || !amount) return "invalidPrice";
  const providerSide = providerPrice(
    { lpId: input.price.lpId, buy: input.price.lpBuy, sell: input.price.lpSell, sig: input.price.sig, ts: input.price.priceTs },
    input.side,
  );
  // The loader quotes live prices without the form's schema: a price must still be a finite, positive number.
  if (!Number.isFinite(providerSide) || providerSide <= 0) return "invalidPrice";
  const price = new Big(String(providerSide));
  // An amount that is nothing (or too much) on the other side at the provider's price has no margin band to ask for.
  const atPrice = quotedAmountProblem(quoteFrom({ rate: price, typed: input.typed, amount }));
  if (atPrice) return atPrice;
  // The margin band depends on the base amount; when the right side was typed, estimate it first.
  const baseEstimate = input.typed === "left" ? amount : amount.div(price);
  const marginValue = await optional(access.api.trading.margin(input.pair, Number(amountString(baseEstimate))), null, {
    log: access.log,
    event: "margin_unavailable",
  });
  if (marginValue === null) return "marginUnavailable";
  const margin = new Big(String(marginValue));
  const rate = customerRate(price, margin, input.side);
  const quote = quoteFrom({ rate, typed: input.typed, amount });
  const outOfRange = quotedAmountProblem(quote);
  if (outOfRange) return outOfRange;
  const debit = debitAmount(input.side, { left: quote.left, right: quote.right }) ?? quote.left;
  return {
    side: input.side,
    pair: input.pair,
    margin: margin.toString(),
    rate: rateString(rate),
    left: amountString(quote.left),
    right: amountString(quote.right),
    debit: amountString(debit),
    cost: amountString(rate.minus(price).abs().times(quote.left)),
    validUntil: input.price.priceTs + QUOTE_VALIDITY_MS,
    price: { ...input.price, price: providerSide },
  };
}

/** §5 pre-submit check against the origin account's current balance. */
export function fundsProblem(
  operation: Tab,
  debit: string,
  origin: AccountView | undefined,
  hasValidPrice: boolean,
): PreSubmitProblem | null {
  const amount = toDecimal(debit) ?? new Big(0);
  const balance = origin ? (toDecimal(origin.balance) ?? new Big(0)) : new Big(0);
  return preSubmitCheck({ operation, amount, originBalance: balance, hasValidPrice });
}

/** How long a member's margin for one pair and amount is reused: it changes with the member's plan, not by the minute. */
const MARGIN_CACHE_MS = 60_000;

/**
 * The member's margin (percent, §9) for an amount of the pair's base currency, as the price panel
 * and the calculator's preview show it while the person types (decision 054). The pair must be one the
 * company may trade and the amount a calculator amount; anything else is null (the caller answers
 * 400). An upstream failure is "unavailable": the page keeps the margin it had.
 */
export async function memberMargin(
  access: AccessContext,
  input: { pair: string | null; amount: string | null },
): Promise<{ pair: string; amount: string; margin: string } | "unavailable" | null> {
  const pair = input.pair?.trim().toUpperCase() ?? "";
  const plain = input.amount === null ? null : parseAmountInput(input.amount);
  const amount = plain === null ? null : toDecimal(plain);
  if (!splitPair(pair) || !amount || amount.lt("0.01") || amount.gt(AMOUNT_MAX)) return null;
  if (isSpecialRuleCompany(access.company.clientId)) return null;
  const pairs = await optional(
    cached(`pairs:${access.company.clientId}`, () => access.api.product.pairs()),
    null,
    { log: access.log, event: "pairs_unavailable" },
  );
  if (pairs === null) return "unavailable";
  if (!pairs.includes(pair)) return null;
  const base = amountString(amount);
  const margin = await optional(
    cached(
      `margin:${access.data.memberId}:${access.company.clientId}:${pair}:${base}`,
      () => access.api.trading.margin(pair, Number(base)),
      MARGIN_CACHE_MS,
    ),
    null,
    { log: access.log, event: "margin_unavailable" },
  );
  return margin === null ? "unavailable" : { pair, amount: base, margin: String(margin) };
}
