// Trading on the product API (prefix /api): quotes helpers, operation creation with idempotency,
// the challenge result that moves money, and the binnacle that records every status change.

import { randomUUID } from "node:crypto";

import { z } from "zod";

import { findBankUser, findCompany, findMemberById, type SandboxContext } from "./context";
import { mexicoCityDate } from "./dates";
import { HttpError, json, parseWith, type RequestContext, type Router } from "./http";
import { fingerprintOf, idempotencyKeyOf, once } from "./idempotency";
import { currencyFamily, debitOf, postOperation, postReturn, SPEI_SENDER_BANK } from "./ledger";
import { addNotification } from "./notifications";
import { notWaitingMessage } from "./operation-lifecycle";
import { payableRecipient, type Payee, payeeOf } from "./payees";
import { verifyQuote } from "./price-signing";
import { authenticateMember, type ProductAuth } from "./product";
import { markScheduledEventPaidByChallenge, scheduledEventOfOperation, scheduledEventPaidByAnother } from "./schedules";
import {
  type BankAccount,
  OPERATION_STATUSES,
  type OperationKind,
  type OperationRecord,
  type OperationStatus,
  type SandboxState,
  type SetOperationAnswer,
} from "./types";

/**
 * Mid prices used for reference conversions. The live quotes stream from prices.ts; these are
 * their starting levels, which is all a "how much is 50,000 USD in MXN" hint needs.
 */
export const MID_PRICES: Record<string, number> = {
  "USD/MXN": 17.2,
  "EUR/MXN": 18.6,
  "EUR/USD": 1.08,
  "GBP/MXN": 21.8,
  "CAD/MXN": 12.5,
  "USD/CAD": 1.38,
  "GBP/USD": 1.27,
  "USD/JPY": 150,
  "CHF/MXN": 19.5,
};

/** A quote is valid for 20 minutes (SPEC §4 Polling); after that /setoperation refuses it. */
export const PRICE_MAX_AGE_MS = 20 * 60 * 1000;

/** Margin bands in percent by amount (upper bound exclusive): Pro always pays less than Básica. */
const MARGIN_BANDS: { below: number; pro: number; basic: number }[] = [
  { below: 10_000, pro: 0.35, basic: 0.55 },
  { below: 50_000, pro: 0.3, basic: 0.5 },
  { below: 100_000, pro: 0.25, basic: 0.45 },
  { below: 500_000, pro: 0.2, basic: 0.4 },
  { below: Infinity, pro: 0.15, basic: 0.35 },
];

export const INSUFFICIENT_FUNDS_MESSAGE =
  "No cuentas con los fondos suficientes, te recomendamos hacer una transferencia de fondos para poder realizar la operación";
const STALE_PRICE_MESSAGE = "Lo sentimos, este precio no está actualizado. Intenta nuevamente.";
const SPOT_NOT_AUTHORIZED_MESSAGE = "Cliente no autorizado a operar spot";

const OPERATION_KINDS = ["buy", "sell", "transfer"] as const;

const accountRef = z.object({ idCuenta: z.string().min(1), idDivisa: z.string().min(1) });
const priceObjectInput = z.object({
  lpId: z.string().min(1),
  sig: z.string().min(1),
  ts: z.number().int(),
  price: z.number().positive(),
  buy: z.number().positive(),
  sell: z.number().positive(),
  pair: z.string().min(1),
});
const setOperationInput = z
  .object({
    operation: z.enum(OPERATION_KINDS),
    pair: z.string(),
    amount: z.number().positive().optional(),
    amountOrigin: z.number().positive(),
    amountDestiny: z.number().positive(),
    total: z.number().positive(),
    margin: z.string(),
    exchangeRate: z.number().nonnegative(),
    accountOrigin: accountRef,
    accountDestiny: accountRef.nullable(),
    recipient: z
      .object({
        idRecipient: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
        // §3 receiverTypeData: whose id idRecipient is, the bank's (B3, the default) or the back office's (BO).
        receiverTypeData: z.enum(["B3", "BO"]).default("B3"),
      })
      .nullable(),
    concept: z.number().int().nonnegative(),
    conceptString: z.string(),
    aditionalInformation: z.string(),
    priceObject: priceObjectInput.nullable(),
    calculatePlace: z.enum(["left", "right"]),
  })
  .superRefine((input, issues) => {
    // Money goes to exactly one place: an own account or a registered recipient.
    if ((input.accountDestiny === null) === (input.recipient === null)) {
      issues.addIssue({ code: "custom", path: ["accountDestiny"], message: "indica accountDestiny o recipient (uno de los dos)" });
    }
    if (input.operation !== "transfer" && input.pair === "") {
      issues.addIssue({ code: "custom", path: ["pair"], message: "una compra o venta necesita el par" });
    }
  });

