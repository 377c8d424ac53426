import { z } from "zod";

import texts from "../locales/es-MX/recipients.json";
import { msg } from "./validation";

/**
 * Untrusted spreadsheets in and safe spreadsheets out (SPEC §5 Excel upload, §9 upload size,
 * ARCHITECTURE "Untrusted files"): what a file is by its bytes, whether its zip directory
 * promises something sane, and cells that cannot turn into formulas when a person opens an export.
 */

/** §9: the largest upload accepted, checked before anything is parsed. */
export const UPLOAD_MAX_BYTES = 3_145_728;

/** §5: xls or xlsx by name (and csv where a screen takes it); the bytes decide what the file really is. */
export function hasSpreadsheetExtension(fileName: string, options: { csv?: boolean } = {}): boolean {
  return (options.csv ? /\.(xlsx|xls|csv)$/i : /\.(xlsx|xls)$/i).test(fileName.trim());
}

export const isCsvName = (fileName: string) => /\.csv$/i.test(fileName.trim());

/**
 * §5 Excel upload: required, xls or xlsx, at most 3,145,728 bytes. The same schema checks the
 * file input in the browser (before anything is sent) and the parsed form on the server; the
 * content checks (sniffSpreadsheet, inspectXlsxZip, the parser's worker) come after it.
 * The size message says "3 MB", the real limit (§5's "20 MB" does not match §9's number).
 */
export const uploadSchema = z.object({
  archivo: z
    .instanceof(File, { message: msg.required })
    .refine((file) => file.size > 0, msg.required)
    .refine((file) => hasSpreadsheetExtension(file.name), msg.fileFormat(texts.upload.formats))
    .refine((file) => file.size <= UPLOAD_MAX_BYTES, msg.fileSize(texts.upload.sizeLabel)),
});

export type SpreadsheetKind = "xlsx-zip" | "ole2" | "unknown";

/**
 * A CSV by its bytes: text, not a binary renamed. UTF-8 (with or without a BOM) without NUL
 * bytes or other control characters than tab, CR and LF; anything else is not a CSV we read.
 */
export function looksLikeCsvText(bytes: Uint8Array): boolean {
  if (bytes.byteLength === 0) return false;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text);
}

const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
/** Compound File Binary: Excel 97-2003 .xls, and also password-protected .xlsx. */
const OLE2_HEADER = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (bytes: Uint8Array, magic: number[]) => bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);

/** The file's kind by its first bytes, never by its name or the browser's content type. */
export function sniffSpreadsheet(bytes: Uint8Array): SpreadsheetKind {
  if (startsWith(bytes, ZIP_LOCAL_HEADER)) return "xlsx-zip";
  if (startsWith(bytes, OLE2_HEADER)) return "ole2";
  return "unknown";
}

/** What the zip's central directory promises; every limit is checked before any byte is inflated. */
export interface ZipLimits {
  maxEntries: number;
  maxTotalUncompressed: number;
  maxEntryUncompressed: number;
  maxRatio: number;
  ratioFloorBytes: number;
}

export const ZIP_LIMITS: ZipLimits = {
  maxEntries: 300,
  /** Sum of the declared uncompressed sizes: a legitimate 1,000-row template inflates to ~3 MB. */
  maxTotalUncompressed: 64 * 1024 * 1024,
  maxEntryUncompressed: 48 * 1024 * 1024,
  /** Deflated XML rarely passes 20:1; bombs are thousands to one. Small entries are not judged. */
  maxRatio: 120,
  ratioFloorBytes: 1024 * 1024,
};

/** Where an entry's data starts (its local header) and what the directory says of it. */
export interface ZipPart {
  method: number;
  compressed: number;
  uncompressed: number;
  localHeader: number;
}

export type ZipVerdict =
  | { ok: true; entries: number; uncompressed: number; parts: ZipPart[] }
  | { ok: false; reason: "corrupt" | "bomb" | "encrypted" | "notXlsx" };

