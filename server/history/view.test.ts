import { describe, expect, it } from "vitest";

import type { HistoryOperation } from "../upstream/operations.server";
import type { DetailInput } from "./view";
import { historyRow, operationDetail, receiptData } from "./view";

const base = {
  txId: "TX1",
  margin: "0.25",
  concept: "11",
  conceptString: "Importación de mercancías",
  aditionalInformation: "Pedido 4471",
  member: { completeName: "Ana Martínez Ríos" },
  recipient: null,
  bank: null,
  updated_at: "2026-11-20T18:40:00.000Z",
  idLiquidation: 881019,
  reasonReturned: null,
  companyName: "Importadora del Bajío S.A. de C.V.",
  requires_admin_approval: false,
  created_at: "2026-11-20T18:30:00.000Z",
};

const buy = {
  ...base,
  id: "1019",
  operation: "buy",
  status: "applied",
  pair: "USD/MXN",
  amount: 1500,
  amountOrigin: 1500,
  amountDestiny: 1500,
  total: 25864.5,
  accountOrigin: { idCuenta: "A-100234-01", idDivisa: "MXN" },
  accountDestiny: { idCuenta: "A-100234-02", idDivisa: "USD" },
  referenceGFB: "GFB-20261120-001019",
  liquidityProvider: "LP-JPM",
  request: { exchangeRate: 17.243, currency: "MXN", currencyReceive: "USD", paymentReason: null },
  responseChallenge: { res: "0", dil: "4472219-1", trk: "t" },
} as unknown as HistoryOperation;

const transfer = {
  ...base,
  id: "1021",
  operation: "transfer",
  status: "returned",
  pair: "",
  amount: 2400,
  amountOrigin: 2400,
  amountDestiny: 2400,
  total: 2400,
  accountOrigin: { idCuenta: "A-100234-02", idDivisa: "USD" },
  accountDestiny: null,
  recipient: { idRecipient: "503", nombreCompleto: "Shenzhen Bright Components Co., Ltd." },
  bank: "Bank of China (Hong Kong)",
  referenceGFB: "GFB-20261120-001021",
  reasonReturned: "La cuenta de destino no existe",
  idLiquidation: null,
  request: { exchangeRate: 1, currency: "USD", currencyReceive: "USD", paymentReason: null },
  responseChallenge: { res: "0", crf: "CRF7301021", trk: "t" },
} as unknown as HistoryOperation;

const input = (operation: HistoryOperation, overrides: Partial<DetailInput> = {}): DetailInput => ({
  operation,
  companyName: "Importadora del Bajío S.A. de C.V.",
  accounts: [
    { idAccount: "A-100234-01", alias: "Concentradora Bajío", currency: "MXN", balance: 1, last4: "0014", favorite: true },
    { idAccount: "A-100234-02", alias: "Proveedores Asia USD", currency: "USD", balance: 1, last4: "0027", favorite: true },
  ],
  recipients: [{ idRecipient: "503", account: "012875600394512", bankName: "Bank of China (Hong Kong)", alias: "Bright Components" }],
  binnacle: [],
  settlement: "2026-11-20 | 2026-11-23",
  receiptPdfAvailable: true,
  partnerBank: "BASE",
  ...overrides,
});

describe("history rows", () => {
  it("show the v2 status with its colour and es-MX amounts", () => {
    expect(historyRow(buy)).toEqual({
      id: "1019",
      kind: "buy",
      createdAtText: "20/11/2026 12:30",
      pair: "USD/MXN",
      counterparty: null,
      amount: "$1,500.00 USD",
      total: "$25,864.50 MXN",
      statusLabelKey: "statusV2.sent",
      outcome: "success",
      polled: false,
      awaitingToken: false,
      awaitingPerson: false,
    });
    expect(historyRow(transfer)).toMatchObject({
      pair: null,
      counterparty: "Shenzhen Bright Components Co., Ltd.",
      amount: "$2,400.00 USD",
      total: null,
      statusLabelKey: "statusV2.returned",
      outcome: "failed",
    });
  });

  it("give a total only where it is another figure than the amount", () => {
    expect(historyRow(transfer).total).toBeNull();
    expect(historyRow({ ...transfer, total: 2412.5 } as HistoryOperation).total).toBe("$2,412.50 USD");
    expect(historyRow(buy).total).toBe("$25,864.50 MXN");
  });

  it("say 'Por autorizar' for an operation waiting for its signer's token, in the list and in its detail (decision 093)", () => {
    const waiting = { ...transfer, status: "sent", responseChallenge: null, referenceGFB: null } as HistoryOperation;
    expect(historyRow(waiting)).toMatchObject({
      statusLabelKey: "statusV2.awaitingToken",
      outcome: "pending",
      awaitingToken: true,
      awaitingPerson: true,
    });
    expect(operationDetail(input(waiting))).toMatchObject({
      statusLabelKey: "statusV2.awaitingToken",
      awaitingToken: true,
      approval: false,
    });
    // Waiting for an administrator is 'Por aprobar'; once approved, her key is still to come: 'Por autorizar'.
    const approval = { ...waiting, requires_admin_approval: true } as HistoryOperation;
    expect(historyRow(approval)).toMatchObject({
      statusLabelKey: "statusV2.awaitingApproval",
      outcome: "pending",
      awaitingToken: false,
      awaitingPerson: true,
    });
    expect(operationDetail(input(approval))).toMatchObject({
      statusLabelKey: "statusV2.awaitingApproval",
      approval: true,
      awaitingToken: false,
    });
    const approved = { ...approval, approved_by: { id: "1", completeName: "Ana Martínez Ríos" } } as HistoryOperation;
    expect(historyRow(approved)).toMatchObject({ statusLabelKey: "statusV2.awaitingToken", awaitingToken: false });
    const challenged = { ...waiting, responseChallenge: { res: "0", trk: "t" } } as HistoryOperation;
    expect(historyRow(challenged)).toMatchObject({ statusLabelKey: "statusV2.inProcess", awaitingToken: false, awaitingPerson: false });
  });
});