const processChallengeInput = z.object({
  res: z.union([z.string().min(1), z.number().int()]).transform(String),
  msg: z.string(),
  trk: z.string().min(1),
  more: z.unknown().optional(),
});
const setBinnacleInput = z.object({ trk: z.string().min(1), responseChallenge: z.unknown() });

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Booking an operation is a round trip to the bank's core; 25 ms keeps that window open so
 * duplicate submits really overlap (and idempotency is exercised) without slowing tests down.
 */
const BOOKING_MS = 25;
const bookingRoundTrip = () => new Promise<void>((resolve) => setTimeout(resolve, BOOKING_MS));

export { debitOf };

function ownAccount(state: SandboxState, clientId: string, idAccount: string): BankAccount | undefined {
  return state.accounts.find((account) => account.idAccount === idAccount && account.clientId === clientId);
}

export function findOperationByTrk(state: SandboxState, trk: string): OperationRecord | undefined {
  return state.operations.find((operation) => operation.trk === trk);
}

/**
 * What a /setoperation request asks for, as the key's fingerprint: the kind, the accounts or
 * recipient, the reason and the amount on the side the person typed (`calculatePlace`). The quote
 * (rate, price object, the other side's amount) is left out: two sends of one form can carry two
 * ticks of the same price feed and are still the same request.
 */
