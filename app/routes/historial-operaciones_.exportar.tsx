import { parseWithZod } from "@conform-to/zod";
import type { LoaderFunctionArgs } from "@remix-run/node";

import { exportFileBase } from "#core/domain/history-export";
import { historyFiltersSchema } from "#core/domain/history-filters";
import { attachmentName } from "#core/domain/spreadsheet";
import { historyHref } from "#core/history-links";
import { spreadsheetResponse } from "#server/accounts/export.server";
import { getConfig } from "#server/config.server";
import type { FetchPage } from "#server/history/export.server";
import { firstPage, historyCsvStream, historyXlsxStream } from "#server/history/export.server";
import { accessKey, enforceRate } from "#server/rate-limit.server";
import type { AccessContext } from "#server/session/auth.server";
import { requireAccess } from "#server/session/auth.server";
import { downloadFailed } from "#server/session/download-failed.server";
import { budgetFrom } from "#server/upstream/budget";
import { isUpstreamError } from "#server/upstream/errors";
import { upstreams } from "#server/upstream/index.server";

/**
 * The operation history as CSV or XLSX (decision 107): what the list's filters show, every page, with
 * the company, the filters and the export time above the rows. Anyone who may read the history may
 * export it. The file is streamed a page at a time (docs/decisions/107). When the bank cannot give
 * the first page, the person goes back to the list with the §8 download error as a toast; a failure
 * after the first rows ends the download as failed rather than handing over half a history.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context, { budget: "download" });
  await enforceRate("export", accessKey(access));
  const url = new URL(request.url);
  const back = historyHref(url.search);
  const format = url.searchParams.get("formato") === "xlsx" ? "xlsx" : "csv";
  const submission = parseWithZod(url.searchParams, { schema: historyFiltersSchema });
  // Invalid filters are shown back on the list with their messages, never exported unfiltered.
  if (submission.status !== "success") return new Response(null, { status: 303, headers: { Location: back } });

  const exportedAt = new Date();
  const input = {
    companyName: access.company.businessName,
    filters: submission.value,
    exportedAt,
    fetchPage: pageReader(access),
    onEnd: ({ rows, failed }: { rows: number; failed: boolean }) =>
      failed
        ? access.log.warn({ event: "history_export_failed", format, rows }, "history export failed mid-file")
        : access.log.info({ event: "history_exported", format, rows }, "history exported"),
  };
  const first = await firstPage(input).catch((error: unknown) => {
    if (!isUpstreamError(error)) throw error;
    access.log.warn({ event: "history_export_failed", service: error.service, failure: error.failure }, "history export failed");
    return null;
  });
  if (!first) return downloadFailed(request, back);
  const body = format === "xlsx" ? historyXlsxStream(input, first) : historyCsvStream(input, first);
  return spreadsheetResponse(body, format, attachmentName(exportFileBase(exportedAt), format));
}

/**
 * Each page gets the download budget of its own: a long history is many short calls, and the
 * request's single budget would cut the 60th page of a file the person is still receiving.
 */
function pageReader(access: AccessContext): FetchPage {
  const { UPSTREAM_DOWNLOAD_BUDGET_MS } = getConfig();
  return (query) =>
    upstreams({ ...access.call, budget: budgetFrom(performance.now(), UPSTREAM_DOWNLOAD_BUDGET_MS) }, access.data).operations.page(query);
}
