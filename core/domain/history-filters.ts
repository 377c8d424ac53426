import { z } from "zod";

import texts from "../locales/es-MX/history.json";
import { isCalendarDate } from "./calendar-date";
import type { StatusParam, TypeParam } from "./history-params";
import { FILTER_PARAMS, SEARCH_MAX_LENGTH, STATUS_PARAMS, TYPE_PARAMS } from "./history-params";
import type { DisplayStatusV2, OperationKind, OperationStatus } from "./operation-status";
import { msg } from "./validation";

/**
 * The history's filters (type, status, date range, pair, text), kept in the URL under Spanish
 * names so a filtered list is a link. One schema for the browser (Conform) and the loader; the
 * pure mapping to the upstream's /paginate-operations query lives here too.
 */
export const HISTORY_PAGE_SIZE = 20;
export const SEARCH_MAX = SEARCH_MAX_LENGTH;

// The URL's names and values, apart so the browser's pages read them without zod (decision 065).
export type { StatusParam, TypeParam } from "./history-params";
export { FILTER_PARAMS, STATUS_PARAMS, TYPE_PARAMS } from "./history-params";

const option = <T extends string>(values: readonly [T, ...T[]]) =>
  z.enum(values, { errorMap: () => ({ message: msg.invalidOption }) }).optional();

const dateField = z
  .string()
  .trim()
  .optional()
  .refine((value) => value === undefined || value === "" || isCalendarDate(value), msg.invalid("fecha", "f"))
  .transform((value) => value || undefined);

export const historyFiltersSchema = z
  .object({
    tipo: option(Object.keys(TYPE_PARAMS) as [TypeParam, ...TypeParam[]]),
    estado: option(Object.keys(STATUS_PARAMS) as [StatusParam, ...StatusParam[]]),
    desde: dateField,
    hasta: dateField,
    par: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}\/[A-Z]{3}$/, msg.invalidOption)
      .optional(),
    buscar: z.string().trim().max(SEARCH_MAX, msg.max(SEARCH_MAX)).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.desde && value.hasta && value.hasta < value.desde) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["hasta"], message: texts.filters.range });
    }
  });
export type HistoryFilters = z.infer<typeof historyFiltersSchema>;

/** `pagina`: anything that is not a whole number from 1 is page 1. */
export function pageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

export function hasFilters(filters: HistoryFilters): boolean {
  return FILTER_PARAMS.some((name) => filters[name] !== undefined && filters[name] !== "");
}

const STATUS_CODES: Record<DisplayStatusV2, { statuses: OperationStatus[]; kinds?: OperationKind[] }> = {
  sent: { statuses: ["applied", "appliedNoReceipt", "fixappliedNoReceipt"] },
  agreed: { statuses: ["applying", "fixApplying"], kinds: ["buy", "sell"] },
  confirmed: { statuses: ["applying", "fixApplying"], kinds: ["transfer"] },
  inProcess: { statuses: ["sent", "validating"] },
  voided: { statuses: ["notApplied", "notApplying", "notAppliedByAdmin"] },
  cancelled: { statuses: ["notAppliedCan"] },
  returned: { statuses: ["returned"] },
};

export interface OperationsPageQuery {
  page: number;
  pageSize: number;
  operation?: string;
  status?: string;
  pair?: string;
  from?: string;
  to?: string;
  search?: string;
}

/**
 * The upstream query for valid filters: a v2 status becomes its status codes (and, for 'Pactada'
 * and 'Confirmada', the kinds that carry that label). A type and a status that cannot go together
 * ('Compra' that is 'Confirmada') match nothing: null, and no call is needed.
 */
export function operationsPageQuery(filters: HistoryFilters, page: number, pageSize = HISTORY_PAGE_SIZE): OperationsPageQuery | null {
  let kinds: OperationKind[] | undefined = filters.tipo ? [TYPE_PARAMS[filters.tipo]] : undefined;
  let statuses: OperationStatus[] | undefined;
  if (filters.estado) {
    const codes = STATUS_CODES[STATUS_PARAMS[filters.estado]];
    statuses = codes.statuses;
    if (codes.kinds) kinds = kinds ? kinds.filter((kind) => codes.kinds?.includes(kind)) : codes.kinds;
    if (kinds?.length === 0) return null;
  }
  return {
    page,
    pageSize,
    ...(kinds && { operation: kinds.join(",") }),
    ...(statuses && { status: statuses.join(",") }),
    ...(filters.par && { pair: filters.par }),
    ...(filters.desde && { from: filters.desde }),
    ...(filters.hasta && { to: filters.hasta }),
    ...(filters.buscar && { search: filters.buscar }),
  };
}
