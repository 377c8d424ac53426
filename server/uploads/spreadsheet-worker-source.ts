/**
 * The code a parsing worker runs (an `eval` worker, so the production build needs no extra file
 * beside it). It only turns the first worksheet into text cells; validation stays with the
 * domain rules. Kept plain JavaScript on purpose: it is exercised by excel.server.test.ts (good,
 * bad and hostile files) and by the bench.
 *
 * job:       { exceljsPath, bytes (Uint8Array), kind ("xlsx" | "csv"), parts (the zip's entries, as the
 *            inspector read them), maxLines, maxColumns, maxCellLength },
 *            as workerData, or — for a worker started ahead with only { exceljsPath } (exceljs loaded,
 *            waiting) — as its one message. Either way a worker parses one file and is ended.
 * answers:   { ok: true, rows: [{ line, cells: string[] }], truncated } | { ok: false, reason: "unreadable" | "noSheet" | "bomb" }
 */
export const EXCEL_WORKER_SOURCE = String.raw`
"use strict";
const { parentPort, workerData } = require("node:worker_threads");
let job = null;

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

/**
 * RFC 4180 fields, separated by "," or (as Excel writes them under a Spanish locale) ";": the
 * header line decides. Lines that are empty are skipped, like an xlsx's empty rows.
 */
function readCsv() {
  const text = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const separator = (firstLine.match(/;/g) || []).length > (firstLine.match(/,/g) || []).length ? ";" : ",";
  const rows = [];
  let truncated = false;
  let cells = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endCell = () => {
    if (cells.length < job.maxColumns) cells.push(cell.slice(0, job.maxCellLength));
    cell = "";
  };
  const endRow = () => {
    endCell();
    if (cells.some((value) => value.trim() !== "")) {
      if (rows.length >= job.maxLines) truncated = true;
      else rows.push({ line: rowLine, cells });
    }
    cells = [];
  };
  for (let at = 0; at < text.length && !truncated; at++) {
    const char = text[at];
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        cell += '"';
        at++;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line++;
        if (cell.length <= job.maxCellLength) cell += char;
      }
    } else if (char === '"' && cell === "") quoted = true;
    else if (char === separator) endCell();
    else if (char === "\r" && text[at + 1] === "\n") continue;
    else if (char === "\n" || char === "\r") {
      endRow();
      line++;
      rowLine = line;
    } else if (cell.length <= job.maxCellLength) cell += char;
  }
  if (!truncated && (cell !== "" || cells.length > 0)) endRow();
  parentPort.postMessage({ ok: true, rows, truncated });
}

/**
 * Every entry of the zip inflates to exactly the size its central directory declares, which the
 * main thread's inspector (inspectXlsxZip) read into job.parts and held to its limits; zlib stops
 * at that size, outside the heap. A zip whose entries hold more than they say is a bomb: refused
 * before exceljs inflates a byte of it, rather than left to the heap cap. "bomb", "unreadable" or "ok".
 */
function entriesAsDeclared() {
  const zlib = require("node:zlib");
  const zip = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  for (const part of job.parts) {
    const local = part.localHeader;
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) return "unreadable";
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start + part.compressed > zip.length) return "unreadable";
    const data = zip.subarray(start, start + part.compressed);
    if (part.method === 8) {
      let inflated;
      try {
        inflated = zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, part.uncompressed) });
      } catch (error) {
        return error && error.code === "ERR_BUFFER_TOO_LARGE" ? "bomb" : "unreadable";
      }
      if (inflated.length !== part.uncompressed) return inflated.length > part.uncompressed ? "bomb" : "unreadable";
    } else if (part.method !== 0 || part.compressed !== part.uncompressed) return "unreadable";
  }
  return "ok";
}

async function main() {
  if (job.kind === "csv") return readCsv();
  const sizes = entriesAsDeclared();
  if (sizes !== "ok") {
    parentPort.postMessage({ ok: false, reason: sizes });
    return;
  }
  const ExcelJS = require(job.exceljsPath);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength));
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
    if (rows.length >= job.maxLines) {
      truncated = true;
      break;
    }
    const cells = [];
    const width = Math.min(row.cellCount, job.maxColumns);
    for (let column = 1; column <= width; column++) cells.push(text(row.getCell(column).value, job.maxCellLength));
    rows.push({ line, cells });
  }
  parentPort.postMessage({ ok: true, rows, truncated });
}

function start(data) {
  job = data;
  main().catch(() => parentPort.postMessage({ ok: false, reason: "unreadable" }));
}

if (workerData.bytes) start(workerData);
else {
  // Started ahead: load the parser now, parse the one file that comes.
  require(workerData.exceljsPath);
  parentPort.once("message", start);
}
`;
