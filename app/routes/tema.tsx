import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { themeFormSchema } from "#core/domain/theme-form";
import { safeRedirectPath } from "#core/url";
import { readForm } from "#server/session/csrf.server";
import { commitTheme } from "#server/session/theme.server";

/** Nothing to show: a visit (or Back after a post) goes to the dashboard. */
export function loader() {
  return redirect("/");
}

/**
 * 'Apariencia' in the settings drawer (decision 051): a plain form post that stores the theme in its
 * own cookie and comes back to the page it was sent from, which the server then renders in that
 * theme. A choice that is not one of the three changes nothing.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const back = safeRedirectPath(form.get("redirectTo"));
  const parsed = themeFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": await commitTheme(parsed.data.tema) } });
}
