import { createRequire } from "node:module";
import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";

import type * as ExcelJSType from "exceljs";

import { clabeCheckDigit } from "#core/domain/clabe";
import type { ColumnKey } from "#core/domain/recipient-template";
import { TEMPLATE_COLUMNS } from "#core/domain/recipient-template";

/**
 * Spreadsheets made on the fly for the unit tests, the end-to-end tests and the bench: good
 * recipients, rows with one mistake each, and hostile files (wrong type, zip bombs, formulas).
 * Nothing binary is kept in git.
 */
const require = createRequire(import.meta.url);
const ExcelJS = require("exceljs") as typeof ExcelJSType;
// Read with require: the end-to-end runner's loader cannot import JSON without an attribute.
const headers = (require("../../core/locales/es-MX/recipients.json") as { template: { columns: Record<ColumnKey, string> } }).template
  .columns;
const columnLabel = (key: ColumnKey) => headers[key];

export type SampleRow = Partial<Record<ColumnKey, string | number | { formula: string; result?: string | number }>>;

/** A valid national física recipient, unique by its index. */
export function goodRow(index: number): SampleRow {
  const number = String(10_000_000_000 + index).slice(-11);
  const first17 = `012180${number}`;
  return {
    personType: "Física",
    origin: "Nacional",
    alias: `Proveedor ${String(index).padStart(4, "0")}`,
    name: "María",
    lastname1: "López",
    lastname2: "Pérez",
    rfc: "LOPM800101AB1",
    email: `p${index}@correo.mx`,
    phone: "5512345678",
    currency: "MXN",
    clabe: `${first17}${clabeCheckDigit(first17)}`,
  };
}

/** Five different mistakes, one per row, each a §5 rule. */
export const BAD_ROW_MISTAKES: Array<(row: SampleRow) => SampleRow> = [
  (row) => ({ ...row, clabe: `${String(row.clabe).slice(0, 17)}${(Number(String(row.clabe)[17]) + 1) % 10}` }),
  (row) => ({ ...row, email: "sin-arroba.mx" }),
  (row) => ({ ...row, name: "" }),
  (row) => ({ ...row, phone: "551234" }),
  (row) => ({ ...row, rfc: "XYZ" }),
];

/** `count` rows; the rows at `badAt` (0-based) get the mistakes above in turn. */
export function sampleRows(count: number, badAt: readonly number[] = []): SampleRow[] {
  return Array.from({ length: count }, (_, index) => {
    const row = goodRow(index + 1);
    const bad = badAt.indexOf(index);
    return bad >= 0 ? BAD_ROW_MISTAKES[bad % BAD_ROW_MISTAKES.length](row) : row;
  });
}

/** The template's header and the rows, as an .xlsx file. */
export async function recipientsWorkbook(rows: readonly SampleRow[], headers: readonly ColumnKey[] = TEMPLATE_COLUMNS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Destinatarios");
  sheet.addRow(headers.map(columnLabel));
  for (const row of rows) sheet.addRow(headers.map((key) => row[key] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

interface ZipEntry {
  name: string;
  data: Buffer;
  /** Overrides the uncompressed size written in the headers (a lying bomb). */
  declaredSize?: number;
  compressed?: Buffer;
}

/** A minimal zip writer (stored names, deflate), enough to craft hostile archives. */
export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const compressed = entry.compressed ?? deflateRawSync(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const crc = entry.compressed ? 0 : crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Deflated blanks (spaces) of `megabytes` MB, made in chunks so the test process never holds them. */
export async function deflatedBlanks(megabytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  const zeros = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < megabytes; i++) {
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

const CONTENT_TYPES = Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');

/**
 * An .xlsx-shaped zip whose worksheet inflates to `megabytes` MB. Honest headers are caught by
 * the directory check; lying ones (`declaredSize`) reach the worker, whose limits stop them.
 */
export async function zipBomb(megabytes: number, options: { lie?: boolean } = {}): Promise<Buffer> {
  const compressed = await deflatedBlanks(megabytes);
  return zipOf([
    { name: "[Content_Types].xml", data: CONTENT_TYPES },
    { name: "xl/workbook.xml", data: Buffer.from("<workbook/>") },
    { name: "xl/worksheets/sheet1.xml", data: Buffer.alloc(0), compressed, declaredSize: options.lie ? 4096 : megabytes * 1024 * 1024 },
  ]);
}
