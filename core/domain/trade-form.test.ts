import { describe, expect, it } from "vitest";

import { exchangeSchema, tradeIntent, transferSchema, typedSideOf } from "./trade-form";

const key = "0f8fad5b-d9cb-469f-a165-70867728950e";
const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.success ? [] : result.error!.issues.map((issue) => [issue.path.join("."), issue.message]);

describe("exchange form (§5 Buy/sell)", () => {
  const valid = {
    operation: "buy",
    pair: "USD/MXN",
    typed: "left",
    left: "1000",
    origin: "A1",
    destination: "A2",
    reason: "3",
    idempotencyKey: key,
  };

  it("accepts a complete buy", () => {
    expect(exchangeSchema.parse(valid)).toMatchObject({ operation: "buy", left: "1000", reason: 3 });
  });

  it("requires accounts, reason and the typed amount with 'Campo requerido'", () => {
    expect(issues(exchangeSchema.safeParse({ operation: "sell", pair: "USD/MXN", typed: "right", idempotencyKey: key }))).toEqual([
      ["origin", "Campo requerido"],
      ["destination", "Campo requerido"],
      ["reason", "Campo requerido"],
      ["right", "Campo requerido"],
    ]);
  });

  it("puts an amount's message under the field the person typed, never under the other one (decision 124)", () => {
    // 0.05 MXN typed: the browser's preview wrote 0.00 USD, which is the calculator's, not the person's.
    expect(issues(exchangeSchema.safeParse({ ...valid, typed: "right", left: "0.00", right: "0.05" }))).toEqual([]);
    // A huge USD amount typed: its MXN preview is beyond the limit, the USD amount itself is fine.
    expect(issues(exchangeSchema.safeParse({ ...valid, left: "999,999,999,999", right: "18,000,000,000,000.00" }))).toEqual([]);
    expect(issues(exchangeSchema.safeParse({ ...valid, typed: "right", left: "54.10", right: "abc" }))).toEqual([
      ["right", "Este monto no es válido"],
    ]);
  });

  it("without JavaScript, takes the typed side from what the form holds", () => {
    // Nothing typed: 'Campo requerido' goes under the first amount, as it does with JavaScript.
    expect(typedSideOf({ typed: "left", left: "", right: "" })).toBe("left");
    expect(typedSideOf({ typed: "left", left: "", right: "500" })).toBe("right");
    expect(typedSideOf({ typed: "right", left: "500", right: "" })).toBe("left");
    // After a quote both are filled: the one changed since is the typed one.
    const quoted = { typed: "left", quotedLeft: "1000.00", quotedRight: "18300.00" };
    expect(typedSideOf({ ...quoted, left: "1,000.00", right: "20,000" })).toBe("right");
    expect(typedSideOf({ ...quoted, left: "abc", right: "18,300.00" })).toBe("left");
    expect(typedSideOf({ ...quoted, left: "1,000.00", right: "18,300.00" })).toBe("left");
  });

  it("limits the concept to 40 characters", () => {
    expect(issues(exchangeSchema.safeParse({ ...valid, concept: "x".repeat(41) }))).toEqual([
      ["concept", "El concepto debe contener máximo 40 caracteres"],
    ]);
  });

  it("requires a detail for reasons 21 and 22", () => {
    expect(issues(exchangeSchema.safeParse({ ...valid, reason: "21" }))).toEqual([
      ["concept", "*Debes ingresar el detalle de la operación."],
    ]);
    expect(issues(exchangeSchema.safeParse({ ...valid, reason: "22", concept: "  " }))).toEqual([
      ["concept", "*Debes ingresar el detalle de la operación."],
    ]);
    expect(exchangeSchema.safeParse({ ...valid, reason: "22", concept: "Pago de factura 123" }).success).toBe(true);
  });

  it("rejects amounts that are not numbers, too small or with more than 2 decimals", () => {
    expect(issues(exchangeSchema.safeParse({ ...valid, left: "abc" }))[0]).toEqual(["left", "Este monto no es válido"]);
    expect(issues(exchangeSchema.safeParse({ ...valid, left: "0" }))[0]).toEqual(["left", "Este monto no es válido"]);
    expect(issues(exchangeSchema.safeParse({ ...valid, left: "1.234" }))[0]).toEqual(["left", "Ingresa un monto con máximo 2 decimales"]);
    expect(exchangeSchema.safeParse({ ...valid, left: "1,234.50" }).success).toBe(true);
  });

  it("reads es-MX grouping back as the browser shows it, and refuses commas out of place (decision 054)", () => {
    expect(exchangeSchema.parse({ ...valid, left: "1,234,567.89" })).toMatchObject({ left: "1234567.89" });
    expect(exchangeSchema.parse({ ...valid, left: " 1,000 " })).toMatchObject({ left: "1000" });
    expect(transferSchema.parse({ ...valid, operation: "transfer", amount: "12,500.5" })).toMatchObject({ amount: "12500.5" });
    for (const left of ["1,5", "12,34", "1.000,50", "1,000,00"]) {
      expect(issues(exchangeSchema.safeParse({ ...valid, left }))[0], left).toEqual(["left", "Este monto no es válido"]);
    }
    expect(issues(exchangeSchema.safeParse({ ...valid, left: "1,234.567" }))[0]).toEqual([
      "left",
      "Ingresa un monto con máximo 2 decimales",
    ]);
  });

  it("says 'Este monto no es válido' for exponents, Infinity, NaN and amounts too long or too large", () => {
    for (const left of [
      "1e309",
      "1e3",
      "Infinity",
      "-Infinity",
      "NaN",
      "0x10",
      "9".repeat(10_000),
      "1".padEnd(400, "0"),
      "1000000000000",
      "999999999999.999",
    ]) {
      expect(issues(exchangeSchema.safeParse({ ...valid, left }))[0], left.slice(0, 20)).toEqual(["left", "Este monto no es válido"]);
    }
    expect(exchangeSchema.safeParse({ ...valid, left: "999,999,999,999.99" }).success).toBe(true);
    expect(exchangeSchema.safeParse({ ...valid, left: "999999999999.99" }).success).toBe(true);
  });

  it("takes reasons as small whole numbers", () => {
    for (const reason of ["1e309", "Infinity", "NaN", "-1", "1.5", "9007199254740993"]) {
      expect(issues(exchangeSchema.safeParse({ ...valid, reason }))[0], reason).toEqual(["reason", "Campo requerido"]);
    }
  });

  it("rejects a malformed pair or key", () => {
    expect(exchangeSchema.safeParse({ ...valid, pair: "USD-MXN" }).success).toBe(false);
    expect(exchangeSchema.safeParse({ ...valid, idempotencyKey: "x" }).success).toBe(false);
  });
});

