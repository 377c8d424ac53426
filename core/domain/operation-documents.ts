import { splitFxFolio } from "./operation-polling";
import type { OperationKind, OperationStatus } from "./operation-status";

/**
 * The documents of an operation: the 'Factura BASE' invoice the bank issues (§5 Invoice, §7) and
 * the 'Comprobante {product}' receipt the app renders itself (§3 Receipt data, §9 file name).
 */

export interface DocumentSubject {
  kind: OperationKind;
  status: OperationStatus;
  referenceGFB: string | null;
  idLiquidation: string | number | null;
  folios: { dil?: string | null; crf?: string | null; trk?: string | null } | null;
}

/** §5: the Base invoice exists once the operation is applied and has a GFB reference. */
export function invoiceAvailable(subject: Pick<DocumentSubject, "status" | "referenceGFB">): boolean {
  return subject.status === "applied" && Boolean(subject.referenceGFB);
}

/** §2: the footer's 'Factura BASE' is not for transfers (their bank document travels by e-mail). */
export function showsInvoiceButton(subject: Pick<DocumentSubject, "kind" | "status" | "referenceGFB">): boolean {
  return subject.kind !== "transfer" && invoiceAvailable(subject);
}

export type InvoiceRequest =
  | { kind: "fx"; idPortfolio: string; idOperation: string; idLiquidation: number; documentType: 4 }
  | { kind: "transfer"; corefolio: string };

export type InvoiceProblem = "notAvailable" | "noReference" | "badFolio";

/**
 * §5/§7: an invoice needs the GFB reference; a buy/sell asks by the challenge folio `dil`, which
 * needs at least two dash-separated parts (portfolio and operation), plus its liquidation, with
 * documentType 4; a transfer asks by its core folio.
 */
export function invoiceRequest(subject: DocumentSubject): InvoiceRequest | InvoiceProblem {
  if (!subject.referenceGFB) return "noReference";
  if (subject.status !== "applied") return "notAvailable";
  if (subject.kind === "transfer") {
    const corefolio = subject.folios?.crf || subject.folios?.trk;
    return corefolio ? { kind: "transfer", corefolio } : "badFolio";
  }
  const parts = splitFxFolio(subject.folios?.dil);
  const liquidation = Number(subject.idLiquidation);
  if (!parts || subject.idLiquidation === null || !Number.isInteger(liquidation)) return "badFolio";
  return { kind: "fx", idPortfolio: parts[0], idOperation: parts[1], idLiquidation: liquidation, documentType: 4 };
}

/** §5: no receipt while the operation is only started or being validated. */
export function receiptAvailable(status: OperationStatus): boolean {
  return status !== "sent" && status !== "validating";
}

/**
 * Neither document exists yet for one reason: the bank has not taken the operation (sent,
 * validating; the invoice also needs it applied). The drawer's footer then says so in one line
 * instead of a disabled button and a reason for each.
 */
export function documentsAwaitBank(status: OperationStatus): boolean {
  return !receiptAvailable(status) && !invoiceAvailable({ status, referenceGFB: null });
}

/** The receipt's folio: the challenge folio (dil for buy/sell, crf for transfers), else the operation id. */
export function receiptFolio(subject: { id: string; kind: OperationKind; folios: DocumentSubject["folios"] }): string {
  const folio = subject.kind === "transfer" ? subject.folios?.crf : subject.folios?.dil;
  return folio || subject.id;
}

const TYPE_IN_FILE_NAME: Record<OperationKind, string> = { buy: "compra", sell: "venta", transfer: "transferencia" };

/** Letters, digits, "-", "_" and "." survive; anything else becomes '-'; never empty. */
function fileNamePart(text: string): string {
  const clean = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[-._]+|[-._]+$/g, "");
  return clean || "sin-folio";
}

/** §9 receipt file name pattern prefix_{type}_{folio}, e.g. "comprobante_compra_4472301-1.pdf". */
export function receiptFileName(prefix: string, kind: OperationKind, folio: string): string {
  return `${fileNamePart(prefix)}_${TYPE_IN_FILE_NAME[kind]}_${fileNamePart(folio)}.pdf`;
}

/** The invoice's name as the upstream gives it, made safe for a header; a sensible default otherwise. */
export function invoiceFileName(upstreamName: string | null | undefined, referenceGFB: string): string {
  const base = (upstreamName ?? "").replace(/\.pdf$/i, "");
  return `${fileNamePart(base || `factura_${referenceGFB}`)}.pdf`;
}
