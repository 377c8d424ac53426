// The bank's books (decision 096). Every balance change is one posting made by
// `post`: it moves the balances of every account it touches, in whole cents, all or nothing, never
// below zero, and writes one movement record per account into what the middleware lists. So an
// account's opening balance plus its movements is always its balance, and an operation's money can
// be found in both accounts' movements the moment it moves.

import { mexicoCityDate } from "./dates";
import { type Payee, type PayeeBooks, payeeOf } from "./payees";
import type { BankAccount, OperationRecord, RecipientRecord, SandboxState } from "./types";

export type Flow = "IN" | "OUT";

/** SPEC §3's movement type catalogue as the middleware describes it, and which way the money goes. */
export const MOVEMENT_TYPES: Record<number, { description: string; flow: Flow }> = {
  40: { description: "SPEI ENVIADO", flow: "OUT" },
  82: { description: "SPID ENVIADO", flow: "OUT" },
  13: { description: "CARGO COMPRAVENTA DIVISAS", flow: "OUT" },
  1: { description: "CARGO FX", flow: "OUT" },
  89: { description: "TRANSFERENCIA A TERCEROS", flow: "OUT" },
  88: { description: "TRASPASO CUENTAS PROPIAS", flow: "OUT" },
  73: { description: "ABONO ENTRE CUENTAS", flow: "IN" },
  83: { description: "DEVOLUCION SPID", flow: "IN" },
  3: { description: "TRANSFERENCIA INTERNACIONAL", flow: "OUT" },
  5: { description: "TRANSFERENCIA NACIONAL RECIBIDA", flow: "IN" },
  44: { description: "DEVOLUCION SPEI", flow: "IN" },
  14: { description: "ABONO COMPRAVENTA DIVISAS", flow: "IN" },
  19: { description: "SPEI RECIBIDO", flow: "IN" },
  84: { description: "SPID RECIBIDO", flow: "IN" },
  60: { description: "DEVOLUCION DEL EXTRANJERO", flow: "IN" },
};

/** One line of an account's movements, as the middleware lists it (movements.ts). */
export interface MovementRecord {
  id: string;
  idAccount: string;
  clientId: string;
  clabe: string;
  /** ISO instant. */
  date: string;
  typeId: number;
  typeDescription: string;
  concept: string;
  amount: number;
  currency: string;
  flow: Flow;
  counterpartyName: string;
  counterpartyAccount: string;
  reference: string;
  /** Clave de rastreo of a SPEI/SPID movement; null for the others. */
  trackingKey: string | null;
  /** The product operation (`ope`) the movement settles; null for the bank's other movements. */
  operationId: number | null;
}

export interface LedgerState {
  /** Each account's balance before its first movement: the seed's books open about six months back. */
  openingBalances: Record<string, number>;
  /** Postings already made, by key (`operation:1065`, `return:1065`, `charge:3`): none is made twice. */
  posted: Set<string>;
  /** Numbers the postings that settle no operation (the Pro fee). */
  nextCharge: number;
}

/** A movement to write: which account, which §3 type (its flow follows), how much and with whom. */
export interface Leg {
  account: BankAccount;
  typeId: number;
  amount: number;
  concept: string;
  counterpartyName: string;
  counterpartyAccount: string;
}

/** What ties a posting's movements together: their id prefix, the operation, its reference and clave de rastreo. */
export interface PostingMeta {
  tag: string;
  operationId: number | null;
  reference: string;
  trackingKey: string | null;
}

export type PostingOutcome = "posted" | "already" | "refused";

type Books = PayeeBooks & Pick<SandboxState, "accounts" | "companies">;

export const toCents = (amount: number) => Math.round(amount * 100);

/** MXP is the peso account of the special-rule companies: the same money as MXN. */
export const currencyFamily = (currency: string) => (currency === "MXP" ? "MXN" : currency);

/** What leaves the origin account: a buy pays the quoted total, sells and transfers the amount sent. */
export function debitOf(operation: Pick<OperationRecord, "operation" | "total" | "amountOrigin">): number {
  return operation.operation === "buy" ? operation.total : operation.amountOrigin;
}

/** The bank's reference of an applied operation, dated by the bank's (Mexico City) day. */
export function gfbReference(operationId: number, at: Date): string {
  return `GFB-${mexicoCityDate(at).replaceAll("-", "")}-${String(operationId).padStart(6, "0")}`;
}

/**
 * The clave de rastreo of a SPEI the bank sends: Banxico allows up to 30 letters and digits, and
 * banks write their own prefix, the day and a sequence. Ours: "FXN062" (the bank's CLABE code),
 * the Mexico City day and the operation id on 10 digits, 24 characters, unique per operation.
 */
