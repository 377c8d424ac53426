import { z } from "zod";

import texts from "../locales/es-MX/accounts.json";
import { daysBetween, isCalendarDate } from "./calendar-date";
import { Big, toDecimal } from "./decimal";
import { msg } from "./validation";

/**
 * An account's movements (SPEC §2 /cuentas/:id, §3 Movement types and movement filters, §8
 * movement errors): the filters of the URL, the dates they mean in Mexico City, the type
 * catalogue and the rules that turn the bank middleware's "no movements" answers into an empty list.
 */
export interface Movement {
  id: string;
  /** ISO instant. */
  date: string;
  typeId: number;
  description: string;
  /** Always positive; `direction` says which way the money went. */
  amount: number;
  currency: string;
  direction: "in" | "out";
  counterparty: string;
  reference: string;
  /** A SPEI or SPID movement's clave de rastreo, as the bank's middleware gives it; null for any other. */
  trackingKey: string | null;
}

/** §3 movement type catalogue ids; the names a person reads are in accounts.json. */
export const MOVEMENT_TYPE_IDS = [40, 82, 13, 1, 89, 88, 73, 83, 3, 5, 44, 14, 19, 84, 60] as const;

/** The i18n key of a movement type's name; unknown ids read as a generic movement. */
export function movementTypeKey(typeId: number): string {
  return (MOVEMENT_TYPE_IDS as readonly number[]).includes(typeId) ? `movements.types.${typeId}` : "movements.types.other";
}

/** The name of a movement type (es-MX), for exports written on the server. */
export function movementTypeName(typeId: number): string {
  const names = texts.movements.types as Record<string, string>;
  return names[String(typeId)] ?? names.other;
}

/**
 * §8: these answers of the bank middleware mean "nothing to show", not a failure. Matched on the
 * code or on the message, as the middleware sends either.
 */
const EMPTY_CODES = ["ACCOUNTS_403", "ACCOUNTS_0004"];
const EMPTY_MESSAGES = ["no movements found.", "resource is restricted", "error esb token"];

export function isNoMovementsAnswer(answer: { code?: string | null; message?: string | null }): boolean {
  if (answer.code && EMPTY_CODES.includes(answer.code.trim().toUpperCase())) return true;
  const message = answer.message?.trim().toLowerCase() ?? "";
  return EMPTY_MESSAGES.some((empty) => message === empty || message.includes(empty.replace(/\.$/, "")));
}

export const PERIODS = ["hoy", "semana", "mes", "rango"] as const;
export const DIRECTIONS = ["todos", "enviados", "recibidos"] as const;

/** Movements shown per page, and the longest range one query may ask the middleware for. */
export const MOVEMENTS_PAGE_SIZE = 20;
export const MAX_RANGE_DAYS = 366;

const option = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { errorMap: (issue) => ({ message: issue.code === "invalid_enum_value" ? msg.invalidOption : msg.required }) });

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const amount = z.string().trim().max(20);
const isAmount = (value: string) => {
  const decimal = toDecimal(value);
  return decimal !== null && decimal.gte(0) && !/\.\d{3,}$/.test(value.replace(/,/g, ""));
};

/**
 * The movement filters of the URL (a GET form), one schema for the loader and the browser.
 * `today` is Mexico City's date, so "this month" and the range limits are the bank's days.
 */
export function movementFiltersSchema(today: string) {
  return z
    .object({
      periodo: option(PERIODS).default("mes"),
      desde: z.string().trim().max(10).optional(),
      hasta: z.string().trim().max(10).optional(),
      tipo: option(DIRECTIONS).default("todos"),
      montoDesde: amount.optional(),
      montoHasta: amount.optional(),
      pagina: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
    })
    .superRefine((value, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      if (value.periodo === "rango") {
        const { desde, hasta } = value;
        if (!desde) issue("desde", msg.required);
        else if (!isCalendarDate(desde) || desde > today) issue("desde", texts.movements.filters.invalidDate);
        if (!hasta) issue("hasta", msg.required);
        else if (!isCalendarDate(hasta) || hasta > today) issue("hasta", texts.movements.filters.invalidDate);
        else if (desde && isCalendarDate(desde) && desde > hasta) issue("hasta", texts.movements.filters.rangeOrder);
        else if (desde && isCalendarDate(desde) && daysBetween(desde, hasta) > MAX_RANGE_DAYS)
          issue("hasta", texts.movements.filters.rangeTooLong);
      }
      if (value.montoDesde && !isAmount(value.montoDesde)) issue("montoDesde", texts.movements.filters.invalidAmount);
      if (value.montoHasta && !isAmount(value.montoHasta)) issue("montoHasta", texts.movements.filters.invalidAmount);
      else if (
        value.montoDesde &&
        value.montoHasta &&
        isAmount(value.montoDesde) &&
        new Big(value.montoDesde.replace(/,/g, "")).gt(value.montoHasta.replace(/,/g, ""))
      ) {
        issue("montoHasta", texts.movements.filters.amountOrder);
      }
    });
}

export type MovementFilters = z.output<ReturnType<typeof movementFiltersSchema>>;

/** The days a period covers, inclusive, in Mexico City dates (§3: today, last 7 days, this month, range). */
export function periodRange(filters: Pick<MovementFilters, "periodo" | "desde" | "hasta">, today: string): { from: string; to: string } {
  switch (filters.periodo) {
    case "hoy":
      return { from: today, to: today };
    case "semana":
      return { from: addDays(today, -6), to: today };
    case "rango":
      return { from: filters.desde ?? today, to: filters.hasta ?? today };
    default:
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/** §3 type (sent / received / all) and amount from-to, on top of the dates the middleware applied. */
export function filterMovements(
  movements: readonly Movement[],
  filters: Pick<MovementFilters, "tipo" | "montoDesde" | "montoHasta">,
): Movement[] {
  const min = filters.montoDesde ? toDecimal(filters.montoDesde) : null;
  const max = filters.montoHasta ? toDecimal(filters.montoHasta) : null;
  return movements.filter((movement) => {
    if (filters.tipo === "enviados" && movement.direction !== "out") return false;
    if (filters.tipo === "recibidos" && movement.direction !== "in") return false;
    const value = new Big(String(movement.amount));
    if (min && value.lt(min)) return false;
    if (max && value.gt(max)) return false;
    return true;
  });
}

export function pageOf<T>(items: readonly T[], page: number, size = MOVEMENTS_PAGE_SIZE): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { items: items.slice((current - 1) * size, current * size), page: current, pages };
}
