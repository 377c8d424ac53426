// Recipients (beneficiaries): the bank's list per company on the partner API, and the product's
// per-member favourites and aliases of them on /api/memberrecipients.

import type { SandboxContext } from "./context";
import { HttpError, json, type RequestContext, type Router } from "./http";
import { authenticate as authenticatePartner } from "./partner";
import { authenticateMember } from "./product";
import type { RecipientRecord } from "./types";

const MAX_PAGE_SIZE = 1000;

function nonNegativeInt(query: URLSearchParams, name: string, fallback: number): number {
  const raw = query.get(name);
  if (raw === null || raw === "") return fallback;
  if (!/^\d+$/.test(raw)) throw new HttpError(400, `El parámetro ${name} no es válido`, "INVALID_QUERY");
  return Number(raw);
}

function recipientView(recipient: RecipientRecord) {
  return {
    idRecipient: recipient.idRecipient,
    fullName: recipient.fullName,
    alias: recipient.alias,
    account: recipient.account,
    idCurrency: recipient.idCurrency,
    bankName: recipient.bankName,
    status: { id: recipient.status.id },
    typeOriginPerson: recipient.typeOriginPerson,
    typePerson: recipient.typePerson,
  };
}

export function registerRecipientRoutes(router: Router, ctx: SandboxContext): void {
  const { state } = ctx;

  router
    .get("/partner/recipients", (request: RequestContext) => {
      const { session } = authenticatePartner(ctx, request);
      const size = nonNegativeInt(request.query, "numberOfElements", MAX_PAGE_SIZE);
      if (size < 1 || size > MAX_PAGE_SIZE) {
        throw new HttpError(400, `numberOfElements debe estar entre 1 y ${MAX_PAGE_SIZE}`, "INVALID_QUERY");
      }
      const page = nonNegativeInt(request.query, "page", 0);
      const data = state.recipients
        .filter((recipient) => recipient.clientId === session.clientId)
        .slice(page * size, (page + 1) * size)
        .map(recipientView);
      return json(200, { message: "OK", empty: data.length === 0, data });
    })
    .get("/api/memberrecipients", (request: RequestContext) => {
      const { member, claims } = authenticateMember(ctx, request);
      const records = state.memberRecipients.filter(
        (record) => record.memberId === member.memberId && record.clientId === claims.clientId,
      );
      return json(
        200,
        records.map((record) => ({ idRecipient: record.idRecipient, alias: record.alias, favorite: record.favorite })),
      );
    });
}
