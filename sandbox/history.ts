// Operation history on the product API (prefix /api): the paginated list with filters, the filter
// catalogue, settlement dates, status checks (which settle pending operations), invoice downloads
// and /sendEmailReceipts, whose e-mails land in an outbox that tests read (GET /__outbox).

import { z } from "zod";

import type { SandboxContext } from "./context";
import { findBankUser, findCompany, findMemberById } from "./context";
import { mexicoCityDate } from "./dates";
import { settlementDates } from "./history-seed";
import { HttpError, json, parseWith, type RequestContext, type Router } from "./http";
import { postOperation, postReturn } from "./ledger";
import { addBinnacleEntry, viewOfOperation } from "./operations";
import { payeeOf } from "./payees";
import { textPdf } from "./pdf";
import { authenticateMember, type ProductAuth } from "./product";
import { OPERATION_STATUSES, type OperationRecord, type SandboxState } from "./types";

const STATUSES = OPERATION_STATUSES;
const KINDS = ["buy", "sell", "transfer"] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "fecha YYYY-MM-DD");
const csvOf = <T extends string>(allowed: readonly T[]) =>
  z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(allowed as [T, ...T[]])));

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  operation: csvOf(KINDS).optional(),
  status: csvOf(STATUSES).optional(),
  pair: z.string().max(16).optional(),
  from: date.optional(),
  to: date.optional(),
  search: z.string().max(100).optional(),
});

const backDoorInput = z.object({
  id: z.coerce.number().int().positive(),
  status: z.enum(STATUSES),
});
const checkFxInput = z.object({ idPortfolio: z.coerce.string().min(1), idOperation: z.coerce.string().min(1) });
const checkTransferInput = z.object({ corefolio: z.string().min(1) });
const fxInvoiceInput = z.object({
  idPortfolio: z.coerce.string().min(1),
  idOperation: z.coerce.string().min(1),
  idLiquidation: z.coerce.number().int(),
  documentType: z.coerce.number().int(),
});
const emailInput = z.object({
  template: z.enum(["estimatedArrival", "sendReceipts"]),
  to: z.array(z.string().email().max(254)).min(1).max(10),
  attachments: z
    .array(
      z.object({
        filename: z.string().min(1).max(200),
        content: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, "base64"),
        contentType: z.string().default("application/pdf"),
      }),
    )
    .max(5)
    .default([]),
  data: z.record(z.unknown()),
});

/** "Ávila" and "avila" match: the search ignores case and accents. */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

function queryObject(query: URLSearchParams): Record<string, string> {
  // An empty value means "not filtered", as in the notification service.
  return Object.fromEntries([...query].filter(([, value]) => value !== ""));
}

function searchableText(state: SandboxState, operation: OperationRecord): string {
  const member = findMemberById(state, operation.memberId);
  const user = member && findBankUser(state, member.userName);
  const recipient = payeeOf(state, operation);
  return fold(
    [
      operation.id,
      operation.referenceGFB ?? "",
      operation.pair,
      operation.conceptString,
      operation.aditionalInformation,
      recipient?.fullName ?? "",
      recipient?.alias ?? "",
      user ? `${user.name} ${user.firstLastName} ${user.secondLastName}` : "",
      operation.responseChallenge?.dil ?? "",
      operation.responseChallenge?.crf ?? "",
    ].join(" "),
  );
}

/**
 * Pending operations of the seeded history settle on the first status check after `settlesAt`: one
 * still applying moves its money then, through the books, or fails if its origin can no longer pay.
 */
function settleIfDue(ctx: SandboxContext, operation: OperationRecord): void {
  if (!operation.settlesAt || ctx.now().getTime() < Date.parse(operation.settlesAt)) return;
  if (operation.status !== "applying" && operation.status !== "appliedNoReceipt") return;
  const at = ctx.now().toISOString();
  operation.updatedAt = at;
  operation.settlesAt = null;
  if (operation.status === "applying" && postOperation(ctx.state, operation, ctx.now()) === "refused") {
    operation.status = "notApplied";
    addBinnacleEntry(ctx.state, operation, "notApplied", "Fondos insuficientes|La cuenta de origen no tiene saldo suficiente", at);
    return;
  }
  const day = mexicoCityDate(ctx.now()).replaceAll("-", "");
  operation.referenceGFB ??= `GFB-${day}-${String(operation.id).padStart(6, "0")}`;
  if (operation.operation !== "transfer") operation.idLiquidation ??= 880_000 + operation.id;
  operation.status = "applied";
  addBinnacleEntry(ctx.state, operation, "applied", "Operación aplicada", at);
}

