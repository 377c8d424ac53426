import { describe, expect, it } from "vitest";

import type { BatchContext } from "./multiple-payment";
import { checkPaymentRow } from "./multiple-payment";

/** A payment file's destination account, matched against the company's recipients (decision 097). */
const context = (recipients: BatchContext["recipients"]): BatchContext => ({
  accounts: [{ idAccount: "A-1", clabe: "062225001002340014", currency: "MXN", balance: "100000.00", alias: "Operativa" }],
  recipients,
  reasons: [{ id: 1, label: "Pago a proveedores" }],
  mayPayRecipients: true,
  mayPayInternational: true,
});
const row = {
  source_account: "062225001002340014",
  destiny_account: "014180560032184793",
  currency: "MXN",
  amount: "100",
  reason_payment_id: "1",
};
const pendingAtTheBank = { id: "504", account: "014180560032184793", currency: "MXN", status: 1, name: "Fletes", national: true };
const loadedInBulk = { id: "bo-9002", account: "014180560032184793", currency: "MXN", status: 2, name: "Diseño Laura", national: true };

describe("checkPaymentRow: the recipient an account belongs to", () => {
  it("pays the authorized record when the bank's pending one has the same account", () => {
    expect(checkPaymentRow(row, context([pendingAtTheBank, loadedInBulk])).input?.recipientId).toBe("bo-9002");
  });

  it("still says the recipient is pending when no record of the account may be paid", () => {
    expect(checkPaymentRow(row, context([pendingAtTheBank])).errors).toContainEqual({
      column: "destiny_account",
      message: "El destinatario aún no está autorizado",
    });
  });
});
