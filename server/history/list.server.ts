import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";

import type { HistoryFilters } from "#core/domain/history-filters";
import { FILTER_PARAMS, hasFilters, historyFiltersSchema, operationsPageQuery, pageParam } from "#core/domain/history-filters";

import type { AccessContext } from "../session/auth.server";
import type { OperationsPage } from "../upstream/operations.server";
import { optional } from "../upstream/optional.server";
import { checkingClient } from "./detail.server";
import { recheckPending } from "./poller.server";
import type { HistoryRow } from "./view";
import { historyRow } from "./view";

export interface HistoryList {
  rows: HistoryRow[];
  page: number;
  pageCount: number;
  total: number;
  /** The list could not be loaded: the error state with a retry link. */
  failed: boolean;
  filtered: boolean;
  /** Filters as typed (defaults of the form) and, when some are invalid, the form's errors. */
  values: Record<(typeof FILTER_PARAMS)[number], string>;
  lastResult: SubmissionResult<string[]> | null;
  /** Pairs to filter by (from GET /filters/operations); empty when unavailable. */
  pairs: string[];
  /** Some row is pending: the page asks again in 120 s. */
  pending: boolean;
}

const EMPTY_PAGE: OperationsPage = { data: [], meta: { page: 1, pageSize: 0, total: 0, pageCount: 0 } };

/**
 * The history list (§2 /historial-operaciones): filters from the URL, one page from the upstream
 * and the filter catalogue in parallel, then the §4 re-check of the pending rows shown.
 * Invalid filters are shown back with their messages, and the list is not filtered by them.
 */
export async function loadHistoryList(access: AccessContext, url: URL): Promise<HistoryList> {
  const submission = parseWithZod(url.searchParams, { schema: historyFiltersSchema });
  const filters: HistoryFilters = submission.status === "success" ? submission.value : {};
  const page = pageParam(url.searchParams.get("pagina"));
  const query = operationsPageQuery(filters, page);
  const fetchPage = () => (query ? access.api.operations.page(query) : Promise.resolve(EMPTY_PAGE));

  const [result, catalogue] = await Promise.all([
    optional(fetchPage(), null, { log: access.log, event: "history_unavailable" }),
    optional(access.api.operations.filters(), null, { log: access.log, event: "history_filters_unavailable" }),
  ]);

  let data = result;
  if (data) {
    const recheck = await recheckPending(checkingClient(access), access.company.clientId, data.data, access.log);
    // The page already loaded still shows when reloading it after the recheck fails.
    if (recheck.reload) data = (await optional(fetchPage(), null, { log: access.log, event: "history_reload_unavailable" })) ?? data;
  }

  const values = Object.fromEntries(FILTER_PARAMS.map((name) => [name, url.searchParams.get(name) ?? ""])) as HistoryList["values"];
  const rows = data?.data.map(historyRow) ?? [];
  return {
    rows,
    page,
    pageCount: data?.meta.pageCount ?? 0,
    total: data?.meta.total ?? 0,
    failed: data === null,
    filtered: submission.status === "success" && hasFilters(filters),
    values,
    lastResult: submission.status === "success" ? null : submission.reply(),
    pairs: catalogue?.pairs ?? [],
    pending: rows.some((row) => row.polled),
  };
}
