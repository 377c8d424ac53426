import type { LoaderFunctionArgs } from "@remix-run/node";

import { spreadsheetResponse } from "#server/accounts/export.server";
import { requireUploadAccess } from "#server/recipients/access.server";
import { templateWorkbook } from "#server/recipients/files.server";

/** The bulk upload's template (§2 /destinatarios-alta-multiple): headers, lists and instructions. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUploadAccess(request, context);
  return spreadsheetResponse(await templateWorkbook(), "xlsx", "plantilla-destinatarios.xlsx");
}
