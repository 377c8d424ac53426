/**
 * The code a parsing worker runs (an `eval` worker, so the production build needs no extra file
 * beside it). It only turns the first worksheet into text cells; validation stays with the
 * domain rules. Kept plain JavaScript on purpose: it is exercised by excel.server.test.ts (good,
 * bad and hostile files) and by the bench.
 *
 * workerData: { exceljsPath, bytes (Uint8Array), maxLines, maxColumns, maxCellLength }
 * answers:   { ok: true, rows: [{ line, cells: string[] }], truncated } | { ok: false, reason: "unreadable" | "noSheet" }
 */
export const EXCEL_WORKER_SOURCE = String.raw`
"use strict";
const { parentPort, workerData } = require("node:worker_threads");

function text(value, maxCellLength) {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.slice(0, maxCellLength);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    // A formula is never evaluated: only the value Excel saved for it counts.
    if ("formula" in value || "sharedFormula" in value) {
      const result = value.result;
      return result !== null && typeof result === "object" ? "" : text(result, maxCellLength);
    }
    if (Array.isArray(value.richText)) return value.richText.map((part) => String(part && part.text ? part.text : "")).join("").slice(0, maxCellLength);
    if ("text" in value) return text(value.text, maxCellLength);
    if ("error" in value) return "";
  }
  return "";
}

async function main() {
  const ExcelJS = require(workerData.exceljsPath);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(workerData.bytes.buffer, workerData.bytes.byteOffset, workerData.bytes.byteLength));
  } catch {
    parentPort.postMessage({ ok: false, reason: "unreadable" });
    return;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) {
    parentPort.postMessage({ ok: false, reason: "noSheet" });
    return;
  }
  const rows = [];
  let truncated = false;
  const last = Math.min(sheet.rowCount, 1048576);
  for (let line = 1; line <= last; line++) {
    const row = sheet.getRow(line);
    if (!row.hasValues) continue;
    if (rows.length >= workerData.maxLines) {
      truncated = true;
      break;
    }
    const cells = [];
    const width = Math.min(row.cellCount, workerData.maxColumns);
    for (let column = 1; column <= width; column++) cells.push(text(row.getCell(column).value, workerData.maxCellLength));
    rows.push({ line, cells });
  }
  parentPort.postMessage({ ok: true, rows, truncated });
}

main().catch(() => parentPort.postMessage({ ok: false, reason: "unreadable" }));
`;
