import { daysBetween } from "./calendar-date";
import type { PaymentStatus } from "./payment-planner";

/**
 * What a scheduled payment is to a treasurer (decision 119): one word and one
 * colour on every screen. The bank's `pending` is a payment whose day passed unpaid, and a
 * `scheduled` one whose day is before today is one the bank has not yet turned `pending`: both are
 * 'Vencido'. 'Pendiente' is never shown for a payment, because it reads as "on its way".
 */
export type PaymentState = "scheduled" | "overdue" | "paid";

export const PAYMENT_STATES: readonly PaymentState[] = ["overdue", "scheduled", "paid"];

/** One payment's state; `today` and `dateToPay` are calendar days (YYYY-MM-DD) in Mexico City. */
export function paymentState(payment: { status: PaymentStatus; dateToPay: string }, today: string): PaymentState {
  if (payment.status === "paid") return "paid";
  if (payment.status === "pending" || payment.dateToPay < today) return "overdue";
  return "scheduled";
}

/**
 * A recurring payment's state on 'Mis pagos recurrentes': overdue while any of its payments is
 * (the bank's schedule status `pending`, or its next unpaid payment's day has passed).
 */
export function scheduleState(
  schedule: { status: PaymentStatus; nextEvent: { status: PaymentStatus; dateToPay: string } | null },
  today: string,
): PaymentState {
  if (schedule.status === "pending") return "overdue";
  if (schedule.nextEvent && paymentState(schedule.nextEvent, today) === "overdue") return "overdue";
  return schedule.status === "paid" ? "paid" : "scheduled";
}

/**
 * 'Próximo pago': the first of the given unpaid payment days that is today or later, never a past
 * day (an overdue payment is shown as overdue, not as the next one). null when none is ahead.
 */
export function upcomingDate(days: ReadonlyArray<string | null | undefined>, today: string): string | null {
  const ahead = days.filter((day): day is string => typeof day === "string" && day >= today).sort();
  return ahead[0] ?? null;
}

/** A calendar day's payments counted by state: a passed day's unpaid payments are all overdue. */
export function countsByState(counts: Record<PaymentStatus, number>, date: string, today: string): Record<PaymentState, number> {
  const unpaid = counts.scheduled + counts.pending;
  if (date < today) return { overdue: unpaid, scheduled: 0, paid: counts.paid };
  return { overdue: counts.pending, scheduled: counts.scheduled, paid: counts.paid };
}

/**
 * A payment paid now ('Pagar ahora') against its own day: ahead of it ('early') or after it
 * ('overdue'), in calendar days, so the treasurer knows which it is before confirming. null on its day.
 */
export function payTiming(dateToPay: string, today: string): { kind: "early" | "overdue"; days: number } | null {
  const days = daysBetween(today, dateToPay);
  if (days === 0) return null;
  return days > 0 ? { kind: "early", days } : { kind: "overdue", days: -days };
}
