import { z } from "zod";

import { OPERATION_STATUSES } from "#core/domain/operation-status";

import type { Http } from "./http.server";

/**
 * Product API: recurring payments (§7 `/scheduledpaymentevents`; the schedules themselves are the
 * product's own `/scheduledpayments`, sandbox/CONTRACT.md 'Recurring payments', decisions 056, 057).
 * Bearer product jwt; everything belongs to the jwt's company. Reads are retried like every GET;
 * DELETE and PUT are sent once: a lost answer is settled by reading the list again, never by resending.
 */

export const scheduleStatusSchema = z.enum(["scheduled", "pending", "paid"]);
export type ScheduleStatus = z.infer<typeof scheduleStatusSchema>;

export const frequencySchema = z.enum(["weekly", "fortnightly", "monthly"]);
export type Frequency = z.infer<typeof frequencySchema>;

const accountRefSchema = z.object({ idCuenta: z.string(), idDivisa: z.string() });
const recipientRefSchema = z.object({
  idRecipient: z.coerce.string(),
  nombreCompleto: z.string(),
  alias: z.string().nullable().default(null),
});
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/**
 * The operation made for an unpaid payment that still holds it (sandbox/CONTRACT.md): it is not paid
 * again meanwhile. Its facts say what it waits for, so the payment names its status as the history does.
 */
const operationInProgressSchema = z
  .object({
    id: z.coerce.string(),
    status: z.enum(OPERATION_STATUSES),
    requires_admin_approval: z.boolean().default(false),
    approved_by: z.object({ id: z.coerce.string() }).nullable().default(null),
    responseChallenge: z.object({ res: z.string().nullable().optional() }).nullable().default(null),
  })
  .nullable()
  .default(null);

export const scheduleSchema = z.object({
  id: z.coerce.string(),
  status: scheduleStatusSchema,
  amount: z.number().positive(),
  currency: z.string(),
  accountOrigin: accountRefSchema,
  accountDestiny: accountRefSchema.nullable().default(null),
  recipient: recipientRefSchema.nullable().default(null),
  concept: z.number().int().nullable().default(null),
  conceptString: z.string().nullable().default(null),
  aditionalInformation: z.string().nullable().default(null),
  recurrent: z.object({
    frequency: frequencySchema,
    firstDate: isoDay,
    endDate: isoDay.nullable().default(null),
    count: z.number().int().nullable().default(null),
  }),
  nextEvent: z
    .object({ id: z.coerce.string(), dateToPay: isoDay, status: scheduleStatusSchema, operationInProgress: operationInProgressSchema })
    .nullable()
    .default(null),
  /** The earliest payment still ahead ('Próximo pago'), unlike `nextEvent` while one is overdue. */
  upcomingEvent: z.object({ id: z.coerce.string(), dateToPay: isoDay }).nullable().default(null),
  events: z.object({ scheduled: z.number().int(), pending: z.number().int(), paid: z.number().int() }),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const scheduleEventSchema = z.object({
  id: z.coerce.string(),
  scheduledPaymentId: z.coerce.string(),
  frequency: frequencySchema,
  dateToPay: isoDay,
  scheduledDate: isoDay,
  status: scheduleStatusSchema,
  operation: z.object({ id: z.coerce.string() }).passthrough().nullable().default(null),
  operationInProgress: operationInProgressSchema,
  amount: z.number().positive(),
  currency: z.string(),
  accountOrigin: accountRefSchema,
  accountDestiny: accountRefSchema.nullable().default(null),
  recipient: recipientRefSchema.nullable().default(null),
  concept: z.number().int().nullable().default(null),
  conceptString: z.string().nullable().default(null),
  aditionalInformation: z.string().nullable().default(null),
});
export type ScheduleEvent = z.infer<typeof scheduleEventSchema>;

/** The body of POST and PUT /scheduledpayments: the calculator's transfer plus its plan. */
export interface ScheduleBody {
  operation: "transfer";
  amount: number;
  accountOrigin: { idCuenta: string; idDivisa: string };
  accountDestiny: { idCuenta: string; idDivisa: string } | null;
  recipient: { idRecipient: string } | null;
  concept: number;
  conceptString: string;
  aditionalInformation: string;
  recurrent: { frequency: Frequency; firstDate: string; endDate?: string; count?: number };
}

const deletedSchema = z.object({ id: z.coerce.string(), deleted: z.literal(true) });

// Answer schemas made once, not on every call (decision 076): a page's reads built them again each time.
const eventsAnswerSchema = z.array(scheduleEventSchema);

export function scheduledPaymentsClient(http: Http) {
  return {
    /** The company's schedules, oldest first (deleted ones left out). */
    schedules(): Promise<Schedule[]> {
      return http.request({ method: "GET", path: "/scheduledpayments", schema: z.array(scheduleSchema) });
    },
    /** The payments due on a day ("YYYY-MM-DD") or in a month ("YYYY-MM"), by date then id. */
    events(date: string): Promise<ScheduleEvent[]> {
      return http.request({ method: "GET", path: "/scheduledpaymentevents", query: { date }, schema: eventsAnswerSchema });
    },
    /**
     * The company's ten earliest unpaid payments, overdue first (the arrival notice, §2). One
     * attempt: §8 lets this check fail silently, so it never holds the dashboard through back-offs.
     */
    dueSoon(): Promise<ScheduleEvent[]> {
      return http.request({
        method: "GET",
        path: "/scheduledpaymentevents/topten",
        schema: eventsAnswerSchema,
        idempotent: false,
      });
    },
    /** One payment ('pay now' prefills the calculator from it). */
    event(id: string): Promise<ScheduleEvent> {
      return http.request({ method: "GET", path: `/scheduledpaymentevents/${encodeURIComponent(id)}`, schema: scheduleEventSchema });
    },
    /**
     * Creates a schedule. Keyed: a retry carries the same Idempotency-Key, and an unknown outcome
     * (timeout) is settled by reading the list, never by sending again.
     */
    createSchedule(body: ScheduleBody, idempotencyKey: string): Promise<Schedule> {
      return http.request({ method: "POST", path: "/scheduledpayments", body, schema: scheduleSchema, idempotencyKey });
    },
    /** Replaces a schedule's transfer and plan; the product re-plans its future payments only. */
    updateSchedule(id: string, body: ScheduleBody): Promise<Schedule> {
      return http.request({
        method: "PUT",
        path: `/scheduledpayments/${encodeURIComponent(id)}`,
        body,
        schema: scheduleSchema,
        idempotent: true,
      });
    },
    /**
     * §7: marks a payment paid by an operation the bank confirmed. The product already marks it when
     * the challenge of an operation linked to it succeeds; this is idempotent with that.
     */
    markPaid(id: string, operationId: string): Promise<ScheduleEvent> {
      return http.request({
        method: "PUT",
        path: `/scheduledpaymentevents/${encodeURIComponent(id)}`,
        body: { operation: operationId, status: "paid" },
        schema: scheduleEventSchema,
        idempotent: true,
      });
    },
    /**
     * Deletes a schedule (its unpaid payments go; paid ones stay). Sent once: after a timeout
     * nobody knows whether it went, and the list the person returns to tells.
     */
    deleteSchedule(id: string) {
      return http.request({ method: "DELETE", path: `/scheduledpayments/${encodeURIComponent(id)}`, schema: deletedSchema });
    },
  };
}

export type ScheduledPaymentsClient = ReturnType<typeof scheduledPaymentsClient>;
