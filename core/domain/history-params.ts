import type { DisplayStatusV2, OperationKind } from "./operation-status";

/**
 * The history's filters as the URL names them (Spanish names and values, so a filtered list is a
 * link). Plain data: the pages and their links read it without the filters' schema and zod
 * (`history-filters.ts`, decision 065).
 */
/** URL value → operation kind. */
export const TYPE_PARAMS = { compra: "buy", venta: "sell", transferencia: "transfer" } as const satisfies Record<string, OperationKind>;
export type TypeParam = keyof typeof TYPE_PARAMS;

/** URL value → display status v2 (§4), the label people filter by. */
export const STATUS_PARAMS = {
  enviada: "sent",
  pactada: "agreed",
  confirmada: "confirmed",
  "en-proceso": "inProcess",
  anulada: "voided",
  cancelada: "cancelled",
  devuelta: "returned",
} as const satisfies Record<string, DisplayStatusV2>;
export type StatusParam = keyof typeof STATUS_PARAMS;

export const FILTER_PARAMS = ["tipo", "estado", "desde", "hasta", "par", "buscar"] as const;

/** The longest text search the filters take. */
export const SEARCH_MAX_LENGTH = 100;
