import { Link } from "@remix-run/react";

import type { PaymentInProgress } from "#server/payments/recurring.server";
import { buttonClass } from "~/components/ui/button";
import { type ResponsiveColumn, ResponsiveList } from "~/components/ui/ResponsiveList";
import { useTranslation } from "~/i18n";

import { OperationStatusBadge, PaymentInProgressNote } from "./PaymentInProgress";
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
  nextShort: string | null;
  overdueDate: string | null;
  overdueText: string | null;
  paid: number;
  total: number;
  deleteHref: string | null;
  editHref: string | null;
  /** 'Pagar ahora': the calculator prefilled with the next unpaid payment, of this day. */
  payHref: string | null;
  payDate: string | null;
  payDateShort: string | null;
  payDateText: string | null;
  /** The operation already paying the next unpaid payment: no second 'Pagar ahora'. */
  inProgress: PaymentInProgress | null;
};

/** 'Próximo pago': "30/11/2026" in the table (its rule), the sentence date in the phone card. */
function NextPayment({ row, short = false }: { row: RecurringRowView; short?: boolean }) {
  const { t } = useTranslation("payments");
  if (!row.nextDate || !row.nextText || !row.nextShort) {
    // An overdue payment is still to be made: 'Sin pagos por hacer' would say otherwise.
    const text = row.overdueDate ? t("recurring.table.noUpcoming") : t("recurring.table.noNext");
    return <span className="text-slate-600 dark:text-slate-300">{text}</span>;
  }
  return (
    <time dateTime={row.nextDate} className="whitespace-nowrap">
      {short ? row.nextShort : row.nextText}
    </time>
  );
}

/**
 * For an overdue schedule, since when, in the same red and the same words as the dashboard's notice
 * beside its 'Vencido' (decision 119). A payment an operation is already paying says so here,
 * beside the day it pays, not beside 'Próximo pago'.
 */
function StateDetail({ row }: { row: RecurringRowView }) {
  const { t } = useTranslation("payments");
  if (!row.overdueText && !row.inProgress) return null;
  return (
    <span className="flex flex-col items-start gap-1">
      {row.overdueDate && row.overdueText ? (
        <time dateTime={row.overdueDate} className="text-xs font-semibold text-failed dark:text-red-300">
          {t("recurring.table.overdueSince", { date: row.overdueText })}
        </time>
      ) : null}
      {row.inProgress ? (
        <>
          <OperationStatusBadge inProgress={row.inProgress} />
          <PaymentInProgressNote
            className="text-xs"
            inProgress={row.inProgress}
            sentence={t("recurring.table.inProgress", { date: row.inProgress.dateText })}
            linkText={t("recurring.table.inProgressLink", { id: row.inProgress.operationId })}
          />
        </>
      ) : null}
    </span>
  );
}

/**
 * 'Pagar ahora' pays the next unpaid payment, which is an overdue one when there is one: then its
 * day is written under the button and in its name, so it is not read as 'Próximo pago'.
 */
function PayNow({ row }: { row: RecurringRowView }) {
  const { t } = useTranslation("payments");
  if (!row.payHref || !row.payDateText) return null;
  const earlier = row.payDate !== row.nextDate;
  return (
    <span className="flex flex-col items-start gap-1">
      <Link
        to={row.payHref}
        aria-label={t("recurring.table.payNamed", { name: row.payee, date: row.payDateText })}
        className={buttonClass("primary")}
      >
        {t("recurring.table.pay")}
      </Link>
      {earlier ? (
        <time dateTime={row.payDate ?? undefined} className="whitespace-nowrap text-xs text-slate-600 dark:text-slate-300">
          {t("recurring.table.payDate", { date: row.payDateShort })}
        </time>
      ) : null}
    </span>
  );
}

/** 'Pagar ahora' (with its day when it is an overdue one) first, then 'Editar' and 'Eliminar' on a line of their own. */
function Actions({ row }: { row: RecurringRowView }) {
  const { t } = useTranslation("payments");
  return (
    <span className="flex flex-col items-start gap-2">
      <PayNow row={row} />
      <span className="flex flex-wrap items-center gap-x-6 gap-y-2">
        {row.editHref ? (
          <Link
            to={row.editHref}
            preventScrollReset
            aria-label={t("recurring.table.editNamed", { name: row.payee })}
            className="font-semibold text-brand-700 underline dark:text-brand-300"
          >
            {t("recurring.table.edit")}
          </Link>
        ) : null}
        <DeleteLink row={row} />
      </span>
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
    {
      key: "next",
      header: t("recurring.table.next"),
      cell: (row) => <NextPayment row={row} short />,
      cardCell: (row) => <NextPayment row={row} />,
    },
    {
      key: "state",
      header: t("recurring.table.state"),
      card: "badge",
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <StatusBadge status={row.status} />
          <StateDetail row={row} />
          <span className="text-xs text-slate-600 dark:text-slate-300">{progress(row)}</span>
        </span>
      ),
      // The badge alone beside the card's title, so the title keeps its width.
      cardCell: (row) => <StatusBadge status={row.status} />,
    },
    // On the phone the progress is a pair of its own; since when it is overdue, and the origin, notes under the pairs.
    { key: "progress", header: t("recurring.table.progressHeader"), table: false, cell: progress },
    { key: "stateDetail", header: t("recurring.table.state"), table: false, card: "note", cell: (row) => <StateDetail row={row} /> },
    { key: "origin", header: t("recurring.table.recipient"), table: false, card: "note", cell: (row) => row.origin },
    { key: "actions", header: t("recurring.table.actions"), card: "actions", cell: (row) => <Actions row={row} /> },
  ];
  return <ResponsiveList rows={rows} rowKey={(row) => row.id} columns={columns} caption={t("recurring.table.caption")} />;
}
