import { describe, expect, it } from "vitest";

import type { BatchContext, PaymentColumn, SheetRow } from "./multiple-payment";
import { checkPaymentRow, checkPaymentRows, readPaymentRows, totalsByAccount, totalsByCurrency } from "./multiple-payment";

const context: BatchContext = {
  accounts: [
    { idAccount: "A-1", clabe: "012180000000000011", currency: "MXN", balance: 1000, alias: "Operativa MXN" },
    { idAccount: "A-2", clabe: "012180000000000022", currency: "USD", balance: "250.50", alias: "Pagos USD" },
    { idAccount: "A-3", clabe: "012180000000000033", currency: "MXP", balance: 100, alias: "Concentradora" },
  ],
  recipients: [
    { id: "501", account: "002180700000000501", currency: "MXN", status: 2, name: "Telas Monterrey", national: true },
    { id: "502", account: "1234 5678 9012", currency: "USD", status: 2, name: "Acme Inc", national: false },
    { id: "503", account: "002180700000000503", currency: "MXN", status: 1, name: "Pendiente SA", national: true },
  ],
  reasons: [
    { id: 1, label: "Pago a proveedores" },
    { id: 21, label: "Otros" },
  ],
  mayPayRecipients: true,
  mayPayInternational: true,
};

type Values = Partial<Record<PaymentColumn, string>>;
const good: Values = {
  source: "Operativa MXN",
  source_account: "012180000000000011",
  destiny: "Telas Monterrey",
  destiny_account: "002180700000000501",
  currency: "MXN",
  amount: "100.50",
  reason_payment_id: "1",
  reason_payment: "Pago a proveedores",
  detail: "Factura 1",
};
const errorsOf = (values: Values, ctx: BatchContext = context) => checkPaymentRow(values, ctx).errors;

