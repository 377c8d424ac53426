import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { deflateRawSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import { readRecipientRows } from "#core/domain/recipient-rows";
import { UPLOAD_MAX_BYTES } from "#core/domain/spreadsheet";

import { goodRow, recipientsWorkbook, sampleRows, zipBomb, zipOf } from "../../tests/support/sample-files";
import { DEFAULT_LIMITS, readSpreadsheet } from "./spreadsheet.server";

const xlsx = (bytes: Buffer, name = "destinatarios.xlsx") => ({ name, bytes: new Uint8Array(bytes) });

describe("readSpreadsheet: good and bad files", () => {
  it("reads a 1,000-row template and every row validates", async () => {
    const outcome = await readSpreadsheet(xlsx(await recipientsWorkbook(sampleRows(1000))));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.rows).toHaveLength(1001);
    const read = readRecipientRows(outcome.rows);
    expect(read.ok && read.rows.every((row) => row.errors.length === 0)).toBe(true);
  });

  it("reports each bad row's mistakes by column and line", async () => {
    const outcome = await readSpreadsheet(xlsx(await recipientsWorkbook(sampleRows(200, [3, 50, 99, 150, 199]))));
    const read = outcome.ok ? readRecipientRows(outcome.rows) : null;
    expect(read?.ok).toBe(true);
    if (!read?.ok) return;
    const bad = read.rows.filter((row) => row.errors.length > 0);
    expect(bad.map((row) => row.line)).toEqual([5, 52, 101, 152, 201]);
    expect(bad.map((row) => row.errors[0])).toEqual([
      { column: "CLABE", message: "Ingresa una CLABE válida" },
      { column: "Correo electrónico", message: "Ingresa un correo electrónico válido" },
      { column: "Nombre", message: "Campo obligatorio" },
      { column: "Teléfono", message: "Ingresa un teléfono válido" },
      { column: "RFC", message: "Ingresa un RFC válido" },
    ]);
    expect(read.rows.filter((row) => row.input)).toHaveLength(195);
  });

  it("refuses more than 1,000 recipients", async () => {
    expect(await readSpreadsheet(xlsx(await recipientsWorkbook(sampleRows(1001))))).toEqual({ ok: false, error: "tooManyRows" });
  });

  it("never evaluates a formula: only the value Excel saved counts, and text stays text", async () => {
    const rows = [
      { ...goodRow(1), alias: { formula: 'HYPERLINK("http://evil.example","x")', result: "Alias calculado" } },
      { ...goodRow(2), name: { formula: "1+1" } },
      { ...goodRow(3), alias: "=cmd|' /C calc'!A0" },
    ];
    const outcome = await readSpreadsheet(xlsx(await recipientsWorkbook(rows)));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const read = readRecipientRows(outcome.rows);
    if (!read.ok) throw new Error("not read");
    expect(read.rows[0].values.alias).toBe("Alias calculado");
    expect(read.rows[1].errors).toContainEqual({ column: "Nombre", message: "Campo obligatorio" });
    // An alias is free text; exports prefix it so a spreadsheet never runs it (spreadsheet.test.ts).
    expect(read.rows[2].values.alias).toBe("=cmd|' /C calc'!A0");
  });
});

