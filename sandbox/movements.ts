// The bank middleware's movements (prefix /middleware): months of deterministic movements of
// every SPEC §3 movement type per seeded account, paged as the middleware pages them, with the
// §8 "no movements" answers (ACCOUNTS_0004, ACCOUNTS_403, 'Error ESB Token').

import { z } from "zod";

import type { SandboxContext } from "./context";
import { mexicoCityDate, mexicoMidnight } from "./dates";
import { bearerToken, json, type Reply, type Router } from "./http";
import { mulberry32 } from "./random";
import { checkBankToken } from "./tokens";
import type { BankAccount } from "./types";

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
  flow: "IN" | "OUT";
  counterpartyName: string;
  counterpartyAccount: string;
  reference: string;
  trackingKey: string;
}

/** The §3 catalogue as the middleware describes it, and which way the money goes. */
const TYPES: Record<number, { description: string; flow: "IN" | "OUT" }> = {
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

/** Which types happen in which currency, most frequent first (repeats weight the draw). */
const TYPES_BY_CURRENCY: Record<string, number[]> = {
  MXN: [40, 19, 40, 19, 89, 5, 88, 73, 13, 14, 44, 1],
  MXP: [40, 19, 89, 5, 88, 73, 44],
  USD: [82, 84, 82, 84, 3, 13, 14, 83, 60, 73],
};
const FOREIGN_TYPES = [3, 14, 13, 60, 73, 1];

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

function hash(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return h >>> 0;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Movements of every seeded account, newest last, all before `now`. */
export function seedMovements(accounts: readonly BankAccount[], now: Date): MovementRecord[] {
  const records: MovementRecord[] = [];
  const DAY = 86_400_000;
  // Today always has two movements a few minutes old, so "Hoy" and "this month" are never empty in the demo: seven
  // minutes apart, closer together in the first minutes after Mexico City's midnight so that both stay today's.
  const todayStep = Math.min(7 * 60_000, Math.floor((now.getTime() - mexicoMidnight(now).getTime()) / 3));
  for (const account of accounts) {
    const next = mulberry32(hash(account.idAccount));
    const types = TYPES_BY_CURRENCY[account.currency] ?? FOREIGN_TYPES;
    let sequence = 0;
    for (let daysAgo = MOVEMENT_DAYS; daysAgo >= 0; daysAgo--) {
      const dayStart = now.getTime() - daysAgo * DAY;
      const count = daysAgo === 0 ? 2 : Math.floor(next() * 4);
      for (let i = 0; i < count; i++) {
        const at = daysAgo === 0 ? now.getTime() - (i + 1) * todayStep : dayStart - Math.floor(next() * 10 * 3_600_000);
        const typeId = types[Math.floor(next() * types.length)];
        const type = TYPES[typeId];
        const amount = round2(Math.exp(Math.log(50) + next() * (Math.log(250_000) - Math.log(50))));
        const counterparty = COUNTERPARTIES[Math.floor(next() * COUNTERPARTIES.length)];
        sequence += 1;
        records.push({
          id: `${account.idAccount}-M${String(sequence).padStart(5, "0")}`,
          idAccount: account.idAccount,
          clientId: account.clientId,
          clabe: account.clabe,
          date: new Date(at).toISOString(),
          typeId,
          typeDescription: type.description,
          concept: `${CONCEPTS[Math.floor(next() * CONCEPTS.length)]} ${1000 + Math.floor(next() * 9000)}`,
          amount,
          currency: account.currency,
          flow: type.flow,
          counterpartyName: counterparty,
          counterpartyAccount: String(Math.floor(next() * 1e10)).padStart(10, "0"),
          reference: String(1_000_000 + Math.floor(next() * 8_999_999)),
          trackingKey: `${type.flow === "OUT" ? "FXN" : "BNK"}${String(hash(`${account.idAccount}${sequence}`)).padStart(10, "0")}`,
        });
      }
    }
  }
  return records.sort((a, b) => a.date.localeCompare(b.date));
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
