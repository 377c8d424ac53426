import { formatCalendarDay, mexicoDate } from "#core/domain/dates";
import { dueOrOverdue } from "#core/domain/payment-planner";
import { paymentState } from "#core/domain/payment-state";
import { formatMoney } from "#core/money";

import type { AccessContext } from "../session/auth.server";
import { currentActor } from "../session/permissions.server";
import { optional } from "../upstream/optional.server";
import type { PaymentInProgress } from "./recurring.server";
import { payeeName, payNowEntry } from "./recurring.server";

/**
 * The scheduled-payment notice on arrival (§2 global overlays; decision 063): the company's
 * payments due today or overdue (GET /scheduledpaymentevents/topten), each with its 'Pagar ahora'.
 * §8: the check fails silently — a failure is logged and the page shows no notice.
 */
export interface DueNotice {
  /** Closes it for the rest of the day (the dismissal is per session and per Mexico City day). */
  dismissId: string;
  items: Array<{
    id: string;
    payee: string;
    amount: string;
    date: string;
    dateText: string;
    overdue: boolean;
    payHref: string | null;
    /** The operation already paying it: no second 'Pagar ahora'. */
    inProgress: PaymentInProgress | null;
  }>;
}

/** How many the notice lists; the planner has the rest. */
const SHOWN = 5;

export const dueNoticeId = (today: string) => `pagos-programados-${today}`;

/**
 * Today's notice (Mexico City's day). The route calls this, not `mexicoDate` itself: a route module's
 * import of `dates.ts` would put dayjs in its browser bundle (the module extends dayjs at its top level).
 */
export const dueNoticeToday = (access: AccessContext, ownAccount: (masked: string) => string) =>
  dueNotice(access, mexicoDate(), ownAccount);

export async function dueNotice(access: AccessContext, today: string, ownAccount: (masked: string) => string): Promise<DueNotice | null> {
  if ((access.session.get("dismissedBanners") ?? []).includes(dueNoticeId(today))) return null;
  const [events, actor] = await Promise.all([
    optional(access.api.scheduledPayments.dueSoon(), null, { log: access.log, event: "scheduled_payment_notice_unavailable" }),
    currentActor(access),
  ]);
  const due = dueOrOverdue(events ?? [], today);
  if (due.length === 0) return null;
  return {
    dismissId: dueNoticeId(today),
    items: due.slice(0, SHOWN).map((event) => ({
      id: event.id,
      payee: payeeName(event, ownAccount),
      amount: formatMoney(event.amount, event.currency),
      date: event.dateToPay,
      dateText: formatCalendarDay(event.dateToPay),
      overdue: paymentState(event, today) === "overdue",
      ...payNowEntry(actor, event),
    })),
  };
}
