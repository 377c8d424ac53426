// The seeded operation history: 64 operations for every company whose users are product members,
// across buy, sell and transfer and every status code of SPEC §4, with binnacles, GFB references,
// challenge folios and recipients. Deterministic except for dates, which follow "now" so the
// newest operations always look recent. Operations created through /setoperation join the same
// store, so the history shows both.

import { addDays, mexicoCityDate } from "./dates";
import { signQuote } from "./price-signing";
import { PAIR_LEVELS, PRICE_PROVIDER_IDS, quoteDecimals } from "./prices";
import { mulberry32 } from "./random";
import type {
  BankAccount,
  BankUser,
  BinnacleEntry,
  Catalogs,
  OperationKind,
  OperationRecord,
  OperationStatus,
  PriceObject,
  ProductMember,
  RecipientRecord,
} from "./types";

export const HISTORY_OPERATIONS_PER_COMPANY = 64;
/** Seeded ids start here; /setoperation continues after the last one. */
export const FIRST_SEEDED_OPERATION_ID = 1001;
/** A pending operation marked `settles` turns "applied" at the first status check after this delay. */
export const SEEDED_SETTLE_DELAY_MS = 3 * 60_000;
/** Minutes after its creation when a seeded operation's money moved, and when a returned one's came back. */
export const SEEDED_APPLIED_MINUTE = 5;
export const SEEDED_RETURN_MINUTE = 24 * 60;

interface PlanEntry {
  status: OperationStatus;
  kind: OperationKind;
  /** Created by a collaborator and sent to the administrator (requires_admin_approval). */
  approval?: boolean;
  /** Direct cancellation (§4): a single binnacle entry, or every entry notApplied/notAppliedCan. */
  direct?: "single" | "all";
  /** Applied without a GFB reference (no invoice). */
  noGfb?: boolean;
  /** Pending, and settles at the first status check after SEEDED_SETTLE_DELAY_MS. */
  settles?: boolean;
}

/** The newest operations first: every status code once or more, then a long tail of applied ones. */
const PLAN: PlanEntry[] = [
  { status: "applying", kind: "buy", settles: true },
  { status: "sent", kind: "transfer", approval: true },
  { status: "validating", kind: "sell" },
  { status: "appliedNoReceipt", kind: "buy" },
  { status: "fixApplying", kind: "transfer" },
  { status: "fixappliedNoReceipt", kind: "sell" },
  { status: "notApplied", kind: "buy", direct: "single" },
  { status: "notAppliedCan", kind: "transfer", direct: "all" },
  { status: "notApplying", kind: "sell" },
  { status: "returned", kind: "transfer" },
  { status: "notAppliedByAdmin", kind: "buy", approval: true },
  { status: "returned", kind: "sell" },
  { status: "notApplied", kind: "transfer" },
  { status: "applying", kind: "transfer" },
  { status: "sent", kind: "buy", approval: true },
  { status: "sent", kind: "transfer" },
  { status: "applied", kind: "transfer", noGfb: true },
  { status: "appliedNoReceipt", kind: "transfer", settles: true },
];
const TAIL_KINDS: OperationKind[] = ["buy", "sell", "transfer"];

const RETURN_REASONS = ["La cuenta de destino no existe", "La cuenta de destino está cancelada", "El beneficiario rechazó el depósito"];
const ADDITIONAL = ["Factura A-1207", "Pedido 4471", "Anticipo contrato 2026-08", "Liquidación proveedor", "Pago trimestral", ""];

const round2 = (value: number) => Math.round(value * 100) / 100;
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
const normal = (currency: string) => (currency === "MXP" ? "MXN" : currency);

export interface HistorySeedInput {
  now: Date;
  accounts: readonly BankAccount[];
  recipients: readonly RecipientRecord[];
  bankUsers: readonly BankUser[];
  members: readonly ProductMember[];
  catalogs: Pick<Catalogs, "conceptPays">;
  /** The price feed's signing secret: a seeded buy or sell was booked at a provider's signed price, as a new one is. */
  priceSecret: string;
  /** Operations per company; HISTORY_OPERATIONS_PER_COMPANY unless a bench asks for a long history (server.ts). */
  operationsPerCompany?: number;
}

export interface HistorySeed {
  operations: OperationRecord[];
  binnacles: BinnacleEntry[];
  nextOperationId: number;
  nextBinnacleId: number;
}

interface CompanyWorld {
  clientId: string;
  adminId: number;
  collaboratorId: number | null;
  accounts: BankAccount[];
  recipients: RecipientRecord[];
  pairs: string[];
}

