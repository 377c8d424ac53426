import type { InvoiceRequest } from "#core/domain/operation-documents";
import { invoiceFileName, invoiceRequest } from "#core/domain/operation-documents";

import { downloadResponse } from "../http/download.server";
import { PdfRenderError } from "../receipts/pdf-renderer.server";
import { receiptPdf } from "../receipts/receipts.server";
import type { AccessContext } from "../session/auth.server";
import { isUpstreamError } from "../upstream/errors";
import type { HistoryOperation } from "../upstream/operations.server";
import type { OperationDetail } from "./view";
import { documentSubject, receiptData } from "./view";

/** A file to hand to the browser or to attach to an e-mail. */
export interface OperationFile {
  filename: string;
  bytes: Buffer;
}

export type DocumentFailure = "notAvailable" | "upstream" | "invalid" | "renderer";

export class DocumentError extends Error {
  override readonly name = "DocumentError";
  constructor(
    readonly failure: DocumentFailure,
    message: string,
  ) {
    super(message);
  }
}

const PDF_MAGIC = Buffer.from("%PDF-");

/**
 * The 'Factura BASE' (§5, §7): asked by folio (buy/sell: dil split into portfolio and operation,
 * the liquidation and documentType 4; transfers: the core folio), answered as base64. An answer
 * that is not a PDF is refused (§8 'Failed to generate GFB invoice data.' in the log).
 */
export async function fetchInvoice(access: AccessContext, operation: HistoryOperation): Promise<OperationFile> {
  const request: InvoiceRequest | string = invoiceRequest(documentSubject(operation));
  if (typeof request === "string") throw new DocumentError("notAvailable", `invoice not available: ${request}`);
  let file;
  try {
    file = await access.api.operations.invoice(request);
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    access.log.warn(
      { event: "invoice_failed", operationId: operation.id, err: error instanceof Error ? error.message : error },
      "Failed to generate GFB invoice data.",
    );
    throw new DocumentError("upstream", "Failed to generate GFB invoice data.");
  }
  const bytes = Buffer.from(file.content, "base64");
  if (bytes.length < PDF_MAGIC.length || !bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    access.log.error({ event: "invoice_invalid", operationId: operation.id }, "Failed to generate GFB invoice data.");
    throw new DocumentError("invalid", "Failed to generate GFB invoice data.");
  }
  return { filename: invoiceFileName(file.filename, operation.referenceGFB ?? operation.id), bytes };
}

/** The 'Comprobante {product}': rendered by the app itself (Chromium, US Letter, one page). */
export async function renderReceipt(access: AccessContext, detail: OperationDetail): Promise<OperationFile> {
  if (!detail.receipt) throw new DocumentError("notAvailable", "receipt not available for this status");
  const started = performance.now();
  try {
    const bytes = await receiptPdf(receiptData(detail));
    access.log.info(
      { event: "receipt_rendered", operationId: detail.id, bytes: bytes.length, durationMs: Math.round(performance.now() - started) },
      "receipt rendered",
    );
    return { filename: detail.receiptFileName, bytes };
  } catch (error) {
    const reason = error instanceof PdfRenderError ? error.reason : "failed";
    // The renderer's message is Spanish and says what to fix (e.g. where Chromium was expected).
    access.log.error(
      { event: "receipt_failed", operationId: detail.id, reason, err: error instanceof Error ? error.message : error },
      "receipt not rendered",
    );
    throw new DocumentError("renderer", error instanceof Error ? error.message : "receipt not rendered");
  }
}

/** A download: inline PDFs never; the browser saves it under its name. */
export function pdfResponse(file: OperationFile): Response {
  return downloadResponse(new Uint8Array(file.bytes), { name: file.filename, contentType: "application/pdf" });
}