describe("readSpreadsheet: the worker started ahead", () => {
  it("reads the same rows cold and from the worker started ahead, one file per worker, whatever came before", async () => {
    const file = xlsx(await recipientsWorkbook(sampleRows(20)));
    const cold = await readSpreadsheet(file);
    // The next worker starts once a parse is over: give it time to load exceljs.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const ahead = await readSpreadsheet(file);
    expect(ahead).toEqual(cold);
    expect(cold.ok && cold.rows.length).toBe(21);
    // A file the worker cannot read ends that worker; the next file still reads.
    const brokenXml = zipOf([
      { name: "[Content_Types].xml", data: Buffer.from("<Types") },
      { name: "xl/workbook.xml", data: Buffer.from("<<<<") },
    ]);
    expect(await readSpreadsheet(xlsx(brokenXml))).toEqual({ ok: false, error: "corrupt" });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await readSpreadsheet(file)).toEqual(cold);
  });

  it("does not keep its process alive: a script that read a spreadsheet ends once the worker waiting for the next file is started", async () => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", fileURLToPath(new URL("../../tests/support/read-one-spreadsheet.ts", import.meta.url))],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    // Held past any parse's time: a process still running then is held by the waiting worker.
    const held = setTimeout(() => child.kill("SIGKILL"), 20_000);
    const ended = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once("exit", (code, signal) => resolve({ code, signal })),
    );
    clearTimeout(held);
    expect(output.trim()).toBe("read");
    expect(ended).toEqual({ code: 0, signal: null });
  }, 30_000);
});

describe("readSpreadsheet: hostile files are refused and the server stays up", () => {
  it("checks the name's extension (§5: xls or xlsx)", async () => {
    expect(await readSpreadsheet(xlsx(await recipientsWorkbook([goodRow(1)]), "destinatarios.csv"))).toEqual({
      ok: false,
      error: "format",
    });
  });

  it("checks the size before reading a byte of content", async () => {
    const big = Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0x50);
    expect(await readSpreadsheet(xlsx(big))).toEqual({ ok: false, error: "size" });
  });

  it("decides the type by content, not by name", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    expect(await readSpreadsheet(xlsx(png))).toEqual({ ok: false, error: "format" });
    expect(await readSpreadsheet(xlsx(Buffer.from("Tipo de persona,Origen\nFísica,Nacional\n")))).toEqual({ ok: false, error: "format" });
    expect(await readSpreadsheet(xlsx(Buffer.alloc(0)))).toEqual({ ok: false, error: "format" });
  });

  it("asks for .xlsx when it gets an Excel 97-2003 file (OLE2)", async () => {
    const ole2 = Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), Buffer.alloc(4096)]);
    expect(await readSpreadsheet(xlsx(ole2, "destinatarios.xls"))).toEqual({ ok: false, error: "legacyXls" });
  });

  it("refuses a zip bomb from its directory, without inflating it", async () => {
    const bomb = await zipBomb(200);
    expect(bomb.length).toBeLessThan(UPLOAD_MAX_BYTES);
    expect(await readSpreadsheet(xlsx(bomb))).toEqual({ ok: false, error: "tooBig" });
  });

  it("contains a zip bomb that lies about its size in the worker, then reads the next file", async () => {
    const bomb = await zipBomb(1024, { lie: true });
    expect(bomb.length).toBeLessThan(UPLOAD_MAX_BYTES);
    const outcome = await readSpreadsheet(xlsx(bomb), { ...DEFAULT_LIMITS, maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 });
    expect(outcome.ok).toBe(false);
    expect(["tooBig", "corrupt", "timeout"]).toContain(outcome.ok ? null : outcome.error);
    const next = await readSpreadsheet(xlsx(await recipientsWorkbook(sampleRows(3))));
    expect(next.ok).toBe(true);
  });

  it("refuses a zip whose entries hold more than they declare before parsing it, whatever the worker's memory cap", async () => {
    const bomb = await zipBomb(1024, { lie: true });
    // A cap the bomb would never reach before its deadline: the refusal comes from the sizes.
    const roomy = { ...DEFAULT_LIMITS, maxOldGenerationSizeMb: 4096 };
    expect(await readSpreadsheet(xlsx(bomb), roomy)).toEqual({ ok: false, error: "tooBig" });
    const small = zipOf([
      { name: "[Content_Types].xml", data: Buffer.from("<Types/>") },
      { name: "xl/workbook.xml", data: Buffer.from("<workbook/>") },
      {
        name: "xl/worksheets/sheet1.xml",
        data: Buffer.alloc(0),
        compressed: deflateRawSync(Buffer.alloc(64 * 1024, 32)),
        declaredSize: 1024,
      },
    ]);
    expect(await readSpreadsheet(xlsx(small), roomy)).toEqual({ ok: false, error: "tooBig" });
  });

  it("refuses crafted zips: truncated, not a workbook, garbage after the signature", async () => {
    const good = await recipientsWorkbook(sampleRows(5));
    expect(await readSpreadsheet(xlsx(good.subarray(0, good.length - 100)))).toEqual({ ok: false, error: "corrupt" });
    const notWorkbook = zipOf([{ name: "hola.txt", data: Buffer.from("hola") }]);
    expect(await readSpreadsheet(xlsx(notWorkbook))).toEqual({ ok: false, error: "corrupt" });
    const garbage = Buffer.concat([Buffer.from("504b0304", "hex"), Buffer.alloc(2048, 7)]);
    expect(await readSpreadsheet(xlsx(garbage))).toEqual({ ok: false, error: "corrupt" });
    const brokenXml = zipOf([
      { name: "[Content_Types].xml", data: Buffer.from("<Types") },
      { name: "xl/workbook.xml", data: Buffer.from("<<<<") },
    ]);
    expect(await readSpreadsheet(xlsx(brokenXml))).toEqual({ ok: false, error: "corrupt" });
  });

  it("stops a parse that takes too long", async () => {
    const file = xlsx(await recipientsWorkbook(sampleRows(200)));
    expect(await readSpreadsheet(file, { ...DEFAULT_LIMITS, timeoutMs: 1 })).toEqual({ ok: false, error: "timeout" });
  });

  it("answers busy instead of queueing without bound", async () => {
    const file = xlsx(await recipientsWorkbook(sampleRows(50)));
    const limits = { ...DEFAULT_LIMITS, concurrency: 1, queue: 0 };
    const [first, second] = await Promise.all([readSpreadsheet(file, limits), readSpreadsheet(file, limits)]);
    expect(first.ok).toBe(true);
    expect(second).toEqual({ ok: false, error: "busy" });
  });
});

