import { Link } from "@remix-run/react";

import type { HistoryRow } from "#server/history/view";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/EmptyState";
import { PhoneOnly, ResponsiveTable, type ResponsiveTableColumn } from "~/components/ui/ResponsiveList";
import { useTranslation } from "~/i18n";

import { StatusBadge } from "./StatusBadge";

export type HistoryTableProps = {
  companyName: string;
  rows: HistoryRow[];
  page: number;
  pageCount: number;
  total: number;
  failed: boolean;
  filtered: boolean;
  detailHref: (id: string) => string;
  pageHref: (page: number) => string;
  retryHref: string;
  /** The list without filters: the next step of an empty filtered list. */
  clearHref: string;
  /** The drawer open over the list: its row is marked as the current one. */
  currentId?: string;
};

/** The server-paginated table of §2, with its empty and error states and its page links. */
export function HistoryTable(props: HistoryTableProps) {
  const { t } = useTranslation("history");
  const { rows, page, pageCount, total } = props;
  const columns = useColumns(props.detailHref);

  if (props.failed) {
    return (
      <div role="alert" className="rounded-xl border border-failed/40 bg-white p-6 dark:bg-slate-900">
        <p>{t("list.loadError")}</p>
        <Link to={props.retryHref} reloadDocument className="mt-2 inline-block font-semibold text-brand-600 underline dark:text-brand-300">
          {t("list.retry")}
        </Link>
      </div>
    );
  }
  if (rows.length === 0 && total === 0) {
    return props.filtered ? (
      <EmptyState
        live
        icon="operations"
        message={t("list.emptyFiltered")}
        hint={t("list.emptyFilteredHint")}
        action={{ label: t("list.emptyFilteredAction"), href: props.clearHref }}
      />
    ) : (
      <EmptyState
        live
        icon="operations"
        message={t("list.empty")}
        hint={t("list.emptyHint")}
        action={{ label: t("list.emptyAction"), href: "/" }}
      />
    );
  }

  const caption = t("list.caption", { company: props.companyName });
  return (
    <div className="flex flex-col gap-4">
      <ResponsiveTable
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns}
        caption={caption}
        phoneRows="cards"
        scroll={{ label: caption, minWidthClass: "md:min-w-[860px]" }}
        rowClassName="hover:bg-slate-50 dark:hover:bg-slate-800"
        currentKey={props.currentId}
      />
      <nav aria-label={t("list.pagination.label")} className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-slate-600 dark:text-slate-300">
          {t("list.pagination.total", { count: total })} · {t("list.pagination.page", { page, pages: Math.max(pageCount, 1) })}
        </p>
        <div className="flex gap-2">
          {page > 1 ? (
            <Link to={props.pageHref(page - 1)} className={buttonClass("secondary")}>
              {t("list.pagination.previous")}
            </Link>
          ) : null}
          {page < pageCount ? (
            <Link to={props.pageHref(page + 1)} className={buttonClass("secondary")}>
              {t("list.pagination.next")}
            </Link>
          ) : null}
        </div>
      </nav>
    </div>
  );
}

/** A row that names its counterparty (a transfer) leads with it; a buy or sell leads with its type and pair. */
const led = (row: HistoryRow) => row.counterparty !== null;

/*
 * Below md each row is a card (decision 055): the counterparty (or the type and pair of a buy or
 * sell) and the amount first, then the status; the total, date and the link to the detail are
 * secondary.
 */
function useColumns(detailHref: (id: string) => string): ResponsiveTableColumn<HistoryRow>[] {
  const { t } = useTranslation("history");
  return [
    {
      key: "date",
      header: t("list.columns.date"),
      numeric: true,
      cellClassName: "whitespace-nowrap",
      phone: { order: 6, tone: "secondary" },
      cell: (row) => row.createdAtText,
    },
    {
      key: "id",
      header: t("list.columns.id"),
      phone: { order: 7, end: true },
      cell: (row) => (
        <Link
          to={detailHref(row.id)}
          preventScrollReset
          aria-label={t("list.open", { id: row.id })}
          className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300 max-md:inline-flex max-md:min-h-11 max-md:items-center max-md:text-sm"
        >
          <PhoneOnly>{t("list.columns.id")}&nbsp;</PhoneOnly>
          {row.id}
        </Link>
      ),
    },
    {
      key: "type",
      header: t("list.columns.type"),
      phone: (row) => (led(row) ? { order: 5, tone: "secondary", wide: true } : { order: 1, tone: "lead" }),
      cell: (row) => (
        <>
          {t(`type.${row.kind}`)}
          {row.pair ? <PhoneOnly> · {row.pair}</PhoneOnly> : null}
        </>
      ),
    },
    { key: "pair", header: t("list.columns.pair"), phone: "hidden", cell: (row) => row.pair ?? t("list.noPair") },
    {
      key: "counterparty",
      header: t("list.columns.counterparty"),
      phone: (row) => (led(row) ? { order: 1, tone: "lead" } : "hidden"),
      cell: (row) => row.counterparty ?? t("list.noPair"),
    },
    {
      key: "amount",
      header: t("list.columns.amount"),
      align: "right",
      numeric: true,
      cellClassName: "whitespace-nowrap",
      phone: { order: 2, tone: "strong", end: true },
      cell: (row) => row.amount,
    },
    {
      key: "total",
      header: t("list.columns.total"),
      align: "right",
      numeric: true,
      cellClassName: "whitespace-nowrap",
      phone: { order: 4, tone: "secondary", end: true, label: `${t("list.columns.total")}: ` },
      cell: (row) => row.total,
    },
    {
      key: "status",
      header: t("list.columns.status"),
      phone: { order: 3 },
      cell: (row) => <StatusBadge label={t(row.statusLabelKey)} outcome={row.outcome} />,
    },
  ];
}
