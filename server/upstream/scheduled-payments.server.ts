import { z } from "zod";

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
  nextEvent: z.object({ id: z.coerce.string(), dateToPay: isoDay, status: scheduleStatusSchema }).nullable().default(null),
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
  amount: z.number().positive(),
  currency: z.string(),
  accountOrigin: accountRefSchema,
  accountDestiny: accountRefSchema.nullable().default(null),
  recipient: recipientRefSchema.nullable().default(null),
  conceptString: z.string().nullable().default(null),
});
export type ScheduleEvent = z.infer<typeof scheduleEventSchema>;

const deletedSchema = z.object({ id: z.coerce.string(), deleted: z.literal(true) });

export function scheduledPaymentsClient(http: Http) {
  return {
    /** The company's schedules, oldest first (deleted ones left out). */
    schedules(): Promise<Schedule[]> {
      return http.request({ method: "GET", path: "/scheduledpayments", schema: z.array(scheduleSchema) });
    },
    /** The payments due on a day ("YYYY-MM-DD") or in a month ("YYYY-MM"), by date then id. */
    events(date: string): Promise<ScheduleEvent[]> {
      return http.request({ method: "GET", path: "/scheduledpaymentevents", query: { date }, schema: z.array(scheduleEventSchema) });
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