describe("checkPaymentRow: one row with the single transfer's schema and the company's data", () => {
  it("resolves a good row to the account, recipient and plain amount the job sends", () => {
    expect(checkPaymentRow(good, context)).toEqual({
      input: {
        originId: "A-1",
        originLabel: "Operativa MXN •••• 0011",
        recipientId: "501",
        currency: "MXN",
        amount: "100.50",
        reasonId: 1,
        reason: "Pago a proveedores",
        detail: "Factura 1",
      },
      errors: [],
    });
    // es-MX grouping, an account written with spaces, MXP as MXN, a lower-case currency.
    expect(
      checkPaymentRow(
        { ...good, source_account: "012180000000000033", amount: "1,000", currency: "mxp", destiny_account: good.destiny_account },
        { ...context, accounts: [{ ...context.accounts[2], balance: 5000 }] },
      ).input,
    ).toMatchObject({ originId: "A-3", currency: "MXN", amount: "1000.00" });
    expect(
      checkPaymentRow({ ...good, source_account: "012180000000000022", destiny_account: "1234 5678 9012", currency: "USD" }, context).input,
    ).toMatchObject({ originId: "A-2", recipientId: "502" });
  });

  it("refuses an origin account that is not the company's, or not in the row's currency", () => {
    expect(errorsOf({ ...good, source_account: "999" })).toEqual([
      { column: "source_account", message: "La cuenta origen no es una cuenta de tu empresa" },
    ]);
    expect(errorsOf({ ...good, source_account: "012180000000000022" })).toEqual([
      { column: "source_account", message: "La cuenta origen no es en MXN" },
    ]);
    expect(errorsOf({ ...good, source_account: "" })).toEqual([{ column: "source_account", message: "Campo requerido" }]);
  });

  it("refuses a recipient that does not exist, is not authorized (status 2) or receives another currency", () => {
    expect(errorsOf({ ...good, destiny_account: "111" })).toEqual([
      { column: "destiny_account", message: "La cuenta destino no es de un destinatario registrado" },
    ]);
    expect(errorsOf({ ...good, destiny_account: "002180700000000503" })).toEqual([
      { column: "destiny_account", message: "El destinatario aún no está autorizado" },
    ]);
    expect(errorsOf({ ...good, destiny_account: "123456789012" })).toEqual([
      { column: "destiny_account", message: "El destinatario recibe USD" },
    ]);
  });

  it("takes amounts of at least 0.01 with at most 2 decimals (§5)", () => {
    expect(checkPaymentRow({ ...good, amount: "0.01" }, context).input?.amount).toBe("0.01");
    expect(errorsOf({ ...good, amount: "0" })).toEqual([{ column: "amount", message: "Este monto no es válido" }]);
    expect(errorsOf({ ...good, amount: "-5" })).toEqual([{ column: "amount", message: "Este monto no es válido" }]);
    expect(errorsOf({ ...good, amount: "abc" })).toEqual([{ column: "amount", message: "Este monto no es válido" }]);
    expect(errorsOf({ ...good, amount: "=1+1" })).toEqual([{ column: "amount", message: "Este monto no es válido" }]);
    expect(errorsOf({ ...good, amount: "10.005" })).toEqual([{ column: "amount", message: "Ingresa un monto con máximo 2 decimales" }]);
    expect(errorsOf({ ...good, amount: undefined })).toEqual([{ column: "amount", message: "Campo requerido" }]);
  });

  it("needs a reason of the catalogue, a detail for 21 and 22, and at most 40 characters of detail", () => {
    expect(errorsOf({ ...good, reason_payment_id: "7" })).toEqual([
      { column: "reason_payment_id", message: "Ingresa un motivo de pago válido" },
    ]);
    expect(errorsOf({ ...good, reason_payment_id: "x" })).toEqual([{ column: "reason_payment_id", message: "Campo requerido" }]);
    expect(errorsOf({ ...good, reason_payment_id: "21", detail: undefined })).toEqual([
      { column: "detail", message: "*Debes ingresar el detalle de la operación." },
    ]);
    expect(checkPaymentRow({ ...good, reason_payment_id: "21", detail: "Anticipo" }, context).input).toMatchObject({
      reasonId: 21,
      reason: "Otros",
      detail: "Anticipo",
    });
    // The file's own words beside the id are not what the bank is told: the catalogue's text is.
    expect(checkPaymentRow({ ...good, reason_payment: "Pago de renta" }, context).input?.reason).toBe("Pago a proveedores");
    expect(errorsOf({ ...good, detail: "x".repeat(41) })).toEqual([
      { column: "detail", message: "El concepto debe contener máximo 40 caracteres" },
    ]);
    expect(errorsOf({ ...good, detail: "x".repeat(40) })).toEqual([]);
  });

  it("refuses an unknown currency, and every row when the member may not pay third parties", () => {
    expect(errorsOf({ ...good, currency: "BTC" })).toEqual([{ column: "currency", message: "Ingresa una divisa válida" }]);
    expect(checkPaymentRow(good, { ...context, mayPayRecipients: false })).toEqual({
      input: null,
      errors: [{ column: "row", message: "No tienes permiso para enviar dinero a cuentas de terceros" }],
    });
  });
});

describe("checkPaymentRow: international recipients (decision 066)", () => {
  const toAcme: Values = {
    ...good,
    source_account: "012180000000000022",
    destiny: "Acme Inc",
    destiny_account: "1234 5678 9012",
    currency: "USD",
    amount: "10.00",
  };
  it("pays an international recipient for a Pro member and refuses it, with the reason, for a Basic one", () => {
    expect(errorsOf(toAcme)).toEqual([]);
    expect(checkPaymentRow(toAcme, { ...context, mayPayInternational: false }).errors).toEqual([
      { column: "destiny_account", message: "Los envíos internacionales son parte de la membresía Pro" },
    ]);
    expect(checkPaymentRow(good, { ...context, mayPayInternational: false }).errors).toEqual([]);
  });
});

