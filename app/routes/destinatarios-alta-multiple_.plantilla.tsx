import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUploadAccess } from "#server/recipients/access.server";
import { templateWorkbook } from "#server/recipients/files.server";

/** The bulk upload's template (§2 /destinatarios-alta-multiple): headers, lists and instructions. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUploadAccess(request, context);
  return new Response(await templateWorkbook(), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": 'attachment; filename="plantilla-destinatarios.xlsx"',
      "Cache-Control": "private, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
