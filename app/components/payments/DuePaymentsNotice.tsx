import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";

import type { DueNotice } from "#server/payments/notice.server";
import { useTranslation } from "~/i18n";

import { OperationStatusBadge } from "./PaymentInProgress";
import { stateBadgeClass } from "./state-tone";

/**
 * Payments due today or overdue, on arrival (§2 scheduled-payment notices; decisions 063 and 122): a
 * compact card beside the calculator (below it on a phone), never between a treasurer and the
 * calculator. Each payment is two short lines with its 'Pagar ahora' under its amount (or the operation
 * already paying it, on a third line); 'Ocultar por hoy' is a plain form post at the card's foot.
 */
export function DuePaymentsNotice({ notice, redirectTo, csrfToken }: { notice: DueNotice; redirectTo: string; csrfToken: ReactNode }) {
  const { t } = useTranslation("duePayments");
  const link = "inline-flex min-h-9 items-center font-semibold text-brand-700 underline dark:text-brand-300";
  return (
    <section
      aria-labelledby="pagos-por-hacer"
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 text-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="pagos-por-hacer" className="text-base font-semibold text-slate-900 dark:text-slate-100">
        {t("title")}
      </h2>
      {/* One grid for every row (subgrid): the payee and its date on the left; the amount and, under it, 'Pagar ahora'
          or the operation already paying it in one right column, so the amounts line up whatever each row's action. */}
      <ul aria-label={t("list")} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 divide-y divide-slate-200 dark:divide-slate-800">
        {notice.items.map((item) => (
          <li key={item.id} className="col-span-2 grid grid-cols-subgrid items-baseline py-1.5">
            <span className="min-w-0 break-words font-semibold">{item.payee}</span>
            <span className="whitespace-nowrap text-right font-semibold tabular-nums">{item.amount}</span>
            {item.overdue ? (
              <span className="flex flex-wrap items-center gap-x-2 self-center">
                <span className={stateBadgeClass("overdue")}>{t("overdueBadge")}</span>{" "}
                <time dateTime={item.date} className="font-medium text-failed dark:text-red-300">
                  {t("overdue", { date: item.dateText })}
                </time>
              </span>
            ) : (
              <time dateTime={item.date} className="self-center text-slate-700 dark:text-slate-200">
                {t("today")}
              </time>
            )}
            {item.payHref ? (
              <Link to={item.payHref} aria-label={t("payNamed", { name: item.payee })} className={`justify-self-end ${link}`}>
                {t("pay")}
              </Link>
            ) : item.inProgress ? (
              // In the place of 'Pagar ahora': its state, never a second way to pay it.
              <OperationStatusBadge inProgress={item.inProgress} className="self-center justify-self-end" />
            ) : (
              <span />
            )}
            {item.inProgress ? (
              // Which payment it is, and its operation, on a line of its own.
              <span className="col-span-2 flex flex-wrap items-center gap-x-2">
                <span className="font-medium text-pending dark:text-amber-300">{t("inProgress", { date: item.inProgress.dateText })}</span>
                <Link to={item.inProgress.href} className={link}>
                  {t("inProgressLink", { id: item.inProgress.operationId })}
                </Link>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {/* The way on first, then 'Ocultar por hoy': never between the title and the payments it hides. */}
      <div className="flex flex-wrap items-center justify-between gap-x-4">
        <Link to="/planner" className={link}>
          {t("planner")}
        </Link>
        <Form method="post" action="/avisos">
          {csrfToken}
          <input type="hidden" name="id" value={notice.dismissId} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" className="min-h-9 font-semibold text-slate-700 underline dark:text-slate-200">
            {t("close")}
          </button>
        </Form>
      </div>
    </section>
  );
}
