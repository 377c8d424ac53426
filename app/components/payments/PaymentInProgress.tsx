import { Link } from "@remix-run/react";

import type { PaymentInProgress } from "#server/payments/recurring.server";

/**
 * Where 'Pagar ahora' would be, for a payment an operation is already paying (decision 092): the
 * lifecycle's sentence and a link to that operation, so nobody pays it twice from another place.
 * Phrasing content only: it sits in table cells, list items and spans.
 */
export function PaymentInProgressNote({ inProgress, linkText }: { inProgress: PaymentInProgress; linkText: string }) {
  return (
    <span className="flex flex-col gap-0.5 text-sm">
      <span className="font-semibold text-pending dark:text-amber-300">{inProgress.message}</span>
      <Link to={inProgress.href} className="font-semibold text-brand-700 underline dark:text-brand-100">
        {linkText}
      </Link>
    </span>
  );
}
