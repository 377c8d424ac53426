import type { LoaderFunctionArgs } from "@remix-run/node";

import { historyHref } from "#core/history-links";
import { loadOperationDetail } from "#server/history/detail.server";
import { DocumentError, pdfResponse, renderReceipt } from "#server/history/documents.server";
import { accessKey, enforceRate } from "#server/rate-limit.server";
import { requireAccess } from "#server/session/auth.server";
import { downloadFailed } from "#server/session/download-failed.server";

/**
 * 'Comprobante {product}' (§2 footer, §3 Receipt data, §9): a PDF the app renders itself with
 * Chromium on one US Letter page, answered as a download named prefix_{type}_{folio}. If it cannot
 * be made, the person is sent back to the detail with the §8 download error as a toast.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context, { budget: "download" });
  await enforceRate("export", accessKey(access));
  const { detail } = await loadOperationDetail(access, params.id ?? "", { recheck: false });
  try {
    return pdfResponse(await renderReceipt(access, detail));
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    return downloadFailed(request, historyHref(new URL(request.url).search, detail.id));
  }
}
