import { createRequire } from "node:module";

import type * as ExcelJSTypes from "exceljs";
import { describe, expect, it } from "vitest";

import type { RowResult } from "#core/domain/recipient-rows";

import type { Upload } from "./bulk.server";
import { resultCsv, resultWorkbook, templateWorkbook } from "./files.server";

const ExcelJS = createRequire(import.meta.url)("exceljs") as typeof ExcelJSTypes;

/**
 * The bulk upload's files never carry a formula (OWASP "CSV injection"): whatever a
 * refused row held is echoed in the result file, so every text cell that starts with = + - @,
 * a tab or a CR gets a leading apostrophe; the template holds no such cell at all.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

const hostileRow = (line: number, values: RowResult["values"]): RowResult => ({
  line,
  values,
  input: null,
  errors: [{ column: "Alias", message: "El alias no puede empezar con =, +, - ni @" }],
});

const upload: Upload = {
  id: "carga-1",
  owner: "1|100234",
  fileName: "destinatarios.xlsx",
  createdAt: 0,
  job: null,
  rows: [
    hostileRow(2, { alias: "=cmd|' /C calc'!A0", name: "Ana", lastname1: "Ríos", clabe: "014180560032184793" }),
    hostileRow(3, { alias: "+52 55 1234 5678", companyName: '=HYPERLINK("http://evil.example","x")' }),
    hostileRow(4, { alias: "@SUM(A1:A9)", name: "-2+3" }),
    hostileRow(5, { alias: "\t=1+1", name: "\r=1+1" }),
  ],
};

/** The cells of a CSV line (RFC 4180 quoting), enough for these rows. */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted && char === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (char === "," && !quoted) {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  return [...cells, cell];
}

async function cellsOf(bytes: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
  const cells: ExcelJSTypes.Cell[] = [];
  workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell))));
  return cells;
}

describe("the bulk upload's result file", () => {
  it("CSV: every hostile cell is neutralised with a leading apostrophe", () => {
    const lines = resultCsv(upload)
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
    const cells = lines.slice(1).flatMap(csvCells);
    expect(cells.filter((cell) => FORMULA_START.test(cell))).toEqual([]);
    expect(cells).toContain("'=cmd|' /C calc'!A0");
    expect(cells).toContain("'+52 55 1234 5678");
    expect(cells).toContain(`'=HYPERLINK("http://evil.example","x")`);
    expect(cells).toContain("'@SUM(A1:A9)");
    expect(cells).toContain("'\t=1+1");
  });

  it("XLSX: no formula cells, and hostile text starts with an apostrophe", async () => {
    const cells = await cellsOf(await resultWorkbook(upload));
    expect(cells.filter((cell) => cell.type === ExcelJS.ValueType.Formula)).toEqual([]);
    const texts = cells.map((cell) => cell.value).filter((value): value is string => typeof value === "string");
    expect(texts.filter((text) => FORMULA_START.test(text))).toEqual([]);
    expect(texts).toContain("'=cmd|' /C calc'!A0");
    expect(texts).toContain("'-2+3");
  });
});

describe("the bulk upload's template", () => {
  it("holds no formula and no text a spreadsheet would run as one", async () => {
    const cells = await cellsOf(await templateWorkbook());
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.filter((cell) => cell.type === ExcelJS.ValueType.Formula)).toEqual([]);
    expect(cells.filter((cell) => typeof cell.value === "string" && FORMULA_START.test(cell.value))).toEqual([]);
  });
});