describe("readSpreadsheet: CSV where a screen takes it", () => {
  const csv = (text: string) => new TextEncoder().encode(text);

  it("reads quoted fields, both separators and a BOM, skipping empty lines", async () => {
    const comma = await readSpreadsheet(
      { name: "pagos.csv", bytes: csv('\uFEFFa,b,c\r\n"1,5","dijo ""hola""",\r\n\r\n2,x,y\r\n') },
      DEFAULT_LIMITS,
      { csv: true },
    );
    expect(comma).toEqual({
      ok: true,
      rows: [
        { line: 1, cells: ["a", "b", "c"] },
        { line: 2, cells: ["1,5", 'dijo "hola"', ""] },
        { line: 4, cells: ["2", "x", "y"] },
      ],
    });
    const semicolon = await readSpreadsheet({ name: "pagos.CSV", bytes: csv("a;b\n1,50;z") }, DEFAULT_LIMITS, { csv: true });
    expect(semicolon).toEqual({
      ok: true,
      rows: [
        { line: 1, cells: ["a", "b"] },
        { line: 2, cells: ["1,50", "z"] },
      ],
    });
  });

  it("refuses a CSV where the screen does not take one, a binary renamed .csv, and too many lines", async () => {
    expect(await readSpreadsheet({ name: "pagos.csv", bytes: csv("a,b\n") })).toEqual({ ok: false, error: "format" });
    const binary = new Uint8Array([0x61, 0x2c, 0x00, 0x01, 0xff, 0xfe]);
    expect(await readSpreadsheet({ name: "pagos.csv", bytes: binary }, DEFAULT_LIMITS, { csv: true })).toEqual({
      ok: false,
      error: "format",
    });
    const long = Array.from({ length: 1002 }, (_, i) => `fila ${i}`).join("\n");
    expect(await readSpreadsheet({ name: "pagos.csv", bytes: csv(long) }, DEFAULT_LIMITS, { csv: true })).toEqual({
      ok: false,
      error: "tooManyRows",
    });
  });
});
