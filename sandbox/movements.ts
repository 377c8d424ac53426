// The bank middleware's movements (prefix /middleware): the books' movement records (ledger.ts),
// paged as the middleware pages them, with the §8 "no movements" answers (ACCOUNTS_0004,
// ACCOUNTS_403, 'Error ESB Token'); and the seed's books: months of deterministic movements of every
// SPEC §3 movement type per account, the seeded operations' among them, that add up to each
// account's balance from an opening balance.

import { z } from "zod";

import type { SandboxContext } from "./context";
import { mexicoCityDate, mexicoMidnight } from "./dates";
import { SEEDED_APPLIED_MINUTE, SEEDED_RETURN_MINUTE } from "./history-seed";
import { bearerToken, json, type Reply, type Router } from "./http";
import {
  type Flow,
  isSpei,
  type LedgerState,
  MOVEMENT_TYPES,
  type MovementRecord,
  movementRecords,
  operationLegs,
  returnLegs,
  speiTrackingKey,
} from "./ledger";
import type { PayeeBooks } from "./payees";
import { mulberry32 } from "./random";
import { checkBankToken } from "./tokens";
import type { BankAccount, BankCompany, OperationRecord, OperationStatus, RecipientRecord } from "./types";

/** Which types happen in which currency, most frequent first (repeats weight the draw). */
const TYPES_BY_CURRENCY: Record<string, number[]> = {
  MXN: [40, 19, 40, 19, 89, 5, 88, 73, 13, 14, 44, 1],
  MXP: [40, 19, 89, 5, 88, 73, 44],
  USD: [82, 84, 82, 84, 3, 13, 14, 83, 60, 73],
};
const FOREIGN_TYPES = [3, 14, 13, 60, 73, 1];

/** The types that travel by SPEI or SPID, and so carry a clave de rastreo. */
const TRACKED_TYPES = new Set([40, 19, 44, 82, 84, 83]);

const COUNTERPARTIES = [
  "Proveedora Textil del Norte",
  "Aceros y Perfiles de Querétaro",
  "Transportes Refrigerados del Golfo",
  "Harinera La Espiga",
  "Distribuidora Regiomontana de Empaques",
  "Comercializadora del Pacífico",
  "Servicios Aduanales Nuevo Laredo",
  "Shenzhen Bright Components",
  "Hamburg Maschinenbau",
  "Maple Ridge Logistics",
  "Nómina quincenal",
  "Cliente Grupo Alfa",
];
const CONCEPTS = [
  "Pago factura",
  "Anticipo pedido",
  "Liquidación",
  "Pago de servicios",
  "Fletes",
  "Renta de bodega",
  "Honorarios",
  "Cobranza",
];

/** Days of history seeded per account (about six months, so every period filter finds data). */
export const MOVEMENT_DAYS = 183;

/** Statuses of a seeded operation whose money moved: the books carry its movements. */
const MONEY_MOVED: ReadonlySet<OperationStatus> = new Set(["applied", "appliedNoReceipt", "fixappliedNoReceipt", "returned"]);

