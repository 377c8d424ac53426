import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import type { CurrentSession, LinkHolder } from "#core/domain/access-link";
import { jwtClientId, jwtExpiry } from "#core/domain/jwt";

import { enforceRate } from "../rate-limit.server";
import { callContext } from "../upstream/budget.server";
import { isUpstreamError } from "../upstream/errors";
import type { Upstreams } from "../upstream/index.server";
import { upstreams } from "../upstream/index.server";
import type { PortalSession } from "./auth.server";
import { authStateOf, getSession, replaceSession } from "./auth.server";
import { claimBankToken, clearReturn, returnAfterLogin } from "./login-link.server";
import type { FlashData, SessionData } from "./types";

/**
 * Everything an access session needs once the product token is known: the bank user, then the
 * companies. One after the other, not in parallel: right after a bank outage the partner breaker
 * lets a single probe through, and a second call sent beside it would be refused and fail a login
 * whose bank token is already spent (decision 101). Neither permissions nor the membership are kept: they are read
 * fresh where they are checked (server/session/permissions.server.ts and membership.server.ts,
 * decisions 058 and 061).
 */
export async function buildAccessSession(
  api: Upstreams,
  tokens: { bankToken: string; productJwt: string; memberId: string; userName: string },
  now = Date.now(),
): Promise<Partial<SessionData>> {
  const user = await api.partner.getUser(tokens.userName);
  const companies = await api.partner.getCompanies();
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
    partnerExpired: false,
  } as Partial<SessionData>;
}

/**
 * /access: exchange the bank's token for a product session. Unknown users go to the wizard;
 * any failure lands on the error state, with the reason logged (never the token).
 */
export async function loginWithBankToken(request: Request, context: AppLoadContext, bankToken: string, landing = "/") {
  const anonymous = upstreams(callContext(request, context), { bankToken });
  try {
    const login = await anonymous.product.loginUser(bankToken);
    // The account's logins too, not only the address's (decision 099): many addresses, one account, still bounded.
    await enforceRate("login", { subject: `account:${login.userName}` });
    const api = upstreams(callContext(request, context), { bankToken, productJwt: login.jwt });
    const data = await buildAccessSession(api, { bankToken, productJwt: login.jwt, memberId: login.memberId, userName: login.userName });
    context.log.info({ event: "login", memberId: login.memberId }, "session started");
    // The welcome (§2) greets the login once: a flash, so a reload or the next page does not show it again.
    return redirect(landing, { headers: { "Set-Cookie": await replaceSession(request, data, { welcome: true }) } });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isUpstreamError(error) && error.service === "product" && error.status === 404) {
      context.log.info({ event: "login_unknown_user" }, "bank user not yet a product member");
      const cookie = await replaceSession(request, { authState: "wizardState", bankToken });
      return redirect("/wizard", { headers: { "Set-Cookie": cookie } });
    }
    return failLogin(request, context, error);
  }
}

/**
 * The bank's link, once the app decided to sign in with it (app/routes/access.tsx): the token is
 * claimed first (a token opens one session at most), a session it replaces is signed out at the
 * bank, and `extraCookie` (the spent login state) goes with the answer. The session lands on the
 * page the person asked for before the login, when the guard kept one (decision 109), whose route
 * then checks it as any other request (another company's operation is its 404).
 */
export async function signInFromLink(request: Request, context: AppLoadContext, bankToken: string, extraCookie?: string) {
  const answer = await signInOnce(request, context, bankToken, (await returnAfterLogin(request)) ?? "/");
  if (extraCookie) answer.headers.append("Set-Cookie", extraCookie);
  answer.headers.append("Set-Cookie", await clearReturn());
  return answer;
}

async function signInOnce(request: Request, context: AppLoadContext, bankToken: string, landing: string) {
  if (!(await claimBankToken(bankToken))) {
    context.log.warn({ event: "login_failed", reason: "used" }, "bank token used before");
    return failLogin(request, context, "used");
  }
  const previous = await getSession(request);
  const previousToken = previous.get("bankToken");
  if (authStateOf(previous) === "accessState" && previousToken && previousToken !== bankToken) {
    await upstreams(callContext(request, context), { bankToken: previousToken })
      .partner.signOut()
      .catch((error: unknown) => context.log.warn({ err: error instanceof Error ? error.message : error }, "bank sign-out failed"));
  }
  return loginWithBankToken(request, context, bankToken, landing);
}

/**
 * Whose access a bank link holds (decision 098), read with the token from the bank without opening
 * a session with it: the token stays unclaimed and nothing is stored. "invalid" when the bank does
 * not know the token (it would fail at sign-in too), "unavailable" when it could not say.
 */
export async function linkHolder(
  request: Request,
  context: AppLoadContext,
  bankToken: string,
): Promise<LinkHolder | "invalid" | "unavailable"> {
  try {
    const holder = await upstreams(callContext(request, context), { bankToken }).partner.tokenHolder();
    return {
      userName: holder.userName,
      name: holder.name,
      firstLastName: holder.firstLastName,
      companyId: holder.company.clientId,
      companyName: holder.company.name,
    };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return error.status === 401 || error.status === 410 ? "invalid" : "unavailable";
  }
}

/** The browser's session as the continuation names it: the signed-in person and company, or one without a name yet. */
export function currentSessionOf(session: PortalSession): CurrentSession {
  const state = authStateOf(session);
  if (state === "wizardState") return "unnamed";
  if (state !== "accessState") return null;
  const user = session.get("user");
  const companyId = session.get("companyId");
  const company = session.get("companies")?.find((candidate) => candidate.clientId === companyId);
  if (!user || !company) return "unnamed";
  return {
    userName: user.userName,
    name: user.name,
    firstLastName: user.firstLastName,
    companyId: company.clientId,
    companyName: company.name,
  };
}

export async function failLogin(request: Request, context: AppLoadContext, error: unknown, flash?: Partial<FlashData>) {
  const reason = error === "used" || error === "token" ? error : isUpstreamError(error) && error.status === 401 ? "token" : "upstream";
  context.log.warn({ event: "login_failed", reason, err: error instanceof Error ? error.message : String(error) }, "login failed");
  const cookie = await replaceSession(request, { authState: "errorState", errorReason: reason }, flash);
  return redirect("/error", { headers: { "Set-Cookie": cookie } });
}
