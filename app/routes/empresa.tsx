import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";

import { requireAccess } from "#server/session/auth.server";
import { changeCompany } from "#server/session/company.server";
import { readForm } from "#server/session/csrf.server";

const schema = z.object({ clientId: z.string().min(1).max(64) });

/** Nothing to show: a visit (or Back after a post) goes to the dashboard. */
export function loader() {
  return redirect("/");
}

/** 'Cambiar' in the settings drawer's company list (§4). */
export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAccess(request, context);
  const form = schema.safeParse(Object.fromEntries(await readForm(request)));
  return changeCompany(request, access, form.success ? form.data.clientId : null);
}
