// The product's own API (prefix /api): onboarding with the bank token, then everything else
// behind the product jwt, scoped to the jwt's member and company.

import { z } from "zod";

import { profileView } from "./contact";
import { findBankUser, findCompany, findMemberById, findMemberByUserName, profileTypeIn, type SandboxContext, today } from "./context";
import { bearerToken, HttpError, json, parseWith, type RequestContext, type Router } from "./http";
import { applyPlan } from "./membership";
import { checkBankToken, type ProductClaims, signJwt, verifyJwt } from "./tokens";
import { ALL_PERMISSIONS, type BankSession, type BankUser, type MemberAccountRecord, type ProductMember, type ProfileType } from "./types";

export interface ProductAuth {
  claims: ProductClaims;
  member: ProductMember;
  user: BankUser;
  profileType: ProfileType;
}

/** Verifies the product jwt and resolves who is calling; 401 on anything stale or forged. */
export function authenticateMember(ctx: SandboxContext, request: Pick<RequestContext, "headers">): ProductAuth {
  const token = bearerToken(request.headers);
  if (!token) throw new HttpError(401, "Falta el token de acceso", "UNAUTHORIZED");
  const claims = verifyJwt(ctx.state.jwtSecret, token, Math.floor(ctx.now().getTime() / 1000));
  if (!claims) throw new HttpError(401, "Token de acceso inválido o vencido", "UNAUTHORIZED");
  const member = findMemberById(ctx.state, Number(claims.sub));
  const user = member && findBankUser(ctx.state, member.userName);
  const profileType = user && profileTypeIn(user, claims.clientId);
  if (!member || !user || !profileType) {
    throw new HttpError(401, "Token de acceso inválido o vencido", "UNAUTHORIZED");
  }
  return { claims, member, user, profileType };
}

function requireBankSession(ctx: SandboxContext, externalToken: string): BankSession {
  const check = checkBankToken(ctx.state, externalToken, ctx.now().getTime());
  if (!check.ok) throw new HttpError(401, "Token bancario inválido", "INVALID_EXTERNAL_TOKEN");
  return check.session;
}

const userNotFound = () => new HttpError(404, "Usuario no registrado", "USER_NOT_FOUND");

const loginInput = z.object({ externalToken: z.string().min(1) });
const createUserInput = z.object({
  externalToken: z.string().min(1),
  evidence: z.object({ termsAcceptedAt: z.string().min(1), termsVersion: z.string().min(1) }),
  provider: z.string().min(1),
});
const membershipInput = z.object({
  idMembership: z.union([z.literal(1), z.literal(2)]),
  externalToken: z.string().min(1),
});
const memberAccountInput = z.object({
  idAccount: z.string().min(1),
  favorite: z.boolean().optional(),
  alias: z.string().trim().max(40).optional(),
});
const loggerInput = z.object({
  application: z.string().min(1),
  error: z.unknown(),
  context: z.unknown(),
  operation: z.unknown(),
});

/** Strapi-style `_limit` (-1 = all) and `_sort` on a catalogue. */
function listQuery<T extends object>(items: T[], query: URLSearchParams): T[] {
  let result = [...items];
  const sortField = query.get("_sort");
  if (sortField) {
    const [field, direction] = sortField.split(":");
    if (result.length > 0 && field in result[0]) {
      const key = field as keyof T;
      result.sort((a, b) => String(a[key]).localeCompare(String(b[key]), "es"));
      if (direction?.toUpperCase() === "DESC") result.reverse();
    }
  }
  const limit = Number(query.get("_limit") ?? "-1");
  if (Number.isInteger(limit) && limit >= 0) result = result.slice(0, limit);
  return result;
}

function memberAccountView(record: MemberAccountRecord) {
  return { id: record.id, idAccount: record.idAccount, alias: record.alias, favorite: record.favorite };
}

const announcementInput = z.object({
  id: z.number().int().positive().optional(),
  active: z.boolean().optional(),
  dateToShow: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  service: z.enum(["FX", "SPEI", "SPID", "OPI"]),
  type: z.enum(["delays", "issues", "beforeDayOff", "dayOff", "novelty"]),
  detail: z.record(z.string()).nullable().optional(),
  resolution_time: z.string().max(80).nullable().optional(),
});

