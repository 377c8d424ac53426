import type { OperationKind } from "./operation-status";

/**
 * Which proof of payment an operation shows (decision 108): a transfer that left by SPEI shows its
 * clave de rastreo and what Banxico's CEP page asks to find it; a transfer that left another way
 * (SPID in dollars, an international transfer) shows the bank's own reference, its only proof;
 * a buy or a sell, or a transfer whose money has not moved, shows none.
 */
export const BANXICO_CEP_URL = "https://www.banxico.org.mx/cep/";

export interface SpeiPayment {
  trackingKey: string;
  /** YYYY-MM-DD, the Mexico City day the SPEI left. */
  operationDate: string;
  senderBank: string;
  receiverBank: string;
  beneficiaryAccount: string;
  amount: number;
}

export interface ProofInput {
  kind: OperationKind;
  referenceGFB: string | null;
  spei: SpeiPayment | null;
}

export type CepFieldKey = "operationDate" | "trackingKey" | "senderBank" | "receiverBank" | "beneficiaryAccount" | "amount";

/** One datum of the CEP form: what the page shows and what its copy button puts on the clipboard (as the form takes it). */
export interface CepField {
  key: CepFieldKey;
  text: string;
  copy: string;
}

export type PaymentProof = { rail: "spei"; trackingKey: string; cep: CepField[] } | { rail: "reference"; reference: string } | null;

/** 2026-11-29 → 29/11/2026, as Banxico's CEP form writes the date. */
export function cepDate(isoDay: string): string {
  const [year, month, day] = isoDay.split("-");
  return `${day}/${month}/${year}`;
}

/** The amount as the CEP form takes it: digits and two decimals, no thousands separator nor sign. */
export function cepAmount(amount: number): string {
  return amount.toFixed(2);
}

/** The CEP form's fields in its order, each shown and copied the way the form takes it. */
export function cepFields(spei: SpeiPayment, amountText: string): CepField[] {
  return [
    { key: "operationDate", text: cepDate(spei.operationDate), copy: cepDate(spei.operationDate) },
    { key: "trackingKey", text: spei.trackingKey, copy: spei.trackingKey },
    { key: "senderBank", text: spei.senderBank, copy: spei.senderBank },
    { key: "receiverBank", text: spei.receiverBank, copy: spei.receiverBank },
    { key: "beneficiaryAccount", text: spei.beneficiaryAccount, copy: spei.beneficiaryAccount },
    { key: "amount", text: amountText, copy: cepAmount(spei.amount) },
  ];
}

export function paymentProof(input: ProofInput, amountText: (amount: number) => string): PaymentProof {
  if (input.kind !== "transfer") return null;
  if (input.spei) return { rail: "spei", trackingKey: input.spei.trackingKey, cep: cepFields(input.spei, amountText(input.spei.amount)) };
  return input.referenceGFB ? { rail: "reference", reference: input.referenceGFB } : null;
}
