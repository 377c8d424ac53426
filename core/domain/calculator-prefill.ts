/**
 * The calculator's address: its tab (`?operacion=compra`, Spanish URL values) and what a link may fill
 * in on it. One module, because the pages that link to the calculator are the pages that prefill it: two
 * modules shared by nearly the same pages were two tiny files in each one's first load (decision 077).
 */
export type Tab = "buy" | "sell" | "transfer";

export const TAB_SLUGS: Record<string, Tab> = { compra: "buy", venta: "sell", transferencia: "transfer" };
export const SLUG_OF: Record<Tab, string> = { buy: "compra", sell: "venta", transfer: "transferencia" };

/**
 * What a link may fill in on the calculator, e.g. 'Verificar datos' after the bank's challenge
 * timed out: the operation's amounts, accounts and reason, so the person only checks and
 * confirms. The URL keys are Spanish (they are part of the product's addresses); the code reads
 * the typed names below. Nothing here is trusted: the server validates the form as always.
 */
export interface CalculatorPrefill {
  /** Buy/sell: the amount on the left (what is paid) or the right (what is received). */
  left?: string;
  right?: string;
  /** Which side the person typed; the other is computed. */
  typed: "left" | "right";
  /** Transfer amount. */
  amount?: string;
  origin?: string;
  /** An own account's id, or a recipient as `recipientDestination(id)`. */
  destination?: string;
  reason?: string;
  concept?: string;
}

type Field = Exclude<keyof CalculatorPrefill, "typed">;

const URL_KEYS: Record<Field, string> = {
  left: "izquierda",
  right: "derecha",
  amount: "monto",
  origin: "origen",
  destination: "destino",
  reason: "motivo",
  concept: "concepto",
};
const TYPED_KEY = "lado";
const TYPED_RIGHT = "derecha";
const MAX_LENGTH = 64;

/** Recipients share the destination select with own accounts, told apart by this prefix. */
const RECIPIENT_PREFIX = "r:";

export const recipientDestination = (recipientId: string | number) => `${RECIPIENT_PREFIX}${recipientId}`;

/** The recipient's id when the destination names a recipient, else null (an own account). */
export function recipientOf(destination: string): string | null {
  return destination.startsWith(RECIPIENT_PREFIX) ? destination.slice(RECIPIENT_PREFIX.length) : null;
}

export function parseCalculatorPrefill(params: URLSearchParams): CalculatorPrefill {
  const prefill: CalculatorPrefill = { typed: params.get(TYPED_KEY) === TYPED_RIGHT ? "right" : "left" };
  for (const [field, key] of Object.entries(URL_KEYS) as Array<[Field, string]>) {
    const value = params.get(key)?.trim();
    if (value) prefill[field] = value.slice(0, MAX_LENGTH);
  }
  return prefill;
}

/** Adds the prefill to `params` (a link's other parameters, such as the tab and the pair). */
export function buildCalculatorPrefill(prefill: Partial<CalculatorPrefill>, params = new URLSearchParams()): URLSearchParams {
  for (const [field, key] of Object.entries(URL_KEYS) as Array<[Field, string]>) {
    const value = prefill[field];
    if (value) params.set(key, value);
  }
  if (prefill.typed === "right") params.set(TYPED_KEY, TYPED_RIGHT);
  return params;
}

/** The amount the person typed on a buy or sell, if any. */
export const typedAmount = (prefill: CalculatorPrefill) => (prefill.typed === "right" ? prefill.right : prefill.left);

/** The URL key of 'pay now' of a recurring payment (decision 063): the calculator reads the payment itself. */
export const PAY_NOW_PARAM = "pagoProgramado";

/** 'Pagar ahora': the calculator's transfer, prefilled from the scheduled payment and linked to it. */
export const payNowHref = (eventId: string) => `/?operacion=transferencia&${PAY_NOW_PARAM}=${encodeURIComponent(eventId)}`;