describe("operation detail", () => {
  it("a buy: masked own accounts, rate with 6 decimals, banner and documents", () => {
    const detail = operationDetail(input(buy));
    expect(detail.origin).toEqual({ name: "Concentradora Bajío", masked: "•••• 0014", bank: "BASE", currency: "MXN" });
    expect(detail.destination).toEqual({ name: "Proveedores Asia USD", masked: "•••• 0027", bank: "BASE", currency: "USD" });
    expect(detail.amount).toEqual({
      amount: "$1,500.00 USD",
      rate: "17.243000",
      rateBetween: "1 USD = 17.243000 MXN",
      provider: "LP-JPM",
      fee: null,
      total: "$25,864.50 MXN",
    });
    expect(detail.settlementText).toBe("lunes 23, noviembre");
    expect(detail.invoiceButton).toBe(true);
    expect(detail.receipt).toBe(true);
    expect(detail.receiptFileName).toBe("comprobante_compra_4472219-1.pdf");
    expect(detail.share.selectable).toEqual(["invoiceFxn", "invoiceGfb", "estimatedArrival"]);
    expect(detail.operator).toBe("Ana Martínez Ríos");
    expect(detail.concept).toBe("Pedido 4471");
    expect(detail.returnedAtText).toBeNull();
  });

  it("a returned transfer: recipient masked, fee 0, returned date and notice, no banner", () => {
    const detail = operationDetail(input(transfer));
    expect(detail.destination).toEqual({
      name: "Shenzhen Bright Components Co., Ltd.",
      masked: "•••• 4512",
      bank: "Bank of China (Hong Kong)",
      currency: "USD",
    });
    expect(detail.amount).toEqual({
      amount: "$2,400.00 USD",
      rate: null,
      rateBetween: null,
      provider: null,
      fee: "$0.00 USD",
      total: "$2,400.00 USD",
    });
    expect(detail.returnedAtText).toBe("20/11/2026 12:40");
    expect(detail.failure).toMatchObject({ copyKey: "notice.returned.transfer", reason: "La cuenta de destino no existe" });
    expect(detail.settlementText).toBeNull();
    expect(detail.invoiceButton).toBe(false);
    expect(detail.share.rules.estimatedArrival.visible).toBe(false);
  });

  it("names the liquidity provider the bank says a buy or sell was booked with, and none it does not say", () => {
    expect(operationDetail(input({ ...buy, liquidityProvider: "LP-CITI" })).amount.provider).toBe("LP-CITI");
    expect(operationDetail(input({ ...buy, liquidityProvider: null })).amount.provider).toBeNull();
    expect(operationDetail(input({ ...buy, liquidityProvider: "  " })).amount.provider).toBeNull();
    expect(operationDetail(input({ ...transfer, liquidityProvider: "LP-CITI" })).amount.provider).toBeNull();
  });

  it("never shows a full account number, even when the account list is unavailable", () => {
    const detail = operationDetail(input(buy, { accounts: null }));
    expect(detail.origin).toEqual({ name: null, masked: null, bank: "BASE", currency: "MXN" });
    expect(JSON.stringify(operationDetail(input(transfer)))).not.toContain("012875600394512");
  });

  it("the receipt carries the §3 receipt data", () => {
    expect(receiptData(operationDetail(input(buy)))).toEqual({
      companyName: "Importadora del Bajío S.A. de C.V.",
      operationId: "1019",
      kind: "buy",
      statusLabelKey: "statusV2.sent",
      date: "20/11/2026 12:30",
      folio: "4472219-1",
      reference: "GFB-20261120-001019",
      bankOrigin: "BASE",
      bankDestination: "BASE",
      withdrawalAccount: "Concentradora Bajío · •••• 0014 · MXN",
      destinyAccount: "Proveedores Asia USD · •••• 0027 · USD",
      pair: "USD/MXN",
      exchangeType: "17.243000",
      provider: "LP-JPM",
      amount: "$1,500.00 USD",
      fee: null,
      total: "$25,864.50 MXN",
      paymentReason: "Importación de mercancías",
      concept: "Pedido 4471",
      proof: null,
    });
  });
});
