import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { jwtClientId, jwtExpiry } from "#core/domain/jwt";

import { isUpstreamError } from "../upstream/errors";
import type { Upstreams } from "../upstream/index.server";
import { upstreams } from "../upstream/index.server";
import { replaceSession } from "./auth.server";
import type { FlashData, SessionData } from "./types";

/**
 * Everything an access session needs, loaded in parallel once the product token is known:
 * the bank user, the companies, the membership and the profile's permissions.
 */
export async function buildAccessSession(
  api: Upstreams,
  tokens: { bankToken: string; productJwt: string; memberId: string; userName: string },
  now = Date.now(),
): Promise<Partial<SessionData>> {
  const [user, companies, membership, profile] = await Promise.all([
    api.partner.getUser(tokens.userName),
    api.partner.getCompanies(),
    api.graphql.membership(),
    api.product.profile(tokens.memberId),
  ]);
  if (companies.length === 0) throw new Error("the bank user has no companies");
  const clientId = jwtClientId(tokens.productJwt);
  const company = companies.find((c) => c.clientId === clientId) ?? companies[0];
  return {
    authState: "accessState",
    bankToken: tokens.bankToken,
    productJwt: tokens.productJwt,
    expiresAt: jwtExpiry(tokens.productJwt) ?? now,
    startedAt: now,
    lastSeenAt: now,
    memberId: tokens.memberId,
    user: {
      userName: user.userName,
      name: user.name,
      firstLastName: user.firstLastName,
      secondLastName: user.secondLastName,
      email: user.email,
    },
    companies,
    companyId: company.clientId,
    permissions: profile?.permissions.map((p) => p.name) ?? [],
    membershipId: membership.membershipId,
    membershipName: membership.name,
    partnerExpired: false,
  } as Partial<SessionData>;
}

function callContext(request: Request, context: AppLoadContext) {
  return { log: context.log, signal: request.signal };
}

/**
 * /access: exchange the bank's token for a product session. Unknown users go to the wizard;
 * any failure lands on the error state, with the reason logged (never the token).
 */
export async function loginWithBankToken(request: Request, context: AppLoadContext, bankToken: string) {
  const anonymous = upstreams(callContext(request, context), { bankToken });
  try {
    const login = await anonymous.product.loginUser(bankToken);
    const api = upstreams(callContext(request, context), { bankToken, productJwt: login.jwt });
    const data = await buildAccessSession(api, { bankToken, productJwt: login.jwt, memberId: login.memberId, userName: login.userName });
    context.log.info({ event: "login", memberId: login.memberId }, "session started");
    return redirect("/", { headers: { "Set-Cookie": await replaceSession(request, data) } });
  } catch (error) {
    if (isUpstreamError(error) && error.service === "product" && error.status === 404) {
      context.log.info({ event: "login_unknown_user" }, "bank user not yet a product member");
      const cookie = await replaceSession(request, { authState: "wizardState", bankToken });
      return redirect("/wizard", { headers: { "Set-Cookie": cookie } });
    }
    return failLogin(request, context, error);
  }
}

export async function failLogin(request: Request, context: AppLoadContext, error: unknown, flash?: Partial<FlashData>) {
  const reason = isUpstreamError(error) && error.status === 401 ? "token" : "upstream";
  context.log.warn({ event: "login_failed", reason, err: error instanceof Error ? error.message : String(error) }, "login failed");
  const cookie = await replaceSession(request, { authState: "errorState", errorReason: reason }, flash);
  return redirect("/error", { headers: { "Set-Cookie": cookie } });
}
