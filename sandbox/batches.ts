// Signing several operations with one token (decision 093): a batch of operation ids with
// its own tracking id (trk), one challenge page, one result recorded once, and one outcome per
// operation, each applied with its own funds check. §7 names no such call; this is how a bank that
// takes payment files offers it (a maker loads, a checker signs the file).

import { randomUUID } from "node:crypto";

import { z } from "zod";

import { challengeOutcome, challengePage, definitionList, notFoundPage, page } from "./challenge";
import { findBankUser, findCompany, findMemberById, type SandboxContext } from "./context";
import { escapeHtml, HttpError, json, parseWith, redirect, type RequestContext, type Router } from "./http";
import { fingerprintOf, idempotencyKeyOf, type IdempotencyRecord, once } from "./idempotency";
import { addBinnacleEntry, debitOf, type TradingControls } from "./operations";
import { authenticateMember, type ProductAuth } from "./product";
import { accountName, moneyText } from "./texts";
import type { OperationRecord, OperationStatus, SandboxState } from "./types";

/** At most this many operations in one batch: the portal's files carry up to 1,000 payments. */
export const MAX_BATCH_OPERATIONS = 1000;

/**
 * awaitingApproval: loaded by a member who may only create operations, for an administrator to
 * approve; pending: waiting for its signer's challenge; processed: its one result is recorded.
 */
export type BatchStatus = "awaitingApproval" | "pending" | "processed";

/** What the batch's result did to one operation. */
export interface BatchRowOutcome {
  operationId: number;
  result: "sent" | "failed" | "skipped";
  /** failed: funds (its own funds check) or challenge (the token was refused); skipped: it no longer waited. */
  reason: "funds" | "challenge" | "notWaiting" | null;
  message: string | null;
}

export interface OperationBatchRecord {
  id: number;
  clientId: string;
  /** The batch's tracking id: its challenge page and its result find it by this. */
  trk: string;
  createdBy: number;
  /** The administrator who approved a batch loaded by a collaborator. */
  approvedBy: number | null;
  /** Who answers the challenge: the creator who may execute, or the approving administrator. */
  signer: number | null;
  status: BatchStatus;
  operationIds: number[];
  /** The client's own reference (the portal's upload id) and the file's name, as sent. */
  reference: string | null;
  fileName: string | null;
  /** What the challenge page shows and the person signs, fixed when the batch is made. */
  totals: { currency: string; count: number; total: number }[];
  createdAt: string;
  updatedAt: string;
  /** What the challenge page answered: a result the page never gave is refused. */
  challengeAnswer: string | null;
  result: { res: string; msg: string; at: string } | null;
  outcomes: BatchRowOutcome[];
}

export interface OperationBatchState {
  batches: OperationBatchRecord[];
  nextId: number;
  /** POST /operation-batches keys by scope (member, company, key): the batch's id. */
  idempotency: Map<string, IdempotencyRecord<number>>;
}

export function seedOperationBatches(): OperationBatchState {
  return { batches: [], nextId: 1, idempotency: new Map() };
}

const createInput = z.object({
  operationIds: z
    .array(
      z.union([
        z.number().int().positive(),
        z
          .string()
          .regex(/^\d{1,12}$/)
          .transform(Number),
      ]),
    )
    .min(1)
    .max(MAX_BATCH_OPERATIONS)
    .refine((ids) => new Set(ids).size === ids.length, "operationIds repetidos"),
  reference: z.string().trim().min(1).max(100).optional(),
  fileName: z.string().trim().min(1).max(200).optional(),
});
const decisionInput = z.object({ action: z.literal("approve") });
const resultInput = z.object({
  res: z.union([z.string().min(1), z.number().int()]).transform(String),
  msg: z.string(),
  trk: z.string().min(1),
});
const listQuery = z.object({
  status: z.enum(["awaitingApproval", "pending", "processed"]).optional(),
  operationId: z
    .string()
    .regex(/^\d{1,12}$/)
    .transform(Number)
    .optional(),
  reference: z.string().min(1).max(100).optional(),
});
const pageForm = z.object({ trk: z.string().default(""), clave: z.string().default(""), action: z.string().optional() });

const SIGN_FILES = "can_execute_operations";
const LOAD_FILES = "can_create_operations";

/** A batch that still holds its operations: nobody may put them in another one. */
export const isLive = (batch: OperationBatchRecord) => batch.status !== "processed";

