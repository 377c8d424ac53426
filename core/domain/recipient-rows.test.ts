import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";

import { recipientSchema } from "./recipient-form";
import type { ColumnKey, SheetRow } from "./recipient-rows";
import { columnLabel, readRecipientRows, rowToFormValues, TEMPLATE_COLUMNS } from "./recipient-rows";

const header = (keys: readonly ColumnKey[] = TEMPLATE_COLUMNS): SheetRow => ({ line: 1, cells: keys.map(columnLabel) });
const row = (line: number, values: Partial<Record<ColumnKey, string>>, keys: readonly ColumnKey[] = TEMPLATE_COLUMNS): SheetRow => ({
  line,
  cells: keys.map((key) => values[key] ?? ""),
});

const national: Partial<Record<ColumnKey, string>> = {
  personType: "Física",
  origin: "Nacional",
  alias: "Fletes Ramírez",
  name: "José Luis",
  lastname1: "Ramírez",
  rfc: "raoj800101ab1",
  email: "jl@fletes.mx",
  phone: "5512345678",
  currency: "mxn",
  clabe: "014180560032184793",
};

const foreignCompany: Partial<Record<ColumnKey, string>> = {
  personType: "moral",
  origin: "Internacional",
  alias: "Bright",
  companyName: "Shenzhen Bright Components",
  relationType: "Proveedor",
  amountMax: "3",
  email: "ap@bright.cn",
  phone: "8612345678",
  currency: "USD",
  account: "0128756003945",
  codeType: "swift",
  bankCode: "BKCHHKHH",
  bankName: "Bank of China",
  bankCity: "Hong Kong",
  bankCountry: "China",
  street: "Nathan Road",
  numberDir: "88",
  postalCode: "999077",
  suburb: "Kowloon",
  city: "Hong Kong",
  state: "Kowloon",
  country: "China",
  hasIntermediary: "Sí",
  intermediaryCodeType: "SWIFT",
  intermediaryBankCode: "CHASUS33",
  intermediaryBankName: "JPMorgan Chase",
  intermediaryBankCity: "Nueva York",
  intermediaryBankCountry: "Estados Unidos",
};

describe("rowToFormValues", () => {
  it("turns the template's words into the form's values", () => {
    expect(rowToFormValues(national)).toMatchObject({ recipientType: "pfn", rfc: "RAOJ800101AB1", currency: "MXN" });
    expect(rowToFormValues(foreignCompany)).toMatchObject({
      recipientType: "pme",
      relationType: "PROVIDER",
      codeType: "9",
      hasIntermediary: "on",
      intermediaryCodeType: "9",
    });
    expect(rowToFormValues({ ...foreignCompany, hasIntermediary: "No" }).hasIntermediary).toBeUndefined();
    expect(rowToFormValues({ ...foreignCompany, codeType: "11", relationType: "cliente" })).toMatchObject({
      codeType: "11",
      relationType: "CUSTOMER",
    });
  });

  it("keeps an unknown choice as typed, so the schema names it", () => {
    expect(rowToFormValues({ ...national, personType: "Persona", origin: "Marte" }).recipientType).toBe("Persona|Marte");
    expect(rowToFormValues({ ...foreignCompany, relationType: "Amigo" }).relationType).toBe("AMIGO");
  });
});

