import type { LoaderFunctionArgs } from "@remix-run/node";

import { historyHref } from "#core/history-links";
import { companyOperation } from "#server/history/detail.server";
import { DocumentError, fetchInvoice, pdfResponse } from "#server/history/documents.server";
import { accessKey, enforceRate } from "#server/rate-limit.server";
import { requireAccess } from "#server/session/auth.server";
import { downloadFailed } from "#server/session/download-failed.server";

/**
 * 'Factura BASE' (§2 footer, §5 Invoice, §7): the bank's invoice PDF, only for an applied operation
 * with a GFB reference. Any failure goes back to the detail with the §8 download error as a toast.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context, { budget: "download" });
  await enforceRate("export", accessKey(access));
  const operation = await companyOperation(access, params.id ?? "");
  try {
    return pdfResponse(await fetchInvoice(access, operation));
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    return downloadFailed(request, historyHref(new URL(request.url).search, operation.id));
  }
}
