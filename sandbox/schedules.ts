// Recurring payments of the product API (/api, bearer product jwt; decision 056): schedules made
// from the calculator's transfer plus `recurrent` (/scheduledpayments, which §7 does not name) and
// their events (§7 /scheduledpaymentevents: status scheduled | pending | paid, dateToPay, operation).
// Events are generated up front from the plan (schedule-dates.ts); an unpaid event turns "pending"
// once its Mexico City day has passed, and the planner's notifications (a reminder on the day, a
// forgotten payment the day after) are told on a Mexico City day change. A successful bank
// challenge of an operation created with `scheduledPaymentEvent: { id }` marks that event paid.

import { z } from "zod";

import { findBankUser, findMemberById, findMemberByUserName, type SandboxContext, today as todayOf } from "./context";
import { addDays, mexicoCityDate } from "./dates";
import { HttpError, json, parseWith, type RequestContext, type Router } from "./http";
import { fingerprintOf, idempotencyKeyOf, type IdempotencyRecord, once } from "./idempotency";
import { addNotification } from "./notifications";
import { holdsItsPayment } from "./operation-lifecycle";
import { authenticateMember, type ProductAuth } from "./product";
import {
  addMonthsClamped,
  FREQUENCIES,
  type Frequency,
  isIsoDate,
  nextWorkingDay,
  type Recurrence,
  recurrenceProblem,
  scheduleDates,
} from "./schedule-dates";
import type { AccountRef, BankAccount, OperationRecord, OperationStatus, RecipientRecord, SandboxState } from "./types";

export type EventStatus = "scheduled" | "pending" | "paid";

/** What a schedule pays each time: the calculator's transfer, without the quote. */
export interface ScheduledTransfer {
  amount: number;
  currency: string;
  accountOrigin: AccountRef;
  accountDestiny: AccountRef | null;
  recipientId: number | null;
  concept: number;
  conceptString: string;
  aditionalInformation: string;
}

export interface ScheduleRecord {
  id: number;
  clientId: string;
  /** Who created it; the planner's notifications go to this member. */
  memberId: number;
  idempotencyKey: string | null;
  transfer: ScheduledTransfer;
  recurrent: Recurrence;
  /** Planned days whose event was deleted: an edit of the plan does not bring them back. */
  skippedDates: string[];
  createdAt: string;
  updatedAt: string;
  /** Deleted schedules keep their paid events (money moved); everything else about them is gone. */
  deletedAt: string | null;
}

export interface ScheduledEventRecord {
  id: number;
  scheduleId: number;
  clientId: string;
  /** The day the plan names. */
  scheduledDate: string;
  /** The working day it is due on (SPEC §3 dateToPay). */
  dateToPay: string;
  status: EventStatus;
  /** The operation that paid it; null while unpaid, and for the seed's payments made before the portal. */
  operationId: number | null;
  paidAt: string | null;
  /** What was paid (the operation's amount and accounts), kept once paid: a later edit of the schedule does not rewrite it. */
  paidTransfer: ScheduledTransfer | null;
  reminded: boolean;
  forgottenNotified: boolean;
}

export interface ScheduleState {
  schedules: ScheduleRecord[];
  events: ScheduledEventRecord[];
  /** POST /scheduledpayments keys by scope (member, company, key). */
  idempotency: Map<string, IdempotencyRecord<ReturnType<typeof scheduleViewOf>>>;
  /** The Mexico City day whose planner notifications were already told. */
  day: string;
  nextIds: { schedule: number; event: number };
}

/** An operation that confirmed the payment (the bank's challenge succeeded). */
const CONFIRMED: ReadonlySet<OperationStatus> = new Set(["applying", "fixApplying", "applied", "appliedNoReceipt", "fixappliedNoReceipt"]);
/** An operation that ended without the money arriving: its event is unpaid again. */
const FAILED: ReadonlySet<OperationStatus> = new Set(["notApplied", "notAppliedCan", "notApplying", "notAppliedByAdmin", "returned"]);

const moneyText = new Intl.NumberFormat("es-MX", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const normalCurrency = (currency: string) => (currency === "MXP" ? "MXN" : currency);

const isoDate = z.string().refine(isIsoDate, "no es una fecha YYYY-MM-DD válida");
const accountRef = z.object({ idCuenta: z.string().min(1), idDivisa: z.string().min(1) });
const money = z
  .number()
  .positive()
  .max(1_000_000_000)
  .refine((value) => Math.round(value * 100) / 100 === value, "máximo 2 decimales");
const recurrentInput = z.object({
  frequency: z.enum(FREQUENCIES),
  firstDate: isoDate,
  endDate: isoDate.nullable().default(null),
  count: z.number().int().nullable().default(null),
});
/** The calculator's transfer (the /setoperation body; quote fields are accepted and ignored) plus `recurrent`. */
const scheduleInput = z
  .object({
    operation: z.literal("transfer").default("transfer"),
    amount: money.optional(),
    amountOrigin: money.optional(),
    accountOrigin: accountRef,
    accountDestiny: accountRef.nullable().default(null),
    recipient: z
      .object({ idRecipient: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]) })
      .nullable()
      .default(null),
    concept: z.number().int().nonnegative(),
    conceptString: z.string().max(120).default(""),
    // §9: the detail (concept) is at most 40 characters.
    aditionalInformation: z.string().trim().max(40).default(""),
    recurrent: recurrentInput,
  })
  .superRefine((input, issues) => {
    if ((input.accountDestiny === null) === (input.recipient === null)) {
      issues.addIssue({ code: "custom", path: ["accountDestiny"], message: "indica accountDestiny o recipient (uno de los dos)" });
    }
    if (input.amount === undefined && input.amountOrigin === undefined) {
      issues.addIssue({ code: "custom", path: ["amount"], message: "falta el monto" });
    }
  });