function invoiceOf(operation: OperationRecord) {
  if (operation.status !== "applied" || !operation.referenceGFB) {
    throw new HttpError(409, "La factura aún no está disponible", "INVOICE_NOT_READY");
  }
  const kind = { buy: "Compra de divisas", sell: "Venta de divisas", transfer: "Transferencia" }[operation.operation];
  const lines = [
    `Referencia: ${operation.referenceGFB}`,
    `Operación: ${operation.id} (${kind})`,
    operation.pair ? `Par: ${operation.pair}` : "Par: -",
    `Total: ${operation.total.toFixed(2)} ${operation.accountOrigin.idDivisa}`,
    `Fecha: ${mexicoCityDate(new Date(operation.createdAt))}`,
  ];
  return { filename: `${operation.referenceGFB}.pdf`, content: textPdf("Factura BASE", lines).toString("base64") };
}

export function registerHistoryRoutes(router: Router, ctx: SandboxContext): void {
  const { state } = ctx;
  const auth = (request: RequestContext) => authenticateMember(ctx, request);
  const companyOperations = (caller: ProductAuth) => state.operations.filter((operation) => operation.clientId === caller.claims.clientId);
  const ownOperation = (caller: ProductAuth, find: (operation: OperationRecord) => boolean) => {
    const operation = companyOperations(caller).find(find);
    if (!operation) throw new HttpError(404, "Operación no encontrada", "OPERATION_NOT_FOUND");
    return operation;
  };
  const byFxFolio = (input: { idPortfolio: string; idOperation: string }) => (operation: OperationRecord) =>
    operation.operation !== "transfer" && operation.responseChallenge?.dil === `${input.idPortfolio}-${input.idOperation}`;
  const byTransferFolio = (corefolio: string) => (operation: OperationRecord) =>
    operation.operation === "transfer" && (operation.responseChallenge?.crf === corefolio || operation.trk === corefolio);

  router
    // §7 GET /operations?_limit=-1&member.userExternalId=… (a member's operations, no paging) and
    // GET /operations?companyName=… (the company's); only ever the jwt's company, newest first.
    .get("/api/operations", (request) => {
      const caller = auth(request);
      const member = request.query.get("member.userExternalId");
      const companyName = request.query.get("companyName");
      const company = findCompany(state, caller.claims.clientId);
      const listed = companyOperations(caller)
        .filter((operation) => member === null || findMemberById(state, operation.memberId)?.userName === member)
        .filter(() => companyName === null || companyName === company?.businessName || companyName === company?.name)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
      return json(
        200,
        listed.map((operation) => viewOfOperation(state, operation)),
      );
    })
    // §7 POST /updateOperationsBackDoor {id, status}: sets a status by hand (support tools, demos, tests).
    .post("/api/updateOperationsBackDoor", (request) => {
      const caller = auth(request);
      const input = parseWith(backDoorInput, request.body);
      const operation = ownOperation(caller, (candidate) => candidate.id === input.id);
      // A status set by hand is a label, except a return: the money that moved comes back through the books.
      if (input.status === "returned" && postReturn(state, operation, ctx.now()) === "refused") {
        throw new HttpError(409, "La cuenta que recibió el dinero ya no tiene saldo para devolverlo", "RETURN_NOT_POSSIBLE");
      }
      operation.status = input.status;
      operation.updatedAt = ctx.now().toISOString();
      operation.settlesAt = null;
      addBinnacleEntry(state, operation, input.status, "Estatus actualizado manualmente", operation.updatedAt);
      return json(200, viewOfOperation(state, operation));
    })
    .get("/api/paginate-operations", (request) => {
      const caller = auth(request);
      const parsed = pageQuery.safeParse(queryObject(request.query));
      if (!parsed.success) {
        const detail = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
        throw new HttpError(400, `Consulta inválida: ${detail}`, "INVALID_QUERY");
      }
      const query = parsed.data;
      const search = query.search ? fold(query.search.trim()) : "";
      const matching = companyOperations(caller)
        .filter((operation) => !query.operation?.length || query.operation.includes(operation.operation))
        .filter((operation) => !query.status?.length || query.status.includes(operation.status))
        .filter((operation) => !query.pair || operation.pair === query.pair)
        .filter((operation) => {
          const day = mexicoCityDate(new Date(operation.createdAt));
          return (!query.from || day >= query.from) && (!query.to || day <= query.to);
        })
        .filter((operation) => !search || searchableText(state, operation).includes(search))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
      const start = (query.page - 1) * query.pageSize;
      return json(200, {
        data: matching.slice(start, start + query.pageSize).map((operation) => viewOfOperation(state, operation)),
        meta: {
          page: query.page,
          pageSize: query.pageSize,
          total: matching.length,
          pageCount: Math.ceil(matching.length / query.pageSize),
        },
      });
    })
    .get("/api/filters/operations", (request) => {
      const caller = auth(request);
      const operations = companyOperations(caller);
      return json(200, {
        operations: KINDS.filter((kind) => operations.some((operation) => operation.operation === kind)),
        statuses: STATUSES.filter((status) => operations.some((operation) => operation.status === status)),
        pairs: [...new Set(operations.map((operation) => operation.pair).filter(Boolean))].sort(),
      });
    })
    .get("/api/operatio-date-settlements", (request) => {
      const caller = auth(request);
      const raw = request.query.get("operation_id") ?? "";
      if (!/^\d+$/.test(raw)) throw new HttpError(400, "Falta el parámetro operation_id", "OPERATION_REQUIRED");
      const operation = ownOperation(caller, (candidate) => candidate.id === Number(raw));
      // Only an operation the bank has taken (past the challenge) has a settlement date.
      if (operation.responseChallenge === null || operation.responseChallenge.res !== "0") return json(200, { date: null });
      const dates = settlementDates(operation, state.catalogs.nonWorkingDates);
      return json(200, { date: `${dates.created} | ${dates.settles}` });
    })
    .post("/api/operations/checkbuyselloperationstatus", (request) => {
      const caller = auth(request);
      const operation = ownOperation(caller, byFxFolio(parseWith(checkFxInput, request.body)));
      settleIfDue(ctx, operation);
      return json(200, { id: operation.id, status: operation.status, referenceGFB: operation.referenceGFB });
    })
    .post("/api/operations/checktransferoperationstatus", (request) => {
      const caller = auth(request);
      const operation = ownOperation(caller, byTransferFolio(parseWith(checkTransferInput, request.body).corefolio));
      settleIfDue(ctx, operation);
      return json(200, { id: operation.id, status: operation.status, referenceGFB: operation.referenceGFB });
    })
    .post("/api/operations/getsellbuyoperationinvoice", (request) => {
      const caller = auth(request);
      const input = parseWith(fxInvoiceInput, request.body);
      if (input.documentType !== 4) throw new HttpError(400, "documentType debe ser 4", "INVALID_DOCUMENT_TYPE");
      const operation = ownOperation(caller, byFxFolio(input));
      if (operation.idLiquidation !== null && operation.idLiquidation !== input.idLiquidation) {
        throw new HttpError(404, "Liquidación no encontrada", "LIQUIDATION_NOT_FOUND");
      }
      return json(200, invoiceOf(operation));
    })
    .post("/api/operations/gettransferinvoice", (request) => {
      const caller = auth(request);
      const operation = ownOperation(caller, byTransferFolio(parseWith(checkTransferInput, request.body).corefolio));
      return json(200, invoiceOf(operation));
    })
    .post("/api/sendEmailReceipts", (request) => {
      const caller = auth(request);
      const input = parseWith(emailInput, request.body);
      const id = state.nextIds.email++;
      state.outbox.push({
        id,
        clientId: caller.claims.clientId,
        memberId: caller.member.memberId,
        template: input.template,
        to: input.to,
        data: input.data,
        attachments: input.attachments.map((attachment) => ({ ...attachment })),
        at: ctx.now().toISOString(),
      });
      return json(201, { id, accepted: input.to.length });
    })
    // Control endpoints: what /sendEmailReceipts accepted, newest last. Attachments are listed by
    // name, type and size; `?content=1` includes their base64 content.
    .get("/__outbox", ({ query }) =>
      json(
        200,
        state.outbox.map((email) => ({
          ...email,
          attachments: email.attachments.map(({ content, ...attachment }) => ({
            ...attachment,
            bytes: Buffer.from(content, "base64").length,
            ...(query.get("content") === "1" && { content }),
          })),
        })),
      ),
    )
    .delete("/__outbox", () => {
      const cleared = state.outbox.length;
      state.outbox = [];
      return json(200, { cleared });
    });
}
