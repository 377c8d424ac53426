import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { jwtExpiry } from "#core/domain/jwt";
import { endsAtCap } from "#core/domain/session-timing";
import { safeRedirectPath } from "#core/url";
import { commitSession, newToast, redirectWithToast, requireAccess } from "#server/session/auth.server";
import { readForm } from "#server/session/csrf.server";
import { isUpstreamError } from "#server/upstream/errors";
import { upstreams } from "#server/upstream/index.server";
import { serverT } from "~/i18n.server";

/** Nothing to show: a visit (or Back after a post) goes to the dashboard. */
export function loader() {
  return redirect("/");
}

/**
 * 'Continuar' on 'Tu sesión está a punto de expirar' (§4): the bank refreshes its session, the
 * product issues a new token, and the session's limits move forward. Works as a plain form post.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAccess(request, context);
  const form = await readForm(request);
  const back = safeRedirectPath(form.get("redirectTo"));
  if (endsAtCap(access.data.expiresAt, access.data.startedAt)) {
    // The absolute cap ends this session before its token does: a new token buys nothing (ASVS 7.3.2).
    const t = serverT("common");
    return redirectWithToast(request, back, newToast("error", t("generic.error"), t("session:session.expiring.cappedRefused")));
  }
  try {
    const bankToken = await access.api.partner.refreshSession();
    const login = await upstreams(access.call, { bankToken }).product.loginUser(bankToken);
    const now = Date.now();
    access.session.set("bankToken", bankToken);
    access.session.set("productJwt", login.jwt);
    access.session.set("expiresAt", jwtExpiry(login.jwt) ?? now);
    access.session.set("lastSeenAt", now);
    context.log.info({ event: "session_extended" }, "session extended");
    return redirect(back, { headers: { "Set-Cookie": await commitSession(access.session) } });
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    context.log.warn({ event: "session_extend_failed", err: error instanceof Error ? error.message : error }, "session extension failed");
    const t = serverT("common");
    return redirectWithToast(request, back, newToast("error", t("generic.error"), t("session:session.expiring.failed")));
  }
}
