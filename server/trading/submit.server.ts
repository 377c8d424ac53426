import { challengeHref } from "#core/domain/approval";
import { legCurrencies, quoteHold } from "#core/domain/calculator";
import { recipientOf } from "#core/domain/calculator-prefill";
import { Big, toDecimal } from "#core/domain/decimal";
import { judgePayNow } from "#core/domain/operation-lifecycle";
import { canOperate } from "#core/domain/permissions";
import type { HelpTarget, HelpTopic } from "#core/domain/server-messages";
import { catalogueText, serverMessageHelp } from "#core/domain/server-messages";
import type { ExchangeForm, TransferForm } from "#core/domain/trade-form";

import { holdWhile, scheduledPaymentHoldKey } from "../operation-hold.server";
import type { AccessContext } from "../session/auth.server";
import { currentActor } from "../session/permissions.server";
import { errorCatalogue, reportFailure } from "../upstream/error-reporting.server";
import { isUpstreamError } from "../upstream/errors";
import { notificationsFor } from "../upstream/notifications.server";
import type { SetOperationBody } from "../upstream/trading.server";
import { wireRecipient } from "../upstream/trading.server";
import { companyAccounts } from "./accounts.server";
import type { ComputedQuote, PriceFields } from "./calculator.server";
import { computeQuote, fundsProblem, loadRecipients } from "./calculator.server";
import { paymentReasonText } from "./payment-reason.server";

/**
 * Submitting the calculator (§4 Transaction submit): permissions, a fresh quote, the §5 pre-submit
 * check, then one idempotent POST /setoperation. A timeout is never answered by sending again.
 */
export type SubmitOutcome =
  | { kind: "challenge"; url: string }
  | { kind: "approval"; operationId: string }
  | { kind: "unknown" }
  | { kind: "forbidden" }
  /** §8: the bank or the product refused it with a message that has a help link. */
  | { kind: "help"; topic: HelpTopic; target: HelpTarget; quote?: ComputedQuote }
  | { kind: "formError"; message: FormProblem; field?: string; quote?: ComputedQuote };

export type FormProblem =
  | "stalePrice"
  | "invalidPrice"
  | "marginUnavailable"
  | "amountTooSmall"
  | "amountTooLarge"
  | "funds"
  | "accountMismatch"
  | "reasonUnknown"
  /** A recurring payment to a back-office recipient (schedule-form.server.ts). */
  | "backofficeSchedule"
  | "keyReused"
  | "upstream"
  | "quoteRequired"
  | "quoteChanged"
  | "scheduledPaid"
  | "scheduledInProgress"
  | "scheduledMismatch"
  | "scheduledMissing";

/** The quote the form carries: what the page showed the person when they pressed 'Confirmar'. */
export interface ShownQuote {
  left: string | null;
  right: string | null;
}

