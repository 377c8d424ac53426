/** The calculator's tabs and their Spanish URL values (`?operacion=compra`). Shared with the browser. */
export type Tab = "buy" | "sell" | "transfer";

export const TAB_SLUGS: Record<string, Tab> = { compra: "buy", venta: "sell", transferencia: "transfer" };
export const SLUG_OF: Record<Tab, string> = { buy: "compra", sell: "venta", transfer: "transferencia" };
