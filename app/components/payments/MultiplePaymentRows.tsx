import { Link } from "@remix-run/react";

import type { CurrencyTotal } from "#core/domain/multiple-payment";
import type { RowStatus } from "#core/domain/payment-batch";
import { rowTone } from "#core/domain/payment-batch";
import type { PaymentPreviewRow } from "#server/payments/multiple.server";
import { StatusBadge } from "~/components/history/StatusBadge";
import { Money } from "~/components/ui/Money";
import { FileRowsTable, ResponsiveTable, type ResponsiveTableColumn, TableOnly } from "~/components/ui/ResponsiveList";
import { useTranslation } from "~/i18n";

export type { PaymentPreviewRow };

/** Only an amount the rules read as one is formatted: "10.005" shows as typed, never rounded. */
const amountOf = (row: PaymentPreviewRow) => (/^\d{1,12}(\.\d{1,2})?$/.test(row.amount) ? Number(row.amount) : null);

const ROW_OUTCOME = { good: "success", bad: "failed", pending: "pending" } as const;

/** A row's state as a word with a colour, never the colour alone, drawn as the history's statuses are. */
export function RowState({ status }: { status: RowStatus }) {
  const { t } = useTranslation("multiplePayment");
  // A row waiting for a person (a token, an approval) is outlined, as in the history; one the bank still works on is filled.
  return (
    <StatusBadge
      label={t(`outcome.${status}`)}
      outcome={ROW_OUTCOME[rowTone(status)]}
      awaiting={status === "toAuthorise" || status === "toApprove"}
    />
  );
}

/**
 * The rows of a payment file (§2 /pago-multiple): who is paid, from where, how much, and each
 * row's errors or, once registered, its operation and whether its money was sent. Below 768 px
 * each row is a list row, so a phone never scrolls sideways.
 */
export function MultiplePaymentRows({
  rows,
  caption,
  resultHeading,
}: {
  rows: PaymentPreviewRow[];
  caption: string;
  /** The last column's heading: 'Revisión' in the preview, 'Resultado' once registered. */
  resultHeading?: string;
}) {
  const { t } = useTranslation("multiplePayment");
  const columns = useColumns(resultHeading);
  return <FileRowsTable rows={rows} columns={columns} caption={caption} lineLabel={t("preview.row")} />;
}

function useColumns(resultHeading: string | undefined): ResponsiveTableColumn<PaymentPreviewRow>[] {
  const { t } = useTranslation("multiplePayment");
  return [
    {
      // The phone's state, beside the row number; the wide table shows it in the last column.
      key: "state",
      header: resultHeading ?? t("preview.result"),
      table: false,
      phone: { order: 2, end: true },
      cell: (row) => <RowState status={row.status} />,
    },
    {
      key: "recipient",
      header: t("preview.recipient"),
      cellClassName: "min-w-0",
      phone: { order: 3, wide: true },
      cell: (row) => (
        <>
          <span className="block font-semibold [overflow-wrap:anywhere]">{row.recipient || (row.last4 ? `•••• ${row.last4}` : "—")}</span>
          <span className="block text-xs text-slate-600 dark:text-slate-300">
            {[row.last4 ? `•••• ${row.last4}` : "", row.reason].filter(Boolean).join(" · ")}
          </span>
        </>
      ),
    },
    {
      key: "origin",
      header: t("preview.origin"),
      cellClassName: "min-w-0 [overflow-wrap:anywhere]",
      phone: { order: 4, wide: true },
      cell: (row) => row.origin,
    },
    {
      key: "amount",
      header: t("preview.amount"),
      align: "right",
      bold: true,
      phone: { order: 5, wide: true },
      cell: (row) => {
        const amount = amountOf(row);
        return amount !== null ? <Money amount={amount} currency={row.currency || "MXN"} /> : <span>{row.amount}</span>;
      },
    },
    {
      key: "result",
      header: resultHeading ?? t("preview.result"),
      phone: { order: 6, wide: true },
      cell: (row) => (
        <>
          <TableOnly>
            <RowState status={row.status} />
          </TableOnly>
          {row.errors.length ? (
            <ul className="mt-1 space-y-0.5 text-failed [overflow-wrap:anywhere] dark:text-red-400">
              {row.errors.map((error) => (
                <li key={`${error.column}-${error.message}`}>{error.message}</li>
              ))}
            </ul>
          ) : null}
          {row.operationId ? (
            <span className="mt-1 block text-xs text-slate-600 dark:text-slate-300">
              {t("progress.operation")} {row.operationId}
            </span>
          ) : null}
          {row.failure ? <span className="mt-1 block text-failed dark:text-red-400">{t(`failure.${row.failure}`)}</span> : null}
        </>
      ),
    },
  ];
}

/** One operation of a signed batch, as the bank recorded it. */
export type BatchRowView = { id: string; recipient: string | null; amount: number | null; currency: string | null; status: RowStatus };

/**
 * The operations of a signed batch (/pago-multiple/autorizacion/:id, decision 093): each one's
 * number (a link to its detail), who, how much and what happened to it. Below 768 px each is a
 * list row: the number and its state first.
 */
export function BatchRows({ rows, caption }: { rows: BatchRowView[]; caption: string }) {
  const { t } = useTranslation("multiplePayment");
  const columns: ResponsiveTableColumn<BatchRowView>[] = [
    {
      key: "id",
      header: t("batchPage.operation"),
      rowHeader: true,
      bold: true,
      phone: { order: 1 },
      cell: (row) => (
        <Link
          to={`/historial-operaciones/${encodeURIComponent(row.id)}`}
          aria-label={t("batchPage.open", { id: row.id })}
          className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          {row.id}
        </Link>
      ),
    },
    {
      key: "recipient",
      header: t("batchPage.recipient"),
      cellClassName: "min-w-0 [overflow-wrap:anywhere]",
      phone: { order: 3, wide: true },
      cell: (row) => row.recipient ?? "—",
    },
    {
      key: "amount",
      header: t("batchPage.amount"),
      align: "right",
      numeric: true,
      bold: true,
      phone: { order: 4, wide: true },
      cell: (row) => (row.amount !== null && row.currency ? <Money amount={row.amount} currency={row.currency} /> : "—"),
    },
    { key: "result", header: t("batchPage.result"), phone: { order: 2, end: true }, cell: (row) => <RowState status={row.status} /> },
  ];
  return <ResponsiveTable rows={rows} rowKey={(row) => row.id} columns={columns} caption={caption} phoneRows="divided" />;
}

/** What the valid rows add up to, per currency: the figure a treasurer checks first. */
export function CurrencyTotals({ totals }: { totals: CurrencyTotal[] }) {
  const { t } = useTranslation("multiplePayment");
  if (totals.length === 0) return null;
  return (
    <section aria-labelledby="totales-titulo" className="flex flex-col gap-2">
      <h4 id="totales-titulo" className="text-sm font-semibold text-slate-700 dark:text-slate-200">
        {t("preview.totals")}
      </h4>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {totals.map((total) => (
          <li key={total.currency} className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
            <span className="block text-xs uppercase tracking-wide text-slate-600 dark:text-slate-300">{total.currency}</span>
            <Money amount={Number(total.total)} currency={total.currency} className="block text-xl font-semibold" />
            <span className="block text-sm text-slate-600 dark:text-slate-300">
              {t("preview.payments")}: {total.count}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