describe("readRecipientRows", () => {
  it("validates each row with the form's schema", () => {
    const result = readRecipientRows([header(), row(2, national), row(3, foreignCompany)]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows.map((r) => r.errors)).toEqual([[], []]);
    expect(result.rows[0].input).toMatchObject({ recipientType: "pfn", bank: { name: "Santander" } });
    expect(result.rows[1].input?.intermediary).toMatchObject({ bankCode: "CHASUS33" });
  });

  it("matches headers by name, in any order, case and accents ignored", () => {
    const keys: ColumnKey[] = ["clabe", "alias", "origin", "personType", "email", "phone", "currency", "name", "lastname1", "rfc"];
    const shuffled: SheetRow = {
      line: 1,
      cells: keys.map((key) =>
        columnLabel(key)
          .toUpperCase()
          .normalize("NFD")
          .replace(/\p{Diacritic}/gu, ""),
      ),
    };
    const result = readRecipientRows([shuffled, row(2, national, keys)]);
    expect(result.ok && result.rows[0].errors).toEqual([]);
  });

  it("names the column of each mistake and the two columns of the type", () => {
    const result = readRecipientRows([header(), row(2, { ...national, personType: "Otra", clabe: "123" })]);
    if (!result.ok) throw new Error("not read");
    expect(result.rows[0].errors).toEqual([{ column: "Tipo de persona / Origen", message: "Selecciona una opción válida" }]);
    const second = readRecipientRows([header(), row(7, { ...national, clabe: "123", email: "" })]);
    if (!second.ok) throw new Error("not read");
    expect(second.rows[0]).toMatchObject({
      line: 7,
      input: null,
      errors: expect.arrayContaining([
        { column: "CLABE", message: "Ingresa una CLABE válida" },
        { column: "Correo electrónico", message: "Campo obligatorio" },
      ]),
    });
  });

  it("refuses aliases repeated in the file or already used by the company", () => {
    const result = readRecipientRows(
      [header(), row(2, national), row(3, { ...national, alias: " fletes ramírez" }), row(4, { ...national, alias: "Aceros" })],
      {
        takenAliases: ["ACEROS"],
      },
    );
    if (!result.ok) throw new Error("not read");
    const duplicate = "Ya creaste un destinatario con el mismo alias. Por favor, elige un alias diferente para continuar.";
    expect(result.rows.map((r) => r.errors)).toEqual([
      [],
      [{ column: "Alias", message: duplicate }],
      [{ column: "Alias", message: duplicate }],
    ]);
  });

  it("skips blank rows and refuses an empty file, a file without the template's columns, or too many rows", () => {
    expect(readRecipientRows([])).toEqual({ ok: false, error: "empty" });
    expect(readRecipientRows([header(), row(2, {}), row(3, { alias: "  " })])).toEqual({ ok: false, error: "empty" });
    expect(
      readRecipientRows([
        { line: 1, cells: ["Nombre", "CLABE"] },
        { line: 2, cells: ["a", "b"] },
      ]),
    ).toEqual({
      ok: false,
      error: "columns",
      missing: ["Tipo de persona", "Origen", "Alias", "Correo electrónico", "Teléfono", "Divisa"],
    });
    expect(readRecipientRows([header(), row(2, national), row(3, national)], { maxRows: 1 })).toEqual({ ok: false, error: "tooManyRows" });
  });

  it("judges a row exactly as the form's path (Conform over FormData) judges the same values", () => {
    const samples = [
      national,
      foreignCompany,
      { ...national, clabe: "123", email: "" },
      { ...foreignCompany, hasIntermediary: "sí", intermediaryBankCode: "" },
      { ...national, personType: "x" },
    ];
    for (const sample of samples) {
      const values = rowToFormValues(sample);
      const form = new FormData();
      for (const [field, value] of Object.entries(values)) if (value !== undefined) form.set(field, value);
      const submission = parseWithZod(form, { schema: recipientSchema() });
      const result = readRecipientRows([header(), row(2, sample)]);
      if (!result.ok) throw new Error("not read");
      if (submission.status === "success") expect(result.rows[0].input).toEqual(submission.value);
      else
        expect(result.rows[0].errors.map((e) => e.message).sort()).toEqual(
          Object.values(submission.error ?? {})
            .flat()
            .sort(),
        );
    }
  });

  it("survives hostile cells", () => {
    const hostile = { ...national, alias: "=cmd|' /C calc'!A0", name: "<img src=x onerror=alert(1)>", clabe: "9".repeat(1000) };
    const result = readRecipientRows([header(), row(2, hostile)]);
    if (!result.ok) throw new Error("not read");
    expect(result.rows[0].errors.map((e) => e.column)).toEqual(["Alias", "Nombre", "CLABE"]);
    // A formula alias was stored upstream as is; a row is refused with the form's message.
    expect(result.rows[0].errors[0]).toEqual({ column: "Alias", message: "El alias no puede empezar con =, +, - ni @" });
  });
});
