import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { LOGGED_OUT_PATH } from "#core/domain/auth-state";
import { authStateOf, destroySession, getSession } from "#server/session/auth.server";
import { readForm } from "#server/session/csrf.server";
import { endSessionStreams } from "#server/session/streams.server";
import { callContext } from "#server/upstream/budget.server";
import { upstreams } from "#server/upstream/index.server";

/** Nothing to show: a visit (or Back after a post) goes to the dashboard. */
export function loader() {
  return redirect("/");
}

/**
 * Logout (§4): sign out at the bank (allowed even after a partner 401/410), then destroy the
 * session server-side, so Back shows no data: every page's guard finds no session.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await readForm(request);
  const session = await getSession(request);
  const bankToken = session.get("bankToken");
  if (authStateOf(session) === "accessState" && bankToken) {
    await upstreams(callContext(request, context), { bankToken })
      .partner.signOut()
      .catch((error: unknown) => context.log.warn({ err: error instanceof Error ? error.message : error }, "bank sign-out failed"));
  }
  if (session.id) endSessionStreams(session.id);
  context.log.info({ event: "logout" }, "session ended");
  return redirect(LOGGED_OUT_PATH, { headers: { "Set-Cookie": await destroySession(session) } });
}
