import type { LoaderFunctionArgs } from "@remix-run/node";

import { spreadsheetResponse } from "#server/accounts/export.server";
import { fileBatchOf, paymentStore } from "#server/payments/multiple.server";
import { paymentResultCsv, paymentResultWorkbook } from "#server/payments/multiple-files.server";
import { requireAccess } from "#server/session/auth.server";

/**
 * The result of a multiple payment (?carga=<id>&formato=xlsx|csv): every row of the file with
 * its operation id, status (registered, then sent or not by the file's signed batch) and error. Only the member and company who uploaded it can download it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  const url = new URL(request.url);
  const upload = await paymentStore().get(access, (url.searchParams.get("carga") ?? "").slice(0, 64));
  if (!upload) throw new Response("No encontrado", { status: 404 });
  const format = url.searchParams.get("formato") === "csv" ? "csv" : "xlsx";
  // The uploaded file's own name, accents included (the header gives an ASCII fallback beside it).
  const name = `resultado-${upload.fileName.replace(/\.[^.]+$/, "")}.${format}`;
  // Each row's outcome needs the bank's word on the file's batch: without it the file would say less than the page.
  const batch = upload.job?.finished ? await fileBatchOf(access, upload.id) : null;
  if (batch === "unavailable") throw new Response("No pudimos consultar con el banco el resultado de los pagos.", { status: 503 });
  const body = format === "csv" ? paymentResultCsv(upload, batch) : await paymentResultWorkbook(upload, batch);
  return spreadsheetResponse(body, format, name);
}
