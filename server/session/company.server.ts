import { redirect } from "@remix-run/node";

import { jwtExpiry } from "#core/domain/jwt";
import texts from "#core/locales/es-MX/common.json";

import { isUpstreamError } from "../upstream/errors";
import { upstreams } from "../upstream/index.server";
import type { AccessContext } from "./auth.server";
import { commitSession, getSession, newToast, replaceSession } from "./auth.server";

/**
 * Company change (§4): the bank exchanges the token for the chosen company, the product issues a
 * token for it, and the session starts over under a new id; the splash covers the switch. A
 * company the person does not belong to is a 404; a failure shows the 'No pudimos cambiarte de
 * empresa.' modal on the dashboard.
 */
export async function changeCompany(request: Request, access: AccessContext, clientId: string | null): Promise<Response> {
  const target = access.data.companies.find((company) => company.clientId === clientId);
  if (!target) throw new Response("Empresa no encontrada", { status: 404 });
  if (target.clientId === access.data.companyId) return redirect("/");

  try {
    const bankToken = await access.api.partner.changeCompany(target.clientId);
    const call = access.call;
    const login = await upstreams(call, { bankToken }).product.loginUser(bankToken);
    const now = Date.now();
    const cookie = await replaceSession(
      request,
      {
        ...access.data,
        bankToken,
        productJwt: login.jwt,
        expiresAt: jwtExpiry(login.jwt) ?? now,
        lastSeenAt: now,
        companyId: target.clientId,
      },
      // The splash says the data is being refreshed; the toast, once it lifts, which company this is now.
      {
        splash: true,
        toast: newToast(
          "success",
          texts.company.changed.replace("{{company}}", () => target.businessName),
        ),
      },
    );
    // The old company's bank token is done with: revoked, so a copy of it opens nothing (ASVS V7).
    await access.api.partner
      .signOut()
      .catch((error: unknown) =>
        access.log.warn(
          { event: "old_token_revoke_failed", err: error instanceof Error ? error.message : error },
          "old bank token not revoked",
        ),
      );
    access.log.info({ event: "company_change", clientId: target.clientId }, "company changed");
    return redirect("/", { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    access.log.warn({ event: "company_change_failed", err: error.message }, "company change failed");
    const session = await getSession(request);
    session.flash("modal", "companyChangeError");
    return redirect("/", { headers: { "Set-Cookie": await commitSession(session) } });
  }
}
