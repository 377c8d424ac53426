import type { AccountView } from "#core/domain/accounts";
import { payNowHref, recipientDestination } from "#core/domain/calculator-prefill";
import { formatCalendarDay, formatRowDay } from "#core/domain/dates";
import type { ShownStatus } from "#core/domain/operation-lifecycle";
import { factsOf, judgePayNow, shownStatus } from "#core/domain/operation-lifecycle";
import { type PaymentState, paymentState, scheduleState, upcomingDate } from "#core/domain/payment-state";
import type { Actor } from "#core/domain/permissions";
import { canOperate } from "#core/domain/permissions";
import history from "#core/locales/es-MX/history.json";
import { formatMoney, maskAccount } from "#core/money";
import type { Translate } from "#core/translate";
import { translator } from "#core/translate";

import type { AccessContext } from "../session/auth.server";
import { currentActor } from "../session/permissions.server";
import { isUpstreamError } from "../upstream/errors";
import type { Schedule, ScheduleEvent, ScheduleStatus } from "../upstream/scheduled-payments.server";

/**
 * 'Mis pagos recurrentes' (§2 /pagos-recurrentes; decision 057): the company's schedules as the
 * page shows them, and their deletion (§8 'Ocurrió un error al eliminar el pago programado').
 */

/** Who is paid: the recipient's alias or name, or the company's own account (masked, §9). */
export function payeeName(
  payment: Pick<Schedule | ScheduleEvent, "recipient" | "accountDestiny">,
  ownAccount: (masked: string) => string,
): string {
  if (payment.recipient) return payment.recipient.alias?.trim() || payment.recipient.nombreCompleto;
  return ownAccount(maskAccount(payment.accountDestiny?.idCuenta ?? ""));
}

/** An operation already paying a scheduled payment: what the 'Pagar ahora' entry points show instead of the link. */
export interface PaymentInProgress {
  operationId: string;
  /** The lifecycle's sentence: 'Este pago ya se está procesando.' */
  message: string;
  href: string;
  /** The day of the payment being paid ("YYYY-MM-DD") and in a sentence: each screen names it. */
  date: string;
  dateText: string;
  /** The operation's status as the history names it ('Por autorizar', 'Por aprobar', 'En proceso'…), with its words. */
  status: ShownStatus & { label: string };
}

const historyText = translator({ history }, "history");

/**
 * 'Pagar ahora' for one payment, as its life allows (decision 092): the calculator's link,
 * or the operation already paying it (waiting for approval or a key, confirmed), or nothing when it
 * is paid or the member may not make that transfer.
 */
export function payNowEntry(
  actor: Actor,
  payment: Pick<ScheduleEvent, "id" | "status" | "recipient" | "operationInProgress" | "dateToPay">,
): { payHref: string | null; inProgress: PaymentInProgress | null } {
  const verdict = judgePayNow(payment);
  if (verdict.allowed) return { payHref: mayChange(actor, payment) ? payNowHref(payment.id) : null, inProgress: null };
  const operation = verdict.refusal === "paymentInProgress" ? payment.operationInProgress : null;
  return {
    payHref: null,
    inProgress: operation
      ? {
          operationId: operation.id,
          message: verdict.message,
          href: `/historial-operaciones/${encodeURIComponent(operation.id)}`,
          date: payment.dateToPay,
          dateText: formatCalendarDay(payment.dateToPay),
          status: operationStatus(operation),
        }
      : null,
  };
}

/** A scheduled payment's operation is a transfer: its status in the history's words. */
function operationStatus(operation: NonNullable<ScheduleEvent["operationInProgress"]>): PaymentInProgress["status"] {
  const status = shownStatus(factsOf(operation), "transfer");
  return { ...status, label: historyText(status.labelKey) };
}

/** §6: changing a schedule needs the permission creating it needs (third-party sending for a recipient). */
export function mayChange(actor: Actor, schedule: Pick<Schedule, "recipient">): boolean {
  return canOperate(actor, { kind: "transfer", toRecipient: schedule.recipient !== null });
}

export interface ScheduleRowView {
  id: string;
  payee: string;
  /** "Desde Concentradora Bajío •••• 0014", or "Desde la cuenta •••• 1234" when only the id is known. */
  origin: string;
  amount: string;
  frequency: Schedule["recurrent"]["frequency"];
  status: PaymentState;
  /** 'Próximo pago': today or later, never a past day (decision 119). */
  nextDate: string | null;
  nextText: string | null;
  /** 'Próximo pago' in the table's format, "30/11/2026" (the phone card keeps the sentence). */
  nextShort: string | null;
  /** The oldest overdue payment's day, shown as 'Vencido' 'desde el …' beside the state. */
  overdueDate: string | null;
  overdueText: string | null;
  nextStatus: ScheduleStatus | null;
  /** The next unpaid payment ('Pagar ahora' pays it). */
  nextEventId: string | null;
  /** That payment's day, which can be an overdue one before 'Próximo pago': 'Pagar ahora' names it. */
  payDate: string | null;
  payDateShort: string | null;
  payDateText: string | null;
  /** 'Pagar ahora' of the next payment, or the operation already paying it. */
  payHref: string | null;
  inProgress: PaymentInProgress | null;
  paid: number;
  total: number;
  canDelete: boolean;
}