const readU16 = (bytes: Uint8Array, at: number) => bytes[at] | (bytes[at + 1] << 8);
const readU32 = (bytes: Uint8Array, at: number) => (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;

/**
 * Reads the zip's central directory (no inflating) and judges it: a readable directory, no
 * encryption, no ZIP64, sizes and compression ratios within ZIP_LIMITS, and the parts an .xlsx
 * must have. Declared sizes can lie: the parser's worker inflates each entry no further than its
 * declared size before parsing, and its limits are the last line.
 */
export function inspectXlsxZip(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): ZipVerdict {
  // End of central directory: 22 bytes plus a comment of up to 65,535, at the very end.
  const EOCD = 0x06054b50;
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
    if (readU32(bytes, at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return { ok: false, reason: "corrupt" };
  const entries = readU16(bytes, eocd + 10);
  const directorySize = readU32(bytes, eocd + 12);
  const directoryOffset = readU32(bytes, eocd + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff) return { ok: false, reason: "bomb" }; // ZIP64: never needed under 3 MB
  if (entries === 0 || entries > limits.maxEntries) return { ok: false, reason: entries === 0 ? "notXlsx" : "bomb" };
  if (directoryOffset + directorySize > eocd) return { ok: false, reason: "corrupt" };

  const names = new Set<string>();
  const parts: ZipPart[] = [];
  let total = 0;
  let at = directoryOffset;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > eocd || readU32(bytes, at) !== 0x02014b50) return { ok: false, reason: "corrupt" };
    const flags = readU16(bytes, at + 8);
    const compressed = readU32(bytes, at + 20);
    const uncompressed = readU32(bytes, at + 24);
    const nameLength = readU16(bytes, at + 28);
    const extraLength = readU16(bytes, at + 30);
    const commentLength = readU16(bytes, at + 32);
    if (at + 46 + nameLength > eocd) return { ok: false, reason: "corrupt" };
    const name = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (flags & 0x1) return { ok: false, reason: "encrypted" };
    if (compressed === 0xffffffff || uncompressed === 0xffffffff) return { ok: false, reason: "bomb" };
    if (uncompressed > limits.maxEntryUncompressed) return { ok: false, reason: "bomb" };
    if (uncompressed > limits.ratioFloorBytes && uncompressed / Math.max(1, compressed) > limits.maxRatio)
      return { ok: false, reason: "bomb" };
    total += uncompressed;
    if (total > limits.maxTotalUncompressed) return { ok: false, reason: "bomb" };
    names.add(name.replace(/^\/+/, ""));
    parts.push({ method: readU16(bytes, at + 10), compressed, uncompressed, localHeader: readU32(bytes, at + 42) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (!names.has("[Content_Types].xml") || !names.has("xl/workbook.xml")) return { ok: false, reason: "notXlsx" };
  return { ok: true, entries, uncompressed: total, parts };
}

/**
 * A cell that a spreadsheet program would run as a formula (= + - @, tab, CR at the start)
 * gets a leading apostrophe, so it is shown as the text it is (OWASP "CSV injection").
 */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export type CellValue = string | number | null | undefined;

function csvField(value: CellValue): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" ? String(value) : safeCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 CSV lines (each ending CRLF) with formula-safe cells: a streamed file writes them a page at a time. */
export function csvLines(rows: readonly (readonly CellValue[])[]): string {
  return rows.map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}

/** The byte order mark a CSV starts with, so Excel reads the accents. */
export const CSV_BOM = "\uFEFF";

/** RFC 4180 CSV with a UTF-8 BOM (so Excel reads the accents) and formula-safe cells. */
export function toCsv(rows: readonly (readonly CellValue[])[]): string {
  return `${CSV_BOM}${csvLines(rows)}`;
}

/** A file name safe for a Content-Disposition header. */
export function attachmentName(base: string, extension: "csv" | "xlsx"): string {
  const clean = base
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${clean || "archivo"}.${extension}`;
}