/** Companies with at least one product member; a company nobody uses the product for has no history. */
function companyWorlds(input: HistorySeedInput): CompanyWorld[] {
  const clientIds = [...new Set(input.accounts.map((account) => account.clientId))];
  return clientIds.flatMap((clientId) => {
    const memberOf = (profile: "ADMINISTRADOR" | "COLABORADOR") =>
      input.bankUsers
        .filter((user) => user.companies.some((link) => link.clientId === clientId && link.profileType === profile))
        .map((user) => input.members.find((member) => member.userName === user.userName))
        .find((member): member is ProductMember => member !== undefined);
    const admin = memberOf("ADMINISTRADOR");
    if (!admin) return [];
    const accounts = input.accounts.filter((account) => account.clientId === clientId);
    const currencies = new Set(accounts.map((account) => normal(account.currency)));
    const pairs = Object.keys(PAIR_LEVELS).filter((pair) => pair.split("/").every((currency) => currencies.has(currency)));
    return [
      {
        clientId,
        adminId: admin.memberId,
        collaboratorId: memberOf("COLABORADOR")?.memberId ?? null,
        accounts,
        recipients: input.recipients.filter((recipient) => recipient.clientId === clientId && recipient.status.id === 2),
        pairs,
      },
    ];
  });
}

export function seedHistory(input: HistorySeedInput): HistorySeed {
  const operations: OperationRecord[] = [];
  const binnacles: BinnacleEntry[] = [];
  let nextId = FIRST_SEEDED_OPERATION_ID;
  let nextBinnacleId = 1;
  const nowMs = input.now.getTime();
  const national = input.catalogs.conceptPays.filter((concept) => concept.typeConcept === "national" && concept.IdPayConcept !== 21);
  const international = input.catalogs.conceptPays.filter(
    (concept) => concept.typeConcept === "international" && concept.IdPayConcept !== 22,
  );

  for (const world of companyWorlds(input)) {
    const rand = mulberry32(Number(world.clientId));
    const plan = Array.from(
      { length: input.operationsPerCompany ?? HISTORY_OPERATIONS_PER_COMPANY },
      (_, index): PlanEntry => (index < PLAN.length ? PLAN[index] : { status: "applied", kind: TAIL_KINDS[index % TAIL_KINDS.length] }),
    );

    plan.forEach((entry, index) => {
      const id = nextId++;
      const createdMs = nowMs - (12 + index * 44 * 60 + Math.floor(rand() * 600)) * 60_000;
      const at = (minutesLater: number) => new Date(Math.min(nowMs, createdMs + minutesLater * 60_000)).toISOString();
      const kind = entry.kind !== "transfer" && world.pairs.length === 0 ? "transfer" : entry.kind;
      const legs = kind === "transfer" ? transferLegs(world, index) : exchangeLegs(world, kind, index, rand);
      const concept =
        kind === "transfer" && legs.recipient?.typeOriginPerson !== "EXTRANJERA"
          ? national[index % national.length]
          : international[index % international.length];
      const memberId = entry.approval && world.collaboratorId !== null ? world.collaboratorId : world.adminId;

      const record: OperationRecord = {
        id,
        clientId: world.clientId,
        memberId,
        idempotencyKey: `seed-${id}`,
        operation: kind,
        status: entry.status,
        txId: `TX${String(5_300_000 + id)}`,
        trk: `seed-${world.clientId}-${id}`,
        pair: legs.pair,
        amount: legs.amountOrigin,
        amountOrigin: legs.amountOrigin,
        amountDestiny: legs.amountDestiny,
        total: legs.total,
        margin: kind === "transfer" ? "0" : "0.25",
        exchangeRate: legs.rate,
        accountOrigin: { idCuenta: legs.origin.idAccount, idDivisa: legs.origin.currency },
        accountDestiny: legs.destiny ? { idCuenta: legs.destiny.idAccount, idDivisa: legs.destiny.currency } : null,
        recipientId: legs.recipient?.idRecipient ?? null,
        concept: concept.IdPayConcept,
        conceptString: concept.concept,
        aditionalInformation: ADDITIONAL[index % ADDITIONAL.length],
        priceObject: legs.provider && signedPrice(legs.provider, createdMs - 40_000, input.priceSecret),
        calculatePlace: "left",
        requiresAdminApproval: Boolean(entry.approval),
        createdAt: at(0),
        updatedAt: at(0),
        referenceGFB: null,
        idLiquidation: null,
        responseChallenge: null,
        challengeMore: null,
        challengeAnswer: null,
        // The books' seed (movements.ts) posts the money of those whose money moved.
        balancesMoved: false,
        seeded: true,
        reasonReturned: entry.status === "returned" ? RETURN_REASONS[index % RETURN_REASONS.length] : null,
        settlesAt: entry.settles ? new Date(nowMs + SEEDED_SETTLE_DELAY_MS).toISOString() : null,
      };

      const steps = binnacleSteps(entry, kind);
      if (steps.some((step) => step.challenge)) {
        const challenged = steps.find((step) => step.challenge);
        const res = challenged?.status === "challenge" ? "0" : challenged?.status === "notAppliedCan" ? "7" : "1";
        const folio = kind === "transfer" ? { crf: `CRF${String(7_300_000 + id)}` } : { dil: `${4_471_200 + id}-1` };
        record.responseChallenge = { res, msg: challenged?.message ?? "", ...folio, ope: String(id), trk: record.trk };
        record.challengeAnswer = res;
      }
      if (["applied", "appliedNoReceipt", "fixappliedNoReceipt", "returned"].includes(entry.status) && !entry.noGfb) {
        record.referenceGFB = `GFB-${mexicoCityDate(new Date(Date.parse(at(5)))).replaceAll("-", "")}-${String(id).padStart(6, "0")}`;
        if (kind !== "transfer") record.idLiquidation = 880_000 + id;
      }
      steps.forEach((step, stepIndex) => {
        binnacles.push({
          id: nextBinnacleId++,
          operationId: id,
          step: stepIndex + 1,
          status: step.status,
          message: step.message,
          createdAt: at(step.minute),
        });
      });
      record.updatedAt = at(steps[steps.length - 1].minute);
      operations.push(record);
    });
  }
  return { operations, binnacles, nextOperationId: nextId, nextBinnacleId };
}