export const SPEI_KEY_PREFIX = "FXN062";
/** How Banxico's SPEI participants list names the bank that sends the company's transfers (the CEP's 'banco emisor'). */
export const SPEI_SENDER_BANK = "BASE";
export function speiTrackingKey(at: Date, sequence: number): string {
  return `${SPEI_KEY_PREFIX}${mexicoCityDate(at).replaceAll("-", "")}${String(sequence % 1e10).padStart(10, "0")}`;
}

/**
 * The payment system a transfer to a third party leaves by, and the movement types of its sending
 * and its return (§3): a foreign beneficiary is an international transfer (3, returned 60); a
 * national one is paid by SPID in dollars (82, returned 83) and by SPEI in pesos (40, returned 44).
 */
export function transferRail(
  originCurrency: string,
  recipient: Pick<RecipientRecord, "typeOriginPerson">,
): { sent: number; returned: number; spei: boolean } {
  if (recipient.typeOriginPerson === "EXTRANJERA") return { sent: 3, returned: 60, spei: false };
  if (currencyFamily(originCurrency) === "USD") return { sent: 82, returned: 83, spei: false };
  return { sent: 40, returned: 44, spei: true };
}

const findAccount = (books: Books, clientId: string, idAccount: string) =>
  books.accounts.find((account) => account.idAccount === idAccount && account.clientId === clientId);

interface Parties {
  origin: BankAccount;
  destiny: BankAccount | null;
  recipient: Payee | null;
  holder: string;
}

function partiesOf(books: Books, operation: OperationRecord): Parties | null {
  const origin = findAccount(books, operation.clientId, operation.accountOrigin.idCuenta);
  const destiny = operation.accountDestiny ? (findAccount(books, operation.clientId, operation.accountDestiny.idCuenta) ?? null) : null;
  const recipient = payeeOf(books, operation) ?? null;
  // Money goes to exactly one place, which must still exist when it moves.
  if (!origin || (destiny === null) === (recipient === null)) return null;
  const holder = books.companies.find((company) => company.clientId === operation.clientId)?.businessName ?? "";
  return { origin, destiny, recipient, holder };
}

/** "Compra de USD/MXN", or what the person wrote for a transfer. */
function conceptOf(operation: OperationRecord): string {
  if (operation.operation !== "transfer") return `${operation.operation === "buy" ? "Compra" : "Venta"} de ${operation.pair}`;
  return operation.aditionalInformation.trim() || operation.conceptString.trim() || "Transferencia";
}

/**
 * The movements an applied operation writes (§3 types): a buy or sell an FX charge (13) on the
 * origin and an FX credit (14) on the destination; a transfer between own accounts a 'traspaso'
 * (88) out and an 'abono' (73) in, of the same amount; a transfer to a third party one sending of
 * its rail. Null when an account or the recipient is no longer there.
 */
export function operationLegs(books: Books, operation: OperationRecord): Leg[] | null {
  const parties = partiesOf(books, operation);
  if (!parties) return null;
  const { origin, destiny, recipient, holder } = parties;
  const concept = conceptOf(operation);
  const toOwn = (account: BankAccount) => ({ counterpartyName: holder, counterpartyAccount: account.clabe });
  if (recipient) {
    const rail = transferRail(origin.currency, recipient);
    const payee = { counterpartyName: recipient.fullName, counterpartyAccount: recipient.account };
    return [{ account: origin, typeId: rail.sent, amount: operation.amountOrigin, concept, ...payee }];
  }
  if (!destiny) return null;
  if (operation.operation === "transfer") {
    return [
      { account: origin, typeId: 88, amount: operation.amountOrigin, concept, ...toOwn(destiny) },
      { account: destiny, typeId: 73, amount: operation.amountOrigin, concept, ...toOwn(origin) },
    ];
  }
  return [
    { account: origin, typeId: 13, amount: debitOf(operation), concept, ...toOwn(destiny) },
    { account: destiny, typeId: 14, amount: operation.amountDestiny, concept, ...toOwn(origin) },
  ];
}

/**
 * The movements that give an applied operation's money back: a third party's bank returns the
 * sending with its rail's return type (44 SPEI, 83 SPID, 60 from abroad); an operation between own
 * accounts is reversed leg by leg.
 */
export function returnLegs(books: Books, operation: OperationRecord): Leg[] | null {
  const legs = operationLegs(books, operation);
  const parties = partiesOf(books, operation);
  if (!legs || !parties) return null;
  const concept = (leg: Leg) => `Devolución: ${leg.concept}`;
  if (parties.recipient) {
    const rail = transferRail(parties.origin.currency, parties.recipient);
    return legs.map((leg) => ({ ...leg, typeId: rail.returned, concept: concept(leg) }));
  }
  const reverse: Record<number, number> = { 13: 14, 14: 13, 88: 73, 73: 88 };
  return legs.map((leg) => ({ ...leg, typeId: reverse[leg.typeId], concept: concept(leg) })).reverse();
}

