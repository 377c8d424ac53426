import { getConfig } from "../config.server";
import type { ReceiptData } from "../history/view";
import { onShutdown, singleton } from "../lifecycle.server";
import { logger } from "../logger.server";
import { observeReceiptQueue } from "../metrics.server";
import type { PdfRenderer } from "./pdf-renderer.server";
import { createPdfRenderer } from "./pdf-renderer.server";
import { receiptHtml } from "./receipt-document";

/** The process-wide renderer: one warm Chromium for every receipt, closed on a clean stop. */
export function pdfRenderer(): PdfRenderer {
  return singleton("pdf-renderer", () => {
    const renderer = createPdfRenderer({ executablePath: getConfig().CHROMIUM_PATH, log: logger.child({ module: "receipts" }) });
    onShutdown(() => renderer.close(), { name: "receipt renderer" });
    observeReceiptQueue(() => {
      const { active, queued } = renderer.stats();
      return { running: active, waiting: queued };
    });
    return renderer;
  });
}

/** The 'Comprobante {product}' of an operation as a one-page US Letter PDF. */
export function receiptPdf(data: ReceiptData): Promise<Buffer> {
  return pdfRenderer().render(receiptHtml(data));
}