/** No-break spaces keep "•••• 0014" whole at a line's end (§9: the dots never part from the digits). */
const NBSP = "\u00a0";

/**
 * An account as 'Mis cuentas' names it ("Alias •••• 1234") when the company's accounts are known,
 * else its id masked (§9).
 */
export function accountLabel(idAccount: string, accounts: readonly AccountView[] | null): string {
  return knownAccount(idAccount, accounts) ?? maskAccount(idAccount).replace(" ", NBSP);
}

function knownAccount(idAccount: string, accounts: readonly AccountView[] | null): string | null {
  const view = accounts?.find((account) => account.idAccount === idAccount);
  return view ? `${view.alias}${NBSP}••••${NBSP}${view.last4}` : null;
}

export function scheduleRow(
  actor: Actor,
  schedule: Schedule,
  t: Translate,
  today: string,
  accounts: readonly AccountView[] | null = null,
): ScheduleRowView {
  const next = schedule.nextEvent;
  const upcoming = upcomingDate([next?.dateToPay, schedule.upcomingEvent?.dateToPay], today);
  const overdue = next && paymentState(next, today) === "overdue" ? next.dateToPay : null;
  const unpaid = next && next.status !== "paid" ? next : null;
  const entry = unpaid ? payNowEntry(actor, { ...unpaid, recipient: schedule.recipient }) : { payHref: null, inProgress: null };
  return {
    id: schedule.id,
    payee: schedule.recipient
      ? payeeName(schedule, () => "")
      : t("recurring.table.ownAccount", { account: accountLabel(schedule.accountDestiny?.idCuenta ?? "", accounts) }),
    origin: originLine(schedule.accountOrigin.idCuenta, accounts, t),
    amount: formatMoney(schedule.amount, schedule.currency),
    frequency: schedule.recurrent.frequency,
    status: scheduleState(schedule, today),
    nextDate: upcoming,
    nextText: upcoming ? formatCalendarDay(upcoming) : null,
    nextShort: upcoming ? formatRowDay(upcoming) : null,
    overdueDate: overdue,
    overdueText: overdue ? formatCalendarDay(overdue) : null,
    nextStatus: next?.status ?? null,
    nextEventId: unpaid?.id ?? null,
    payDate: unpaid?.dateToPay ?? null,
    payDateShort: unpaid ? formatRowDay(unpaid.dateToPay) : null,
    payDateText: unpaid ? formatCalendarDay(unpaid.dateToPay) : null,
    ...entry,
    paid: schedule.events.paid,
    total: schedule.events.paid + schedule.events.pending + schedule.events.scheduled,
    canDelete: mayChange(actor, schedule),
  };
}

/**
 * The account a schedule pays from, under its payee. An alias often says "Cuenta" itself
 * ("Cuenta principal MXN"), so a known account reads "Desde Cuenta principal MXN •••• 0015"; a bare
 * masked id keeps "Desde la cuenta •••• 0015".
 */
function originLine(idAccount: string, accounts: readonly AccountView[] | null, t: Translate): string {
  const known = knownAccount(idAccount, accounts);
  return known
    ? t("recurring.table.fromAccount", { account: known })
    : t("recurring.table.fromMasked", { account: accountLabel(idAccount, null) });
}

export type DeleteOutcome = "deleted" | "forbidden" | "failed";

/**
 * Deletes a schedule of the company, sent once (never retried blindly): a timeout is reported as
 * a failure and the list, read again, shows whether it went. A schedule the member may not change
 * is refused here before any call; the product's 403 holds anyway.
 */
export async function deleteSchedule(access: AccessContext, schedule: Schedule): Promise<DeleteOutcome> {
  if (!mayChange(await currentActor(access), schedule)) return "forbidden";
  try {
    await access.api.scheduledPayments.deleteSchedule(schedule.id);
    access.log.info({ event: "scheduled_payment_deleted", scheduledPaymentId: schedule.id }, "recurring payment deleted");
    return "deleted";
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    access.log.warn(
      { event: "scheduled_payment_delete_failed", failure: error.failure, status: error.status, code: error.details.code },
      "recurring payment not deleted",
    );
    return error.status === 403 ? "forbidden" : "failed";
  }
}

/** A schedule in the edit form's terms (the calculator's fields and the plan). */
export function scheduleDefaults(schedule: Schedule) {
  const { recurrent } = schedule;
  return {
    id: schedule.id,
    amount: schedule.amount.toFixed(2),
    currency: schedule.currency,
    origin: schedule.accountOrigin.idCuenta,
    destination: schedule.recipient ? recipientDestination(schedule.recipient.idRecipient) : (schedule.accountDestiny?.idCuenta ?? ""),
    reason: schedule.concept === null ? "" : String(schedule.concept),
    concept: schedule.aditionalInformation ?? schedule.conceptString ?? "",
    frequency: recurrent.frequency,
    firstDate: recurrent.firstDate,
    ends: recurrent.count !== null ? ("count" as const) : ("date" as const),
    count: recurrent.count !== null ? String(recurrent.count) : "",
    endDate: recurrent.endDate ?? "",
  };
}
