// The partner bank's API (prefix /partner): identity, companies, session and accounts.

import { findBankUser, findCompany, profileTypeIn, type SandboxContext } from "./context";
import { bearerToken, HttpError, json, type RequestContext, type Router } from "./http";
import { checkBankToken, mintBankToken } from "./tokens";
import type { BankSession } from "./types";

interface PartnerSession {
  token: string;
  session: BankSession;
}

/** Bank token plus geolocation, as every partner call requires; exported for recipients.ts. */
export function authenticate(ctx: SandboxContext, request: RequestContext): PartnerSession {
  const geolocation = request.headers.geolocation;
  if (typeof geolocation !== "string" || geolocation.trim() === "") {
    throw new HttpError(400, "Falta el encabezado geolocation", "GEOLOCATION_REQUIRED");
  }
  const check = checkBankToken(ctx.state, bearerToken(request.headers), ctx.now().getTime());
  if (!check.ok) {
    throw check.reason === "revoked"
      ? new HttpError(410, "Sesión finalizada", "SESSION_ENDED")
      : new HttpError(401, "Sesión inválida", "INVALID_SESSION");
  }
  return { token: check.token, session: check.session };
}

function bankUserOf(ctx: SandboxContext, session: BankSession) {
  const user = findBankUser(ctx.state, session.userName);
  // A session only exists for a seeded user, and users are never deleted; guard anyway.
  if (!user) throw new HttpError(401, "Sesión inválida", "INVALID_SESSION");
  return user;
}

export function registerPartnerRoutes(router: Router, ctx: SandboxContext): void {
  const mint = (userName: string, clientId: string) =>
    mintBankToken(ctx.state, userName, clientId, ctx.now().getTime(), ctx.bankTokenTtlSeconds);

  router
    .get("/partner/users", (request) => {
      const { session } = authenticate(ctx, request);
      const userName = request.query.get("userName");
      if (!userName) throw new HttpError(400, "Falta el parámetro userName", "USERNAME_REQUIRED");
      if (userName !== session.userName) {
        throw new HttpError(403, "No puedes consultar a otro usuario", "FORBIDDEN");
      }
      const user = bankUserOf(ctx, session);
      return json(200, {
        data: {
          userName: user.userName,
          name: user.name,
          firstLastName: user.firstLastName,
          secondLastName: user.secondLastName,
          email: user.email,
          rfc: user.rfc,
        },
      });
    })
    // Who a token belongs to and the company it was issued for, as an OAuth provider's userinfo
    // answers: what a login link holds, read without opening anything (decision 098).
    .get("/partner/users/me", (request) => {
      const { session } = authenticate(ctx, request);
      const user = bankUserOf(ctx, session);
      const company = findCompany(ctx.state, session.clientId);
      if (!company) throw new HttpError(401, "Sesión inválida", "INVALID_SESSION");
      return json(200, {
        data: {
          userName: user.userName,
          name: user.name,
          firstLastName: user.firstLastName,
          secondLastName: user.secondLastName,
          company: { clientId: company.clientId, name: company.name, businessName: company.businessName },
        },
      });
    })
    .get("/partner/users/companies", (request) => {
      const user = bankUserOf(ctx, authenticate(ctx, request).session);
      const data = user.companies.flatMap((link) => {
        const company = findCompany(ctx.state, link.clientId);
        return company
          ? [{ clientId: company.clientId, name: company.name, businessName: company.businessName, profileType: link.profileType }]
          : [];
      });
      return json(200, { data });
    })
    .post("/partner/users/refreshSession", (request) => {
      const { session } = authenticate(ctx, request);
      // The previous token stays valid until it expires, as the bank does for overlapping requests.
      return json(200, { data: { token: mint(session.userName, session.clientId) } });
    })
    .post("/partner/users/companyChange", (request) => {
      const { session } = authenticate(ctx, request);
      const clientId = request.query.get("clientId");
      if (!clientId) throw new HttpError(400, "Falta el parámetro clientId", "CLIENT_ID_REQUIRED");
      const user = bankUserOf(ctx, session);
      if (!profileTypeIn(user, clientId)) {
        throw new HttpError(403, "No perteneces a esa empresa", "COMPANY_FORBIDDEN");
      }
      return json(200, { data: { token: mint(session.userName, clientId) } });
    })
    .put("/partner/users/signout", (request) => {
      const { session } = authenticate(ctx, request);
      session.revoked = true;
      return json(200, { data: { signedOut: true } });
    })
    .get("/partner/accounts", (request) => {
      const { session } = authenticate(ctx, request);
      const company = findCompany(ctx.state, session.clientId);
      const data = ctx.state.accounts
        .filter((account) => account.clientId === session.clientId)
        .map((account) => ({
          idAccount: account.idAccount,
          clabe: account.clabe,
          currency: account.currency,
          balance: account.balance,
          alias: account.alias,
          holder: company?.businessName ?? "",
        }));
      return json(200, { data });
    });
}
