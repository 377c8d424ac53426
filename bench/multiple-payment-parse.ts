import { readFile } from "node:fs/promises";

import type { BatchContext } from "#core/domain/multiple-payment";
import { readPaymentRows } from "#core/domain/multiple-payment";

import { readSpreadsheet } from "../server/uploads/spreadsheet.server";

/**
 * The first figure of bench/multiple-payment.ts, run in a fresh process of its own: it imports
 * only what an upload costs (the limited parsing worker and the row rules), reads the file from
 * disk, then parses and validates it `runs` times a second apart (the first with a cold worker). Its peak
 * resident memory (VmHWM, the worker thread included) therefore belongs to that work alone.
 */
export const MXN_ACCOUNT = "062225001002340014";
export const RECIPIENTS = ["012580019283746509", "072680004588127341"];
export const context: BatchContext = {
  accounts: [{ idAccount: "A-100234-01", clabe: MXN_ACCOUNT, currency: "MXN", balance: 2458930.55, alias: "Operativa MXN" }],
  recipients: [
    { id: "501", account: RECIPIENTS[0], currency: "MXN", status: 2, name: "Textil del Norte", national: true },
    { id: "502", account: RECIPIENTS[1], currency: "MXN", status: 2, name: "Aceros Querétaro", national: true },
  ],
  reasons: [{ id: 1, label: "Pago a proveedores" }],
  mayPayRecipients: true,
  mayPayInternational: true,
};

const PAUSE_MS = 1_000;

export interface ParseFigures {
  baselineKb: number;
  hwmKb: number;
  totalMs: number[];
  parseMs: number[];
  valid: number;
}

async function statusKb(field: "VmRSS" | "VmHWM"): Promise<number> {
  const status = await readFile("/proc/self/status", "utf8");
  return Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(status)?.[1] ?? NaN);
}

async function child(path: string, runs: number): Promise<ParseFigures> {
  const file = new Uint8Array(await readFile(path));
  const figures: ParseFigures = { baselineKb: await statusKb("VmRSS"), hwmKb: 0, totalMs: [], parseMs: [], valid: 0 };
  for (let run = 0; run < runs; run++) {
    // Uploads a second apart, as people make them: the parser's spare worker (started once the
    // previous parse is over) is then ready, as it would be on a running server.
    if (run > 0) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    const started = performance.now();
    const sheet = await readSpreadsheet({ name: "pagos.xlsx", bytes: file });
    const parsed = performance.now();
    if (!sheet.ok) throw new Error(sheet.error);
    const read = readPaymentRows(sheet.rows, context);
    if (!read.ok) throw new Error(read.error);
    figures.totalMs.push(performance.now() - started);
    figures.parseMs.push(parsed - started);
    figures.valid = read.rows.filter((row) => row.input).length;
  }
  figures.hwmKb = await statusKb("VmHWM");
  return figures;
}

const at = process.argv.indexOf("--child");
if (at >= 0) {
  const figures = await child(process.argv[at + 1], Number(process.argv[at + 2]));
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}