interface Legs {
  pair: string;
  origin: BankAccount;
  destiny: BankAccount | null;
  recipient: RecipientRecord | null;
  amountOrigin: number;
  amountDestiny: number;
  total: number;
  rate: number;
  /** The provider's price a buy or sell was booked at (the client's best of its tick); null for a transfer. */
  provider: Omit<PriceObject, "sig" | "ts"> | null;
}

function signedPrice(provider: NonNullable<Legs["provider"]>, ts: number, secret: string): PriceObject {
  const sig = signQuote(secret, { cp: provider.pair, lpId: provider.lpId, Buy: provider.buy, Sell: provider.sell, ts });
  return { ...provider, ts, sig };
}

function accountIn(world: CompanyWorld, currency: string): BankAccount {
  return world.accounts.find((account) => normal(account.currency) === currency) ?? world.accounts[0];
}

function exchangeLegs(world: CompanyWorld, kind: "buy" | "sell", index: number, rand: () => number): Legs {
  const pair = world.pairs[index % world.pairs.length];
  const [base, quote] = pair.split("/");
  const amount = round2([1_500, 2_500, 5_000, 8_000, 12_500, 20_000, 35_000, 50_000, 75_000][index % 9] * (1 + Math.floor(rand() * 4) / 4));
  const mid = PAIR_LEVELS[pair] * (1 + (rand() - 0.5) * 0.02);
  // The client's rate carries the 0.25 % margin (§9: buy = price × (1 + m), sell = price × (1 − m)).
  const rate = round6(kind === "buy" ? mid * 1.0025 : mid * 0.9975);
  const total = round2(amount * rate);
  // The provider whose side (its Sell to a buyer, its Buy to a seller) was `mid`, with a 2 bp spread around it.
  const decimals = quoteDecimals(PAIR_LEVELS[pair]);
  const price = Number(mid.toFixed(decimals));
  const spread = Number((mid * 0.0002).toFixed(decimals)) || 10 ** -decimals;
  const buy = kind === "buy" ? Number((price - spread).toFixed(decimals)) : price;
  const sell = kind === "buy" ? price : Number((price + spread).toFixed(decimals));
  return {
    pair,
    origin: accountIn(world, kind === "buy" ? quote : base),
    destiny: accountIn(world, kind === "buy" ? base : quote),
    recipient: null,
    amountOrigin: amount,
    amountDestiny: kind === "buy" ? amount : total,
    total,
    rate,
    provider: { lpId: PRICE_PROVIDER_IDS[index % PRICE_PROVIDER_IDS.length], price, buy, sell, pair },
  };
}