export function operationIntent(body: unknown): string {
  const fields = (body !== null && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const pick = (value: unknown, name: string) =>
    value !== null && typeof value === "object" ? (value as Record<string, unknown>)[name] : undefined;
  const typed = fields.calculatePlace === "right" ? fields.total : (fields.amount ?? fields.amountOrigin);
  return fingerprintOf({
    operation: fields.operation,
    pair: fields.pair,
    typedSide: fields.calculatePlace,
    typedAmount: typeof typed === "number" ? typed.toFixed(2) : typed,
    origin: pick(fields.accountOrigin, "idCuenta"),
    destination: pick(fields.accountDestiny, "idCuenta"),
    recipient: pick(fields.recipient, "idRecipient"),
    recipientSource: pick(fields.recipient, "receiverTypeData"),
    concept: fields.concept,
    conceptString: fields.conceptString,
    scheduledPaymentEvent: pick(fields.scheduledPaymentEvent, "id"),
  });
}

function parsePair(query: URLSearchParams): string {
  const pair = query.get("pair") ?? "";
  if (MID_PRICES[pair] === undefined) throw new HttpError(400, "Par no disponible", "INVALID_PAIR");
  return pair;
}

function parseAmount(query: URLSearchParams): number {
  const amount = Number(query.get("amount") ?? "");
  if (!Number.isFinite(amount) || amount <= 0) {
    throw new HttpError(400, "El monto debe ser un número mayor a cero", "INVALID_AMOUNT");
  }
  return amount;
}

function parseOperationKind(query: URLSearchParams): OperationKind {
  const kind = query.get("operation");
  if (!OPERATION_KINDS.some((candidate) => candidate === kind)) {
    throw new HttpError(400, "operation debe ser buy, sell o transfer", "INVALID_OPERATION");
  }
  return kind as OperationKind;
}

/** GET /operations/{id}: the operation as the product API shows it (the history calls answer it too). */
export function viewOfOperation(state: SandboxState, operation: OperationRecord) {
  const member = findMemberById(state, operation.memberId);
  const user = member && findBankUser(state, member.userName);
  const approver = operation.approvedBy ? findMemberById(state, operation.approvedBy) : undefined;
  const approverUser = approver && findBankUser(state, approver.userName);
  const recipient = payeeOf(state, operation);
  const currencyReceive = operation.accountDestiny?.idDivisa ?? recipient?.idCurrency ?? operation.accountOrigin.idDivisa;
  return {
    id: operation.id,
    operation: operation.operation,
    status: operation.status,
    txId: operation.txId,
    pair: operation.pair,
    amount: operation.amount,
    amountOrigin: operation.amountOrigin,
    amountDestiny: operation.amountDestiny,
    total: operation.total,
    margin: operation.margin,
    // The provider whose signed price the operation was booked at (a real desk keeps who it dealt with).
    liquidityProvider: operation.priceObject?.lpId ?? null,
    accountOrigin: operation.accountOrigin,
    accountDestiny: operation.accountDestiny,
    concept: operation.concept,
    conceptString: operation.conceptString,
    aditionalInformation: operation.aditionalInformation,
    member: { completeName: user ? [user.name, user.firstLastName, user.secondLastName].join(" ") : "" },
    recipient: recipient
      ? { idRecipient: recipient.idRecipient, nombreCompleto: recipient.fullName, receiverTypeData: recipient.source }
      : null,
    bank: recipient?.bankName ?? null,
    created_at: operation.createdAt,
    updated_at: operation.updatedAt,
    idLiquidation: operation.idLiquidation,
    referenceGFB: operation.referenceGFB,
    reasonReturned: operation.reasonReturned ?? null,
    requires_admin_approval: operation.requiresAdminApproval,
    // Who approved it, once an administrator did: it then waits for that administrator's key only.
    approved_by: operation.approvedBy
      ? {
          id: operation.approvedBy,
          completeName: approverUser ? [approverUser.name, approverUser.firstLastName, approverUser.secondLastName].join(" ") : "",
        }
      : null,
    approved_at: operation.approvedBy ? (operation.approvedAt ?? null) : null,
    request: {
      exchangeRate: operation.exchangeRate,
      total: operation.total,
      currency: operation.accountOrigin.idDivisa,
      currencyDelivery: operation.accountOrigin.idDivisa,
      currencyReceive,
      // The product's own text of the reason id (its catalogue), whatever words the client sent with it.
      paymentReason:
        state.catalogs.conceptPays.find((reason) => reason.IdPayConcept === operation.concept)?.concept ?? operation.conceptString,
      paymentReasonId: operation.concept,
      conceptReferenceString: operation.conceptString,
      marginCalculated: operation.margin,
      aditionalInformation: operation.aditionalInformation,
    },
    responseChallenge: operation.responseChallenge,
    speiTrackingKey: operation.speiTrackingKey ?? null,
    spei: speiPayment(operation, recipient),
    companyName: findCompany(state, operation.clientId)?.businessName ?? "",
  };
}

/**
 * What Banxico's CEP asks for a SPEI the bank sent: the day it left (Mexico City), its clave de rastreo, the sending
 * and receiving banks, the beneficiary's CLABE and the amount. Null for anything that did not leave by SPEI.
 */
function speiPayment(operation: OperationRecord, recipient: Payee | undefined) {
  if (!operation.speiTrackingKey || !operation.speiSentAt || !recipient) return null;
  return {
    trackingKey: operation.speiTrackingKey,
    operationDate: mexicoCityDate(new Date(operation.speiSentAt)),
    senderBank: SPEI_SENDER_BANK,
    receiverBank: recipient.bankName,
    beneficiaryAccount: recipient.account,
    amount: operation.amountOrigin,
  };
}

/** Appends a step to the operation's binnacle (GET /binnacles); returns the entry's id. */
export function addBinnacleEntry(state: SandboxState, operation: OperationRecord, status: string, message: string, at: string): number {
  const step = state.binnacles.filter((entry) => entry.operationId === operation.id).length + 1;
  const id = state.nextIds.binnacle++;
  state.binnacles.push({ id, operationId: operation.id, step, status, message, createdAt: at });
  return id;
}

export interface TradingControls {
  /** Drops pending "applying → applied" timers; called on /__reset and on close. */
  cancelTimers(): void;
  /** "applying → applied" timers not run yet. */
  pending(): number;
  /** A status change with its binnacle entry and notice, as every path of the bank makes it (batches.ts). */
  setStatus(operation: OperationRecord, status: OperationStatus, message: string): void;
  /** Moves an applying operation's money now, funds checked again (a batch's rows, batches.ts). */
  apply(operation: OperationRecord): void;
}

export function registerOperationRoutes(router: Router, ctx: SandboxContext): TradingControls {
  const { state } = ctx;
  const auth = (request: RequestContext) => authenticateMember(ctx, request);
  const timers = new Set<NodeJS.Timeout>();
  const nowIso = () => ctx.now().toISOString();

  const addBinnacle = (operation: OperationRecord, status: string, message: string) =>
    addBinnacleEntry(state, operation, status, message, nowIso());

  /** A status change is recorded in the binnacle and told to the member who created the operation. */
  function setStatus(operation: OperationRecord, status: OperationStatus, message: string): void {
    operation.status = status;
    operation.updatedAt = nowIso();
    addBinnacle(operation, status, message);
    const notice = statusNotice(operation, status);
    if (notice) addNotification(ctx, { memberId: operation.memberId, module: "operation", status, ...notice });
  }

  /** Runs every check in the contract's order; the operation is stored only when all pass. */
  function createOperation(caller: ProductAuth, body: unknown, key: string): SetOperationAnswer {
    const input = parseWith(setOperationInput, body);
    const { clientId } = caller.claims;
    // The reason is an entry of the product's catalogue (GET /conceptpays), as a recurring payment's is.
    if (!state.catalogs.conceptPays.some((reason) => reason.IdPayConcept === input.concept)) {
      throw new HttpError(400, "Solicitud inválida: concept: motivo de pago desconocido", "INVALID_BODY");
    }

    // 1. Everything referenced belongs to the jwt's company.
    const origin = ownAccount(state, clientId, input.accountOrigin.idCuenta);
    const destiny = input.accountDestiny && ownAccount(state, clientId, input.accountDestiny.idCuenta);
    if (!origin || (input.accountDestiny && !destiny)) {
      throw new HttpError(404, "Cuenta no encontrada", "ACCOUNT_NOT_FOUND");
    }
    // The bank pays recipients it has authorized (status 2) and the back office's (§4 treats them as authorized).
    const found = input.recipient && payableRecipient(state, clientId, { ...input.recipient, source: input.recipient.receiverTypeData });
    if (found && "refusal" in found) {
      throw found.refusal === "notFound"
        ? new HttpError(404, "Destinatario no encontrado", "RECIPIENT_NOT_FOUND")
        : new HttpError(422, "El destinatario aún no está autorizado", "RECIPIENT_NOT_AUTHORIZED");
    }
    const recipient = found ? found.payee : null;
    // A transfer between own accounts moves the same money: another account of the same currency.
    if (
      input.operation === "transfer" &&
      destiny &&
      (destiny.idAccount === origin.idAccount || currencyFamily(destiny.currency) !== currencyFamily(origin.currency))
    ) {
      throw new HttpError(422, "La cuenta de destino debe ser otra cuenta tuya en la misma divisa", "INVALID_DESTINATION");
    }

    // 2-3. The price was really quoted by us, for this pair, and is recent enough.
    const quote = input.priceObject;
    if (quote || input.operation !== "transfer") {
      const genuine =
        quote !== null &&
        (input.operation === "transfer" || quote.pair === input.pair) &&
        verifyQuote(state.priceSecret, {
          cp: quote.pair,
          lpId: quote.lpId,
          Buy: quote.buy,
          Sell: quote.sell,
          ts: quote.ts,
          sig: quote.sig,
        });
      if (!quote || !genuine) throw new HttpError(422, "invalidPriceObject", "INVALID_PRICE");
      if (ctx.now().getTime() - quote.ts > PRICE_MAX_AGE_MS) throw new HttpError(409, STALE_PRICE_MESSAGE, "STALE_PRICE");
    }

    // 4. Funds: checked now so the user hears early, and again when the operation is applied.
    const debit = debitOf(input);
    if (origin.balance < debit) throw new HttpError(422, INSUFFICIENT_FUNDS_MESSAGE, "INSUFFICIENT_FUNDS");

    // 5. The bank lets the company operate spot (§8 'Cliente no autorizado a operar spot').
    if (input.operation !== "transfer" && findCompany(state, clientId)?.spotAuthorized === false) {
      throw new HttpError(422, SPOT_NOT_AUTHORIZED_MESSAGE, "SPT-001");
    }

    // 6. Permissions: where the money goes, then whether the member may execute or only create.
    const permissions = caller.member.permissions;
    if (recipient && !permissions.includes("send_money_to_third_accounts")) {
      throw new HttpError(403, "No tienes permiso para enviar dinero a cuentas de terceros", "FORBIDDEN");
    }
    if (destiny && !permissions.includes("send_money_to_own_accounts")) {
      throw new HttpError(403, "No tienes permiso para enviar dinero a cuentas propias", "FORBIDDEN");
    }
    const canExecute = permissions.includes("can_execute_operations");
    if (!canExecute && !permissions.includes("can_create_operations")) {
      throw new HttpError(403, "No tienes permiso para crear operaciones", "FORBIDDEN");
    }

    // 7. "Pay now" of a recurring payment: the event exists, is unpaid and has this payee (schedules.ts).
    const scheduledPaymentEventId = scheduledEventOfOperation(ctx, clientId, body, {
      operation: input.operation,
      destinyId: destiny ? destiny.idAccount : null,
      // A schedule pays one of the bank's recipients: a back-office id never matches it.
      recipientId: recipient?.source === "B3" ? recipient.idRecipient : null,
    });

    const id = state.nextIds.operation++;
    const createdAt = nowIso();
    const operation: OperationRecord = {
      id,
      clientId,
      memberId: caller.member.memberId,
      idempotencyKey: key,
      operation: input.operation,
      status: "sent",
      txId: `TX${String(5_300_000 + id)}`,
      trk: randomUUID(),
      pair: input.pair,
      amount: input.amount ?? input.amountOrigin,
      amountOrigin: input.amountOrigin,
      amountDestiny: input.amountDestiny,
      total: input.total,
      margin: input.margin,
      exchangeRate: input.exchangeRate,
      accountOrigin: { idCuenta: origin.idAccount, idDivisa: origin.currency },
      accountDestiny: destiny ? { idCuenta: destiny.idAccount, idDivisa: destiny.currency } : null,
      recipientId: recipient ? recipient.idRecipient : null,
      ...(recipient?.source === "BO" ? { recipientSource: "BO" as const } : {}),
      concept: input.concept,
      conceptString: input.conceptString,
      aditionalInformation: input.aditionalInformation,
      priceObject: quote,
      calculatePlace: input.calculatePlace,
      requiresAdminApproval: !canExecute,
      createdAt,
      updatedAt: createdAt,
      referenceGFB: null,
      idLiquidation: null,
      responseChallenge: null,
      challengeMore: null,
      challengeAnswer: null,
      balancesMoved: false,
      scheduledPaymentEventId,
    };
    state.operations.push(operation);
    addBinnacle(
      operation,
      "sent",
      operation.requiresAdminApproval ? "Operación registrada; espera la aprobación de un administrador" : "Operación registrada",
    );
    return {
      id,
      status: "sent",
      trk: operation.trk,
      // A member who may not execute gets no challenge: an administrator has to approve first.
      uri: operation.requiresAdminApproval ? null : `${ctx.challengeUrl}/?trk=${encodeURIComponent(operation.trk)}`,
      requires_admin_approval: operation.requiresAdminApproval,
    };
  }

  /**
   * Moves the money of an applying operation, once, through the books (ledger.ts), which re-check
   * the funds since other operations may have run.
   */
  function apply(operation: OperationRecord): void {
    // After a reset the operation is no longer part of the world, so it must not touch balances.
    if (!state.operations.includes(operation) || operation.status !== "applying" || operation.balancesMoved) return;
    if (postOperation(state, operation, ctx.now()) !== "posted") {
      setStatus(operation, "notApplied", "Fondos insuficientes|La cuenta de origen no tiene saldo suficiente");
      return;
    }
    if (operation.operation !== "transfer") operation.idLiquidation = 880_000 + operation.id;
    setStatus(operation, "applied", "Operación aplicada");
  }

  function scheduleApply(operation: OperationRecord): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      apply(operation);
    }, ctx.applyDelayMs);
    timers.add(timer);
  }

  const operationView = (operation: OperationRecord) => viewOfOperation(state, operation);

  /** The caller's company's operation, or 404 (another company's operations do not exist for it). */
  function ownOperation(caller: ProductAuth, find: (operation: OperationRecord) => boolean): OperationRecord {
    const operation = state.operations.find((candidate) => candidate.clientId === caller.claims.clientId && find(candidate));
    if (!operation) throw new HttpError(404, "Operación no encontrada", "OPERATION_NOT_FOUND");
    return operation;
  }

  router
    .post("/api/calculatingMargin", (request) => {
      const { member } = auth(request);
      parsePair(request.query);
      const amount = parseAmount(request.query);
      const band = MARGIN_BANDS.find((candidate) => amount < candidate.below) ?? MARGIN_BANDS[MARGIN_BANDS.length - 1];
      // A Pro trial is Pro for pricing purposes.
      return json(200, { marginUser: member.membership?.membershipId === 2 ? band.pro : band.basic });
    })
    .get("/api/startpairamount", (request) => {
      auth(request);
      const pair = parsePair(request.query);
      return json(200, { amount: round2(parseAmount(request.query) * MID_PRICES[pair]) });
    })
    .get("/api/getRecentAccount", (request) => {
      const { member, claims } = auth(request);
      const kind = parseOperationKind(request.query);
      const lastUsed = new Map<string, string>();
      const mine = state.operations
        .filter((op) => !op.seeded && op.memberId === member.memberId && op.clientId === claims.clientId && op.operation === kind)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
      for (const op of mine) {
        for (const ref of [op.accountOrigin, op.accountDestiny]) {
          if (ref && !lastUsed.has(ref.idCuenta)) lastUsed.set(ref.idCuenta, op.createdAt);
        }
      }
      return json(
        200,
        [...lastUsed].map(([idAccount, lastUsedAt]) => ({ idAccount, lastUsedAt })),
      );
    })
    .post("/api/setoperation", async (request) => {
      const caller = auth(request);
      const key = idempotencyKeyOf(request.headers);
      const scope = `${caller.member.memberId}|${caller.claims.clientId}|${key}`;
      const records = state.idempotency;
      const { answer, replayed } = await once(records, scope, operationIntent(request.body), async () => {
        await bookingRoundTrip();
        // A /__reset during the round trip replaced the world; booking into the new one would leak.
        if (state.idempotency !== records) throw new HttpError(503, "El sandbox se reinició", "SANDBOX_RESET");
        return createOperation(caller, request.body, key);
      });
      return json(replayed ? 200 : 201, answer);
    })
    .get("/api/operations/:id", (request) => {
      const caller = auth(request);
      const id = Number(request.params.id);
      return json(200, operationView(ownOperation(caller, (operation) => operation.id === id)));
    })
    .post("/api/processchallenge", (request) => {
      const caller = auth(request);
      const input = parseWith(processChallengeInput, request.body);
      const operation = ownOperation(caller, (candidate) => candidate.trk === input.trk);
      // Idempotent by trk: the first result wins and money moves at most once.
      if (operation.responseChallenge !== null) return json(200, { operation: operationView(operation) });
      // Voided, or ended otherwise, before a result was recorded: nothing is recorded and nothing moves.
      if (operation.status !== "sent") throw new HttpError(409, notWaitingMessage(operation), "OPERATION_NOT_PENDING");
      if (operation.requiresAdminApproval && !operation.approvedBy) {
        throw new HttpError(409, "La operación espera la aprobación de un administrador", "APPROVAL_REQUIRED");
      }
      // An approved operation is confirmed with the approving administrator's token (collaborators.ts).
      if (operation.requiresAdminApproval && operation.approvedBy !== caller.member.memberId) {
        throw new HttpError(403, "Solo el administrador que aprobó la operación puede confirmarla", "FORBIDDEN");
      }
      if (operation.challengeAnswer === null || operation.challengeAnswer !== input.res) {
        throw new HttpError(409, "El resultado no corresponde al reto del banco", "CHALLENGE_MISMATCH");
      }
      // 'Pay now' of a payment another operation paid meanwhile: this one is not confirmed.
      if (input.res === "0" && scheduledEventPaidByAnother(ctx, operation)) {
        throw new HttpError(409, "Este pago programado ya se pagó con otra operación", "SCHEDULED_PAYMENT_EVENT_PAID");
      }
      const folio =
        operation.operation === "transfer" ? { crf: `CRF${String(7_300_000 + operation.id)}` } : { dil: `${4_471_200 + operation.id}-1` };
      operation.responseChallenge = { res: input.res, msg: input.msg, ...folio, ope: String(operation.id), trk: operation.trk };
      operation.challengeMore = input.more ?? null;
      addBinnacle(operation, "challenge", input.msg);
      if (input.res === "0") {
        setStatus(operation, "applying", "Operación confirmada; en proceso de aplicación");
        markScheduledEventPaidByChallenge(ctx, operation);
        scheduleApply(operation);
      } else {
        setStatus(operation, "notApplied", input.msg);
      }
      return json(200, { operation: operationView(operation) });
    })
    .post("/api/setbinnacle", (request) => {
      const caller = auth(request);
      const input = parseWith(setBinnacleInput, request.body);
      const operation = ownOperation(caller, (candidate) => candidate.trk === input.trk);
      const response = input.responseChallenge;
      const message =
        typeof response === "object" && response !== null && "msg" in response && typeof response.msg === "string"
          ? response.msg
          : JSON.stringify(response ?? null);
      return json(201, { id: addBinnacle(operation, "responseChallenge", message) });
    })
    .get("/api/binnacles", (request) => {
      const { claims } = auth(request);
      const raw = request.query.get("operation");
      if (raw === null || !/^\d+$/.test(raw)) throw new HttpError(400, "Falta el parámetro operation", "OPERATION_REQUIRED");
      const operation = state.operations.find((candidate) => candidate.id === Number(raw));
      // Like a Strapi filter: another company's operation simply has no entries for this caller.
      if (!operation || operation.clientId !== claims.clientId) return json(200, []);
      const entries = state.binnacles
        .filter((entry) => entry.operationId === operation.id)
        .map((entry) => ({
          id: entry.id,
          operation: entry.operationId,
          step: entry.step,
          status: entry.status,
          message: entry.message,
          created_at: entry.createdAt,
        }));
      return json(200, entries);
    })
    // Control endpoint: moves an operation to another status as the bank's core would (returned, voided…).
    .post("/__operations/:id/status", (request) => {
      const operation = state.operations.find((candidate) => candidate.id === Number(request.params.id));
      if (!operation) throw new HttpError(404, "Operación no encontrada", "OPERATION_NOT_FOUND");
      const { status } = parseWith(z.object({ status: z.enum(OPERATION_STATUSES) }), request.body);
      // Money that moved comes back with the return; an operation whose money never moved only changes its label.
      if (status === "returned" && postReturn(state, operation, ctx.now()) === "refused") {
        throw new HttpError(409, "La cuenta que recibió el dinero ya no tiene saldo para devolverlo", "RETURN_NOT_POSSIBLE");
      }
      setStatus(operation, status, `Cambio de estado: ${status}`);
      return json(200, operationView(operation));
    })
    // Control endpoint: what the bank allows a company (today: whether it may operate spot).
    .post("/__companies/:clientId", (request) => {
      const company = findCompany(state, request.params.clientId);
      if (!company) throw new HttpError(404, "Empresa no encontrada", "COMPANY_NOT_FOUND");
      const { spotAuthorized } = parseWith(z.object({ spotAuthorized: z.boolean() }), request.body);
      company.spotAuthorized = spotAuthorized;
      return json(200, { clientId: company.clientId, spotAuthorized });
    })
    // Control endpoint: lets tests count what /setoperation really created (the seeded history is left out).
    .get("/__operations", () =>
      json(
        200,
        state.operations
          .filter((operation) => !operation.seeded)
          .map((operation) => ({
            id: operation.id,
            operation: operation.operation,
            status: operation.status,
            idempotencyKey: operation.idempotencyKey,
            companyClientId: operation.clientId,
            trk: operation.trk,
          })),
      ),
    );

  return {
    cancelTimers() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
    pending: () => timers.size,
    setStatus,
    apply,
  };
}

