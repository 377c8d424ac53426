import { Link } from "@remix-run/react";

import type { PaymentInProgress } from "#server/payments/recurring.server";
import { StatusBadge } from "~/components/history/StatusBadge";

/**
 * The payment's state while an operation pays it: that operation's status in the history's words and
 * look ('Por autorizar' outlined while it waits for a key), so one operation reads one word everywhere.
 */
export function OperationStatusBadge({ inProgress, className }: { inProgress: PaymentInProgress; className?: string }) {
  const { status } = inProgress;
  return <StatusBadge label={status.label} outcome={status.outcome} awaiting={status.awaitingPerson} className={className} />;
}

/**
 * Where 'Pagar ahora' would be, for a payment an operation is already paying (decision 092): which
 * payment it is (its day, in `sentence`) and a link to that operation, so nobody pays it twice from
 * another place. Phrasing content only: it sits in table cells, list items and spans.
 */
export function PaymentInProgressNote({
  inProgress,
  sentence,
  linkText,
  className = "text-sm",
}: {
  inProgress: PaymentInProgress;
  sentence: string;
  linkText: string;
  /** Its size: a table cell's small print ('text-xs') or a sentence's. */
  className?: string;
}) {
  return (
    <span className={`flex flex-col gap-0.5 ${className}`}>
      <span className="font-semibold text-pending dark:text-amber-300">{sentence}</span>
      <Link to={inProgress.href} className="w-fit font-semibold text-brand-700 underline dark:text-brand-300">
        {linkText}
      </Link>
    </span>
  );
}
