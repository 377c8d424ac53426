/**
 * The payment reason and the concept of an operation (§3; decision 095). The reason is a catalogue
 * entry (`conceptpays`: IdPayConcept and its text); the concept is what the person typed under
 * 'Concepto'. On the wire: `concept` is the reason's id, `conceptString` the reason's text and
 * `aditionalInformation` the typed concept; the product API answers the reason's text again as
 * `request.paymentReason`.
 */
export interface ReasonEntry {
  IdPayConcept: number;
  concept: string;
}

/** The catalogue's text of a reason, or null when the catalogue has no such id. */
export function reasonText(catalogue: readonly ReasonEntry[], id: number): string | null {
  return catalogue.find((entry) => entry.IdPayConcept === id)?.concept.trim() || null;
}

/** What the product API answers about an operation's reason and concept (any may be missing). */
export interface ReasonFields {
  conceptString?: string | null;
  aditionalInformation?: string | null;
  request?: { paymentReason?: string | null; aditionalInformation?: string | null } | null;
}

/**
 * 'Motivo de pago' and 'Concepto' as every surface shows them. The reason is the product's own
 * `request.paymentReason` first (what it resolved from its catalogue), then `conceptString`; the
 * concept is the typed text, never the reason.
 */
export function reasonAndConcept(operation: ReasonFields): { reason: string | null; concept: string | null } {
  return {
    reason: operation.request?.paymentReason?.trim() || operation.conceptString?.trim() || null,
    concept: operation.aditionalInformation?.trim() || operation.request?.aditionalInformation?.trim() || null,
  };
}
