import { Link } from "@remix-run/react";

import type { HistoryRow } from "#server/history/view";
import { buttonClass } from "~/components/ui/button";
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
  /** The drawer open over the list: its row is marked as the current one. */
  currentId?: string;
};

const CELL = "px-3 py-3 align-middle";

/** The server-paginated table of §2, with its empty and error states and its page links. */
export function HistoryTable(props: HistoryTableProps) {
  const { t } = useTranslation("history");
  const { rows, page, pageCount, total } = props;

  if (props.failed) {
    return (
      <div role="alert" className="rounded-xl border border-failed/40 bg-white p-6 dark:bg-slate-900">
        <p>{t("list.loadError")}</p>
        <Link to={props.retryHref} reloadDocument className="mt-2 inline-block font-semibold text-brand-600 underline dark:text-brand-100">
          {t("list.retry")}
        </Link>
      </div>
    );
  }
  if (rows.length === 0 && total === 0) {
    return (
      <p
        role="status"
        className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
      >
        {props.filtered ? t("list.emptyFiltered") : t("list.empty")}
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <table className="w-full min-w-[760px] text-left text-sm">
          <caption className="sr-only">{t("list.caption", { company: props.companyName })}</caption>
          <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500 dark:border-slate-700 dark:text-slate-400">
            <tr>
              <th scope="col" className={CELL}>
                {t("list.columns.date")}
              </th>
              <th scope="col" className={CELL}>
                {t("list.columns.id")}
              </th>
              <th scope="col" className={CELL}>
                {t("list.columns.type")}
              </th>
              <th scope="col" className={CELL}>
                {t("list.columns.pair")}
              </th>
              <th scope="col" className={`${CELL} text-right`}>
                {t("list.columns.amount")}
              </th>
              <th scope="col" className={`${CELL} text-right`}>
                {t("list.columns.total")}
              </th>
              <th scope="col" className={CELL}>
                {t("list.columns.status")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {rows.map((row) => (
              <tr
                key={row.id}
                aria-current={row.id === props.currentId ? "true" : undefined}
                className="hover:bg-slate-50 aria-[current=true]:bg-brand-50 dark:hover:bg-slate-800 dark:aria-[current=true]:bg-brand-900"
              >
                <td className={`${CELL} whitespace-nowrap tabular-nums`}>{row.createdAtText}</td>
                <td className={CELL}>
                  <Link
                    to={props.detailHref(row.id)}
                    preventScrollReset
                    aria-label={t("list.open", { id: row.id })}
                    className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
                  >
                    {row.id}
                  </Link>
                </td>
                <td className={CELL}>{t(`type.${row.kind}`)}</td>
                <td className={CELL}>{row.pair ?? t("list.noPair")}</td>
                <td className={`${CELL} whitespace-nowrap text-right tabular-nums`}>{row.amount}</td>
                <td className={`${CELL} whitespace-nowrap text-right tabular-nums`}>{row.total}</td>
                <td className={CELL}>
                  <StatusBadge label={t(row.statusLabelKey)} outcome={row.outcome} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
