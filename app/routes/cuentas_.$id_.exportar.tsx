import type { LoaderFunctionArgs } from "@remix-run/node";

import { attachmentName } from "#core/domain/spreadsheet";
import { withoutParams } from "#core/url";
import { findAccount } from "#server/accounts/accounts.server";
import { movementsCsv, movementsXlsx, spreadsheetResponse } from "#server/accounts/export.server";
import { loadMovements, readMovementFilters } from "#server/accounts/movements.server";
import { accessKey, enforceRate } from "#server/rate-limit.server";
import { requireAccess } from "#server/session/auth.server";
import { downloadFailed } from "#server/session/download-failed.server";
import { isUpstreamError } from "#server/upstream/errors";
import { serverT } from "~/i18n.server";

/**
 * The filtered movements of one account as a file (§2 /cuentas/:id export): the same filters
 * and the same list as the screen, every page, as CSV or XLSX with formula-safe cells. When the
 * bank cannot answer, the person goes back to the movements with the §8 download error as a toast.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context, { budget: "download" });
  await enforceRate("export", accessKey(access));
  const url = new URL(request.url);
  // Where a failed download goes back to: the account's movements, as filtered.
  const back = withoutParams(`${url.pathname.replace(/\/exportar$/, "")}${url.search}`, ["formato"]);
  const format = url.searchParams.get("formato") === "xlsx" ? "xlsx" : "csv";
  const filters = readMovementFilters(url);
  if (!filters.ok) throw new Response("Filtros inválidos", { status: 400 });
  const account = await findAccount(access, params.id ?? "").catch((error: unknown) => {
    if (!isUpstreamError(error)) throw error;
    access.log.warn({ event: "movements_export_failed", service: error.service, failure: error.failure }, "movements export failed");
    return null;
  });
  if (!account) return downloadFailed(request, back);
  const outcome = await loadMovements(access, account.bank, filters.filters, filters.range);
  if (!outcome.ok) return downloadFailed(request, back);
  const t = serverT("accounts");
  const name = attachmentName(
    t("movements.export.fileName", { alias: account.view.alias, from: filters.range.from, to: filters.range.to }),
    format,
  );
  const body = format === "xlsx" ? await movementsXlsx(outcome.movements) : movementsCsv(outcome.movements);
  context.log.info({ event: "movements_exported", format, rows: outcome.movements.length }, "movements exported");
  return spreadsheetResponse(body, format, name);
}