const eventUpdateInput = z.object({
  operation: z.union([
    z.number().int().positive(),
    z.string().regex(/^\d+$/).transform(Number),
    z.object({ id: z.union([z.number().int().positive(), z.string().regex(/^\d+$/).transform(Number)]) }).transform((ref) => ref.id),
  ]),
  status: z.literal("paid"),
});
const eventRefInput = z.object({
  scheduledPaymentEvent: z
    .object({ id: z.union([z.number().int().positive(), z.string().regex(/^\d+$/).transform(Number)]) })
    .nullable()
    .optional(),
});

/** `POST /__scheduledpayments`: a schedule with a past, for screens under test (no today or permission checks). */
const controlInput = z.object({
  userName: z.string().min(1),
  clientId: z.string().min(1).optional(),
  amount: money,
  accountOrigin: z.string().min(1),
  recipientId: z.number().int().optional(),
  accountDestiny: z.string().min(1).optional(),
  concept: z.number().int().nonnegative().default(1),
  conceptString: z.string().max(120).default("Pago a proveedores"),
  aditionalInformation: z.string().max(40).default(""),
  recurrent: recurrentInput,
  /** How many of its past payments were paid, oldest first; the other past ones are overdue. */
  paid: z.number().int().min(0).default(0),
});

const notFoundSchedule = () => new HttpError(404, "Pago programado no encontrado", "SCHEDULED_PAYMENT_NOT_FOUND");
const notFoundEvent = () => new HttpError(404, "Pago programado no encontrado", "SCHEDULED_PAYMENT_EVENT_NOT_FOUND");

// ---------------------------------------------------------------------------------------------
// Views

function recipientOf(state: SandboxState, schedule: ScheduleRecord): RecipientRecord | undefined {
  const id = schedule.transfer.recipientId;
  return id === null
    ? undefined
    : state.recipients.find((recipient) => recipient.idRecipient === id && recipient.clientId === schedule.clientId);
}

function accountOf(state: SandboxState, clientId: string, idAccount: string): BankAccount | undefined {
  return state.accounts.find((account) => account.idAccount === idAccount && account.clientId === clientId);
}

/** Who receives the money, as the planner names it. */
function payeeName(state: SandboxState, schedule: ScheduleRecord): string {
  const recipient = recipientOf(state, schedule);
  if (recipient) return recipient.fullName;
  const destiny = schedule.transfer.accountDestiny;
  return (destiny && accountOf(state, schedule.clientId, destiny.idCuenta)?.alias) ?? "tu cuenta";
}

function transferView(state: SandboxState, schedule: ScheduleRecord, transfer: ScheduledTransfer = schedule.transfer) {
  const recipient =
    transfer.recipientId === null
      ? undefined
      : state.recipients.find((candidate) => candidate.idRecipient === transfer.recipientId && candidate.clientId === schedule.clientId);
  const member = state.memberRecipients.find(
    (record) =>
      record.idRecipient === transfer.recipientId && record.clientId === schedule.clientId && record.memberId === schedule.memberId,
  );
  return {
    amount: transfer.amount,
    currency: transfer.currency,
    accountOrigin: transfer.accountOrigin,
    accountDestiny: transfer.accountDestiny,
    recipient: recipient
      ? { idRecipient: recipient.idRecipient, nombreCompleto: recipient.fullName, alias: member?.alias ?? recipient.alias }
      : null,
    concept: transfer.concept,
    conceptString: transfer.conceptString,
    aditionalInformation: transfer.aditionalInformation,
  };
}

/**
 * The operation made for an unpaid event that still holds it (waiting for approval or its token,
 * confirmed and applying): while there is one, the event is not paid again (one operation per payment).
 */
function operationInProgressOf(state: SandboxState, event: ScheduledEventRecord): OperationRecord | undefined {
  if (event.status === "paid") return undefined;
  return state.operations.find((operation) => operation.scheduledPaymentEventId === event.id && holdsItsPayment(operation));
}

/**
 * The operation's own facts, as its operation view gives them: what it waits for (an administrator, a
 * key, the bank) reads the same wherever the payment is shown.
 */
function operationInProgressView(state: SandboxState, event: ScheduledEventRecord) {
  const operation = operationInProgressOf(state, event);
  return operation
    ? {
        id: operation.id,
        status: operation.status,
        requires_admin_approval: operation.requiresAdminApproval,
        approved_by: operation.approvedBy ? { id: operation.approvedBy } : null,
        responseChallenge: operation.responseChallenge ? { res: operation.responseChallenge.res } : null,
      }
    : null;
}

function eventViewOf(state: SandboxState, event: ScheduledEventRecord) {
  const schedule = state.scheduledPayments.schedules.find((candidate) => candidate.id === event.scheduleId);
  const operation = event.operationId === null ? undefined : state.operations.find((candidate) => candidate.id === event.operationId);
  const transfer = schedule ? transferView(state, schedule, event.paidTransfer ?? schedule.transfer) : null;
  return {
    id: event.id,
    scheduledPaymentId: event.scheduleId,
    frequency: schedule?.recurrent.frequency ?? null,
    dateToPay: event.dateToPay,
    scheduledDate: event.scheduledDate,
    status: event.status,
    operation: operation ? { id: operation.id, status: operation.status, referenceGFB: operation.referenceGFB } : null,
    operationInProgress: operationInProgressView(state, event),
    paidAt: event.paidAt,
    ...(transfer ?? {}),
  };
}

