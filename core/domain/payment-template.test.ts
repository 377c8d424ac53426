import { describe, expect, it } from "vitest";

import type { BatchContext } from "./multiple-payment";
import { checkPaymentRow } from "./multiple-payment";
import { paymentTemplateLists } from "./payment-template";

const context: BatchContext = {
  accounts: [
    { idAccount: "A-1", clabe: "062225001002340019", currency: "EUR", balance: 100, alias: "Tesorería EUR" },
    { idAccount: "A-2", clabe: "062225001002340022", currency: "MXP", balance: 5000, alias: "Concentradora" },
    { idAccount: "A-3", clabe: "062225001002340035", currency: "CAD", balance: 5000, alias: "Canadá CAD" },
  ],
  recipients: [
    { id: "501", account: "012580019283746507", currency: "MXN", status: 2, name: "Textil del Norte", national: true },
    { id: "504", account: "014180560032184798", currency: "MXN", status: 1, name: "Pendiente", national: true },
    { id: "503", account: "012875600394512", currency: "USD", status: 2, name: "Bright Components", national: false },
    { id: "bo-9001", account: "012580019283746507", currency: "MXN", status: 2, name: "Otro registro", national: true },
  ],
  reasons: [
    { id: 21, label: "Otros" },
    { id: 1, label: "Pago a proveedores" },
  ],
  mayPayRecipients: true,
  mayPayInternational: true,
};

describe("paymentTemplateLists", () => {
  it("lists the origin accounts by CLABE, the payable recipients once by account, and every reason", () => {
    const lists = paymentTemplateLists(context, { specialRule: false });
    expect(lists.accounts).toEqual([
      { clabe: "062225001002340019", alias: "Tesorería EUR", currency: "EUR" },
      { clabe: "062225001002340022", alias: "Concentradora", currency: "MXN" },
      { clabe: "062225001002340035", alias: "Canadá CAD", currency: "CAD" },
    ]);
    expect(lists.recipients).toEqual([
      { account: "012580019283746507", name: "Textil del Norte", currency: "MXN" },
      { account: "012875600394512", name: "Bright Components", currency: "USD" },
    ]);
    expect(lists.reasons.map((reason) => reason.id)).toEqual([21, 1]);
  });

  it("leaves out international recipients for a member who may not pay them, and every recipient for one who may pay none", () => {
    expect(paymentTemplateLists({ ...context, mayPayInternational: false }, { specialRule: false }).recipients).toHaveLength(1);
    const none = paymentTemplateLists({ ...context, mayPayRecipients: false }, { specialRule: false });
    expect(none.recipients).toEqual([]);
    expect(none.example).toBeNull();
  });

  it("offers the special-rule company only its MXN, MXP and USD accounts (§6)", () => {
    expect(paymentTemplateLists(context, { specialRule: true }).accounts.map((account) => account.currency)).toEqual(["MXN"]);
  });

  it("builds an example row that the upload's own check accepts as it is", () => {
    const { example } = paymentTemplateLists(context, { specialRule: false });
    expect(example).toMatchObject({
      source_account: "062225001002340022",
      destiny_account: "012580019283746507",
      currency: "MXN",
      reason_payment_id: "1",
    });
    const checked = checkPaymentRow(example ?? {}, context);
    expect(checked.errors).toEqual([]);
    expect(checked.input).toMatchObject({ originId: "A-2", recipientId: "501", reasonId: 1 });
  });

  it("has no example when no account shares a currency with a recipient", () => {
    expect(paymentTemplateLists({ ...context, recipients: [context.recipients[2]] }, { specialRule: false }).example).toBeNull();
  });
});
