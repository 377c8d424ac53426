import { Link } from "@remix-run/react";

import type { PaymentInProgress } from "#server/payments/recurring.server";
import { buttonClass } from "~/components/ui/button";
import { type ResponsiveColumn, ResponsiveList } from "~/components/ui/ResponsiveList";
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
 * card of label/value pairs, so nothing scrolls sideways. Only one of the two is displayed
 * (`ResponsiveList`).
 */
export function RecurringList({ rows }: { rows: RecurringRowView[] }) {
  const { t } = useTranslation("payments");
  const progress = (row: RecurringRowView) => t("recurring.table.progress", { paid: row.paid, total: row.total });
  const columns: ResponsiveColumn<RecurringRowView>[] = [
    {
      key: "payee",
      header: t("recurring.table.recipient"),
      rowHeader: true,
      card: "title",
      cell: (row) => (
        <>
          <span className="block">{row.payee}</span>
          <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">{row.origin}</span>
        </>
      ),
      cardCell: (row) => row.payee,
    },
    {
      key: "amount",
      header: t("recurring.table.amount"),
      align: "right",
      numeric: true,
      cellClassName: "whitespace-nowrap font-semibold",
      card: "lead",
      cell: (row) => row.amount,
    },
    { key: "frequency", header: t("recurring.table.frequency"), cell: (row) => t(`frequency.${row.frequency}`) },
    { key: "next", header: t("recurring.table.next"), cell: (row) => <NextPayment row={row} /> },
    {
      key: "state",
      header: t("recurring.table.state"),
      card: "badge",
      cell: (row) => (
        <span className="flex flex-col gap-1">
          <State row={row} />
          <span className="text-xs text-slate-600 dark:text-slate-300">{progress(row)}</span>
        </span>
      ),
      cardCell: (row) => <State row={row} />,
    },
    // On the phone the progress is a pair of its own and the origin a note under the pairs.
    { key: "progress", header: t("recurring.table.state"), table: false, cell: progress },
    { key: "origin", header: t("recurring.table.recipient"), table: false, card: "note", cell: (row) => row.origin },
    { key: "actions", header: t("recurring.table.actions"), card: "actions", cell: (row) => <Actions row={row} /> },
  ];
  return <ResponsiveList rows={rows} rowKey={(row) => row.id} columns={columns} caption={t("recurring.table.caption")} />;
}