export type ScheduledPaymentEventView = ReturnType<typeof eventViewOf>;

const byDate = (a: ScheduledEventRecord, b: ScheduledEventRecord) => a.dateToPay.localeCompare(b.dateToPay) || a.id - b.id;

function eventsOf(state: SandboxState, scheduleId: number): ScheduledEventRecord[] {
  return state.scheduledPayments.events.filter((event) => event.scheduleId === scheduleId).sort(byDate);
}

/** A schedule's status on 'Mis pagos recurrentes': pending while a payment is overdue, paid once every one is. */
function scheduleStatus(events: ScheduledEventRecord[]): EventStatus {
  if (events.some((event) => event.status === "pending")) return "pending";
  if (events.some((event) => event.status === "paid") && events.every((event) => event.status === "paid")) return "paid";
  return "scheduled";
}

function scheduleViewOf(state: SandboxState, schedule: ScheduleRecord) {
  const events = eventsOf(state, schedule.id);
  const next = events.find((event) => event.status !== "paid");
  const upcoming = events.find((event) => event.status === "scheduled");
  const member = findMemberById(state, schedule.memberId);
  const user = member && findBankUser(state, member.userName);
  return {
    id: schedule.id,
    status: scheduleStatus(events),
    ...transferView(state, schedule),
    recurrent: { ...schedule.recurrent },
    nextEvent: next
      ? {
          id: next.id,
          dateToPay: next.dateToPay,
          status: next.status,
          operationInProgress: operationInProgressView(state, next),
        }
      : null,
    upcomingEvent: upcoming ? { id: upcoming.id, dateToPay: upcoming.dateToPay } : null,
    events: {
      scheduled: events.filter((event) => event.status === "scheduled").length,
      pending: events.filter((event) => event.status === "pending").length,
      paid: events.filter((event) => event.status === "paid").length,
    },
    createdBy: { memberId: schedule.memberId, completeName: user ? [user.name, user.firstLastName, user.secondLastName].join(" ") : "" },
    created_at: schedule.createdAt,
    updated_at: schedule.updatedAt,
  };
}

export type ScheduledPaymentView = ReturnType<typeof scheduleViewOf>;

// ---------------------------------------------------------------------------------------------
// Planning

function holidaysOf(state: SandboxState): ReadonlySet<string> {
  return new Set(state.catalogs.nonWorkingDates);
}

function newEvent(state: SandboxState, schedule: ScheduleRecord, planned: { scheduledDate: string; dateToPay: string }, today: string) {
  const event: ScheduledEventRecord = {
    id: state.scheduledPayments.nextIds.event++,
    scheduleId: schedule.id,
    clientId: schedule.clientId,
    scheduledDate: planned.scheduledDate,
    dateToPay: planned.dateToPay,
    status: planned.dateToPay < today ? "pending" : "scheduled",
    operationId: null,
    paidAt: null,
    paidTransfer: null,
    reminded: false,
    forgottenNotified: false,
  };
  state.scheduledPayments.events.push(event);
  return event;
}

/**
 * Lays the plan's events from today on. The past stays as it was (paid or overdue); a future
 * unpaid event whose day is still planned keeps its id; planned days that were deleted stay deleted.
 */
function planEvents(state: SandboxState, schedule: ScheduleRecord, today: string): void {
  const store = state.scheduledPayments;
  const planned = scheduleDates(schedule.recurrent, holidaysOf(state)).filter(
    (date) => date.dateToPay >= today && !schedule.skippedDates.includes(date.scheduledDate),
  );
  const mine = store.events.filter((event) => event.scheduleId === schedule.id);
  const kept = new Set<ScheduledEventRecord>();
  for (const date of planned) {
    const existing = mine.find((event) => event.scheduledDate === date.scheduledDate && !kept.has(event));
    if (existing) {
      if (existing.status !== "paid") existing.dateToPay = date.dateToPay;
      kept.add(existing);
    } else {
      kept.add(newEvent(state, schedule, date, today));
    }
  }
  store.events = store.events.filter(
    (event) => event.scheduleId !== schedule.id || kept.has(event) || event.status === "paid" || event.dateToPay < today,
  );
}

/** Tells the schedule's creator, if still a member. */
function notifyPlanner(ctx: SandboxContext, schedule: ScheduleRecord, event: ScheduledEventRecord, kind: "reminder" | "forgotten"): void {
  if (!findMemberById(ctx.state, schedule.memberId)) return;
  const name = payeeName(ctx.state, schedule);
  const amount = `$${moneyText.format(schedule.transfer.amount)} ${normalCurrency(schedule.transfer.currency)}`;
  const detail = { dateToPay: event.dateToPay, id: event.id, scheduledPaymentId: schedule.id };
  if (kind === "reminder") {
    addNotification(ctx, {
      memberId: schedule.memberId,
      module: "planner",
      type: "info",
      status: "scheduled",
      title: "Recordatorio de pago",
      copy: `Hoy vence tu pago programado a ${name} por ${amount}.`,
      detail,
    });
  } else {
    addNotification(ctx, {
      memberId: schedule.memberId,
      module: "planner",
      type: "pending",
      status: "pending",
      title: "Pago pendiente",
      copy: `No registramos tu pago programado a ${name} por ${amount}. Revísalo en tu planificador de pagos.`,
      detail,
    });
  }
}