/** An operation that waits for a token: registered, never challenged (§4 sent). */
const waits = (operation: OperationRecord) => operation.status === "sent" && operation.responseChallenge === null;

const cents = (amount: number) => Math.round(amount * 100);
/** MXP is shown as MXN (§9), as moneyText writes it. */
const shownCurrency = (currency: string) => (currency.toUpperCase() === "MXP" ? "MXN" : currency.toUpperCase());

function totalsOf(operations: OperationRecord[]): OperationBatchRecord["totals"] {
  const byCurrency = new Map<string, { count: number; cents: number }>();
  for (const operation of operations) {
    const currency = operation.accountOrigin.idDivisa;
    const entry = byCurrency.get(currency) ?? { count: 0, cents: 0 };
    byCurrency.set(currency, { count: entry.count + 1, cents: entry.cents + cents(debitOf(operation)) });
  }
  return [...byCurrency].map(([currency, entry]) => ({ currency, count: entry.count, total: entry.cents / 100 }));
}

function memberName(state: SandboxState, memberId: number | null): string | null {
  if (memberId === null) return null;
  const member = findMemberById(state, memberId);
  const user = member && findBankUser(state, member.userName);
  return user ? [user.name, user.firstLastName, user.secondLastName].join(" ") : null;
}

export function findBatchByTrk(state: SandboxState, trk: string): OperationBatchRecord | undefined {
  return state.operationBatches.batches.find((batch) => batch.trk === trk);
}

