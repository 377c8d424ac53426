import { createRequire } from "node:module";

import type * as ExcelJSTypes from "exceljs";

import type { Movement } from "#core/domain/movements";
import { movementTypeName } from "#core/domain/movements";
import type { CellValue } from "#core/domain/spreadsheet";
import { safeCell, toCsv } from "#core/domain/spreadsheet";
import texts from "#core/locales/es-MX/accounts.json";

import type { DownloadBody } from "../http/download.server";
import { downloadResponse } from "../http/download.server";
import { movementDateText } from "./movements.server";

/**
 * The filtered movements as CSV or XLSX (SPEC §2 /cuentas/:id export). Every text cell goes
 * through safeCell, so a concept such as "=HYPERLINK(...)" is shown, never run; amounts are
 * numbers, always positive, in a Cargo or Abono column.
 */
const ExcelJS = createRequire(import.meta.url)("exceljs") as typeof ExcelJSTypes;

const columns = texts.movements.columns;
const HEADER = [
  columns.date,
  columns.type,
  columns.description,
  columns.counterparty,
  columns.reference,
  columns.out,
  columns.in,
  texts.movements.export.currency,
];

function rowOf(movement: Movement): CellValue[] {
  return [
    movementDateText(movement.date),
    movementTypeName(movement.typeId),
    movement.description,
    movement.counterparty,
    movement.reference,
    movement.direction === "out" ? movement.amount : null,
    movement.direction === "in" ? movement.amount : null,
    movement.currency === "MXP" ? "MXN" : movement.currency,
  ];
}

/** Rows into a sheet with every text cell formula-safe (safeCell); numbers stay numbers. */
export function addSafeRows(sheet: ExcelJSTypes.Worksheet, rows: readonly (readonly CellValue[])[]): void {
  for (const row of rows) sheet.addRow(row.map((cell) => (typeof cell === "string" ? safeCell(cell) : (cell ?? null))));
}

const CONTENT_TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

/** A spreadsheet as a download (downloadResponse: attachment, never cached, never sniffed). */
export function spreadsheetResponse(body: DownloadBody, format: "csv" | "xlsx", fileName: string): Response {
  return downloadResponse(body, { name: fileName, contentType: CONTENT_TYPES[format] });
}

/** A written workbook as bytes a Response can carry. */
export async function workbookBytes(workbook: ExcelJSTypes.Workbook): Promise<Uint8Array<ArrayBuffer>> {
  const written = new Uint8Array(await workbook.xlsx.writeBuffer());
  const bytes = new Uint8Array(new ArrayBuffer(written.byteLength));
  bytes.set(written);
  return bytes;
}

export function movementsCsv(movements: readonly Movement[]): string {
  return toCsv([HEADER, ...movements.map(rowOf)]);
}

export async function movementsXlsx(movements: readonly Movement[]): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(texts.movements.export.sheet);
  sheet.addRow(HEADER).font = { bold: true };
  addSafeRows(sheet, movements.map(rowOf));
  sheet.getColumn(6).numFmt = "#,##0.00";
  sheet.getColumn(7).numFmt = "#,##0.00";
  sheet.columns.forEach((column, index) => {
    column.width = [18, 32, 36, 32, 14, 14, 14, 8][index] ?? 14;
  });
  return workbookBytes(workbook);
}
