import type { CalculatorPrefill } from "./calculator-prefill";
import { buildCalculatorPrefill, recipientDestination, recipientOf } from "./calculator-prefill";
import { SLUG_OF } from "./calculator-prefill";

/**
 * 'Enviar dinero' on a recipient's row: the dashboard calculator on its transfer tab with the
 * recipient already chosen as the destination (`/?operacion=transferencia&destino=r:501`, or
 * `r:bo-9001` for a back-office recipient: its `paymentRefText`).
 */
export function sendMoneyHref(recipientRef: string): string {
  const params = buildCalculatorPrefill(
    { destination: recipientDestination(recipientRef) },
    new URLSearchParams({ operacion: SLUG_OF.transfer }),
  );
  return `/?${params}`;
}

/**
 * A link's destination is only a suggestion: a recipient the member may not send to (another
 * company's, one still pending, or none at all) is dropped, so the form starts with no
 * destination rather than a value no option shows. Own accounts are left to the form's checks.
 */
export function withKnownRecipient(prefill: CalculatorPrefill, recipientIds: readonly string[]): CalculatorPrefill {
  const recipient = prefill.destination ? recipientOf(prefill.destination) : null;
  if (recipient === null || recipientIds.includes(recipient)) return prefill;
  const { destination: _dropped, ...rest } = prefill;
  return rest;
}
