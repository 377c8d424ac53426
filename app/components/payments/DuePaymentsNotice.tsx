import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";

import type { DueNotice } from "#server/payments/notice.server";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n";

import { PaymentInProgressNote } from "./PaymentInProgress";
import { stateBadgeClass } from "./state-tone";

/**
 * Payments due today or overdue, on arrival (§2 scheduled-payment notices; decision 063): a
 * notice in the page, not a modal, so it never stands between a treasurer and the calculator.
 * Each payment has its 'Pagar ahora'; 'Ocultar por hoy' is a plain form post.
 */
export function DuePaymentsNotice({ notice, redirectTo, csrfToken }: { notice: DueNotice; redirectTo: string; csrfToken: ReactNode }) {
  const { t } = useTranslation("duePayments");
  return (
    <section
      aria-labelledby="pagos-por-hacer"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="pagos-por-hacer" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
            {t("title")}
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-200">{t("summary", { count: notice.items.length })}</p>
        </div>
        <Form method="post" action="/avisos">
          {csrfToken}
          <input type="hidden" name="id" value={notice.dismissId} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" className="text-sm font-semibold text-slate-700 underline dark:text-slate-200">
            {t("close")}
          </button>
        </Form>
      </div>
      <ul aria-label={t("list")} className="flex flex-col divide-y divide-amber-200 dark:divide-amber-900">
        {notice.items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2">
            <div className="min-w-0">
              <p className="break-words font-semibold">{item.payee}</p>
              <p className="text-sm text-slate-700 dark:text-slate-200">
                <span className="font-semibold tabular-nums">{item.amount}</span> ·{" "}
                {item.overdue ? (
                  <>
                    <span className={stateBadgeClass("overdue")}>{t("overdueBadge")}</span>{" "}
                    <time dateTime={item.date} className="font-semibold text-failed dark:text-red-300">
                      {t("overdue", { date: item.dateText })}
                    </time>
                  </>
                ) : (
                  <time dateTime={item.date}>{t("today")}</time>
                )}
              </p>
            </div>
            {item.payHref ? (
              <Link to={item.payHref} aria-label={t("payNamed", { name: item.payee })} className={buttonClass("primary")}>
                {t("pay")}
              </Link>
            ) : null}
            {item.inProgress ? (
              <PaymentInProgressNote inProgress={item.inProgress} linkText={t("inProgressLink", { id: item.inProgress.operationId })} />
            ) : null}
          </li>
        ))}
      </ul>
      <Link to="/planner" className="w-fit text-sm font-semibold text-brand-700 underline dark:text-brand-100">
        {t("planner")}
      </Link>
    </section>
  );
}