/** Whether an operation's money leaves by SPEI, which gives it a clave de rastreo. */
export function isSpei(books: Books, operation: OperationRecord): boolean {
  const parties = partiesOf(books, operation);
  return parties?.recipient ? transferRail(parties.origin.currency, parties.recipient).spei : false;
}

/** The movement records of a posting, without touching any balance (the seed lays its past out with them). */
export function movementRecords(legs: readonly Leg[], at: Date, meta: PostingMeta): MovementRecord[] {
  return legs.map((leg, index) => {
    const type = MOVEMENT_TYPES[leg.typeId];
    return {
      id: `${leg.account.idAccount}-${meta.tag}-${index + 1}`,
      idAccount: leg.account.idAccount,
      clientId: leg.account.clientId,
      clabe: leg.account.clabe,
      date: at.toISOString(),
      typeId: leg.typeId,
      typeDescription: type.description,
      concept: leg.concept,
      amount: toCents(leg.amount) / 100,
      currency: leg.account.currency,
      flow: type.flow,
      counterpartyName: leg.counterpartyName,
      counterpartyAccount: leg.counterpartyAccount,
      reference: meta.reference,
      trackingKey: meta.trackingKey,
      operationId: meta.operationId,
    };
  });
}

/**
 * The one place a balance changes. All legs or none: a posting that would leave any account below
 * zero, or that was already made under its key, changes nothing.
 */
export function post(state: SandboxState, key: string, legs: readonly Leg[], at: Date, meta: PostingMeta): PostingOutcome {
  if (state.ledger.posted.has(key)) return "already";
  if (legs.length === 0 || legs.some((leg) => toCents(leg.amount) <= 0)) return "refused";
  const next = new Map<BankAccount, number>();
  for (const leg of legs) {
    const cents = next.get(leg.account) ?? toCents(leg.account.balance);
    const signed = MOVEMENT_TYPES[leg.typeId].flow === "IN" ? toCents(leg.amount) : -toCents(leg.amount);
    next.set(leg.account, cents + signed);
  }
  if ([...next.values()].some((cents) => cents < 0)) return "refused";
  for (const [account, cents] of next) account.balance = cents / 100;
  state.ledger.posted.add(key);
  state.movements.push(...movementRecords(legs, at, meta));
  return "posted";
}

/**
 * Applies an operation's money: the debit and, for an own destination, the credit, with the GFB
 * reference and (SPEI) the clave de rastreo given to the operation as its money moves. "refused"
 * when the origin cannot cover it now or an account is gone; "already" when its money moved before.
 */
export function postOperation(state: SandboxState, operation: OperationRecord, at: Date): PostingOutcome {
  if (operation.balancesMoved) return "already";
  const legs = operationLegs(state, operation);
  if (!legs) return "refused";
  const reference = operation.referenceGFB ?? gfbReference(operation.id, at);
  const trackingKey = isSpei(state, operation) ? (operation.speiTrackingKey ?? speiTrackingKey(at, operation.id)) : null;
  const outcome = post(state, `operation:${operation.id}`, legs, at, {
    tag: `O${operation.id}`,
    operationId: operation.id,
    reference,
    trackingKey,
  });
  if (outcome !== "posted") return outcome;
  operation.balancesMoved = true;
  operation.referenceGFB = reference;
  if (trackingKey) {
    operation.speiTrackingKey = trackingKey;
    operation.speiSentAt = at.toISOString();
  }
  return outcome;
}

/**
 * Gives a returned operation's money back, once, if it ever moved. "refused" when reversing an
 * operation between own accounts would leave the account that received the money below zero.
 */
export function postReturn(state: SandboxState, operation: OperationRecord, at: Date): PostingOutcome | "not-moved" {
  if (!operation.balancesMoved) return "not-moved";
  const legs = returnLegs(state, operation);
  if (!legs) return "refused";
  return post(state, `return:${operation.id}`, legs, at, {
    tag: `D${operation.id}`,
    operationId: operation.id,
    reference: operation.referenceGFB ?? operation.txId,
    trackingKey: operation.speiTrackingKey ?? null,
  });
}

/** A charge that settles no operation (the Pro fee), posted like any other movement. */
export function postCharge(
  state: SandboxState,
  account: BankAccount,
  charge: Omit<Leg, "account"> & { reference: string },
  at: Date,
): PostingOutcome {
  const number = state.ledger.nextCharge++;
  const { reference, ...leg } = charge;
  return post(state, `charge:${number}`, [{ account, ...leg }], at, { tag: `C${number}`, operationId: null, reference, trackingKey: null });
}
