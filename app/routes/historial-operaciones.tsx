import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation, useMatches, useParams } from "@remix-run/react";

import { exportHref, HISTORY_PATH, historyHref, pageHref } from "#core/history-links";
import history from "#core/locales/es-MX/history.json";
import { HistoryFilters } from "~/components/history/HistoryFilters";
import { HistoryTable } from "~/components/history/HistoryTable";
import { PendingRefresh } from "~/components/history/PendingRefresh";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n";
import { json, loadHistoryList, portfolioOpens, requireAccess } from "~/server-imports/historial-operaciones";
import type { PageHandle } from "~/utils/page-title";

/**
 * 'Historial de operaciones' (§2 /historial-operaciones): the company's operations, a page at a
 * time from the upstream, filtered by what the URL says. The operation drawer is a child route
 * (/historial-operaciones/:id, …/compartir, …/vista-previa) rendered over this list.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  const started = performance.now();
  const [list, portfolio] = await Promise.all([loadHistoryList(access, new URL(request.url)), portfolioOpens(access)]);
  return json(
    { companyName: access.company.businessName, list, portfolio },
    { headers: { "Server-Timing": `upstream;dur=${Math.round(performance.now() - started)}`, "Cache-Control": "private, no-store" } },
  );
}

/** Child views that hold typed input must not be reloaded under the person's hands. */
export type HistoryHandle = PageHandle & { holdsInput?: boolean; pending?: (data: unknown) => boolean };

export default function OperationHistory() {
  const { companyName, list, portfolio } = useLoaderData<typeof loader>();
  const { t } = useTranslation("history");
  const { search } = useLocation();
  const { id } = useParams();
  const matches = useMatches();
  const child = matches[matches.length - 1];
  const childHandle = child.handle as HistoryHandle | undefined;
  const drawerPending = childHandle?.pending?.(child.data) ?? false;

  return (
    <div className="flex flex-col gap-6">
      <PendingRefresh active={(list.pending || drawerPending) && !childHandle?.holdsInput} />
      {portfolio ? (
        <Link to="/portafolio" className="self-start font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300">
          {t("portfolioLink")}
        </Link>
      ) : null}
      <HistoryFilters key={search} values={list.values} lastResult={list.lastResult} pairs={list.pairs} />
      {list.total > 0 ? (
        // Plain links, no `download`: the file comes as an attachment, and a failure comes back
        // here with its toast instead of being saved as a file.
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <div role="group" aria-label={t("export.label")} aria-describedby="exportar-alcance" className="flex flex-wrap gap-2">
            <a href={exportHref(search, "csv")} className={buttonClass("secondary")}>
              {t("export.csv")}
            </a>
            <a href={exportHref(search, "xlsx")} className={buttonClass("secondary")}>
              {t("export.xlsx")}
            </a>
          </div>
          <p id="exportar-alcance" className="text-sm text-slate-600 dark:text-slate-300">
            {t("export.hint")}
          </p>
        </div>
      ) : null}
      <HistoryTable
        companyName={companyName}
        rows={list.rows}
        page={list.page}
        pageCount={list.pageCount}
        total={list.total}
        failed={list.failed}
        filtered={list.filtered}
        detailHref={(operationId) => historyHref(search, operationId)}
        pageHref={(page) => pageHref(search, page)}
        retryHref={historyHref(search)}
        clearHref={HISTORY_PATH}
        currentId={id}
      />
      <Outlet />
    </div>
  );
}

export const handle: PageHandle = { namespaces: { history }, titleKey: "shell.title.operations" };

export { ErrorBoundary } from "~/components/errors/error-boundary";
