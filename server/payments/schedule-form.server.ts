import { recipientOf } from "#core/domain/calculator-prefill";
import { Big, toDecimal } from "#core/domain/decimal";
import { canOperate } from "#core/domain/permissions";
import { parsePaymentRef } from "#core/domain/recipients";
import type { RecurrenceForm } from "#core/domain/recurring-form";
import { toRecurrence } from "#core/domain/recurring-form";
import type { TransferForm } from "#core/domain/trade-form";
import { displayCurrency } from "#core/money";

import type { AccessContext } from "../session/auth.server";
import { currentActor } from "../session/permissions.server";
import { companyAccounts } from "../trading/accounts.server";
import { loadRecipients } from "../trading/calculator.server";
import { paymentReasonText } from "../trading/payment-reason.server";
import { isUpstreamError } from "../upstream/errors";
import type { Schedule, ScheduleBody } from "../upstream/scheduled-payments.server";

/**
 * Creating and editing a recurring payment (§3 Calculator transaction `recurrent`; decisions 056,
 * 063): the calculator's transfer, checked as 'Confirmar' checks it (the member's permission, the
 * company's accounts, an authorized recipient the bank registered, one currency), plus its plan. Creating is keyed
 * (Idempotency-Key) and never resent on a timeout; editing is a PUT, idempotent by nature.
 */
export type ScheduleFields = Pick<TransferForm, "amount" | "origin" | "destination" | "reason" | "concept"> & RecurrenceForm;

export type SaveOutcome =
  | { kind: "saved"; schedule: Schedule }
  | { kind: "fieldError"; field: "origin" | "destination"; problem: "accountMismatch" | "backofficeSchedule" }
  | { kind: "fieldError"; field: "reason"; problem: "reasonUnknown" }
  | { kind: "forbidden" }
  | { kind: "keyReused" }
  /** The request may have gone through: the list tells, nothing is sent again. */
  | { kind: "unknown" }
  | { kind: "failed" };

async function bodyOf(access: AccessContext, form: ScheduleFields): Promise<ScheduleBody | SaveOutcome> {
  const recipientId = recipientOf(form.destination);
  // A schedule outlives the back office's id (the bank gives the recipient its own once registered).
  if (recipientId !== null && parsePaymentRef(recipientId)?.source === "BO") {
    return { kind: "fieldError", field: "destination", problem: "backofficeSchedule" };
  }
  if (!canOperate(await currentActor(access), { kind: "transfer", toRecipient: recipientId !== null })) return { kind: "forbidden" };
  const { views } = await companyAccounts(access);
  const origin = views.find((account) => account.idAccount === form.origin);
  if (!origin) return { kind: "fieldError", field: "origin", problem: "accountMismatch" };
  const currency = displayCurrency(origin.currency);
  let destination: { idCuenta: string; idDivisa: string } | null = null;
  let recipient: { idRecipient: string } | null = null;
  if (recipientId !== null) {
    const found = (await loadRecipients(access, { backoffice: false })).find((candidate) => candidate.id === recipientId);
    if (!found || displayCurrency(found.currency) !== currency)
      return { kind: "fieldError", field: "destination", problem: "accountMismatch" };
    recipient = { idRecipient: found.id };
  } else {
    const own = views.find((account) => account.idAccount === form.destination);
    if (!own || own.idAccount === origin.idAccount || displayCurrency(own.currency) !== currency) {
      return { kind: "fieldError", field: "destination", problem: "accountMismatch" };
    }
    destination = { idCuenta: own.idAccount, idDivisa: own.currency };
  }
  const reason = await paymentReasonText(access, form.reason);
  if (reason === "unavailable") return { kind: "failed" };
  if (reason === "unknown") return { kind: "fieldError", field: "reason", problem: "reasonUnknown" };
  const recurrence = toRecurrence(form);
  return {
    operation: "transfer",
    amount: Number((toDecimal(form.amount) ?? new Big(0)).round(2, 1).toFixed(2)),
    accountOrigin: { idCuenta: origin.idAccount, idDivisa: origin.currency },
    accountDestiny: destination,
    recipient,
    concept: form.reason,
    conceptString: reason.text,
    aditionalInformation: form.concept ?? "",
    recurrent: {
      frequency: recurrence.frequency,
      firstDate: recurrence.firstDate,
      ...(recurrence.count !== null ? { count: recurrence.count } : { endDate: recurrence.endDate ?? recurrence.firstDate }),
    },
  };
}

function failure(access: AccessContext, error: unknown, event: string, keyed: boolean): SaveOutcome {
  if (!isUpstreamError(error)) throw error;
  if (keyed && (error.failure === "timeout" || error.failure === "network")) {
    access.log.warn({ event: `${event}_outcome_unknown`, failure: error.failure }, "schedule outcome unknown");
    return { kind: "unknown" };
  }
  if (error.details.code === "IDEMPOTENCY_KEY_IN_FLIGHT") return { kind: "unknown" };
  if (error.details.code === "IDEMPOTENCY_KEY_REUSED") return { kind: "keyReused" };
  if (error.status === 403) return { kind: "forbidden" };
  access.log.warn(
    { event: `${event}_failed`, failure: error.failure, status: error.status, code: error.details.code },
    "schedule not saved",
  );
  return { kind: "failed" };
}

export async function createSchedule(access: AccessContext, form: ScheduleFields, idempotencyKey: string): Promise<SaveOutcome> {
  const body = await bodyOf(access, form);
  if ("kind" in body) return body;
  try {
    const schedule = await access.api.scheduledPayments.createSchedule(body, idempotencyKey);
    access.log.info(
      { event: "scheduled_payment_created", scheduledPaymentId: schedule.id, frequency: body.recurrent.frequency },
      "recurring payment created",
    );
    return { kind: "saved", schedule };
  } catch (error) {
    return failure(access, error, "scheduled_payment_create", true);
  }
}

export async function updateSchedule(access: AccessContext, id: string, form: ScheduleFields): Promise<SaveOutcome> {
  const body = await bodyOf(access, form);
  if ("kind" in body) return body;
  try {
    const schedule = await access.api.scheduledPayments.updateSchedule(id, body);
    access.log.info({ event: "scheduled_payment_updated", scheduledPaymentId: schedule.id }, "recurring payment updated");
    return { kind: "saved", schedule };
  } catch (error) {
    return failure(access, error, "scheduled_payment_update", false);
  }
}