export function registerBatchRoutes(router: Router, ctx: SandboxContext, trading: Pick<TradingControls, "setStatus" | "apply">): void {
  const { state } = ctx;
  const auth = (request: RequestContext) => authenticateMember(ctx, request);
  const nowIso = () => ctx.now().toISOString();
  const batches = () => state.operationBatches.batches;
  const operationOf = (clientId: string, id: number) =>
    state.operations.find((operation) => operation.id === id && operation.clientId === clientId);
  const challengeUri = (batch: OperationBatchRecord) => `${ctx.challengeUrl}/batch?trk=${encodeURIComponent(batch.trk)}`;

  /** The batch as the API shows it; its challenge `uri` only to its signer, while it waits. */
  function view(batch: OperationBatchRecord, caller: ProductAuth | null) {
    const outcomes = new Map(batch.outcomes.map((outcome) => [outcome.operationId, outcome]));
    const count = (result: BatchRowOutcome["result"]) => batch.outcomes.filter((outcome) => outcome.result === result).length;
    return {
      id: batch.id,
      trk: batch.trk,
      status: batch.status,
      reference: batch.reference,
      fileName: batch.fileName,
      count: batch.operationIds.length,
      totals: batch.totals,
      createdBy: { memberId: batch.createdBy, completeName: memberName(state, batch.createdBy) },
      approvedBy: batch.approvedBy === null ? null : { memberId: batch.approvedBy, completeName: memberName(state, batch.approvedBy) },
      created_at: batch.createdAt,
      updated_at: batch.updatedAt,
      uri: batch.status === "pending" && caller !== null && caller.member.memberId === batch.signer ? challengeUri(batch) : null,
      result: batch.result,
      summary: batch.result ? { sent: count("sent"), failed: count("failed"), skipped: count("skipped") } : null,
      operations: batch.operationIds.map((id) => {
        const operation = operationOf(batch.clientId, id);
        const recipient =
          operation?.recipientId == null ? undefined : state.recipients.find((r) => r.idRecipient === operation.recipientId);
        const outcome = outcomes.get(id);
        return {
          id,
          operation: operation?.operation ?? null,
          status: operation?.status ?? null,
          amount: operation ? debitOf(operation) : null,
          currency: operation?.accountOrigin.idDivisa ?? null,
          accountOrigin: operation ? { idCuenta: operation.accountOrigin.idCuenta, idDivisa: operation.accountOrigin.idDivisa } : null,
          recipient: recipient?.fullName ?? null,
          result: outcome?.result ?? null,
          reason: outcome?.reason ?? null,
          message: outcome?.message ?? null,
        };
      }),
    };
  }

  function ownBatch(caller: ProductAuth, find: (batch: OperationBatchRecord) => boolean): OperationBatchRecord {
    const batch = batches().find((candidate) => candidate.clientId === caller.claims.clientId && find(candidate));
    if (!batch) throw new HttpError(404, "Lote no encontrado", "BATCH_NOT_FOUND");
    return batch;
  }

  const secondSignature = (clientId: string) => {
    if (findCompany(state, clientId)?.secondSignatureRequired) {
      throw new HttpError(422, "Privilegios de mancomunación insuficientes", "SGN-001");
    }
  };

  /** Every check in the contract's order; the batch is kept only when all pass. */
  function createBatch(caller: ProductAuth, input: z.infer<typeof createInput>): OperationBatchRecord {
    const { clientId } = caller.claims;
    const memberId = caller.member.memberId;
    const operations = input.operationIds.map((id) => {
      const operation = operationOf(clientId, id);
      if (!operation) throw new HttpError(404, `Operación ${id} no encontrada`, "OPERATION_NOT_FOUND");
      return operation;
    });
    const done = operations.filter((operation) => !waits(operation)).map((operation) => operation.id);
    if (done.length) throw new HttpError(409, `Estas operaciones ya no esperan autorización: ${done.join(", ")}`, "OPERATION_NOT_PENDING");
    const held = batches().find((batch) => isLive(batch) && batch.operationIds.some((id) => input.operationIds.includes(id)));
    if (held) throw new HttpError(409, `Alguna operación ya está en el lote ${held.id}, que sigue en curso`, "OPERATION_IN_BATCH");

    const permissions = caller.member.permissions;
    let status: BatchStatus;
    if (permissions.includes(SIGN_FILES)) {
      // A signer signs their own operations, and an administrator what collaborators loaded (approving it at once).
      for (const operation of operations) {
        if (operation.requiresAdminApproval) {
          if (caller.profileType !== "ADMINISTRADOR") throw new HttpError(403, "Solo un administrador aprueba operaciones", "FORBIDDEN");
          if (operation.approvedBy && operation.approvedBy !== memberId) {
            throw new HttpError(409, `Otro administrador ya aprobó la operación ${operation.id}`, "ALREADY_APPROVED");
          }
        } else if (operation.memberId !== memberId) {
          throw new HttpError(403, "Solo puedes autorizar tus propias operaciones", "FORBIDDEN");
        }
      }
      if (operations.some((operation) => operation.requiresAdminApproval)) secondSignature(clientId);
      status = "pending";
    } else if (permissions.includes(LOAD_FILES)) {
      // A member who only loads operations hands their own file to an administrator.
      if (operations.some((operation) => operation.memberId !== memberId || !operation.requiresAdminApproval)) {
        throw new HttpError(403, "Solo puedes enviar a aprobación tus propias operaciones", "FORBIDDEN");
      }
      status = "awaitingApproval";
    } else {
      throw new HttpError(403, "No tienes permiso para autorizar operaciones", "FORBIDDEN");
    }

    const at = nowIso();
    const batch: OperationBatchRecord = {
      id: state.operationBatches.nextId++,
      clientId,
      trk: randomUUID(),
      createdBy: memberId,
      approvedBy: null,
      signer: status === "pending" ? memberId : null,
      status,
      operationIds: operations.map((operation) => operation.id),
      reference: input.reference ?? null,
      fileName: input.fileName ?? null,
      totals: totalsOf(operations),
      createdAt: at,
      updatedAt: at,
      challengeAnswer: null,
      result: null,
      outcomes: [],
    };
    batches().push(batch);
    return batch;
  }

  function approve(caller: ProductAuth, batch: OperationBatchRecord): void {
    if (caller.profileType !== "ADMINISTRADOR")
      throw new HttpError(403, "Solo un administrador de la empresa puede hacer esto", "FORBIDDEN");
    if (batch.approvedBy === caller.member.memberId && batch.status === "pending") return;
    if (batch.approvedBy !== null) throw new HttpError(409, "Otro administrador ya aprobó este lote", "ALREADY_APPROVED");
    if (batch.status !== "awaitingApproval") throw new HttpError(409, "Este lote ya no espera aprobación", "BATCH_NOT_PENDING");
    secondSignature(batch.clientId);
    batch.approvedBy = caller.member.memberId;
    batch.signer = caller.member.memberId;
    batch.status = "pending";
    batch.updatedAt = nowIso();
  }

  /** One operation of a signed batch: sent with its own funds check, or left alone when it no longer waits. */
  function settleRow(batch: OperationBatchRecord, id: number, res: string, msg: string): BatchRowOutcome {
    const operation = operationOf(batch.clientId, id);
    const skipped: BatchRowOutcome = { operationId: id, result: "skipped", reason: "notWaiting", message: null };
    if (!operation || !waits(operation)) return skipped;
    // Approved singly by another administrator meanwhile: it waits for that administrator's own token.
    if (operation.requiresAdminApproval && operation.approvedBy && operation.approvedBy !== batch.signer) return skipped;
    const at = nowIso();
    if (operation.requiresAdminApproval && !operation.approvedBy) {
      operation.approvedBy = batch.signer;
      addBinnacleEntry(state, operation, "approved", `Aprobada por el administrador en el lote ${batch.id}`, at);
    }
    const folio = operation.operation === "transfer" ? { crf: `CRF${7_300_000 + operation.id}` } : { dil: `${4_471_200 + operation.id}-1` };
    operation.responseChallenge = { res, msg, ...folio, ope: String(operation.id), trk: operation.trk };
    operation.challengeAnswer = res;
    addBinnacleEntry(state, operation, "challenge", msg, at);
    if (res !== "0") {
      trading.setStatus(operation, "notApplied", msg);
      return { operationId: operation.id, result: "failed", reason: "challenge", message: msg };
    }
    // A seeded operation is marked as having moved its money; one that still waited never did.
    operation.balancesMoved = false;
    trading.setStatus(operation, "applying", `Operación confirmada en el lote ${batch.id}; en proceso de aplicación`);
    trading.apply(operation);
    const status: OperationStatus = operation.status;
    return status === "applied"
      ? { operationId: operation.id, result: "sent", reason: null, message: null }
      : { operationId: operation.id, result: "failed", reason: "funds", message: "Fondos insuficientes" };
  }

  function recordResult(caller: ProductAuth, batch: OperationBatchRecord, res: string, msg: string): void {
    if (batch.status === "awaitingApproval") {
      throw new HttpError(409, "El lote espera la aprobación de un administrador", "APPROVAL_REQUIRED");
    }
    if (batch.signer !== caller.member.memberId) throw new HttpError(403, "Solo quien firma el lote puede confirmarlo", "FORBIDDEN");
    if (batch.challengeAnswer === null || batch.challengeAnswer !== res) {
      throw new HttpError(409, "El resultado no corresponde al reto del banco", "CHALLENGE_MISMATCH");
    }
    const at = nowIso();
    batch.result = { res, msg, at };
    batch.status = "processed";
    batch.updatedAt = at;
    // In file order: each row sees the balance the rows before it left.
    batch.outcomes = batch.operationIds.map((id) => settleRow(batch, id, res, msg));
  }

  /** The bank's page for a batch: what is signed (count, totals per currency, origin accounts), then the key. */
  function batchSummary(batch: OperationBatchRecord): string {
    const operations = batch.operationIds.flatMap((id) => operationOf(batch.clientId, id) ?? []);
    const origins = [...new Set(operations.map((operation) => operation.accountOrigin.idCuenta))].map((idAccount) => {
      const account = state.accounts.find((candidate) => candidate.idAccount === idAccount);
      const name = account ? (accountName(state, batch.signer ?? batch.createdBy, idAccount) ?? account.alias) : idAccount;
      return account ? `${name}, terminación ${account.clabe.slice(-4)}` : name;
    });
    const rows: [string, string][] = [];
    if (batch.fileName) rows.push(["Archivo", batch.fileName]);
    rows.push(["Pagos", String(batch.operationIds.length)]);
    for (const total of batch.totals) rows.push([`Total ${shownCurrency(total.currency)}`, moneyText(total.total, total.currency)]);
    rows.push([origins.length > 1 ? "Cuentas de origen" : "Cuenta de origen", origins.join("; ")]);
    if (batch.approvedBy !== null) rows.push(["Cargado por", memberName(state, batch.createdBy) ?? ""]);
    return `${definitionList(rows)}
<p>Con una sola clave autorizas todos estos pagos. Cada pago se aplica por separado: si a una cuenta no le alcanza el saldo para un pago, ese pago no se envía y los demás sí.</p>`;
  }

  const notSignable = (batch: OperationBatchRecord) =>
    batch.status === "pending" && batch.result === null
      ? null
      : page(
          409,
          "Autorización no disponible",
          `<h1>Autorización no disponible</h1>\n<p>${escapeHtml(
            batch.status === "awaitingApproval"
              ? "Estos pagos esperan la aprobación de un administrador; no se autorizan con tu clave."
              : "Estos pagos ya fueron procesados; no hace falta autorizarlos de nuevo.",
          )}</p>`,
        );

  router
    .post("/api/operation-batches", async (request) => {
      const caller = auth(request);
      const key = idempotencyKeyOf(request.headers);
      const input = parseWith(createInput, request.body);
      const scope = `${caller.member.memberId}|${caller.claims.clientId}|${key}`;
      const fingerprint = fingerprintOf({ ids: [...input.operationIds].sort((a, b) => a - b), reference: input.reference ?? null });
      const { answer, replayed } = await once(state.operationBatches.idempotency, scope, fingerprint, () => createBatch(caller, input).id);
      return json(
        replayed ? 200 : 201,
        view(
          ownBatch(caller, (batch) => batch.id === answer),
          caller,
        ),
      );
    })
    .get("/api/operation-batches", (request) => {
      const caller = auth(request);
      const query = parseWith(listQuery, Object.fromEntries(request.query));
      const found = batches()
        .filter(
          (batch) =>
            batch.clientId === caller.claims.clientId &&
            (query.status === undefined || batch.status === query.status) &&
            (query.operationId === undefined || batch.operationIds.includes(query.operationId)) &&
            (query.reference === undefined || batch.reference === query.reference),
        )
        .sort((a, b) => b.id - a.id)
        .slice(0, 100);
      return json(
        200,
        found.map((batch) => view(batch, caller)),
      );
    })
    .get("/api/operation-batches/:id", (request) => {
      const caller = auth(request);
      return json(
        200,
        view(
          ownBatch(caller, (batch) => String(batch.id) === request.params.id),
          caller,
        ),
      );
    })
    .put("/api/operation-batches/:id", (request) => {
      const caller = auth(request);
      const batch = ownBatch(caller, (candidate) => String(candidate.id) === request.params.id);
      parseWith(decisionInput, request.body);
      approve(caller, batch);
      return json(200, view(batch, caller));
    })
    .post("/api/operation-batches/processchallenge", (request) => {
      const caller = auth(request);
      const input = parseWith(resultInput, request.body);
      const batch = ownBatch(caller, (candidate) => candidate.trk === input.trk);
      // One result per batch: the first wins, and a repeat moves nothing.
      if (batch.result === null) recordResult(caller, batch, input.res, input.msg);
      return json(200, view(batch, caller));
    })
    .get("/challenge/batch", ({ query }) => {
      const batch = findBatchByTrk(state, query.get("trk") ?? "");
      if (!batch) return notFoundPage();
      const count = batch.operationIds.length;
      const payments = `${count} ${count === 1 ? "pago" : "pagos"}`;
      const title = batch.approvedBy !== null ? `Aprueba y autoriza ${payments}` : `Autoriza ${payments}`;
      return notSignable(batch) ?? challengePage(title, batchSummary(batch), batch.trk, "/challenge/batch");
    })
    .post("/challenge/batch", ({ body }) => {
      const form = pageForm.safeParse(body ?? {});
      const batch = form.success ? findBatchByTrk(state, form.data.trk) : undefined;
      if (!form.success || !batch) return notFoundPage();
      const refused = notSignable(batch);
      if (refused) return refused;
      const { res, msg, retries } = challengeOutcome(form.data.action, form.data.clave.trim());
      batch.challengeAnswer = res;
      const query = [
        `trk=${encodeURIComponent(batch.trk)}`,
        `batch=${batch.id}`,
        `res=${res}`,
        `msg=${encodeURIComponent(msg)}`,
        `retries=${retries}`,
      ].join("&");
      return redirect(`${ctx.appUrl}/transaction?${query}`);
    })
    // Control endpoint: every company's batches, as tests count them.
    .get("/__operation-batches", () =>
      json(
        200,
        batches().map((batch) => ({
          id: batch.id,
          companyClientId: batch.clientId,
          status: batch.status,
          reference: batch.reference,
          operationIds: batch.operationIds,
          result: batch.result,
          outcomes: batch.outcomes,
        })),
      ),
    );
}
