import { Link } from "@remix-run/react";

import type { PaymentInProgress } from "#server/payments/recurring.server";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n";

import { PaymentInProgressNote } from "./PaymentInProgress";
import { type PaymentState, StatusBadge } from "./StatusBadge";

/** One schedule as 'Mis pagos recurrentes' shows it (worded on the server). */
export type RecurringRowView = {
  id: string;
  payee: string;
  origin: string;
  amount: string;
  frequency: "weekly" | "fortnightly" | "monthly";
  status: PaymentState;
  nextDate: string | null;
  nextText: string | null;
  overdueDate: string | null;
  overdueText: string | null;
  paid: number;
  total: number;
  deleteHref: string | null;
  editHref: string | null;
  /** 'Pagar ahora': the calculator prefilled with the next unpaid payment. */
  payHref: string | null;
  /** The operation already paying the next payment: no second 'Pagar ahora'. */
  inProgress: PaymentInProgress | null;
};

function NextPayment({ row }: { row: RecurringRowView }) {
  const { t } = useTranslation("payments");
  if (!row.nextDate || !row.nextText) {
    // An overdue payment is still to be made: 'Sin pagos por hacer' would say otherwise.
    const text = row.overdueDate ? t("recurring.table.noUpcoming") : t("recurring.table.noNext");
    return <span className="text-slate-600 dark:text-slate-300">{text}</span>;
  }
  return <time dateTime={row.nextDate}>{row.nextText}</time>;
}

/** The state in one word, and for an overdue schedule since when, in the same red (decision 119). */
function State({ row }: { row: RecurringRowView }) {
  const { t } = useTranslation("payments");
  return (
    <span className="flex flex-col gap-1">
      <StatusBadge status={row.status} />
      {row.overdueDate && row.overdueText ? (
        <time dateTime={row.overdueDate} className="text-xs font-semibold text-failed dark:text-red-300">
          {t("recurring.table.overdueSince", { date: row.overdueText })}
        </time>
      ) : null}
    </span>
  );
}

function Actions({ row }: { row: RecurringRowView }) {
  const { t } = useTranslation("payments");
  return (
    <span className="flex flex-wrap items-center gap-x-4 gap-y-2">
      {row.payHref ? (
        <Link to={row.payHref} aria-label={t("recurring.table.payNamed", { name: row.payee })} className={buttonClass("primary")}>
          {t("recurring.table.pay")}
        </Link>
      ) : null}
      {row.inProgress ? (
        <PaymentInProgressNote
          inProgress={row.inProgress}
          linkText={t("recurring.table.inProgressLink", { id: row.inProgress.operationId })}
        />
      ) : null}
      {row.editHref ? (
        <Link
          to={row.editHref}
          preventScrollReset
          aria-label={t("recurring.table.editNamed", { name: row.payee })}
          className="font-semibold text-brand-700 underline dark:text-brand-100"
        >
          {t("recurring.table.edit")}
        </Link>
      ) : null}
      <DeleteLink row={row} />
    </span>
  );
}

function DeleteLink({ row }: { row: RecurringRowView }) {
  const { t } = useTranslation("payments");
  if (!row.deleteHref) return null;
  return (
    <Link
      to={row.deleteHref}
      preventScrollReset
      aria-label={t("recurring.table.deleteNamed", { name: row.payee })}
      className="font-semibold text-failed underline dark:text-red-400"
    >
      {t("recurring.table.delete")}
    </Link>
  );
}

/**
 * The company's schedules: a table from md up; below it (a 390 px phone) each schedule is a row
 * card of label/value pairs, so nothing scrolls sideways. Only one of the two is displayed.
 */
export function RecurringList({ rows }: { rows: RecurringRowView[] }) {
  const { t } = useTranslation("payments");
  const cell = "px-4 py-3 align-top";
  return (
    <>
      <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-white md:block dark:border-slate-800 dark:bg-slate-900">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("recurring.table.caption")}</caption>
          <thead className="bg-slate-50 text-xs uppercase text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <tr>
              <th scope="col" className={cell}>
                {t("recurring.table.recipient")}
              </th>
              <th scope="col" className={`${cell} text-right`}>
                {t("recurring.table.amount")}
              </th>
              <th scope="col" className={cell}>
                {t("recurring.table.frequency")}
              </th>
              <th scope="col" className={cell}>
                {t("recurring.table.next")}
              </th>
              <th scope="col" className={cell}>
                {t("recurring.table.state")}
              </th>
              <th scope="col" className={cell}>
                {t("recurring.table.actions")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row" className={`${cell} font-semibold`}>
                  <span className="block">{row.payee}</span>
                  <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">{row.origin}</span>
                </th>
                <td className={`${cell} whitespace-nowrap text-right font-semibold tabular-nums`}>{row.amount}</td>
                <td className={cell}>{t(`frequency.${row.frequency}`)}</td>
                <td className={cell}>
                  <NextPayment row={row} />
                </td>
                <td className={cell}>
                  <span className="flex flex-col gap-1">
                    <State row={row} />
                    <span className="text-xs text-slate-600 dark:text-slate-300">
                      {t("recurring.table.progress", { paid: row.paid, total: row.total })}
                    </span>
                  </span>
                </td>
                <td className={cell}>
                  <Actions row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={t("recurring.table.caption")} className="flex flex-col gap-3 md:hidden">
        {rows.map((row) => (
          <li key={row.id} className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
            <div className="flex items-start justify-between gap-3">
              <h3 className="min-w-0 break-words text-base font-semibold">{row.payee}</h3>
              <State row={row} />
            </div>
            <p className="mt-1 text-lg font-semibold tabular-nums">{row.amount}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600 dark:text-slate-300">{t("recurring.table.frequency")}</dt>
              <dd>{t(`frequency.${row.frequency}`)}</dd>
              <dt className="text-slate-600 dark:text-slate-300">{t("recurring.table.next")}</dt>
              <dd>
                <NextPayment row={row} />
              </dd>
              <dt className="text-slate-600 dark:text-slate-300">{t("recurring.table.state")}</dt>
              <dd>{t("recurring.table.progress", { paid: row.paid, total: row.total })}</dd>
            </dl>
            <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">{row.origin}</p>
            <div className="mt-3">
              <Actions row={row} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
