import type { LoaderFunctionArgs } from "@remix-run/node";

import { attachmentName } from "#core/domain/spreadsheet";
import { findAccount } from "#server/accounts/accounts.server";
import { movementsCsv, movementsXlsx } from "#server/accounts/export.server";
import { loadMovements, readMovementFilters } from "#server/accounts/movements.server";
import { accessKey, enforceRate } from "#server/rate-limit.server";
import { requireAccess } from "#server/session/auth.server";
import { serverT } from "~/i18next.server";

/**
 * The filtered movements of one account as a file (§2 /cuentas/:id export): the same filters
 * and the same list as the screen, every page, as CSV or XLSX with formula-safe cells.
 */
const FORMATS = {
  csv: { type: "text/csv; charset=utf-8" },
  xlsx: { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
} as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  await enforceRate("export", accessKey(access));
  const { view, bank } = await findAccount(access, params.id ?? "");
  const url = new URL(request.url);
  const format = url.searchParams.get("formato") === "xlsx" ? "xlsx" : "csv";
  const filters = readMovementFilters(url);
  if (!filters.ok) throw new Response("Filtros inválidos", { status: 400 });
  const outcome = await loadMovements(access, bank.clabe, filters.filters, filters.range);
  if (!outcome.ok) throw new Response("Movimientos no disponibles", { status: 502 });
  const t = await serverT("accounts");
  const name = attachmentName(
    t("movements.export.fileName", { alias: view.alias, from: filters.range.from, to: filters.range.to }),
    format,
  );
  const body = format === "xlsx" ? await movementsXlsx(outcome.movements) : movementsCsv(outcome.movements);
  context.log.info({ event: "movements_exported", format, rows: outcome.movements.length }, "movements exported");
  return new Response(body, {
    headers: {
      "Content-Type": FORMATS[format].type,
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
