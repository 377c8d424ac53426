import type { LoaderFunctionArgs } from "@remix-run/node";

import { paymentTemplateLists } from "#core/domain/payment-template";
import { spreadsheetResponse } from "#server/accounts/export.server";
import { batchContext } from "#server/payments/multiple.server";
import { paymentTemplateCsv, paymentTemplateWorkbook } from "#server/payments/multiple-files.server";
import { requireAccess } from "#server/session/auth.server";
import { isSpecialRuleCompany } from "#server/session/shell.server";
import { optional } from "#server/upstream/optional.server";

/**
 * The multiple payment's template (§2 /pago-multiple): XLSX with the company's origin accounts,
 * the recipients a row may pay and the reasons to pick from, plus an example row (decision 123),
 * or a CSV header (?formato=csv). The lists are the company's: never cached.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  if (new URL(request.url).searchParams.get("formato") === "csv") {
    return spreadsheetResponse(paymentTemplateCsv(), "csv", "plantilla-pago-multiple.csv");
  }
  // The same reading the upload's rows are checked against. Without it the template still
  // downloads, with empty lists and no example.
  const batch = await optional(batchContext(access), null, { log: access.log, event: "payment_template_lists_unavailable" });
  const lists = batch
    ? paymentTemplateLists(batch, { specialRule: isSpecialRuleCompany(access.company.clientId) })
    : { accounts: [], recipients: [], reasons: [], example: null };
  return spreadsheetResponse(await paymentTemplateWorkbook(lists), "xlsx", "plantilla-pago-multiple.xlsx");
}
