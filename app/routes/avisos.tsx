import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";

import { safeRedirectPath } from "#core/url";
import { commitSession, requireAccess } from "#server/session/auth.server";
import { readForm } from "#server/session/csrf.server";

/** Nothing to show: a visit (or Back after a post) goes to the dashboard. */
export function loader() {
  return redirect("/");
}

const MAX_DISMISSED = 50;
const dismissSchema = z.object({ id: z.string().trim().min(1).max(64) });

/**
 * 'Cerrar aviso' on a banner (§2): the announcement stays closed for the session. A plain form post
 * that comes back to the page it was sent from.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAccess(request, context);
  const form = await readForm(request);
  const back = safeRedirectPath(form.get("redirectTo"));
  const parsed = dismissSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return redirect(back);
  const dismissed = access.session.get("dismissedBanners") ?? [];
  if (!dismissed.includes(parsed.data.id)) {
    access.session.set("dismissedBanners", [...dismissed, parsed.data.id].slice(-MAX_DISMISSED));
  }
  return redirect(back, { headers: { "Set-Cookie": await commitSession(access.session) } });
}