export async function submitTrade(
  access: AccessContext,
  form: ExchangeForm | TransferForm,
  price: PriceFields | null,
  shown: ShownQuote = { left: null, right: null },
): Promise<SubmitOutcome> {
  const recipientId = form.operation === "transfer" ? recipientOf(form.destination) : null;
  const toRecipient = recipientId !== null;
  const actor = await currentActor(access);
  if (!canOperate(actor, { kind: form.operation, toRecipient })) return { kind: "forbidden" };

  const { views } = await companyAccounts(access);
  const origin = views.find((a) => a.idAccount === form.origin);
  if (!origin) return { kind: "formError", message: "accountMismatch", field: "origin" };
  const reason = await paymentReasonText(access, form.reason);
  if (reason === "unavailable") return { kind: "formError", message: "upstream" };
  if (reason === "unknown") return { kind: "formError", message: "reasonUnknown", field: "reason" };

  let body: SetOperationBody;
  let quote: ComputedQuote | undefined;
  if (form.operation === "transfer") {
    const own = views.find((a) => a.idAccount === form.destination);
    const destination = recipientId
      ? await recipientDestination(access, recipientId)
      : own && { id: own.idAccount, currency: currencyOf(own) };
    if (!destination || destination.currency !== currencyOf(origin) || destination.id === origin.idAccount) {
      return { kind: "formError", message: "accountMismatch", field: "destination" };
    }
    const amount = (toDecimal(form.amount) ?? new Big(0)).round(2, 1).toFixed(2);
    if (fundsProblem("transfer", amount, origin, true)) return { kind: "formError", message: "funds", field: "amount" };
    body = {
      operation: "transfer",
      pair: "",
      amount: Number(amount),
      amountOrigin: Number(amount),
      amountDestiny: Number(amount),
      total: Number(amount),
      margin: "0",
      exchangeRate: 1,
      accountOrigin: { idCuenta: origin.idAccount, idDivisa: currencyOf(origin) },
      accountDestiny: toRecipient ? null : { idCuenta: destination.id, idDivisa: destination.currency },
      recipient: toRecipient ? wireRecipient(destination.id) : null,
      concept: form.reason,
      conceptString: reason.text,
      aditionalInformation: form.concept ?? "",
      priceObject: null,
      calculatePlace: "left",
      ...(form.scheduledPaymentEvent ? { scheduledPaymentEvent: { id: form.scheduledPaymentEvent } } : {}),
    };
  } else {
    const legs = legCurrencies(form.pair, form.operation);
    const destination = views.find((a) => a.idAccount === form.destination);
    if (!legs || currencyOf(origin) !== legs.origin) return { kind: "formError", message: "accountMismatch", field: "origin" };
    if (!destination || currencyOf(destination) !== legs.destination)
      return { kind: "formError", message: "accountMismatch", field: "destination" };
    const typedAmount = form.typed === "left" ? form.left : form.right;
    const computed = await computeQuote(access, {
      side: form.operation,
      pair: form.pair,
      typed: form.typed,
      amount: typedAmount ?? "0",
      price,
    });
    if (typeof computed === "string") {
      const amountProblem = computed === "amountTooSmall" || computed === "amountTooLarge";
      return { kind: "formError", message: computed, field: amountProblem ? form.typed : undefined };
    }
    quote = computed;
    // Nothing reaches the bank but the quote the person saw, for the amounts on the form; otherwise
    // the fresh quote comes back to be read and confirmed.
    const hold = quoteHold({ left: form.left, right: form.right }, shown, computed);
    if (hold) return { kind: "formError", message: hold === "none" ? "quoteRequired" : "quoteChanged", quote };
    const problem = fundsProblem(form.operation, computed.debit, origin, true);
    if (problem) return { kind: "formError", message: problem === "invalidPriceObject" ? "invalidPrice" : "funds", quote };
    body = {
      operation: form.operation,
      pair: form.pair,
      amount: Number(computed.left),
      amountOrigin: Number(computed.left),
      amountDestiny: Number(form.operation === "buy" ? computed.left : computed.right),
      total: Number(computed.right),
      margin: computed.margin,
      exchangeRate: Number(computed.rate),
      accountOrigin: { idCuenta: origin.idAccount, idDivisa: currencyOf(origin) },
      accountDestiny: { idCuenta: destination.idAccount, idDivisa: currencyOf(destination) },
      recipient: null,
      concept: form.reason,
      conceptString: reason.text,
      aditionalInformation: form.concept ?? "",
      priceObject: {
        lpId: computed.price.lpId,
        sig: computed.price.sig,
        ts: computed.price.priceTs,
        price: computed.price.price,
        buy: computed.price.lpBuy,
        sell: computed.price.lpSell,
        pair: form.pair,
      },
      calculatePlace: form.typed,
    };
  }

  const eventId = form.operation === "transfer" ? form.scheduledPaymentEvent : undefined;
  if (!eventId) return createOperation(access, form, body, quote);
  // 'Pay now': one operation per scheduled payment, whatever the tabs, keys or instances. The payment
  // is held while it is read and its operation created; the next attempt then sees that operation.
  const held = await holdWhile(scheduledPaymentHoldKey(access.data.companyId, eventId), async (): Promise<SubmitOutcome> => {
    const problem = await scheduledPaymentProblem(access, eventId);
    return problem ? { kind: "formError", message: problem } : createOperation(access, form, body, quote);
  });
  if (held.kind === "busy") {
    access.log.warn({ event: "scheduled_payment_busy" }, "another 'pay now' of the payment outlasted the wait");
    return { kind: "formError", message: "scheduledInProgress" };
  }
  return held.outcome;
}