const KIND_TEXT: Record<OperationRecord["operation"], string> = {
  buy: "compra de divisas",
  sell: "venta de divisas",
  transfer: "transferencia",
};

/** What the notification service tells the member about a status (none for internal steps). */
export function statusNotice(
  operation: OperationRecord,
  status: OperationStatus,
): { type: "info" | "error" | "pending"; title: string; copy: string; detail: unknown } | null {
  const kind = KIND_TEXT[operation.operation];
  const what = `Tu ${kind} #${operation.id}`;
  const detail = {
    id: operation.id,
    status,
    operationType: operation.operation,
    pair: operation.pair,
    accountDestiny: operation.accountDestiny ? { idCuenta: operation.accountDestiny.idCuenta } : null,
    responseChallenge: operation.responseChallenge?.dil ? { dil: operation.responseChallenge.dil } : null,
  };
  switch (status) {
    case "applying":
      return { type: "info", title: "Operación confirmada", copy: `${what} fue confirmada y se está aplicando.`, detail };
    case "applied":
      return {
        type: "info",
        title: operation.operation === "transfer" ? "Transferencia aplicada" : "Operación aplicada",
        copy: operation.operation === "transfer" ? `${what} llegó a su destino.` : `${what} se acreditó. Tu factura ya está disponible.`,
        detail,
      };
    case "appliedNoReceipt":
      return {
        type: "info",
        title: "Dinero enviado a cuenta de destino",
        copy: `${what} se acreditó. Estamos generando tu comprobante.`,
        detail,
      };
    case "validating":
      return {
        type: "pending",
        title: "Operación en proceso",
        copy: `Estamos verificando la ejecución de ${what.replace("Tu ", "tu ")}.`,
        detail,
      };
    case "returned":
      return {
        type: "error",
        title: "Operación devuelta",
        copy: `${what} fue devuelta. El monto se reembolsó a tu cuenta de origen.`,
        detail,
      };
    case "notApplied":
    case "notAppliedByAdmin":
    case "notAppliedCan":
      return { type: "error", title: "Operación anulada", copy: `${what} no se aplicó.`, detail };
    default:
      return null;
  }
}
