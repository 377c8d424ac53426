import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";

import { jwtExpiry } from "#core/domain/jwt";
import { commitSession, getSession, replaceSession, requireAccess } from "#server/session/auth.server";
import { readForm } from "#server/session/csrf.server";
import { isUpstreamError } from "#server/upstream/errors";
import { upstreams } from "#server/upstream/index.server";

const schema = z.object({ clientId: z.string().min(1).max(64) });

/**
 * Company change (§4): the bank exchanges the token for the chosen company, the product issues a
 * token for it, and the session starts over under a new id. The splash covers the switch.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAccess(request, context);
  const form = schema.safeParse(Object.fromEntries(await readForm(request)));
  const target = form.success ? access.data.companies.find((c) => c.clientId === form.data.clientId) : undefined;
  if (!target) throw new Response("Empresa no encontrada", { status: 404 });
  if (target.clientId === access.data.companyId) return redirect("/");

  try {
    const bankToken = await access.api.partner.changeCompany(target.clientId);
    const api = upstreams({ log: context.log, signal: request.signal }, { bankToken });
    const login = await api.product.loginUser(bankToken);
    const scoped = upstreams({ log: context.log, signal: request.signal }, { bankToken, productJwt: login.jwt });
    const profile = await scoped.product.profile(login.memberId);
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
        permissions: profile?.permissions.map((p) => p.name) ?? [],
      },
      { splash: true },
    );
    context.log.info({ event: "company_change", clientId: target.clientId }, "company changed");
    return redirect("/", { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    context.log.warn({ event: "company_change_failed", err: error instanceof Error ? error.message : error }, "company change failed");
    const session = await getSession(request);
    session.flash("modal", "companyChangeError");
    return redirect("/", { headers: { "Set-Cookie": await commitSession(session) } });
  }
}

export function loader() {
  return redirect("/");
}
