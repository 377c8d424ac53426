import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { EXPIRED_LOGIN_PATH } from "#core/domain/auth-state";
import { authStateOf, destroySession, getSession, isSessionOver } from "#server/session/auth.server";
import { callContext } from "#server/upstream/budget.server";
import { upstreams } from "#server/upstream/index.server";

/**
 * Where the guard sends a session past its idle or absolute limit (or after a partner 401/410):
 * the bank session is signed out, ours destroyed, and the rest screen says 'Tu sesión ha expirado'.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request);
  // A link from elsewhere must not be able to end a live session.
  if (authStateOf(session) === "accessState" && !isSessionOver(session)) return redirect("/");
  const bankToken = session.get("bankToken");
  if (bankToken) {
    await upstreams({ ...callContext(request, context), signal: undefined }, { bankToken })
      .partner.signOut()
      .catch(() => context.log.info("bank sign-out after expiry not possible"));
  }
  context.log.info({ event: "session_expired" }, "session expired");
  return redirect(EXPIRED_LOGIN_PATH, { headers: { "Set-Cookie": await destroySession(session) } });
}