/**
 * Brings every event up to date with the clock: a paid event whose operation failed is unpaid
 * again; an unpaid event is "pending" once its day has passed. On a Mexico City day change the
 * planner tells each creator of the events due today (reminder) and of those just missed (forgotten).
 */
export function syncScheduledPayments(ctx: SandboxContext): void {
  const { state } = ctx;
  const store = state.scheduledPayments;
  const today = todayOf(ctx);
  for (const event of store.events) {
    if (event.status === "paid" && event.operationId !== null) {
      const operation = state.operations.find((candidate) => candidate.id === event.operationId);
      if (!operation || FAILED.has(operation.status)) {
        event.operationId = null;
        event.paidAt = null;
        event.paidTransfer = null;
        event.status = "scheduled";
      }
    }
    if (event.status !== "paid") event.status = event.dateToPay < today ? "pending" : "scheduled";
  }
  if (store.day === today) return;
  store.day = today;
  for (const event of store.events) {
    if (event.status === "paid") continue;
    const schedule = store.schedules.find((candidate) => candidate.id === event.scheduleId);
    if (!schedule || schedule.deletedAt !== null) continue;
    if (event.dateToPay === today && !event.reminded) {
      event.reminded = true;
      notifyPlanner(ctx, schedule, event, "reminder");
    }
    if (event.status === "pending" && !event.forgottenNotified) {
      event.forgottenNotified = true;
      // A payment missed before its day's reminder was told needs no reminder any more.
      event.reminded = true;
      notifyPlanner(ctx, schedule, event, "forgotten");
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Paying an event

function confirmsPayment(operation: OperationRecord): boolean {
  return operation.responseChallenge?.res === "0" && CONFIRMED.has(operation.status);
}

/** The operation pays what the schedule pays: a transfer to the same recipient or own account. */
function samePayee(
  schedule: ScheduleRecord,
  destination: { operation: string; destinyId: string | null; recipientId: number | null },
): boolean {
  if (destination.operation !== "transfer") return false;
  if (schedule.transfer.recipientId !== null) return destination.recipientId === schedule.transfer.recipientId;
  return destination.destinyId !== null && destination.destinyId === schedule.transfer.accountDestiny?.idCuenta;
}

function markPaid(ctx: SandboxContext, event: ScheduledEventRecord, operation: OperationRecord): void {
  event.status = "paid";
  event.operationId = operation.id;
  event.paidAt = ctx.now().toISOString();
  const schedule = ctx.state.scheduledPayments.schedules.find((candidate) => candidate.id === event.scheduleId);
  if (schedule) {
    event.paidTransfer = {
      ...schedule.transfer,
      amount: operation.amount,
      currency: operation.accountOrigin.idDivisa,
      accountOrigin: { ...operation.accountOrigin },
      accountDestiny: operation.accountDestiny ? { ...operation.accountDestiny } : null,
      recipientId: operation.recipientId,
      concept: operation.concept,
      conceptString: operation.conceptString,
      aditionalInformation: operation.aditionalInformation,
    };
  }
}

/**
 * /setoperation's optional `scheduledPaymentEvent: { id }` ("pay now"): the company's unpaid event
 * of a schedule that pays the same recipient or account. Returns its id (null when absent).
 */
export function scheduledEventOfOperation(
  ctx: SandboxContext,
  clientId: string,
  body: unknown,
  destination: { operation: string; destinyId: string | null; recipientId: number | null },
): number | null {
  const reference = parseWith(eventRefInput, body ?? {}).scheduledPaymentEvent;
  if (!reference) return null;
  syncScheduledPayments(ctx);
  const store = ctx.state.scheduledPayments;
  const event = store.events.find((candidate) => candidate.id === reference.id && candidate.clientId === clientId);
  const schedule = event && store.schedules.find((candidate) => candidate.id === event.scheduleId);
  if (!event || !schedule || schedule.deletedAt !== null) throw notFoundEvent();
  if (event.status === "paid") throw new HttpError(409, "Este pago programado ya está pagado", "SCHEDULED_PAYMENT_EVENT_PAID");
  // One operation per payment, whatever the number of tabs, forms or keys: the first one holds it until it ends.
  if (operationInProgressOf(ctx.state, event)) {
    throw new HttpError(409, "Este pago ya se está procesando", "SCHEDULED_PAYMENT_IN_PROGRESS");
  }
  if (!samePayee(schedule, destination)) {
    throw new HttpError(422, "La operación no paga al destinatario del pago programado", "SCHEDULED_PAYMENT_MISMATCH");
  }
  return event.id;
}

/** The operation pays an event that another operation (or a payment made before the portal) already paid. */
export function scheduledEventPaidByAnother(ctx: SandboxContext, operation: OperationRecord): boolean {
  if (operation.scheduledPaymentEventId === undefined || operation.scheduledPaymentEventId === null) return false;
  syncScheduledPayments(ctx);
  const event = ctx.state.scheduledPayments.events.find((candidate) => candidate.id === operation.scheduledPaymentEventId);
  return event !== undefined && event.status === "paid" && event.operationId !== operation.id;
}

/** Called when the bank's challenge of an operation succeeded: the linked event is paid (§4). */
export function markScheduledEventPaidByChallenge(ctx: SandboxContext, operation: OperationRecord): void {
  if (operation.scheduledPaymentEventId === undefined || operation.scheduledPaymentEventId === null) return;
  const event = ctx.state.scheduledPayments.events.find((candidate) => candidate.id === operation.scheduledPaymentEventId);
  // Paid meanwhile by another operation, or deleted: the money still moved, the event is left alone.
  if (!event || event.status === "paid") return;
  markPaid(ctx, event, operation);
}

// ---------------------------------------------------------------------------------------------
// Routes

export interface ScheduleControls {
  close(): void;
}

export function registerScheduleRoutes(router: Router, ctx: SandboxContext): ScheduleControls {
  const { state } = ctx;
  const store = () => state.scheduledPayments;
  const auth = (request: RequestContext) => {
    const caller = authenticateMember(ctx, request);
    syncScheduledPayments(ctx);
    return caller;
  };
  const nowIso = () => ctx.now().toISOString();

  // The planner's day change happens whether or not anyone is calling.
  const timer = setInterval(() => syncScheduledPayments(ctx), 30_000);
  timer.unref();

  /** Who may schedule a payment may change or delete it: the member's permissions as /setoperation checks them. */
  function requirePermissions(caller: ProductAuth, payee: { toRecipient: boolean }): void {
    const permissions = caller.member.permissions;
    if (payee.toRecipient && !permissions.includes("send_money_to_third_accounts")) {
      throw new HttpError(403, "No tienes permiso para enviar dinero a cuentas de terceros", "FORBIDDEN");
    }
    if (!payee.toRecipient && !permissions.includes("send_money_to_own_accounts")) {
      throw new HttpError(403, "No tienes permiso para enviar dinero a cuentas propias", "FORBIDDEN");
    }
    if (!permissions.includes("can_execute_operations") && !permissions.includes("can_create_operations")) {
      throw new HttpError(403, "No tienes permiso para crear operaciones", "FORBIDDEN");
    }
  }

  function ownSchedule(caller: ProductAuth, rawId: string): ScheduleRecord {
    const id = Number(rawId);
    const schedule = store().schedules.find(
      (candidate) => candidate.id === id && candidate.clientId === caller.claims.clientId && candidate.deletedAt === null,
    );
    if (!schedule) throw notFoundSchedule();
    return schedule;
  }

  function ownEvent(caller: ProductAuth, rawId: string): ScheduledEventRecord {
    const id = Number(rawId);
    const event = store().events.find((candidate) => candidate.id === id && candidate.clientId === caller.claims.clientId);
    if (!event) throw notFoundEvent();
    return event;
  }

  /** Checks a schedule body as the bank would check the transfer; returns what the schedule pays. */
  function checkSchedule(caller: ProductAuth, body: unknown, firstDateFloor: (recurrent: Recurrence) => string | null) {
    const input = parseWith(scheduleInput, body);
    const { clientId } = caller.claims;
    const recurrent: Recurrence = { ...input.recurrent };
    const problem = recurrenceProblem(recurrent, firstDateFloor(recurrent));
    if (problem) throw new HttpError(422, `Periodicidad inválida: ${problem}`, "INVALID_RECURRENCE");

    const origin = accountOf(state, clientId, input.accountOrigin.idCuenta);
    const destiny = input.accountDestiny && accountOf(state, clientId, input.accountDestiny.idCuenta);
    if (!origin || (input.accountDestiny && !destiny)) throw new HttpError(404, "Cuenta no encontrada", "ACCOUNT_NOT_FOUND");
    if (destiny && destiny.idAccount === origin.idAccount) {
      throw new HttpError(422, "La cuenta de destino es la misma que la de origen", "SAME_ACCOUNT");
    }
    const recipient =
      input.recipient &&
      state.recipients.find((candidate) => candidate.idRecipient === input.recipient?.idRecipient && candidate.clientId === clientId);
    if (input.recipient && !recipient) throw new HttpError(404, "Destinatario no encontrado", "RECIPIENT_NOT_FOUND");
    if (recipient && recipient.status.id !== 2) {
      throw new HttpError(422, "El destinatario aún no está autorizado", "RECIPIENT_NOT_AUTHORIZED");
    }
    // A transfer moves one currency: the calculator has no quote for it (§5 transfers submit with no pair).
    const destinationCurrency = recipient?.idCurrency ?? destiny?.currency ?? origin.currency;
    if (normalCurrency(destinationCurrency) !== normalCurrency(origin.currency)) {
      throw new HttpError(422, "La cuenta de origen y el destino tienen divisas distintas", "CURRENCY_MISMATCH");
    }
    if (!state.catalogs.conceptPays.some((reason) => reason.IdPayConcept === input.concept)) {
      throw new HttpError(400, "Solicitud inválida: concept: motivo de pago desconocido", "INVALID_BODY");
    }
    // §5: reasons 21 and 22 need the detail.
    if ((input.concept === 21 || input.concept === 22) && input.aditionalInformation === "") {
      throw new HttpError(400, "Solicitud inválida: aditionalInformation: *Debes ingresar el detalle de la operación.", "INVALID_BODY");
    }

    requirePermissions(caller, { toRecipient: recipient !== null && recipient !== undefined });

    const transfer: ScheduledTransfer = {
      amount: input.amount ?? input.amountOrigin ?? 0,
      currency: origin.currency,
      accountOrigin: { idCuenta: origin.idAccount, idDivisa: origin.currency },
      accountDestiny: destiny ? { idCuenta: destiny.idAccount, idDivisa: destiny.currency } : null,
      recipientId: recipient ? recipient.idRecipient : null,
      concept: input.concept,
      conceptString: input.conceptString,
      aditionalInformation: input.aditionalInformation,
    };
    return { transfer, recurrent };
  }

  const scheduleView = (schedule: ScheduleRecord) => scheduleViewOf(state, schedule);
  const eventView = (event: ScheduledEventRecord) => eventViewOf(state, event);

  router
    .get("/api/scheduledpayments", (request) => {
      const caller = auth(request);
      const mine = store().schedules.filter((schedule) => schedule.clientId === caller.claims.clientId && schedule.deletedAt === null);
      return json(200, mine.map(scheduleView));
    })
    .post("/api/scheduledpayments", async (request) => {
      const caller = auth(request);
      const key = idempotencyKeyOf(request.headers);
      const scope = `${caller.member.memberId}|${caller.claims.clientId}|${key}`;
      const { answer, replayed } = await once(store().idempotency, scope, fingerprintOf(request.body ?? null), () => {
        const today = todayOf(ctx);
        const { transfer, recurrent } = checkSchedule(caller, request.body, () => today);
        const at = nowIso();
        const schedule: ScheduleRecord = {
          id: store().nextIds.schedule++,
          clientId: caller.claims.clientId,
          memberId: caller.member.memberId,
          idempotencyKey: key,
          transfer,
          recurrent,
          skippedDates: [],
          createdAt: at,
          updatedAt: at,
          deletedAt: null,
        };
        store().schedules.push(schedule);
        planEvents(state, schedule, today);
        return scheduleView(schedule);
      });
      return json(replayed ? 200 : 201, answer);
    })
    .get("/api/scheduledpayments/:id", (request) => json(200, scheduleView(ownSchedule(auth(request), request.params.id))))
    .put("/api/scheduledpayments/:id", (request) => {
      const caller = auth(request);
      const schedule = ownSchedule(caller, request.params.id);
      requirePermissions(caller, { toRecipient: schedule.transfer.recipientId !== null });
      const today = todayOf(ctx);
      // A plan already under way keeps its first date; a new first date cannot be in the past.
      const { transfer, recurrent } = checkSchedule(caller, request.body, (next) =>
        next.firstDate === schedule.recurrent.firstDate ? null : today,
      );
      schedule.transfer = transfer;
      schedule.recurrent = recurrent;
      schedule.updatedAt = nowIso();
      planEvents(state, schedule, today);
      return json(200, scheduleView(schedule));
    })
    .delete("/api/scheduledpayments/:id", (request) => {
      const caller = auth(request);
      const schedule = ownSchedule(caller, request.params.id);
      requirePermissions(caller, { toRecipient: schedule.transfer.recipientId !== null });
      schedule.deletedAt = nowIso();
      store().events = store().events.filter((event) => event.scheduleId !== schedule.id || event.status === "paid");
      return json(200, { id: schedule.id, deleted: true });
    })
    .get("/api/scheduledpaymentevents", (request) => {
      const caller = auth(request);
      const date = request.query.get("date") ?? "";
      const inRange = /^\d{4}-\d{2}$/.test(date)
        ? isIsoDate(`${date}-01`) && ((event: ScheduledEventRecord) => event.dateToPay.startsWith(`${date}-`))
        : isIsoDate(date) && ((event: ScheduledEventRecord) => event.dateToPay === date);
      if (!inRange) throw new HttpError(400, "Consulta inválida: date debe ser YYYY-MM-DD o YYYY-MM", "INVALID_QUERY");
      const events = store()
        .events.filter((event) => event.clientId === caller.claims.clientId && inRange(event))
        .sort(byDate);
      return json(200, events.map(eventView));
    })
    .get("/api/scheduledpaymentevents/topten", (request) => {
      const caller = auth(request);
      const unpaid = store()
        .events.filter((event) => event.clientId === caller.claims.clientId && event.status !== "paid")
        .sort(byDate)
        .slice(0, 10);
      return json(200, unpaid.map(eventView));
    })
    .get("/api/scheduledpaymentevents/:id", (request) => json(200, eventView(ownEvent(auth(request), request.params.id))))
    .put("/api/scheduledpaymentevents/:id", (request) => {
      const caller = auth(request);
      const event = ownEvent(caller, request.params.id);
      const input = parseWith(eventUpdateInput, request.body);
      if (event.status === "paid") {
        // PUT is idempotent: the same operation again answers the event as it is.
        if (event.operationId === input.operation) return json(200, eventView(event));
        throw new HttpError(409, "Este pago programado ya está pagado", "SCHEDULED_PAYMENT_EVENT_PAID");
      }
      const operation = state.operations.find(
        (candidate) => candidate.id === input.operation && candidate.clientId === caller.claims.clientId,
      );
      if (!operation) throw new HttpError(404, "Operación no encontrada", "OPERATION_NOT_FOUND");
      const schedule = store().schedules.find((candidate) => candidate.id === event.scheduleId);
      if (
        !schedule ||
        !samePayee(schedule, {
          operation: operation.operation,
          destinyId: operation.accountDestiny?.idCuenta ?? null,
          recipientId: operation.recipientId,
        })
      ) {
        throw new HttpError(422, "La operación no paga al destinatario del pago programado", "SCHEDULED_PAYMENT_MISMATCH");
      }
      if (!confirmsPayment(operation)) {
        throw new HttpError(409, "La operación aún no está confirmada por el banco", "OPERATION_NOT_CONFIRMED");
      }
      if (store().events.some((candidate) => candidate.operationId === operation.id)) {
        throw new HttpError(409, "La operación ya pagó otro pago programado", "OPERATION_ALREADY_USED");
      }
      markPaid(ctx, event, operation);
      return json(200, eventView(event));
    })
    .delete("/api/scheduledpaymentevents/:id", (request) => {
      const caller = auth(request);
      const event = ownEvent(caller, request.params.id);
      if (event.status === "paid") throw new HttpError(409, "Un pago ya realizado no se puede eliminar", "SCHEDULED_PAYMENT_EVENT_PAID");
      const schedule = store().schedules.find((candidate) => candidate.id === event.scheduleId);
      requirePermissions(caller, { toRecipient: schedule?.transfer.recipientId !== null });
      schedule?.skippedDates.push(event.scheduledDate);
      store().events = store().events.filter((candidate) => candidate !== event);
      return json(200, { id: event.id, deleted: true });
    })
    // Control endpoints (tests and developers).
    .get("/__scheduledpayments", () => {
      syncScheduledPayments(ctx);
      return json(200, {
        day: store().day,
        schedules: store().schedules.map((schedule) => ({
          id: schedule.id,
          clientId: schedule.clientId,
          memberId: schedule.memberId,
          idempotencyKey: schedule.idempotencyKey,
          frequency: schedule.recurrent.frequency,
          deleted: schedule.deletedAt !== null,
        })),
        events: store().events.map((event) => ({
          id: event.id,
          scheduledPaymentId: event.scheduleId,
          clientId: event.clientId,
          dateToPay: event.dateToPay,
          status: event.status,
          operationId: event.operationId,
        })),
      });
    })
    .post("/__scheduledpayments", (request) => {
      const input = parseWith(controlInput, request.body);
      const member = findMemberByUserName(state, input.userName);
      const user = member && findBankUser(state, member.userName);
      if (!member || !user) throw new HttpError(404, "Usuario no registrado", "USER_NOT_FOUND");
      const clientId = input.clientId ?? user.companies[0]?.clientId ?? "";
      if (!user.companies.some((link) => link.clientId === clientId))
        throw new HttpError(404, "Empresa no encontrada", "COMPANY_NOT_FOUND");
      const origin = accountOf(state, clientId, input.accountOrigin);
      const destiny = input.accountDestiny === undefined ? undefined : accountOf(state, clientId, input.accountDestiny);
      const recipient =
        input.recipientId === undefined
          ? undefined
          : state.recipients.find((candidate) => candidate.idRecipient === input.recipientId && candidate.clientId === clientId);
      if (!origin || (input.accountDestiny !== undefined && !destiny))
        throw new HttpError(404, "Cuenta no encontrada", "ACCOUNT_NOT_FOUND");
      if ((input.recipientId === undefined) === (input.accountDestiny === undefined) || (input.recipientId !== undefined && !recipient)) {
        throw new HttpError(404, "Destinatario no encontrado", "RECIPIENT_NOT_FOUND");
      }
      const problem = recurrenceProblem({ ...input.recurrent }, null);
      if (problem) throw new HttpError(400, `Periodicidad inválida: ${problem}`, "INVALID_RECURRENCE");
      const at = nowIso();
      const schedule: ScheduleRecord = {
        id: store().nextIds.schedule++,
        clientId,
        memberId: member.memberId,
        idempotencyKey: null,
        transfer: {
          amount: input.amount,
          currency: origin.currency,
          accountOrigin: { idCuenta: origin.idAccount, idDivisa: origin.currency },
          accountDestiny: destiny ? { idCuenta: destiny.idAccount, idDivisa: destiny.currency } : null,
          recipientId: recipient ? recipient.idRecipient : null,
          concept: input.concept,
          conceptString: input.conceptString,
          aditionalInformation: input.aditionalInformation,
        },
        recurrent: { ...input.recurrent },
        skippedDates: [],
        createdAt: at,
        updatedAt: at,
        deletedAt: null,
      };
      layOutAsHistory(store(), schedule, holidaysOf(state), todayOf(ctx), input.paid);
      return json(201, scheduleView(schedule));
    })
    .post("/__scheduledpayments/sync", () => {
      syncScheduledPayments(ctx);
      return json(200, { day: store().day });
    });

  return {
    close() {
      clearInterval(timer);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Seed

export interface SeedPlan {
  clientId: string;
  memberId: number;
  frequency: Frequency;
  /** Days from the next working day (today on a working day) to the plan's first day. */
  firstDay: (due: string) => string;
  count: number;
  /** How many of the past events were paid, oldest first; the other past ones are overdue. */
  paid: number;
  amount: number;
  origin: string;
  currency: string;
  recipientId: number;
  concept: number;
  conceptString: string;
  aditionalInformation: string;
}

const weeksBefore = (weeks: number) => (due: string) => addDays(due, -7 * weeks);

/**
 * Demo schedules relative to today: in every company with a product member, weekly, fortnightly
 * and monthly plans with paid past payments, overdue ones and one due on the next working day
 * (today, on a working day). No notification is seeded: they come with the next day change.
 */
const SEED_PLANS: SeedPlan[] = [
  {
    clientId: "100234",
    memberId: 1,
    frequency: "weekly",
    firstDay: weeksBefore(6),
    count: 16,
    paid: 5,
    amount: 12_500,
    origin: "A-100234-01",
    currency: "MXN",
    recipientId: 502,
    concept: 1,
    conceptString: "Pago a proveedores",
    aditionalInformation: "Perfil estructural semanal",
  },
  {
    clientId: "100234",
    memberId: 1,
    frequency: "monthly",
    // Five days before the due day, three months back: its last two past payments are overdue whatever day today
    // is. Two days before was not enough on a Saturday, a Sunday or a Monday (then paid on the Monday: due today).
    firstDay: (due) => addDays(addMonthsClamped(due, -3), -5),
    count: 12,
    paid: 2,
    amount: 85_000,
    origin: "A-100234-01",
    currency: "MXN",
    recipientId: 501,
    concept: 5,
    conceptString: "Pago de arrendamiento",
    aditionalInformation: "Renta bodega León",
  },
  {
    clientId: "100234",
    memberId: 1,
    frequency: "fortnightly",
    firstDay: (due) => addDays(due, 2 - 14 * 4),
    count: 12,
    paid: 4,
    amount: 4_800,
    origin: "A-100234-02",
    currency: "USD",
    recipientId: 503,
    concept: 11,
    conceptString: "Importación de mercancías",
    aditionalInformation: "Componentes lote quincenal",
  },
  {
    clientId: "100871",
    memberId: 1,
    frequency: "monthly",
    firstDay: (due) => addMonthsClamped(due, -2),
    count: 12,
    paid: 2,
    amount: 45_000,
    origin: "A-100871-01",
    currency: "MXN",
    recipientId: 511,
    concept: 3,
    conceptString: "Pago de servicios",
    aditionalInformation: "Flete refrigerado mensual",
  },
  {
    clientId: "200115",
    memberId: 3,
    frequency: "monthly",
    firstDay: (due) => addDays(addMonthsClamped(due, -1), -5),
    count: 6,
    paid: 1,
    amount: 18_000,
    origin: "A-200115-01",
    currency: "MXN",
    recipientId: 521,
    concept: 1,
    conceptString: "Pago a proveedores",
    aditionalInformation: "Harina mensual",
  },
  {
    clientId: "300501",
    memberId: 4,
    frequency: "weekly",
    firstDay: weeksBefore(2),
    count: 10,
    paid: 2,
    amount: 9_750,
    origin: "A-300501-01",
    currency: "MXN",
    recipientId: 531,
    concept: 1,
    conceptString: "Pago a proveedores",
    aditionalInformation: "Empaques semanales",
  },
];

/**
 * Stores a schedule with every payment of its plan as if it had lived until today: the first `paid`
 * past payments paid (without an operation: before the portal), the other past ones overdue, and
 * everything already told (no notification until the next day change).
 */
function layOutAsHistory(store: ScheduleState, schedule: ScheduleRecord, holidays: ReadonlySet<string>, today: string, paid: number): void {
  store.schedules.push(schedule);
  scheduleDates(schedule.recurrent, holidays).forEach((planned, index) => {
    const past = planned.dateToPay < today;
    const isPaid = past && index < paid;
    store.events.push({
      id: store.nextIds.event++,
      scheduleId: schedule.id,
      clientId: schedule.clientId,
      scheduledDate: planned.scheduledDate,
      dateToPay: planned.dateToPay,
      status: isPaid ? "paid" : past ? "pending" : "scheduled",
      operationId: null,
      paidAt: isPaid ? `${planned.dateToPay}T17:00:00.000Z` : null,
      paidTransfer: isPaid ? { ...schedule.transfer } : null,
      reminded: planned.dateToPay <= today,
      forgottenNotified: past,
    });
  });
}

/** The demo's schedules as of `now`, with their events: paid, overdue and upcoming. */
export function seedScheduledPayments(
  now: Date,
  nonWorkingDates: readonly string[],
  plans: readonly SeedPlan[] = SEED_PLANS,
): ScheduleState {
  const today = mexicoCityDate(now);
  const holidays = new Set(nonWorkingDates);
  const due = nextWorkingDay(today, holidays);
  const at = now.toISOString();
  const store: ScheduleState = { schedules: [], events: [], idempotency: new Map(), day: today, nextIds: { schedule: 1, event: 1 } };
  for (const plan of plans) {
    const recurrent: Recurrence = { frequency: plan.frequency, firstDate: plan.firstDay(due), endDate: null, count: plan.count };
    const schedule: ScheduleRecord = {
      id: store.nextIds.schedule++,
      clientId: plan.clientId,
      memberId: plan.memberId,
      idempotencyKey: null,
      transfer: {
        amount: plan.amount,
        currency: plan.currency,
        accountOrigin: { idCuenta: plan.origin, idDivisa: plan.currency },
        accountDestiny: null,
        recipientId: plan.recipientId,
        concept: plan.concept,
        conceptString: plan.conceptString,
        aditionalInformation: plan.aditionalInformation,
      },
      recurrent,
      skippedDates: [],
      createdAt: `${addDays(recurrent.firstDate, -3)}T16:00:00.000Z`,
      updatedAt: `${addDays(recurrent.firstDate, -3)}T16:00:00.000Z`,
      deletedAt: null,
    };
    layOutAsHistory(store, schedule, holidays, today, plan.paid);
    // Seed time is "now": createdAt must not be after it.
    if (schedule.createdAt > at) schedule.createdAt = schedule.updatedAt = at;
  }
  return store;
}
