/**
 * The calculator's HTML constraints (required, lengths, patterns), as Conform's `getZodConstraint`
 * reads them from `exchangeFields` and `transferFields` in `trade-form.ts`. Written out so the page
 * renders and hydrates them without zod, whose schemas the browser loads only when the person reaches
 * the form (decision 065); `trade-form-constraints.test.ts` fails when the schemas and these part.
 */
export type FieldConstraint = {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  pattern?: string;
};

const accountsAndReason: Record<string, FieldConstraint> = {
  idempotencyKey: { required: true },
  origin: { required: true, minLength: 1, maxLength: 64 },
  destination: { required: true, minLength: 1, maxLength: 64 },
  reason: { required: true, min: 0, max: 999999 },
  concept: { required: false, maxLength: 40 },
};

export const exchangeConstraint: Record<string, FieldConstraint> = {
  operation: { required: true, pattern: "buy|sell" },
  pair: { required: true, pattern: "^(?=.*(?:^[A-Z]{3}\\/[A-Z]{3}$)).*$" },
  typed: { required: false, pattern: "left|right" },
  left: { required: false },
  right: { required: false },
  ...accountsAndReason,
};

export const transferConstraint: Record<string, FieldConstraint> = {
  operation: { required: true },
  amount: { required: true },
  ...accountsAndReason,
  // The recurring payment being paid ('Pagar ahora', decision 063).
  scheduledPaymentEvent: { required: false, pattern: "^(?=.*(?:^\\d{1,12}$)).*$" },
};
