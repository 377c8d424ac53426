import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { withParams } from "#core/url";
import { requireAccess } from "#server/session/auth.server";

/** The settings drawer's tabs; §2: "/configuracion: profile", so the user's data unless another tab is named. */
const TABS = new Set(["datos", "empresas"]);

/**
 * `/configuracion` is the avatar's 'Configuración' drawer (decision 059), addressable by URL so that a link, a bookmark or
 * the contact notice lands there: it opens over the dashboard, on the tab `?tab=` names. Signed out, the session guard
 * sends the person to sign in first.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccess(request, context);
  const tab = new URL(request.url).searchParams.get("tab");
  return redirect(withParams("/", { drawer: "configuracion", tab: tab && TABS.has(tab) ? tab : "datos" }));
}
