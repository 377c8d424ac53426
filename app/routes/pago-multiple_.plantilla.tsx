import type { LoaderFunctionArgs } from "@remix-run/node";

import { paymentTemplateCsv, paymentTemplateWorkbook } from "#server/payments/multiple-files.server";
import { requireAccess } from "#server/session/auth.server";
import { cached } from "#server/upstream/cache.server";

/** The multiple payment's template (§2 /pago-multiple): XLSX with the reasons and instructions, or a CSV header (?formato=csv). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  const csv = new URL(request.url).searchParams.get("formato") === "csv";
  const body = csv
    ? paymentTemplateCsv()
    : await paymentTemplateWorkbook(
        (await cached("conceptpays", () => access.api.product.conceptPays())).map((reason) => ({
          id: reason.IdPayConcept,
          label: reason.concept,
        })),
      );
  return new Response(body, {
    headers: {
      "Content-Type": csv ? "text/csv; charset=utf-8" : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="plantilla-pago-multiple.${csv ? "csv" : "xlsx"}"`,
      "Cache-Control": "private, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