export function registerProductRoutes(router: Router, ctx: SandboxContext): void {
  const { state } = ctx;
  const auth = (request: RequestContext) => authenticateMember(ctx, request);

  router
    .post("/api/loginuser", ({ body }) => {
      const { externalToken } = parseWith(loginInput, body);
      const session = requireBankSession(ctx, externalToken);
      const member = findMemberByUserName(state, session.userName);
      // A member without a plan has not finished onboarding, so it cannot log in yet.
      if (!member || !member.membership) throw userNotFound();
      const iat = Math.floor(ctx.now().getTime() / 1000);
      const jwt = signJwt(state.jwtSecret, {
        sub: String(member.memberId),
        userName: member.userName,
        clientId: session.clientId,
        iat,
        exp: iat + ctx.jwtTtlSeconds,
      });
      return json(200, { jwt, memberId: member.memberId, userName: member.userName });
    })
    .post("/api/createuser", ({ body }) => {
      const input = parseWith(createUserInput, body);
      const session = requireBankSession(ctx, input.externalToken);
      if (findMemberByUserName(state, session.userName)) {
        throw new HttpError(409, "El usuario ya está registrado", "USER_ALREADY_EXISTS");
      }
      const user = findBankUser(state, session.userName);
      if (!user) throw new HttpError(401, "Token bancario inválido", "INVALID_EXTERNAL_TOKEN");
      const isAdmin = profileTypeIn(user, session.clientId) === "ADMINISTRADOR";
      const memberId = state.nextIds.member++;
      const member: ProductMember = {
        memberId,
        userName: user.userName,
        createdAt: ctx.now().toISOString(),
        membership: null,
        trialUsed: false,
        permissions: isAdmin ? [...ALL_PERMISSIONS] : [],
        profile: {
          id: 100 + memberId,
          alias: `${user.name} ${user.firstLastName.charAt(0)}.`,
          phone: null,
          phoneVerified: false,
          email: user.email,
          emailVerified: false,
          avatar: null,
        },
        visitedTours: [],
        terms: { acceptedAt: input.evidence.termsAcceptedAt, version: input.evidence.termsVersion, provider: input.provider },
      };
      state.members.push(member);
      return json(201, { memberId: member.memberId });
    })
    .post("/api/setmembershipuser", ({ body }) => {
      const input = parseWith(membershipInput, body);
      const session = requireBankSession(ctx, input.externalToken);
      const member = findMemberByUserName(state, session.userName);
      if (!member) throw userNotFound();
      const membership = applyPlan(member, input.idMembership, state.catalogs, today(ctx));
      return json(200, { membershipId: membership.membershipId, status: membership.status });
    })
    .get("/api/filter-pairs", (request) => {
      auth(request);
      return json(200, { pairsCatalogs: state.catalogs.pairs.map((pair) => ({ pair })) });
    })
    .get("/api/error-catalogs", (request) => {
      auth(request);
      return json(200, listQuery(state.catalogs.errorCatalog, request.query));
    })
    .get("/api/countrycodes", (request) => {
      auth(request);
      return json(
        200,
        state.catalogs.countries.map((country) => ({
          id: country.id,
          country_code: country.phoneCode,
          country: country.description,
        })),
      );
    })
    .get("/api/countries-catalogs", (request) => {
      auth(request);
      const countries = state.catalogs.countries.map(({ id, description, code }) => ({ id, description, code }));
      return json(200, listQuery(countries, request.query));
    })
    .get("/api/conceptpays", (request) => {
      auth(request);
      return json(200, state.catalogs.conceptPays);
    })
    .get("/api/today", (request) => {
      auth(request);
      return json(200, { today: today(ctx) });
    })
    .get("/api/healthcheck", (request) => {
      auth(request);
      return json(200, { status: "ok" });
    })
    .get("/api/memberaccounts", (request) => {
      const { member, claims } = auth(request);
      const records = state.memberAccounts.filter((record) => record.memberId === member.memberId && record.clientId === claims.clientId);
      return json(200, records.map(memberAccountView));
    })
    .post("/api/memberaccounts", (request) => {
      const { member, claims } = auth(request);
      const input = parseWith(memberAccountInput, request.body);
      const account = state.accounts.find((candidate) => candidate.idAccount === input.idAccount && candidate.clientId === claims.clientId);
      if (!account) throw new HttpError(404, "Cuenta no encontrada", "ACCOUNT_NOT_FOUND");
      let record = state.memberAccounts.find(
        (candidate) =>
          candidate.memberId === member.memberId && candidate.clientId === claims.clientId && candidate.idAccount === input.idAccount,
      );
      if (!record) {
        record = {
          id: state.nextIds.memberAccount++,
          memberId: member.memberId,
          clientId: claims.clientId,
          idAccount: input.idAccount,
          alias: null,
          favorite: false,
        };
        state.memberAccounts.push(record);
      }
      if (input.favorite !== undefined) record.favorite = input.favorite;
      // An empty alias clears the custom one, so the bank's alias shows again.
      if (input.alias !== undefined) record.alias = input.alias === "" ? null : input.alias;
      return json(200, memberAccountView(record));
    })
    .get("/api/companies/:clientId", (request) => {
      const { user } = auth(request);
      const clientId = request.params.clientId;
      const company = findCompany(state, clientId);
      if (!company || !profileTypeIn(user, clientId)) {
        throw new HttpError(403, "No tienes acceso a esta empresa", "COMPANY_FORBIDDEN");
      }
      return json(200, {
        id: company.id,
        name: company.name,
        businessName: company.businessName,
        idClientUnique: company.clientId,
        groupId: company.groupId,
        contractId: company.contractId,
        groupName: company.groupName,
        interestBearingAccount: company.interestBearingAccount,
      });
    })
    .get("/api/profiles", (request) => {
      const { member, profileType } = auth(request);
      const requested = request.query.get("member");
      // Like a Strapi filter: asking for someone else's profile yields an empty list, not an error.
      if (requested !== null && requested !== String(member.memberId)) return json(200, []);
      return json(200, [profileView(state, member, profileType)]);
    })
    .get("/api/announcements", (request) => {
      auth(request);
      const active = request.query.get("active");
      const announcements =
        active === null
          ? state.catalogs.announcements
          : state.catalogs.announcements.filter((announcement) => String(announcement.active) === active);
      return json(200, announcements);
    })
    // Control endpoints: replace the announcements (tests set exactly what they need), or clear them.
    .post("/__announcements", (request) => {
      const items = parseWith(z.array(announcementInput).max(50), request.body);
      // Ids are a database's: never given twice, so one a person closed earlier does not hide a new announcement.
      let lastId = Math.max(
        state.catalogs.lastAnnouncementId ?? 0,
        ...state.catalogs.announcements.map((announcement) => Number(announcement.id)),
        ...items.map((item) => item.id ?? 0),
      );
      state.catalogs.announcements = items.map((item) => ({
        id: item.id ?? ++lastId,
        active: item.active ?? true,
        dateToShow: item.dateToShow ?? today(ctx),
        service: item.service,
        type: item.type,
        detail: item.detail ?? null,
        resolution_time: item.resolution_time ?? null,
        created_at: ctx.now().toISOString(),
      }));
      state.catalogs.lastAnnouncementId = lastId;
      return json(200, state.catalogs.announcements);
    })
    .add("DELETE", "/__announcements", () => {
      state.catalogs.announcements = [];
      return json(200, []);
    })

    .post("/api/loggeroperations", (request) => {
      auth(request);
      const input = parseWith(loggerInput, request.body);
      const id = state.nextIds.operationLog++;
      state.operationLogs.push({
        id,
        application: input.application,
        error: input.error,
        context: input.context,
        operation: input.operation,
        at: ctx.now().toISOString(),
      });
      ctx.logger.info({ application: input.application, operation: input.operation }, "loggeroperations");
      return json(201, { id });
    })
    // Control endpoint: what the app reported, for tests to inspect (oldest first).
    .get("/__loggeroperations", () => json(200, state.operationLogs));
}
