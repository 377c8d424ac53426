import { z } from "zod";

import texts from "../locales/es-MX/validation.json";
import { FREQUENCIES, MAX_PAYMENTS, type RecurrenceProblem, recurrenceProblem, toRecurrence } from "./schedule-dates";
import { conceptRule, transferFields } from "./trade-form";
import { msg } from "./validation";

/**
 * A recurring payment's form (§3 Calculator transaction `recurrent`; decision 063): the
 * calculator's transfer plus how often, from when and until when. One schema for server and
 * browser; `today` (Mexico City) comes from the server so both judge the first date alike.
 */
const messages = texts.recurrence;

export const PROBLEM_FIELD: Record<RecurrenceProblem, { field: "firstDate" | "endDate" | "count"; message: string }> = {
  firstDate: { field: "firstDate", message: msg.invalid("fecha", "f") },
  firstDatePast: { field: "firstDate", message: messages.firstDatePast },
  endDate: { field: "endDate", message: msg.invalid("fecha", "f") },
  endBeforeFirst: { field: "endDate", message: messages.endBeforeFirst },
  spanTooLong: { field: "endDate", message: messages.spanTooLong },
  tooMany: { field: "endDate", message: messages.tooMany },
  count: { field: "count", message: messages.count },
};

const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;
const dateField = z
  .string({ required_error: msg.requiredAlt, invalid_type_error: msg.requiredAlt })
  .trim()
  .regex(DATE_TEXT, msg.invalid("fecha", "f"));

export const recurrenceFields = z.object({
  frequency: z.enum(FREQUENCIES, { required_error: msg.requiredAlt, invalid_type_error: msg.invalidOption, message: msg.invalidOption }),
  firstDate: dateField,
  ends: z.enum(["count", "date"], { required_error: msg.requiredAlt, message: msg.invalidOption }),
  count: z.coerce
    .number({ message: messages.count })
    .int(messages.count)
    .min(1, messages.count)
    .max(MAX_PAYMENTS, messages.count)
    .optional(),
  endDate: dateField.optional(),
});
export type RecurrenceForm = z.infer<typeof recurrenceFields>;

// The form's plan as the date rules take it; in schedule-dates so the browser's fields need no zod (decision 065).
export { toRecurrence };

/**
 * The plan as a whole: the chosen end has its value, and the dates make a plan the product takes.
 * `keepFirstDate`: an edit may keep a first date that has passed (a plan under way).
 */
function planRule(today: string, keepFirstDate: string | null) {
  return (value: RecurrenceForm, ctx: z.RefinementCtx) => {
    if (value.ends === "count" && value.count === undefined) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["count"], message: messages.count });
      return;
    }
    if (value.ends === "date" && value.endDate === undefined) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["endDate"], message: msg.requiredAlt });
      return;
    }
    const problem = recurrenceProblem(toRecurrence(value), value.firstDate === keepFirstDate ? null : today);
    // A count out of range is the field's own message already.
    if (problem && problem !== "count")
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [PROBLEM_FIELD[problem].field], message: PROBLEM_FIELD[problem].message });
  };
}

/** The calculator's transfer with its plan ('Programar pago recurrente'); its Idempotency-Key makes one schedule. */
export function scheduleCreateSchema(today: string) {
  return transferFields.merge(recurrenceFields).superRefine(planRule(today, null)).and(conceptRule);
}
export type ScheduleCreateForm = z.infer<ReturnType<typeof scheduleCreateSchema>>;

/** The fields alone, for the form's HTML constraints. */
export const scheduleEditFields = transferFields
  .omit({ operation: true, idempotencyKey: true })
  .merge(recurrenceFields)
  .extend({
    id: z.string().regex(/^\d{1,12}$/),
  });

/** Editing a schedule (a PUT, idempotent by nature: no key). */
export function scheduleEditSchema(today: string, firstDate: string | null) {
  return scheduleEditFields.superRefine(planRule(today, firstDate)).and(conceptRule);
}
export type ScheduleEditForm = z.infer<ReturnType<typeof scheduleEditSchema>>;