/** One idempotent POST /setoperation; a timeout is never answered by sending again. */
async function createOperation(
  access: AccessContext,
  form: ExchangeForm | TransferForm,
  body: SetOperationBody,
  quote: ComputedQuote | undefined,
): Promise<SubmitOutcome> {
  try {
    const created = await access.api.trading.setOperation(body, form.idempotencyKey);
    access.log.info(
      { event: "operation_created", operationId: created.id, operation: form.operation, approval: created.requires_admin_approval },
      "operation created",
    );
    if (created.requires_admin_approval || !created.uri) {
      announceForApproval(access, created.id);
      return { kind: "approval", operationId: created.id };
    }
    return { kind: "challenge", url: challengeHref(created.uri, form.operation) };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    if (error.failure === "timeout" || error.failure === "network") {
      // The operation may exist: say so, and never send it again (ARCHITECTURE, idempotency).
      access.log.warn({ event: "operation_outcome_unknown", operation: form.operation }, "setoperation outcome unknown");
      reportFailure(access, { operation: form.operation, error: `setoperation ${error.failure}` });
      return { kind: "unknown" };
    }
    if (error.status === 403) return { kind: "forbidden" };
    // The bank holds the key too (another instance, or a restart that emptied the app's claims).
    if (error.details.code === "IDEMPOTENCY_KEY_REUSED") return { kind: "formError", message: "keyReused", quote };
    if (error.details.code === "IDEMPOTENCY_KEY_IN_FLIGHT") return { kind: "unknown" };
    if (error.details.code === "STALE_PRICE") return { kind: "formError", message: "stalePrice", quote };
    if (error.details.code === "INVALID_PRICE") return { kind: "formError", message: "invalidPrice", quote };
    if (error.details.code === "INSUFFICIENT_FUNDS") return { kind: "formError", message: "funds", quote };
    if (error.details.code === "SCHEDULED_PAYMENT_EVENT_PAID") return { kind: "formError", message: "scheduledPaid" };
    if (error.details.code === "SCHEDULED_PAYMENT_IN_PROGRESS") return { kind: "formError", message: "scheduledInProgress" };
    if (error.details.code === "SCHEDULED_PAYMENT_MISMATCH")
      return { kind: "formError", message: "scheduledMismatch", field: "destination" };
    if (error.details.code === "SCHEDULED_PAYMENT_EVENT_NOT_FOUND") return { kind: "formError", message: "scheduledMissing" };
    // The product's catalogue words a coded refusal (§7 GET /error-catalogs); §8 says which need help.
    const catalogue = error.details.code ? await errorCatalogue(access) : null;
    const help = serverMessageHelp(catalogueText(catalogue, error.details.code, error.details.upstreamMessage ?? ""));
    if (help) {
      access.log.info({ event: "operation_refused", code: error.details.code, topic: help.topic }, "setoperation refused");
      return { kind: "help", ...help, quote };
    }
    access.log.error({ event: "operation_failed", status: error.status, code: error.details.code }, "setoperation failed");
    reportFailure(access, {
      operation: form.operation,
      error: `setoperation ${error.status ?? error.failure} ${error.details.code ?? ""}`.trim(),
    });
    return { kind: "formError", message: "upstream", quote };
  }
}

/**
 * Why a scheduled payment cannot be paid now (its life: paid, or an operation for it under way), or
 * null; an unreadable one is left to the product's own check, which holds the same rule.
 */
async function scheduledPaymentProblem(access: AccessContext, eventId: string): Promise<FormProblem | null> {
  try {
    const verdict = judgePayNow(await access.api.scheduledPayments.event(eventId));
    if (verdict.allowed) return null;
    return verdict.refusal === "paymentPaid" ? "scheduledPaid" : "scheduledInProgress";
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return error.status === 404 ? "scheduledMissing" : null;
  }
}

/** The bank's MXP is MXN for matching accounts and pairs. */
function currencyOf(account: { currency: string }): string {
  const code = account.currency.toUpperCase();
  return code === "MXP" ? "MXN" : code;
}

async function recipientDestination(access: AccessContext, id: string) {
  const recipients = await loadRecipients(access);
  const recipient = recipients.find((r) => r.id === id);
  return recipient ? { id: recipient.id, currency: recipient.currency } : undefined;
}

/**
 * §7 / §8: the administrators hear that an operation waits for them (operations-to-be-approved);
 * a failure is logged only, the operation is created either way.
 */
function announceForApproval(access: AccessContext, operationId: string): void {
  const { name, firstLastName } = access.data.user;
  notificationsFor(access.call, access.data.productJwt)
    .operationsToBeApproved({ id: operationId, name: [name, firstLastName].filter(Boolean).join(" "), count: 1 })
    .catch((error: unknown) =>
      access.log.warn(
        { event: "approval_notice_failed", failure: isUpstreamError(error) ? error.failure : "unknown" },
        "approval notice not sent",
      ),
    );
}
