import { createRequire } from "node:module";

import type * as ExcelJSTypes from "exceljs";
import { describe, expect, it } from "vitest";

import { servedRoute } from "#server/http/served-route.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import { control, requestCount } from "../../tests/support/sandbox";
import * as exporter from "./historial-operaciones_.exportar";

const ExcelJS = createRequire(import.meta.url)("exceljs") as typeof ExcelJSTypes;

// 250 operations: three pages of the upstream's 100, so "every page" is something a bug can miss.
const world = sandboxedApp("historial-exportar", {}, {}, { historyOperations: 250 });

const download = (query: string) =>
  answerOf(() =>
    servedRoute(exporter).loader({
      request: new Request(`${APP}/historial-operaciones/exportar?${query}`, { headers: { cookie: world.browser.cookie } }),
      context,
      params: {},
    }),
  );

/** The CSV's lines as cells (the export writes no field with a comma or a quote in these tests' data). */
async function csvOf(response: Response): Promise<string[][]> {
  // The BOM is kept (fetch's text() would drop it): Excel needs it to read the accents.
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
  expect(text.startsWith("\uFEFF")).toBe(true);
  return text
    .slice(1)
    .split("\r\n")
    .filter((line) => line !== "")
    .map((line) => line.split(","));
}

/** Title, company, filters, export time, a blank line, the column names. */
const HEADER_ROWS = 6;

describe("the history's export (loader)", () => {
  it("CSV: the header block, then every operation of every page, newest first", async () => {
    const response = await download("formato=csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="historial-operaciones_\d{4}-\d{2}-\d{2}_\d{4}\.csv"$/,
    );
    // A company's operations: no browser or proxy keeps a copy, no browser guesses another type.
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const lines = await csvOf(response);
    expect(lines[0]).toEqual(["Historial de operaciones"]);
    expect(lines[1][0]).toBe("Empresa");
    expect(lines[1].slice(1).join(",")).toMatch(/Importadora del Baj/);
    expect(lines[2]).toEqual(["Filtros", "Sin filtros: todas las operaciones"]);
    expect(lines[3][0]).toBe("Exportado el");
    expect(lines[3][1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} \(hora del centro de México\)$/);
    expect(lines[4]).toEqual([
      "Fecha",
      "Operación",
      "Tipo",
      "Estatus",
      "Par",
      "Destinatario",
      "Monto",
      "Divisa del monto",
      "Total",
      "Divisa del total",
      "Referencia",
      "Clave de rastreo",
      "Motivo de pago",
      "Concepto",
    ]);
    const ids = lines.slice(HEADER_ROWS - 1).map((cells) => Number(cells[1]));
    expect(ids).toHaveLength(250);
    expect(new Set(ids).size).toBe(250);
    expect(await requestCount(world.sandbox, "/api/paginate-operations")).toBe(3);
  });

  it("writes what the filters choose, across pages, with the filters named in the file", async () => {
    const lines = await csvOf(await download("formato=csv&estado=enviada&pagina=2"));
    expect(lines[2]).toEqual(["Filtros", "Estatus: Enviada"]);
    const rows = lines.slice(HEADER_ROWS - 1);
    const sent = world.sandbox.state.operations.filter(
      (operation) => operation.clientId === "100234" && ["applied", "appliedNoReceipt", "fixappliedNoReceipt"].includes(operation.status),
    );
    // More than one page of the upstream's, and fewer than all: the filter and the paging both show.
    expect(sent.length).toBeGreaterThan(100);
    expect(sent.length).toBeLessThan(250);
    expect(rows.map((cells) => Number(cells[1])).sort()).toEqual(sent.map((operation) => operation.id).sort());
    for (const cells of rows) expect(cells[3]).toBe("Enviada");
  });

  it("keeps a concept that looks like a formula as text, in the CSV and in the XLSX", async () => {
    const newest = world.sandbox.state.operations
      .filter((operation) => operation.clientId === "100234")
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    newest.aditionalInformation = '=HYPERLINK("http://evil.test")';
    const csv = await (await download("formato=csv")).text();
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);

    const response = await download("formato=xlsx");
    expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.getCell("A1").value).toBe("Historial de operaciones");
    expect(sheet.getCell("A3").value).toBe("Filtros");
    expect(sheet.getCell("A6").value).toBe("Fecha");
    expect(sheet.rowCount).toBe(HEADER_ROWS + 250);
    const row = sheet.getRow(HEADER_ROWS + 1);
    expect(row.getCell(2).value).toBe(String(newest.id));
    expect(row.getCell(14).value).toBe('\'=HYPERLINK("http://evil.test")');
    expect(typeof row.getCell(7).value).toBe("number");
  });

  it("goes back to the list with the download error when the bank cannot give the first page", async () => {
    await control(world.sandbox, "/__faults", { path: "/api/paginate-operations", kind: "status", status: 503, times: -1 });
    const response = await download("formato=xlsx&tipo=compra");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/historial-operaciones?tipo=compra");
  });

  it("sends invalid filters back to the list, where their messages show, instead of exporting everything", async () => {
    const response = await download("formato=csv&desde=2026-13-45");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/historial-operaciones?desde=2026-13-45");
  });
});