function hash(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** A movement of the seed before the books are balanced: `fixed` ones are operations' and keep their amount. */
export interface BookDraft {
  fixed: boolean;
  flow: Flow;
  cents: number;
}

/**
 * Settles the seed's free movements so that an account's books hold: starting from an opening
 * balance, every movement in date order keeps the balance at or above zero and the last one leaves
 * exactly `targetCents`. The fixed movements (the seeded operations') are kept as they are. A free
 * one keeps its amount and may change direction: the balance wanders within a band around the
 * level it must have for the fixed movements still to come to end on the target, is steered to that
 * level over the last free movements, and never pays out what it cannot spare; the last two free
 * movements close the books on the target. Throws when no such books exist (a fixed credit after
 * the last free movement larger than the target).
 */
export function balanceBooks(drafts: readonly BookDraft[], targetCents: number): { openingCents: number; settled: BookDraft[] } {
  const signed = (draft: BookDraft) => (draft.flow === "IN" ? draft.cents : -draft.cents);
  // floorAfter[i]: the least balance after draft i from which the fixed drafts after it never go below zero;
  // fixedAfter[i]: what the fixed drafts after it add up to.
  const floorAfter = new Array<number>(drafts.length).fill(0);
  const fixedAfter = new Array<number>(drafts.length).fill(0);
  let floor = 0;
  let fixedSum = 0;
  for (let index = drafts.length - 1; index >= 0; index--) {
    floorAfter[index] = floor;
    fixedAfter[index] = fixedSum;
    if (drafts[index].fixed) {
      floor = Math.max(0, floor - signed(drafts[index]));
      fixedSum += signed(drafts[index]);
    }
  }
  const free = drafts.flatMap((draft, index) => (draft.fixed ? [] : [index]));
  if (free.length < 2) throw new Error("The books need two free movements to close on the balance");
  const [closeFirst, closeLast] = free.slice(-2);
  const steered = new Set(free.slice(-STEERED_MOVEMENTS));
  const settled = drafts.map((draft) => ({ ...draft }));
  const openingCents = Math.max(floor, targetCents - fixedSum);
  let running = openingCents;
  settled.forEach((draft, index) => {
    if (index === closeFirst) {
      const [first, last] = closingPair(targetCents - fixedAfter[index] - running);
      Object.assign(draft, first);
      Object.assign(settled[closeLast], last);
    } else if (!draft.fixed && index !== closeLast) {
      const level = Math.max(floorAfter[index], targetCents - fixedAfter[index]);
      const band = steered.has(index) ? 0 : Math.floor(level * 0.3);
      if (running > level + band) draft.flow = "OUT";
      else if (running < level - band) draft.flow = "IN";
      if (draft.flow === "OUT" && running - draft.cents < floorAfter[index]) draft.flow = "IN";
    }
    running += signed(draft);
    if (running < 0) throw new Error("The seeded books would overdraw an account");
  });
  if (running !== targetCents) throw new Error("The seeded books do not close on the balance");
  return { openingCents, settled };
}

/** How many free movements before the closing two are steered straight to the balance they must reach. */
const STEERED_MOVEMENTS = 20;

/** Two movements that together add `delta` cents, each of at least one cent (unequal, as two real payments would be). */
function closingPair(delta: number): [Pick<BookDraft, "flow" | "cents">, Pick<BookDraft, "flow" | "cents">] {
  const part = Math.max(1, Math.floor(Math.abs(delta) * 0.4));
  if (delta >= 2)
    return [
      { flow: "IN", cents: part },
      { flow: "IN", cents: delta - part },
    ];
  if (delta <= -2)
    return [
      { flow: "OUT", cents: part },
      { flow: "OUT", cents: -delta - part },
    ];
  return [
    { flow: "IN", cents: 10_000 },
    { flow: "OUT", cents: 10_000 + delta },
  ];
}

export interface BooksSeedInput {
  now: Date;
  accounts: readonly BankAccount[];
  recipients: readonly RecipientRecord[];
  recipientRegistration: PayeeBooks["recipientRegistration"];
  companies: readonly BankCompany[];
  /** The seeded history: those whose money moved get their movements, and are marked so. */
  operations: readonly OperationRecord[];
}

/**
 * The seed's books: months of movements of every §3 type per account, the seeded operations'
 * movements among them, and each account's opening balance, so that the opening balance plus the
 * movements is the seeded balance and no balance is ever below zero along the way.
 */
export function seedBooks(input: BooksSeedInput): { movements: MovementRecord[]; ledger: LedgerState } {
  const ledger: LedgerState = { openingBalances: {}, posted: new Set(), nextCharge: 1 };
  const books = {
    accounts: [...input.accounts],
    recipients: [...input.recipients],
    recipientRegistration: input.recipientRegistration,
    companies: [...input.companies],
  };
  const fixed = operationMovements(books, input.operations, input.now, ledger);
  const movements: MovementRecord[] = [];
  for (const account of input.accounts) {
    const next = mulberry32(hash(account.idAccount));
    const own = fixed.filter((movement) => movement.idAccount === account.idAccount);
    const timeline = [
      ...freeMovements(account, input.now, next).map((record) => ({ record, fixed: false })),
      ...own.map((record) => ({ record, fixed: true })),
    ].sort((a, b) => a.record.date.localeCompare(b.record.date));
    const drafts = timeline.map(({ record, fixed: isFixed }) => ({
      fixed: isFixed,
      flow: record.flow,
      cents: Math.round(record.amount * 100),
    }));
    const { openingCents, settled } = balanceBooks(drafts, Math.round(account.balance * 100));
    ledger.openingBalances[account.idAccount] = openingCents / 100;
    const types = TYPES_BY_CURRENCY[account.currency] ?? FOREIGN_TYPES;
    timeline.forEach(({ record }, index) => {
      const { flow, cents } = settled[index];
      if (flow !== record.flow)
        retype(
          record,
          types.filter((typeId) => MOVEMENT_TYPES[typeId].flow === flow),
          next,
        );
      record.amount = cents / 100;
      movements.push(record);
    });
  }
  return { movements: movements.sort((a, b) => a.date.localeCompare(b.date)), ledger };
}

/** The movements of the seeded operations whose money moved: when it moved, and when it came back. */
function operationMovements(
  books: Parameters<typeof operationLegs>[0],
  operations: readonly OperationRecord[],
  now: Date,
  ledger: LedgerState,
): MovementRecord[] {
  const records: MovementRecord[] = [];
  const minutesAfter = (operation: OperationRecord, minutes: number) =>
    new Date(Math.min(now.getTime(), Date.parse(operation.createdAt) + minutes * 60_000));
  for (const operation of operations) {
    if (!MONEY_MOVED.has(operation.status)) continue;
    const legs = operationLegs(books, operation);
    if (!legs) continue;
    const appliedAt = minutesAfter(operation, SEEDED_APPLIED_MINUTE);
    operation.speiTrackingKey = isSpei(books, operation) ? speiTrackingKey(appliedAt, operation.id) : null;
    operation.speiSentAt = operation.speiTrackingKey ? appliedAt.toISOString() : null;
    const meta = { operationId: operation.id, reference: operation.referenceGFB ?? operation.txId, trackingKey: operation.speiTrackingKey };
    records.push(...movementRecords(legs, appliedAt, { ...meta, tag: `O${operation.id}` }));
    operation.balancesMoved = true;
    ledger.posted.add(`operation:${operation.id}`);
    const back = operation.status === "returned" ? returnLegs(books, operation) : null;
    if (back) {
      records.push(...movementRecords(back, minutesAfter(operation, SEEDED_RETURN_MINUTE), { ...meta, tag: `D${operation.id}` }));
      ledger.posted.add(`return:${operation.id}`);
    }
  }
  return records;
}

/** An account's everyday movements, 0–3 a day and two a few minutes old, before the books are balanced. */
function freeMovements(account: BankAccount, now: Date, next: () => number): MovementRecord[] {
  const records: MovementRecord[] = [];
  const DAY = 86_400_000;
  // Today always has two movements a few minutes old, so "Hoy" and "this month" are never empty in the demo: seven
  // minutes apart, closer together in the first minutes after Mexico City's midnight so that both stay today's.
  const todayStep = Math.min(7 * 60_000, Math.floor((now.getTime() - mexicoMidnight(now).getTime()) / 3));
  const types = TYPES_BY_CURRENCY[account.currency] ?? FOREIGN_TYPES;
  // Amounts in proportion to the account, so that a small dollar account does not move a quarter of a million.
  const largest = Math.min(250_000, Math.max(2_000, account.balance / 4));
  let sequence = 0;
  for (let daysAgo = MOVEMENT_DAYS; daysAgo >= 0; daysAgo--) {
    const dayStart = now.getTime() - daysAgo * DAY;
    const count = daysAgo === 0 ? 2 : Math.floor(next() * 4);
    for (let i = 0; i < count; i++) {
      const at = daysAgo === 0 ? now.getTime() - (i + 1) * todayStep : dayStart - Math.floor(next() * 10 * 3_600_000);
      const typeId = types[Math.floor(next() * types.length)];
      const amount = Math.round(Math.exp(Math.log(50) + next() * (Math.log(largest) - Math.log(50))) * 100) / 100;
      const counterparty = COUNTERPARTIES[Math.floor(next() * COUNTERPARTIES.length)];
      sequence += 1;
      const record: MovementRecord = {
        id: `${account.idAccount}-M${String(sequence).padStart(5, "0")}`,
        idAccount: account.idAccount,
        clientId: account.clientId,
        clabe: account.clabe,
        date: new Date(at).toISOString(),
        typeId,
        typeDescription: MOVEMENT_TYPES[typeId].description,
        concept: `${CONCEPTS[Math.floor(next() * CONCEPTS.length)]} ${1000 + Math.floor(next() * 9000)}`,
        amount,
        currency: account.currency,
        flow: MOVEMENT_TYPES[typeId].flow,
        counterpartyName: counterparty,
        counterpartyAccount: String(Math.floor(next() * 1e10)).padStart(10, "0"),
        reference: String(1_000_000 + Math.floor(next() * 8_999_999)),
        trackingKey: null,
        operationId: null,
      };
      tag(record);
      records.push(record);
    }
  }
  return records;
}

/** A free movement's type after the books turned it the other way, with its clave de rastreo. */
function retype(record: MovementRecord, candidates: readonly number[], next: () => number): void {
  const typeId = candidates[Math.floor(next() * candidates.length)];
  record.typeId = typeId;
  record.typeDescription = MOVEMENT_TYPES[typeId].description;
  record.flow = MOVEMENT_TYPES[typeId].flow;
  tag(record);
}

/** SPEI and SPID movements carry a clave de rastreo: the bank's own when it sends, the other bank's when it receives. */
function tag(record: MovementRecord): void {
  if (!TRACKED_TYPES.has(record.typeId)) {
    record.trackingKey = null;
    return;
  }
  const at = new Date(record.date);
  const seq = hash(record.id);
  record.trackingKey =
    record.flow === "OUT" ? speiTrackingKey(at, seq) : `BNK${mexicoCityDate(at).replaceAll("-", "")}${String(seq).padStart(10, "0")}`;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const query = z.object({
  initial_date: z.string().regex(DATE),
  final_date: z.string().regex(DATE),
  in_flow: z.enum(["true", "false"]).default("true"),
  include_detail: z.enum(["true", "false"]).default("true"),
  sheet: z.coerce.number().int().min(1).default(1),
  pages: z.coerce.number().int().min(1).max(100).default(50),
  sort: z.enum(["asc", "desc", "ASC", "DESC"]).default("desc"),
  type_group: z.literal("transfer").default("transfer"),
});

/** The middleware's error shape: its own `errors` list, plus `message`/`code` like every upstream. */
function middlewareError(status: number, code: string, message: string): Reply {
  return json(status, { message, code, data: [], errors: [{ code, message }] });
}

/** Mexico City's calendar date of an instant (the middleware filters by the bank's days). */
const mexicoDate = (iso: string) => mexicoCityDate(new Date(iso));

export function registerMovementRoutes(router: Router, ctx: SandboxContext): void {
  const { state } = ctx;
  router.get("/middleware/movements/v2/:clabe/movements", (request) => {
    const check = checkBankToken(state, bearerToken(request.headers), ctx.now().getTime());
    if (!check.ok) return middlewareError(401, "ESB_TOKEN", "Error ESB Token");
    const account = state.accounts.find((candidate) => candidate.clabe === request.params.clabe);
    if (!account || account.clientId !== check.session.clientId) return middlewareError(403, "ACCOUNTS_403", "Resource is restricted");
    const parsed = query.safeParse(Object.fromEntries(request.query));
    if (!parsed.success || parsed.data.initial_date > parsed.data.final_date) {
      return middlewareError(400, "INVALID_PARAMS", "Parámetros de consulta inválidos");
    }
    const params = parsed.data;
    const matching = state.movements.filter((movement) => {
      if (movement.clabe !== account.clabe) return false;
      if (params.in_flow === "false" && movement.flow === "IN") return false;
      const day = mexicoDate(movement.date);
      return day >= params.initial_date && day <= params.final_date;
    });
    if (params.sort.toLowerCase() === "desc") matching.reverse();
    if (matching.length === 0) return middlewareError(404, "ACCOUNTS_0004", "No movements found.");
    const totalPages = Math.ceil(matching.length / params.pages);
    const page = matching.slice((params.sheet - 1) * params.pages, params.sheet * params.pages);
    const detail = params.include_detail === "true";
    return json(200, {
      data: page.map((movement) => ({
        movement_id: movement.id,
        operation_date: movement.date,
        movement_type: { id: movement.typeId, description: movement.typeDescription },
        amount: movement.amount,
        currency: movement.currency,
        flow: movement.flow,
        ...(detail && {
          concept: movement.concept,
          counterparty: { name: movement.counterpartyName, account: movement.counterpartyAccount },
          reference: movement.reference,
          tracking_key: movement.trackingKey,
          operation_id: movement.operationId,
        }),
      })),
      errors: [],
      page: params.sheet,
      records_per_page: params.pages,
      total_pages: totalPages,
      total_records: matching.length,
    });
  });
}