function transferLegs(world: CompanyWorld, index: number): Legs {
  const recipient = world.recipients.length > 0 ? world.recipients[index % world.recipients.length] : null;
  const origin = recipient ? accountIn(world, normal(recipient.idCurrency)) : world.accounts[0];
  const amount =
    normal(origin.currency) === "MXN"
      ? [4_500, 12_000, 38_500.5, 87_250, 150_000, 230_000][index % 6]
      : [950, 2_400, 7_800.25, 15_000][index % 4];
  return {
    pair: "",
    origin,
    destiny: null,
    recipient,
    amountOrigin: amount,
    amountDestiny: amount,
    total: amount,
    rate: 1,
    provider: null,
  };
}

interface Step {
  status: string;
  message: string;
  minute: number;
  challenge?: boolean;
}

const REGISTERED: Step = { status: "sent", message: "Operación registrada", minute: 0 };
const AUTHORIZED: Step = { status: "challenge", message: "Operación autorizada", minute: 1, challenge: true };
const APPLYING: Step = { status: "applying", message: "Operación confirmada; en proceso de aplicación", minute: 2 };
const APPLIED: Step = { status: "applied", message: "Operación aplicada", minute: SEEDED_APPLIED_MINUTE };

/** The binnacle each status leaves behind, in order (what GET /binnacles answers). */
function binnacleSteps(entry: PlanEntry, kind: OperationKind): Step[] {
  const approvalSent: Step = { ...REGISTERED, message: "Operación registrada; espera la aprobación de un administrador" };
  switch (entry.status) {
    case "sent":
      return [entry.approval ? approvalSent : REGISTERED];
    case "validating":
      return [REGISTERED, AUTHORIZED, { status: "validating", message: "Verificando la ejecución de la operación", minute: 2 }];
    case "applying":
      return [REGISTERED, AUTHORIZED, APPLYING];
    case "fixApplying":
      return [REGISTERED, AUTHORIZED, APPLYING, { status: "fixApplying", message: "Operación en revisión de aplicación", minute: 4 }];
    case "applied":
      return [REGISTERED, AUTHORIZED, APPLYING, APPLIED];
    case "appliedNoReceipt":
      return [
        REGISTERED,
        AUTHORIZED,
        APPLYING,
        { status: "appliedNoReceipt", message: "Operación aplicada; factura en proceso", minute: SEEDED_APPLIED_MINUTE },
      ];
    case "fixappliedNoReceipt":
      return [
        REGISTERED,
        AUTHORIZED,
        APPLYING,
        { status: "fixappliedNoReceipt", message: "Operación aplicada tras revisión; factura en proceso", minute: 6 },
      ];
    case "notApplied":
      if (entry.direct === "single") {
        return [
          { status: "notApplied", message: "Error de autenticación|La clave de operación es incorrecta", minute: 1, challenge: true },
        ];
      }
      return [
        REGISTERED,
        AUTHORIZED,
        APPLYING,
        { status: "notApplied", message: "Fondos insuficientes|La cuenta de origen no tiene saldo suficiente", minute: 5 },
      ];
    case "notAppliedCan":
      return [
        { status: "notAppliedCan", message: "Movimiento cancelado por el usuario", minute: 1, challenge: true },
        { status: "notAppliedCan", message: "Operación cancelada", minute: 2 },
      ];
    case "notApplying":
      return [REGISTERED, AUTHORIZED, APPLYING, { status: "notApplying", message: "Servicio no disponible, intenta más tarde", minute: 5 }];
    case "returned":
      return [
        REGISTERED,
        AUTHORIZED,
        APPLYING,
        APPLIED,
        {
          status: "returned",
          message: kind === "transfer" ? "Devolución del banco receptor" : "Devolución de la operación cambiaria",
          minute: SEEDED_RETURN_MINUTE,
        },
      ];
    case "notAppliedByAdmin":
      return [approvalSent, { status: "notAppliedByAdmin", message: "El usuario administrador eliminó la operación", minute: 90 }];
  }
}

/**
 * Settlement date (operatio-date-settlements): transfers arrive the same business day, currency
 * operations the next one; weekends and bank holidays are skipped. Answered as "created | settles".
 */
export function settlementDates(
  operation: Pick<OperationRecord, "operation" | "createdAt">,
  nonWorkingDates: readonly string[],
): { created: string; settles: string } {
  const created = mexicoCityDate(new Date(operation.createdAt));
  let day = operation.operation === "transfer" ? created : addDays(created, 1);
  const isWorking = (date: string) => {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    return weekday !== 0 && weekday !== 6 && !nonWorkingDates.includes(date);
  };
  while (!isWorking(day)) day = addDays(day, 1);
  return { created, settles: day };
}
