import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { tellsUnknownPath } from "#core/domain/unknown-path";
import { getSession, newToast, redirectWithToast, stateRedirect } from "#server/session/auth.server";
import { serverT } from "~/i18n.server";

/**
 * SPEC §2: any other path redirects to the dashboard (whose guard then decides). A signed-in person
 * who typed it is told, with a flash toast that works without JavaScript (decision 124); a signed-out
 * visit gets no session made for it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const told = tellsUnknownPath({
    method: request.method,
    pathname: new URL(request.url).pathname,
    fetchDest: request.headers.get("Sec-Fetch-Dest"),
    accept: request.headers.get("Accept"),
  });
  if (!told || stateRedirect(await getSession(request), ["accessState"]) !== null) return redirect("/");
  const t = serverT("flash");
  return redirectWithToast(request, "/", newToast("info", t("unknownPath.title"), t("unknownPath.description")));
}

export function action() {
  return redirect("/");
}
