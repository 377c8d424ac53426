import type { ActionFunctionArgs } from "@remix-run/node";

import { authoriseOperationSchema } from "#core/domain/payment-batch-form";
import { historyHref } from "#core/history-links";
import { companyOperation } from "#server/history/detail.server";
import { authoriseFromDrawer } from "#server/payments/batch-authorisation.server";
import { requireAccess } from "#server/session/auth.server";
import { readForm } from "#server/session/csrf.server";

/**
 * 'Autorizar con mi token' of an operation waiting for its signer's token (decision 093): the
 * bank's challenge of the live batch it belongs to (its file's), or of a batch of this one
 * operation. Every answer is a redirect, so the drawer works the same without JavaScript; another
 * company's operation is a 404.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const access = await requireAccess(request, context);
  const parsed = authoriseOperationSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw new Response("Solicitud inválida", { status: 400 });
  const operation = await companyOperation(access, params.id ?? "");
  const here = historyHref(new URL(request.url).search, operation.id);
  return authoriseFromDrawer(request, access, operation, parsed.data.idempotencyKey, here);
}