describe("checkPaymentRows: what only a batch knows", () => {
  const rows = (list: Values[]) => list.map((values, index) => ({ line: index + 2, values }));

  it("flags a repeated payment and keeps the first", () => {
    const checked = checkPaymentRows(rows([good, { ...good, detail: "factura 1 " }, { ...good, detail: "Factura 2" }]), context);
    expect(checked.map((row) => row.input !== null)).toEqual([true, false, true]);
    expect(checked[1].errors).toEqual([{ column: "row", message: "Fila repetida: es igual a la fila 2" }]);
  });

  it("pays an account's rows in file order while their sum fits its balance (big.js)", () => {
    const usd = { ...good, source_account: "012180000000000022", destiny_account: "123456789012", currency: "USD" };
    // 250.50 exactly: 0.1 + 0.2 style sums must not drift.
    const checked = checkPaymentRows(
      rows([
        { ...usd, amount: "100.10", detail: "a" },
        { ...usd, amount: "150.20", detail: "b" },
        { ...usd, amount: "0.20", detail: "c" },
        { ...usd, amount: "0.21", detail: "d" },
        { ...good, amount: "1000.00" },
      ]),
      context,
    );
    expect(checked.map((row) => row.input !== null)).toEqual([true, true, true, false, true]);
    expect(checked[3].errors).toEqual([
      {
        column: "amount",
        message:
          "No cuentas con los fondos suficientes, te recomendamos hacer una transferencia de fondos para poder realizar la operación",
      },
    ]);
  });

  it("totals the valid rows per currency and per origin account, with their balance", () => {
    const checked = checkPaymentRows(
      rows([
        { ...good, amount: "0.10", detail: "a" },
        { ...good, amount: "0.20", detail: "b" },
        { ...good, amount: "5", currency: "BTC" },
        { ...good, source_account: "012180000000000022", destiny_account: "123456789012", currency: "USD", amount: "12.5" },
      ]),
      context,
    );
    expect(totalsByCurrency(checked)).toEqual([
      { currency: "MXN", count: 2, total: "0.30" },
      { currency: "USD", count: 1, total: "12.50" },
    ]);
    expect(totalsByAccount(checked, context.accounts)).toEqual([
      { idAccount: "A-1", label: "Operativa MXN •••• 0011", currency: "MXN", count: 2, total: "0.30", balance: "1000.00" },
      { idAccount: "A-2", label: "Pagos USD •••• 0022", currency: "USD", count: 1, total: "12.50", balance: "250.50" },
    ]);
    expect(totalsByAccount(checked)[0].balance).toBeNull();
  });
});

describe("readPaymentRows: the template's columns", () => {
  const header = [
    "Origen",
    "Cuenta origen",
    "Destinatario",
    "Cuenta destino",
    "Divisa",
    "Monto",
    "Id motivo de pago",
    "Motivo de pago",
    "Detalle",
  ];
  const line = (cells: string[], at: number): SheetRow => ({ line: at, cells });

  it("reads by the Spanish labels or §3's names, in any order", () => {
    const read = readPaymentRows(
      [
        line(["amount", "SOURCE_ACCOUNT", "destiny_account", "currency", "reason_payment_id"], 1),
        line(["10", "012180000000000011", "002180700000000501", "MXN", "1"], 2),
      ],
      context,
    );
    expect(read).toMatchObject({ ok: true, rows: [{ line: 2, input: { amount: "10.00", originId: "A-1" }, errors: [] }] });
    const spanish = readPaymentRows(
      [line(header, 1), line(["", "012180000000000011", "", "002180700000000501", "MXN", "1", "1", "", ""], 3)],
      context,
    );
    expect(spanish).toMatchObject({ ok: true, rows: [{ line: 3, errors: [] }] });
  });

  it("refuses a file without the template's columns, without rows, or with too many", () => {
    expect(readPaymentRows([line(["Nombre", "Monto"], 1), line(["x", "1"], 2)], context)).toEqual({
      ok: false,
      error: "columns",
      missing: ["Cuenta origen", "Cuenta destino", "Divisa", "Id motivo de pago"],
    });
    expect(readPaymentRows([], context)).toEqual({ ok: false, error: "empty" });
    expect(readPaymentRows([line(header, 1)], context)).toEqual({ ok: false, error: "empty" });
    const many = Array.from({ length: 1001 }, (_, index) => line(["a"], index + 2));
    expect(readPaymentRows([line(header, 1), ...many], context)).toEqual({ ok: false, error: "tooManyRows" });
  });
});
