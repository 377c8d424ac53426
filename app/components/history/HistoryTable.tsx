import { Link } from "@remix-run/react";

import type { HistoryRow } from "#server/history/view";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/EmptyState";
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

const CELL = "px-3 py-3 align-middle max-md:block max-md:p-0";

/*
 * Below md (the phone) the table becomes list rows (decision 055): each row a card whose first line is
 * the counterparty (or the type and pair of a buy or sell) and the amount, then the status; the
 * total, date and the link to the detail are secondary. One DOM for both, so nothing is said twice.
 */
const PHONE_FRAME = "max-md:overflow-visible max-md:border-0 max-md:bg-transparent max-md:shadow-none dark:max-md:bg-transparent";
const PHONE_ROW =
  "max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:items-center max-md:gap-x-3 max-md:gap-y-1.5 max-md:rounded-xl " +
  "max-md:border max-md:border-slate-200 max-md:bg-white max-md:p-4 max-md:shadow-sm dark:max-md:border-slate-800 dark:max-md:bg-slate-900";
const PHONE_LEAD = "max-md:min-w-0 max-md:break-words max-md:font-semibold";
const PHONE_SECONDARY = "max-md:text-xs max-md:text-slate-600 dark:max-md:text-slate-300";

/** The server-paginated table of §2, with its empty and error states and its page links. */
export function HistoryTable(props: HistoryTableProps) {
  const { t } = useTranslation("history");
  const { rows, page, pageCount, total } = props;

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
      {/* A region that scrolls sideways (a narrow desktop window) is reachable and named for the keyboard. */}
      <div
        role="region"
        aria-label={caption}
        tabIndex={0}
        className={`relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-800 dark:bg-slate-900 ${PHONE_FRAME}`}
      >
        <table className="w-full text-left text-sm md:min-w-[860px] max-md:block">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500 dark:border-slate-700 dark:text-slate-400 max-md:sr-only">
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
                {t("list.columns.pairOrCounterparty")}
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
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800 max-md:block max-md:space-y-3 max-md:divide-y-0">
            {rows.map((row) => {
              const led = row.counterparty !== null;
              return (
                <tr
                  key={row.id}
                  aria-current={row.id === props.currentId ? "true" : undefined}
                  className={`hover:bg-slate-50 aria-[current=true]:bg-brand-50 dark:hover:bg-slate-800 dark:aria-[current=true]:bg-brand-900 ${PHONE_ROW}`}
                >
                  <td className={`${CELL} whitespace-nowrap tabular-nums ${PHONE_SECONDARY} max-md:order-6`}>{row.createdAtText}</td>
                  <td className={`${CELL} max-md:order-7 max-md:text-right`}>
                    <Link
                      to={props.detailHref(row.id)}
                      preventScrollReset
                      aria-label={t("list.open", { id: row.id })}
                      className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300 max-md:inline-flex max-md:min-h-11 max-md:items-center max-md:text-sm"
                    >
                      <span className="md:hidden">{t("list.columns.id")}&nbsp;</span>
                      {row.id}
                    </Link>
                  </td>
                  <td className={`${CELL} ${led ? `${PHONE_SECONDARY} max-md:order-5 max-md:col-span-2` : `${PHONE_LEAD} max-md:order-1`}`}>
                    {t(`type.${row.kind}`)}
                    {row.pair ? <span className="md:hidden"> · {row.pair}</span> : null}
                  </td>
                  {/* One column for a buy's pair and a transfer's recipient: each row has one or the other. */}
                  <td className={`${CELL} ${led ? `${PHONE_LEAD} max-md:order-1` : "max-md:hidden"}`}>
                    {row.counterparty ?? row.pair ?? t("list.noPair")}
                  </td>
                  <td className={`${CELL} whitespace-nowrap text-right tabular-nums max-md:order-2 max-md:font-semibold`}>{row.amount}</td>
                  {/* The total only where it is another figure (a buy's counter-value); a phone card then has no 'Total' line. */}
                  <td
                    className={`${CELL} whitespace-nowrap text-right tabular-nums ${PHONE_SECONDARY} max-md:order-4 ${row.total ? "" : "max-md:hidden"}`}
                  >
                    {row.total ? (
                      <>
                        <span className="md:hidden">{t("list.columns.total")}: </span>
                        {row.total}
                      </>
                    ) : (
                      t("list.noPair")
                    )}
                  </td>
                  <td className={`${CELL} max-md:order-3`}>
                    <StatusBadge label={t(row.statusLabelKey)} outcome={row.outcome} awaiting={row.awaitingPerson} />
                  </td>
                </tr>
              );
            })}
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