describe("transfer form (§5 Transfer)", () => {
  const valid = { operation: "transfer", amount: "0.01", origin: "A1", destination: "r:9", reason: "5", idempotencyKey: key };

  it("accepts 0.01 and more", () => {
    expect(transferSchema.safeParse(valid).success).toBe(true);
  });

  it("says 'Este monto no es válido' below 0.01", () => {
    expect(issues(transferSchema.safeParse({ ...valid, amount: "0.00" }))).toEqual([["amount", "Este monto no es válido"]]);
    expect(issues(transferSchema.safeParse({ ...valid, amount: "-5" }))).toEqual([["amount", "Este monto no es válido"]]);
  });

  it("says 'Este monto no es válido' for 10,000 digits or 1e309", () => {
    expect(issues(transferSchema.safeParse({ ...valid, amount: "9".repeat(10_000) }))).toEqual([["amount", "Este monto no es válido"]]);
    expect(issues(transferSchema.safeParse({ ...valid, amount: "1e309" }))).toEqual([["amount", "Este monto no es válido"]]);
  });

  it("requires the amount and the same concept rule", () => {
    expect(issues(transferSchema.safeParse({ ...valid, amount: undefined, reason: "21" }))).toEqual([
      ["amount", "Campo requerido"],
      ["concept", "*Debes ingresar el detalle de la operación."],
    ]);
  });
});

describe("tradeIntent (what an Idempotency-Key is bound to)", () => {
  const exchange = (fields: Record<string, string>) =>
    exchangeSchema.parse({
      operation: "buy",
      pair: "USD/MXN",
      typed: "left",
      left: "100",
      origin: "A1",
      destination: "A2",
      reason: "3",
      idempotencyKey: key,
      ...fields,
    });
  const transfer = (fields: Record<string, string>) =>
    transferSchema.parse({
      operation: "transfer",
      amount: "100",
      origin: "A1",
      destination: "A2",
      reason: "3",
      idempotencyKey: key,
      ...fields,
    });

  it("is the same for the same request, however the amount is written, and whatever the other side says", () => {
    expect(tradeIntent(exchange({ left: "1,000" }))).toBe(tradeIntent(exchange({ left: "1000.00" })));
    expect(tradeIntent(exchange({ right: "17234.50" }))).toBe(tradeIntent(exchange({ right: "17300.00" })));
    expect(tradeIntent(exchange({ concept: " Factura 12 " }))).toBe(tradeIntent(exchange({ concept: "Factura 12" })));
    expect(tradeIntent(exchange({}))).toBe(tradeIntent(exchange({ idempotencyKey: "1b4e28ba-2fa1-41d2-883f-0016d3cca427" })));
  });

  it("differs when the amount, side, pair, kind, accounts, reason or detail differ", () => {
    const base = tradeIntent(exchange({}));
    const changes: Array<Record<string, string>> = [
      { left: "9000" },
      { typed: "right", right: "100" },
      { pair: "EUR/MXN" },
      { operation: "sell" },
      { origin: "A9" },
      { destination: "A9" },
      { reason: "4" },
      { concept: "Otra" },
    ];
    for (const changed of changes) {
      expect(tradeIntent(exchange(changed))).not.toBe(base);
    }
    expect(tradeIntent(transfer({}))).not.toBe(base);
    expect(tradeIntent(transfer({ amount: "100.00" }))).toBe(tradeIntent(transfer({})));
    expect(tradeIntent(transfer({ amount: "9000" }))).not.toBe(tradeIntent(transfer({})));
  });
});
