import type { LoaderFunctionArgs } from "@remix-run/node";

import { spreadsheetResponse } from "#server/accounts/export.server";
import { requireUploadAccess } from "#server/recipients/access.server";
import { uploadStore } from "#server/recipients/bulk.server";
import { resultCsv, resultWorkbook } from "#server/recipients/files.server";

/**
 * The result of a bulk upload (?carga=<id>&formato=xlsx|csv): every row of the file with what
 * happened to it. Only the member and company who uploaded it can download it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireUploadAccess(request, context);
  const url = new URL(request.url);
  const upload = await uploadStore().get(access, url.searchParams.get("carga") ?? "");
  if (!upload) throw new Response("No encontrado", { status: 404 });
  const format = url.searchParams.get("formato") === "csv" ? "csv" : "xlsx";
  // The uploaded file's own name, accents included (the header gives an ASCII fallback beside it).
  const name = `resultado-${upload.fileName.replace(/\.[^.]+$/, "")}.${format}`;
  const body = format === "csv" ? resultCsv(upload) : await resultWorkbook(upload);
  return spreadsheetResponse(body, format, name);
}
