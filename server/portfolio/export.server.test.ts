import { createRequire } from "node:module";

import type * as ExcelJSTypes from "exceljs";
import { describe, expect, it } from "vitest";

import type { PortfolioFilters } from "#core/domain/portfolio";
import { aggregatePortfolio, selectPeriod } from "#core/domain/portfolio";

import { historyOperationSchema } from "../upstream/operations.server";
import { portfolioCsv, portfolioXlsx } from "./export.server";

const ExcelJS = createRequire(import.meta.url)("exceljs") as typeof ExcelJSTypes;

const filters: PortfolioFilters = { mes: "10", anio: 2026, par: "USD/MXN", tipo: "compra" };
const period = selectPeriod(filters, "2026-11-25");
const operation = (id: number, createdAt: string, additional: string) =>
  historyOperationSchema.parse({
    id,
    operation: "buy",
    status: "applied",
    pair: "USD/MXN",
    amountOrigin: 1000,
    total: 17250.5,
    created_at: createdAt,
    referenceGFB: `GFB-20261005-00${id}`,
    conceptString: "Pago a proveedores",
    aditionalInformation: additional,
    request: { exchangeRate: 17.2505 },
  });
const operations = [
  operation(2, "2026-10-06T16:00:00.000Z", '=HYPERLINK("http://example.invalid","x")'),
  operation(1, "2026-10-05T16:00:00.000Z", "@SUM(1+1)"),
  // Outside the period (the loader reads the whole year): not exported.
  operation(3, "2026-09-05T16:00:00.000Z", "Septiembre"),
];
const figures = aggregatePortfolio(
  operations.map((o) => ({ id: o.id, day: o.created_at.slice(0, 10), baseAmount: 1000, quoteAmount: 17250.5, rate: 17.2505 })),
  period,
  [{ date: "2026-10-05", close: 17.1 }],
);

describe("portfolio export", () => {
  it("writes the period's operations oldest first, formula-safe, with the day's market close", () => {
    const lines = portfolioCsv({ period, operations, figures })
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(3);
    // Decision 095: the reason and the typed concept, each under its own label.
    expect(lines[0]).toMatch(/,Referencia GFB,Motivo de pago,Concepto$/);
    expect(lines[1]).toBe(
      "05/10/2026 10:00,1,Compra,USD/MXN,Enviada,1000,USD,17.2505,17250.5,MXN,17.1,GFB-20261005-001,Pago a proveedores,'@SUM(1+1)",
    );
    expect(lines[2]).toContain(',,GFB-20261005-002,Pago a proveedores,"\'=HYPERLINK(""http://example.invalid"",""x"")"');
  });

  it("takes the product's text of the reason over a conceptString that carries the typed concept", () => {
    const madeBeforeTheFix = historyOperationSchema.parse({
      ...operation(4, "2026-10-07T16:00:00.000Z", "Renta bodega León"),
      conceptString: "Renta bodega León",
      request: { exchangeRate: 17.2505, paymentReason: "Pago de arrendamiento" },
    });
    const lines = portfolioCsv({ period, operations: [madeBeforeTheFix], figures })
      .trim()
      .split("\r\n");
    expect(lines[1]).toMatch(/,Pago de arrendamiento,Renta bodega León$/);
  });

  it("the workbook has the operations, the summary and the months, with numbers as numbers", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await portfolioXlsx({ period, operations, figures })) as unknown as ExcelJSTypes.Buffer);
    const sheet = workbook.getWorksheet("Operaciones");
    expect(sheet?.actualRowCount).toBe(3);
    expect(sheet?.getRow(2).getCell(14).value).toBe("'@SUM(1+1)");
    expect(sheet?.getRow(2).getCell(8).value).toBe(17.2505);
    expect(workbook.getWorksheet("Resumen")?.getRow(6).values).toEqual([undefined, "Operaciones", 2]);
    expect(workbook.getWorksheet("Volumen mensual")?.actualRowCount).toBe(12);
  });
});
