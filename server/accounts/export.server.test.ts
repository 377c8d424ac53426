import { createRequire } from "node:module";

import type * as ExcelJSTypes from "exceljs";
import { describe, expect, it } from "vitest";

import type { Movement } from "#core/domain/movements";

import { movementsCsv, movementsXlsx } from "./export.server";

const ExcelJS = createRequire(import.meta.url)("exceljs") as typeof ExcelJSTypes;

const movement = (overrides: Partial<Movement>): Movement => ({
  id: "1",
  date: "2026-03-10T18:05:00.000Z",
  typeId: 19,
  description: "Pago factura 1234",
  amount: 1500.5,
  currency: "MXN",
  direction: "in",
  counterparty: "Proveedora Textil del Norte",
  reference: "1234567",
  trackingKey: null,
  ...overrides,
});

const hostile = [
  movement({ id: "1", description: '=HYPERLINK("http://evil.example","clic")' }),
  movement({ id: "2", counterparty: "+52 55 1234", direction: "out", typeId: 40, amount: 20 }),
  movement({ id: "3", reference: "@SUM(A1:A9)", currency: "MXP" }),
  movement({ id: "4", description: "-2+3", typeId: 999 }),
];

describe("movements export", () => {
  it("writes CSV with Mexico City dates, type names, amounts by direction and formula-safe text", () => {
    const lines = movementsCsv(hostile)
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Fecha,Movimiento,Concepto,Origen o destino,Referencia,Cargo,Abono,Divisa");
    expect(lines[1]).toBe(
      `10/03/2026 12:05,SPEI recibido,"'=HYPERLINK(""http://evil.example"",""clic"")",Proveedora Textil del Norte,1234567,,1500.5,MXN`,
    );
    expect(lines[2]).toBe("10/03/2026 12:05,SPEI enviado,Pago factura 1234,'+52 55 1234,1234567,20,,MXN");
    expect(lines[3]).toContain(",'@SUM(A1:A9),");
    expect(lines[3].endsWith(",MXN")).toBe(true);
    expect(lines[4]).toContain("Movimiento,'-2+3,");
  });

  it("writes XLSX where text never becomes a formula and amounts stay numbers", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await movementsXlsx(hostile)).buffer as unknown as ExcelJSTypes.Buffer);
    const sheet = workbook.getWorksheet("Movimientos");
    expect(sheet?.actualRowCount).toBe(5);
    const concept = sheet?.getRow(2).getCell(3);
    expect(concept?.type).toBe(ExcelJS.ValueType.String);
    expect(concept?.value).toBe('\'=HYPERLINK("http://evil.example","clic")');
    expect(sheet?.getRow(3).getCell(4).value).toBe("'+52 55 1234");
    expect(sheet?.getRow(2).getCell(7).value).toBe(1500.5);
    expect(sheet?.getRow(3).getCell(6).value).toBe(20);
    for (let row = 1; row <= 5; row++) {
      for (let column = 1; column <= 8; column++) expect(sheet?.getRow(row).getCell(column).type).not.toBe(ExcelJS.ValueType.Formula);
    }
  });
});
