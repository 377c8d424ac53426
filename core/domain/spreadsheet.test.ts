import { deflateRawSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import { zipOf } from "../../tests/support/sample-files";
import { attachmentName, hasSpreadsheetExtension, inspectXlsxZip, safeCell, sniffSpreadsheet, toCsv, ZIP_LIMITS } from "./spreadsheet";

const workbookParts = [
  { name: "[Content_Types].xml", data: Buffer.from("<Types/>") },
  { name: "xl/workbook.xml", data: Buffer.from("<workbook/>") },
];

describe("safeCell (formula injection)", () => {
  it("prefixes cells a spreadsheet would run", () => {
    for (const value of ["=1+1", "+52 55", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "=cmd|' /C calc'!A0"]) {
      expect(safeCell(value)).toBe(`'${value}`);
    }
  });

  it("leaves everything else as it is", () => {
    for (const value of ["", "Proveedora", "1,234.50", " =not first", "a=b", "'quoted"]) expect(safeCell(value)).toBe(value);
  });
});

describe("toCsv", () => {
  it("writes a BOM, CRLF lines, quoted fields and formula-safe text", () => {
    const csv = toCsv([
      ["Fecha", "Concepto", "Monto"],
      ["2026-03-01", 'Pago "marzo", renta', 1500.5],
      ["2026-03-02", '=HYPERLINK("http://x")', null],
      ["2026-03-03", "línea\nnueva", 0],
    ]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.slice(1).split("\r\n")).toEqual([
      "Fecha,Concepto,Monto",
      '2026-03-01,"Pago ""marzo"", renta",1500.5',
      `2026-03-02,"'=HYPERLINK(""http://x"")",`,
      '2026-03-03,"línea\nnueva",0',
      "",
    ]);
  });
});

describe("file type by content", () => {
  it("accepts the extensions of §5", () => {
    expect(hasSpreadsheetExtension("a.xlsx")).toBe(true);
    expect(hasSpreadsheetExtension("A.XLS")).toBe(true);
    expect(hasSpreadsheetExtension("a.xlsx.exe")).toBe(false);
    expect(hasSpreadsheetExtension("a.csv")).toBe(false);
    expect(hasSpreadsheetExtension("xlsx")).toBe(false);
  });

  it("sniffs zip, OLE2 and anything else", () => {
    expect(sniffSpreadsheet(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]))).toBe("xlsx-zip");
    expect(sniffSpreadsheet(Buffer.from("d0cf11e0a1b11ae100", "hex"))).toBe("ole2");
    expect(sniffSpreadsheet(Buffer.from("%PDF-1.7"))).toBe("unknown");
    expect(sniffSpreadsheet(new Uint8Array([0x50, 0x4b]))).toBe("unknown");
    expect(sniffSpreadsheet(new Uint8Array())).toBe("unknown");
  });
});

describe("inspectXlsxZip", () => {
  it("accepts an ordinary workbook", () => {
    const verdict = inspectXlsxZip(
      zipOf([...workbookParts, { name: "xl/worksheets/sheet1.xml", data: Buffer.from("<worksheet/>".repeat(100)) }]),
    );
    expect(verdict).toMatchObject({ ok: true, entries: 3 });
  });

  it("refuses a zip that is not a workbook", () => {
    expect(inspectXlsxZip(zipOf([{ name: "word/document.xml", data: Buffer.from("<w/>") }]))).toEqual({ ok: false, reason: "notXlsx" });
  });

  it("refuses a truncated or garbled directory", () => {
    const zip = zipOf(workbookParts);
    expect(inspectXlsxZip(zip.subarray(0, zip.length - 10))).toEqual({ ok: false, reason: "corrupt" });
    const garbled = Buffer.from(zip);
    garbled.writeUInt32LE(0xdeadbeef, garbled.length - 22 - 2 * 46 - 33); // inside the central directory
    expect(inspectXlsxZip(garbled).ok).toBe(false);
    expect(inspectXlsxZip(Buffer.from("PK\u0003\u0004 nothing else"))).toEqual({ ok: false, reason: "corrupt" });
  });

  it("refuses bombs by declared size, total size, ratio and entry count", () => {
    const huge = { name: "xl/worksheets/sheet1.xml", data: Buffer.alloc(0), compressed: deflateRawSync(Buffer.alloc(1024)) };
    expect(inspectXlsxZip(zipOf([...workbookParts, { ...huge, declaredSize: ZIP_LIMITS.maxEntryUncompressed + 1 }]))).toEqual({
      ok: false,
      reason: "bomb",
    });
    expect(inspectXlsxZip(zipOf([...workbookParts, { ...huge, declaredSize: 2 * 1024 * 1024 }]))).toEqual({ ok: false, reason: "bomb" }); // ratio ≈ 2000:1
    const many = Array.from({ length: 20 }, (_, i) => ({
      name: `xl/media/${i}.xml`,
      data: Buffer.alloc(4 * 1024 * 1024, 0x41 + (i % 20)),
    }));
    expect(inspectXlsxZip(zipOf([...workbookParts, ...many]), { ...ZIP_LIMITS, maxRatio: Number.MAX_SAFE_INTEGER })).toEqual({
      ok: false,
      reason: "bomb",
    }); // 80 MB in total
    const crowd = Array.from({ length: ZIP_LIMITS.maxEntries + 1 }, (_, i) => ({ name: `x/${i}`, data: Buffer.from("a") }));
    expect(inspectXlsxZip(zipOf(crowd))).toEqual({ ok: false, reason: "bomb" });
  });

  it("refuses encrypted entries", () => {
    const zip = zipOf(workbookParts);
    const centralStart = zip.readUInt32LE(zip.length - 22 + 16);
    zip.writeUInt16LE(1, centralStart + 8); // general purpose flag bit 0: encrypted
    expect(inspectXlsxZip(zip)).toEqual({ ok: false, reason: "encrypted" });
  });
});

describe("attachmentName", () => {
  it("keeps a header-safe ASCII name", () => {
    expect(attachmentName("Movimientos Tesorería EUR 2026-03", "csv")).toBe("Movimientos-Tesoreria-EUR-2026-03.csv");
    expect(attachmentName('"; rm -rf /', "xlsx")).toBe("rm-rf.xlsx");
    expect(attachmentName("", "xlsx")).toBe("archivo.xlsx");
  });
});
