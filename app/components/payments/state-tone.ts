import type { PaymentState } from "#core/domain/payment-state";

const TONES: Record<PaymentState, string> = {
  scheduled: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  overdue: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
  paid: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200",
};

/**
 * A payment state's badge, the same colour on every screen (decision 119): 'Vencido' is red on the
 * dashboard, the recurring list and the planner. Kept apart from StatusBadge so that a part whose
 * words come from another namespace (the dashboard's notice) does not bring the payments texts.
 */
export const stateBadgeClass = (state: PaymentState) =>
  `w-fit whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[state]}`;

/** 'En proceso': an operation is already paying the payment (the history's amber for the same words). */
export const inProgressBadgeClass =
  "w-fit whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200";
