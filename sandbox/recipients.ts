// Recipients (beneficiaries): the bank's list per company on the partner API, and the product's
// per-member favourites and aliases of them on /api/memberrecipients.

import { z } from "zod";

import type { SandboxContext } from "./context";
import { HttpError, json, parseWith, type RequestContext, type Router } from "./http";
import { authenticate as authenticatePartner } from "./partner";
import { authenticateMember } from "./product";
import type { RecipientRecord } from "./types";

const MAX_PAGE_SIZE = 1000;

const memberRecipientInput = z.object({
  idRecipient: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
  favorite: z.boolean().optional(),
  alias: z.string().trim().max(40).optional(),
});

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
      const records = state.memberRecipients.filter((record) => record.memberId === member.memberId && record.clientId === claims.clientId);
      return json(
        200,
        records.map((record) => ({ idRecipient: record.idRecipient, alias: record.alias, favorite: record.favorite })),
      );
    })
    // §7 POST /memberrecipients {idRecipient, favorite or alias}: upserts the member's record;
    // an empty alias clears it (the bank's alias shows again), as for member accounts.
    .post("/api/memberrecipients", (request: RequestContext) => {
      const { member, claims } = authenticateMember(ctx, request);
      const input = parseWith(memberRecipientInput, request.body);
      const recipient = state.recipients.find(
        (candidate) => candidate.idRecipient === input.idRecipient && candidate.clientId === claims.clientId,
      );
      if (!recipient) throw new HttpError(404, "Destinatario no encontrado", "RECIPIENT_NOT_FOUND");
      let record = state.memberRecipients.find(
        (candidate) =>
          candidate.memberId === member.memberId && candidate.clientId === claims.clientId && candidate.idRecipient === input.idRecipient,
      );
      if (!record) {
        record = {
          id: state.memberRecipients.reduce((max, candidate) => Math.max(max, candidate.id), 0) + 1,
          memberId: member.memberId,
          clientId: claims.clientId,
          idRecipient: input.idRecipient,
          alias: null,
          favorite: false,
        };
        state.memberRecipients.push(record);
      }
      if (input.favorite !== undefined) record.favorite = input.favorite;
      if (input.alias !== undefined) record.alias = input.alias === "" ? null : input.alias;
      return json(200, { idRecipient: record.idRecipient, alias: record.alias, favorite: record.favorite });
    });
}
