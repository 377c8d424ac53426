import type { LoaderFunctionArgs } from "@remix-run/node";

import { paymentTemplateCsv, paymentTemplateWorkbook } from "#server/payments/multiple-files.server";
import { requireAccess } from "#server/session/auth.server";
import { cached } from "#server/upstream/cache.server";
import { optional } from "#server/upstream/optional.server";

/** The multiple payment's template (§2 /pago-multiple): XLSX with the reasons and instructions, or a CSV header (?formato=csv). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  const csv = new URL(request.url).searchParams.get("formato") === "csv";
  // Without the catalogue the template still downloads; its reasons sheet is then empty.
  const reasons = csv
    ? []
    : await optional(
        cached("conceptpays", () => access.api.product.conceptPays()),
        [],
        { log: access.log, event: "payment_template_reasons_unavailable" },
      );
  const body = csv
    ? paymentTemplateCsv()
    : await paymentTemplateWorkbook(reasons.map((reason) => ({ id: reason.IdPayConcept, label: reason.concept })));
  return new Response(body, {
    headers: {
      "Content-Type": csv ? "text/csv; charset=utf-8" : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="plantilla-pago-multiple.${csv ? "csv" : "xlsx"}"`,
      "Cache-Control": "private, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
