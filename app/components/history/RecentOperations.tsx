import { Link } from "@remix-run/react";

import type { HistoryRow } from "#server/history/view";
import { EmptyState } from "~/components/ui/EmptyState";
import { LoadError } from "~/components/ui/LoadError";
import { useTranslation } from "~/i18n";

import { StatusBadge } from "./StatusBadge";

export type RecentOperationsProps = {
  companyName: string;
  /** null: the operations could not be loaded. Type and status come in words from the server (decision 069). */
  rows: Array<HistoryRow & { typeText: string; statusText: string }> | null;
  /** The history namespace's messages for the list, read by the server. */
  texts: { loadError: string; retry: string; empty: string };
  historyHref: string;
  detailHref: (id: string) => string;
  retryHref: string;
};

/**
 * The dashboard's 'Historial de Operaciones' (§2): the latest operations, each a link to its own
 * detail (a URL support can share), and the way to the whole history.
 */
export function RecentOperations({ companyName, rows, texts, historyHref, detailHref, retryHref }: RecentOperationsProps) {
  const { t } = useTranslation("dashboard");
  return (
    <section aria-labelledby="historial-reciente" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="historial-reciente" className="text-xl font-semibold">
          {t("recent.title")}
        </h2>
        <Link to={historyHref} className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          {t("recent.all")}
        </Link>
      </div>
      {rows === null ? (
        <LoadError message={texts.loadError} retryLabel={texts.retry} retryHref={retryHref} />
      ) : rows.length === 0 ? (
        // The next step is on this same page: the calculator (decision 055).
        <EmptyState
          icon="operations"
          message={texts.empty}
          hint={t("recent.emptyHint")}
          action={{ label: t("recent.emptyAction"), href: "#calculadora" }}
        />
      ) : (
        <ul
          aria-label={t("recent.list", { company: companyName })}
          className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
        >
          {rows.map((row) => {
            const type = row.typeText;
            const status = row.statusText;
            // A buy or a sell reads with its pair, a transfer with whom it went to: four transfers of one morning differ there.
            const detail = row.pair ?? row.counterparty;
            return (
              <li key={row.id}>
                <Link
                  to={detailHref(row.id)}
                  aria-label={t("recent.open", {
                    type,
                    detail: row.pair ?? (row.counterparty ? t("recent.to", { name: row.counterparty }) : ""),
                    amount: row.amount,
                    status,
                    date: row.createdAtText,
                    id: row.id,
                  })}
                  className="grid grid-cols-[1fr_auto_auto] items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 sm:grid-cols-[10rem_1fr_auto_7.5rem_auto] dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
                >
                  <span className="col-start-1 row-start-2 text-sm tabular-nums text-slate-500 sm:col-start-auto sm:row-start-auto dark:text-slate-400">
                    {row.createdAtText}
                  </span>
                  {/* On a phone the recipient wraps rather than being cut to 'Acer…': transfers of one amount stay apart. */}
                  <span className="col-start-1 row-start-1 min-w-0 break-words font-medium sm:col-start-auto sm:row-start-auto sm:truncate">
                    {type}
                    {/* A real space: the type and the name are two words, so a phone wraps between them, not inside one. */}
                    {detail ? " " : null}
                    {detail ? <span className="text-sm font-normal text-slate-500 dark:text-slate-400">{detail}</span> : null}
                  </span>
                  <span className="col-start-2 row-start-1 whitespace-nowrap text-right font-semibold tabular-nums sm:col-start-auto sm:row-start-auto">
                    {row.amount}
                  </span>
                  <span className="col-start-2 row-start-2 text-right sm:col-start-auto sm:row-start-auto">
                    <StatusBadge label={status} outcome={row.outcome} awaiting={row.awaitingPerson} />
                  </span>
                  {/* Each row opens its detail: the chevron says so before the pointer finds out. */}
                  <span
                    aria-hidden="true"
                    className="col-start-3 row-span-2 row-start-1 text-xl leading-none text-slate-500 sm:col-start-auto sm:row-span-1 sm:row-start-auto dark:text-slate-400"
                  >
                    ›
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
