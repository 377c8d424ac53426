import { describe, expect, it } from "vitest";

import type { DocumentSubject } from "./operation-documents";
import {
  documentsAwaitBank,
  invoiceAvailable,
  invoiceFileName,
  invoiceRequest,
  receiptAvailable,
  receiptFileName,
  receiptFolio,
  showsInvoiceButton,
} from "./operation-documents";
import type { OperationStatus } from "./operation-status";
import { OPERATION_STATUSES } from "./operation-status";

const fx: DocumentSubject = {
  kind: "buy",
  status: "applied",
  referenceGFB: "GFB-20261120-001019",
  idLiquidation: 881019,
  folios: { dil: "4472219-1", trk: "t" },
};
const transfer: DocumentSubject = {
  kind: "transfer",
  status: "applied",
  referenceGFB: "GFB-20261120-001021",
  idLiquidation: null,
  folios: { crf: "CRF7301021", trk: "t" },
};

describe("Base invoice (§5 Invoice, §7)", () => {
  it("exists once applied with a GFB reference", () => {
    expect(invoiceAvailable(fx)).toBe(true);
    expect(invoiceAvailable({ ...fx, referenceGFB: null })).toBe(false);
    for (const status of OPERATION_STATUSES.filter((s) => s !== "applied")) expect(invoiceAvailable({ ...fx, status })).toBe(false);
  });

  it("has a footer button for buy/sell only", () => {
    expect(showsInvoiceButton(fx)).toBe(true);
    expect(showsInvoiceButton({ ...fx, kind: "sell" })).toBe(true);
    expect(showsInvoiceButton(transfer)).toBe(false);
  });

  it("asks buy/sell by portfolio, operation, liquidation and documentType 4", () => {
    expect(invoiceRequest(fx)).toEqual({ kind: "fx", idPortfolio: "4472219", idOperation: "1", idLiquidation: 881019, documentType: 4 });
    expect(invoiceRequest({ ...fx, idLiquidation: "881019" })).toMatchObject({ idLiquidation: 881019 });
  });

  it("asks transfers by core folio", () => {
    expect(invoiceRequest(transfer)).toEqual({ kind: "transfer", corefolio: "CRF7301021" });
    expect(invoiceRequest({ ...transfer, folios: { trk: "trk-1" } })).toEqual({ kind: "transfer", corefolio: "trk-1" });
  });

  it("needs the GFB reference, an applied status and a folio of at least two dash-separated parts", () => {
    expect(invoiceRequest({ ...fx, referenceGFB: null })).toBe("noReference");
    expect(invoiceRequest({ ...fx, status: "appliedNoReceipt" })).toBe("notAvailable");
    expect(invoiceRequest({ ...fx, folios: { dil: "4472219" } })).toBe("badFolio");
    expect(invoiceRequest({ ...fx, folios: null })).toBe("badFolio");
    expect(invoiceRequest({ ...fx, idLiquidation: null })).toBe("badFolio");
    expect(invoiceRequest({ ...transfer, folios: {} })).toBe("badFolio");
  });
});

describe("receipt (§3 Receipt data, §5, §9)", () => {
  it("is not available while sent or validating", () => {
    expect(OPERATION_STATUSES.filter((status) => !receiptAvailable(status))).toEqual(["sent", "validating"]);
  });

  it("uses the challenge folio, else the operation id", () => {
    expect(receiptFolio({ id: "1019", kind: "buy", folios: fx.folios })).toBe("4472219-1");
    expect(receiptFolio({ id: "1021", kind: "transfer", folios: transfer.folios })).toBe("CRF7301021");
    expect(receiptFolio({ id: "1002", kind: "transfer", folios: null })).toBe("1002");
  });

  it("is named prefix_{type}_{folio}", () => {
    expect(receiptFileName("comprobante", "buy", "4472219-1")).toBe("comprobante_compra_4472219-1.pdf");
    expect(receiptFileName("comprobante", "sell", "4472220-1")).toBe("comprobante_venta_4472220-1.pdf");
    expect(receiptFileName("comprobante", "transfer", "CRF7301021")).toBe("comprobante_transferencia_CRF7301021.pdf");
  });

  it("keeps file names safe for a header and a file system", () => {
    expect(receiptFileName("Comprobante FXN", "buy", 'a/b\\c"d ñ')).toBe("Comprobante-FXN_compra_a-b-c-d-n.pdf");
    expect(receiptFileName("comprobante", "buy", "")).toBe("comprobante_compra_sin-folio.pdf");
    expect(receiptFileName("comprobante", "buy", "../../etc")).toBe("comprobante_compra_etc.pdf");
  });

  it("names the invoice after the upstream, safely", () => {
    expect(invoiceFileName("GFB-20261120-001019.pdf", "GFB-20261120-001019")).toBe("GFB-20261120-001019.pdf");
    expect(invoiceFileName(null, "GFB-1")).toBe("factura_GFB-1.pdf");
    expect(invoiceFileName('x"; evil=1', "GFB-1")).toBe("x-evil-1.pdf");
  });
});

describe("documents waiting for the bank", () => {
  it.each<[OperationStatus, boolean]>([
    ["sent", true],
    ["validating", true],
    ["applying", false],
    ["applied", false],
    ["appliedNoReceipt", false],
    ["returned", false],
    ["notAppliedByAdmin", false],
  ])("%s: %s", (status, together) => {
    expect(documentsAwaitBank(status)).toBe(together);
  });
});
