import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

import { readRecipientRows } from "#core/domain/recipient-rows";

import { readSpreadsheet } from "../server/uploads/spreadsheet.server";
import { recipientsWorkbook, sampleRows } from "../tests/support/sample-files";
import { ms, percentile } from "./support";

/**
 * Parsing and validating a 1,000-row recipients upload (SPEC §5 Excel upload): the worker's
 * exceljs parse, then every row through the recipient form's schema — the work one upload costs
 * the server. Each measurement runs in a fresh process so its peak memory (VmHWM, the resident
 * high-water mark, worker thread included) belongs to that run alone. No app needed.
 */
const ROWS = Number(process.env.BENCH_EXCEL_ROWS ?? 1_000);
const RUNS = Number(process.env.BENCH_EXCEL_RUNS ?? 5);

interface ChildFigures {
  bytes: number;
  baselineKb: number;
  hwmKb: number;
  parseMs: number[];
  validateMs: number[];
  valid: number;
  invalid: number;
}

async function statusKb(field: "VmRSS" | "VmHWM"): Promise<number> {
  const status = await readFile("/proc/self/status", "utf8");
  return Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(status)?.[1] ?? NaN);
}

/** One process: build the file, then parse and validate it RUNS times (the first one cold). */
async function child(): Promise<void> {
  const bad = Array.from({ length: Math.floor(ROWS / 40) }, (_, i) => i * 40 + 7);
  const file = new Uint8Array(await recipientsWorkbook(sampleRows(ROWS, bad)));
  const baselineKb = await statusKb("VmRSS");
  const figures: ChildFigures = { bytes: file.byteLength, baselineKb, hwmKb: 0, parseMs: [], validateMs: [], valid: 0, invalid: 0 };
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const sheet = await readSpreadsheet({ name: "destinatarios.xlsx", bytes: file });
    const parsed = performance.now();
    if (!sheet.ok) throw new Error(`parse failed: ${sheet.error}`);
    const read = readRecipientRows(sheet.rows);
    figures.validateMs.push(performance.now() - parsed);
    figures.parseMs.push(parsed - started);
    if (!read.ok) throw new Error(`rows refused: ${read.error}`);
    figures.valid = read.rows.filter((row) => row.input).length;
    figures.invalid = read.rows.length - figures.valid;
  }
  figures.hwmKb = await statusKb("VmHWM");
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

export async function excelUpload(): Promise<void> {
  const self = fileURLToPath(import.meta.url);
  const output = await new Promise<string>((resolve, reject) => {
    const proc = spawn(process.execPath, ["--import", "tsx", self, "--child"], { stdio: ["ignore", "pipe", "inherit"], env: process.env });
    let text = "";
    proc.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
    proc.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`bench child exited ${code}`))));
  });
  const figures = JSON.parse(output.trim().split("\n").pop() ?? "{}") as ChildFigures;
  const total = figures.parseMs.map((parse, i) => parse + figures.validateMs[i]);
  const warm = total.slice(1);
  console.log(`file: ${ROWS} rows (${figures.invalid} with a mistake), ${(figures.bytes / 1024).toFixed(1)} KB .xlsx`);
  console.log(
    `first upload (cold worker, exceljs loaded): ${ms(total[0])} = parse ${ms(figures.parseMs[0])} + validate ${ms(figures.validateMs[0])}`,
  );
  if (warm.length) {
    console.log(
      `next ${warm.length}: median ${ms(percentile(warm, 50))}, max ${ms(Math.max(...warm))} (parse median ${ms(percentile(figures.parseMs.slice(1), 50))}, validate median ${ms(percentile(figures.validateMs.slice(1), 50))})`,
    );
  }
  console.log(`valid rows: ${figures.valid}, rows with errors: ${figures.invalid}`);
  console.log(
    `peak resident memory of the process (worker included): ${mb(figures.hwmKb)}; before parsing: ${mb(figures.baselineKb)}; growth: ${mb(figures.hwmKb - figures.baselineKb)}`,
  );
}

if (process.argv.includes("--child")) await child();
