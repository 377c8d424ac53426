import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

import type { SheetRow } from "#core/domain/recipient-rows";
import { MAX_UPLOAD_ROWS } from "#core/domain/recipient-rows";
import {
  hasSpreadsheetExtension,
  inspectXlsxZip,
  isCsvName,
  looksLikeCsvText,
  sniffSpreadsheet,
  UPLOAD_MAX_BYTES,
  type ZipPart,
} from "#core/domain/spreadsheet";

import { singleton } from "../lifecycle.server";
import { EXCEL_WORKER_SOURCE } from "./spreadsheet-worker-source";

/**
 * Reading an uploaded spreadsheet without trusting it (ARCHITECTURE "Untrusted files",
 * docs/decisions/008): size first, then the bytes decide the type, then the zip directory is
 * judged, then the worker inflates each entry no further than its declared size (a zip that lies
 * is a bomb), and only then exceljs parses — in that worker thread, with a memory cap and a
 * deadline, so a crafted file kills a worker, never the server.
 */
export type SpreadsheetError = "format" | "size" | "legacyXls" | "corrupt" | "tooBig" | "timeout" | "busy" | "tooManyRows";

export type SpreadsheetOutcome = { ok: true; rows: SheetRow[] } | { ok: false; error: SpreadsheetError };

export interface ParserLimits {
  /** Per file: the worker is terminated after this long. */
  timeoutMs: number;
  /** V8 old-generation cap of the worker; exceeding it ends the worker with ERR_WORKER_OUT_OF_MEMORY. */
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
  /** Workers parsing at once, and files allowed to wait for one. */
  concurrency: number;
  queue: number;
  maxColumns: number;
  maxCellLength: number;
}

export const DEFAULT_LIMITS: ParserLimits = {
  timeoutMs: 15_000,
  maxOldGenerationSizeMb: 192,
  maxYoungGenerationSizeMb: 32,
  concurrency: 2,
  queue: 8,
  maxColumns: 60,
  maxCellLength: 1000,
};

const exceljsPath = createRequire(import.meta.url).resolve("exceljs");

type WorkerAnswer = { ok: true; rows: SheetRow[]; truncated: boolean } | { ok: false; reason: "unreadable" | "noSheet" | "bomb" };

/** A counting gate: at most `concurrency` parses at once, a short queue, "busy" beyond it. */
class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T | "busy"> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) return "busy";
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running += 1;
    try {
      return await task();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}

/** One gate per process for the real limits; tests with their own limits get their own gate. */
const gates = new WeakMap<ParserLimits, Gate>();
function gateFor(limits: ParserLimits): Gate {
  if (limits === DEFAULT_LIMITS) return singleton("excel-gate", () => new Gate(limits.concurrency, limits.queue));
  let gate = gates.get(limits);
  if (!gate) gates.set(limits, (gate = new Gate(limits.concurrency, limits.queue)));
  return gate;
}

function newWorker(limits: ParserLimits, workerData: Record<string, unknown>): Worker {
  const worker = new Worker(EXCEL_WORKER_SOURCE, {
    eval: true,
    workerData,
    resourceLimits: {
      maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
      maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb,
      stackSizeMb: 4,
    },
    stdout: true,
    stderr: true,
  });
  return worker;
}

/**
 * Whatever a crafted file makes the parser print is not ours to log: it is read and dropped. Only once the
 * worker has a file: a flowing stdio stream holds the worker's port, so a spare's streams stay paused and an
 * unref'd spare does not keep its process alive (a script that read a spreadsheet would never end).
 */
function discardOutput(worker: Worker): void {
  worker.stdout.resume();
  worker.stderr.resume();
}

/**
 * One worker started ahead for the real limits, exceljs already loaded (about a second of a cold
 * parse), waiting for the next file. It still parses one file only and is ended after it, so no
 * file ever meets what another left; the next spare starts once that parse is over, and a spare
 * nobody used for 10 minutes is ended (it holds exceljs's memory).
 */
const SPARE_IDLE_MS = 10 * 60_000;
const spare = singleton("excel-spare", () => ({ worker: null as Worker | null, idle: null as NodeJS.Timeout | null, parsing: 0 }));

/** Whether a spare worker is waiting for the next file (a test waits for it to have started). */
export function spareWaiting(): boolean {
  return spare.worker !== null;
}

function takeSpare(limits: ParserLimits): Worker | null {
  if (limits !== DEFAULT_LIMITS || !spare.worker) return null;
  const worker = spare.worker;
  spare.worker = null;
  if (spare.idle) clearTimeout(spare.idle);
  worker.removeAllListeners("exit");
  worker.removeAllListeners("error");
  worker.ref();
  return worker;
}

/** Only when no parse is running: a spare loading beside a parser would add a second worker's memory. */
function startSpare(limits: ParserLimits): void {
  if (limits !== DEFAULT_LIMITS || spare.worker || spare.parsing > 0) return;
  const worker = newWorker(limits, { exceljsPath });
  worker.unref();
  const drop = () => {
    if (spare.worker === worker) spare.worker = null;
  };
  worker.once("exit", drop);
  worker.once("error", drop);
  spare.worker = worker;
  spare.idle = setTimeout(() => {
    drop();
    void worker.terminate();
  }, SPARE_IDLE_MS);
  spare.idle.unref();
}

function parseInWorker(
  bytes: Uint8Array,
  kind: "xlsx" | "csv",
  limits: ParserLimits,
  parts: readonly ZipPart[] = [],
): Promise<WorkerAnswer | "timeout" | "tooBig"> {
  return new Promise((resolve) => {
    let settled = false;
    const job = {
      exceljsPath,
      bytes,
      kind,
      parts,
      maxLines: MAX_UPLOAD_ROWS + 1,
      maxColumns: limits.maxColumns,
      maxCellLength: limits.maxCellLength,
    };
    const ready = takeSpare(limits);
    const worker = ready ?? newWorker(limits, job);
    discardOutput(worker);
    spare.parsing += 1;
    const finish = (answer: WorkerAnswer | "timeout" | "tooBig") => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
      // The next spare starts once this worker is gone and no other parse runs, so two
      // workers' memory never adds up behind one upload.
      void worker.terminate().finally(() => {
        spare.parsing -= 1;
        startSpare(limits);
      });
    };
    const timer = setTimeout(() => finish("timeout"), limits.timeoutMs);
    worker.once("message", (answer: WorkerAnswer) => finish(answer));
    worker.once("error", (error: Error & { code?: string }) =>
      finish(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "tooBig" : { ok: false, reason: "unreadable" }),
    );
    worker.once("exit", () => finish({ ok: false, reason: "unreadable" }));
    if (ready) ready.postMessage(job);
  });
}

/**
 * The first worksheet of an uploaded .xlsx (or, where the screen takes it, a .csv) as text
 * rows, or why it cannot be read. Never throws for anything a person can upload.
 */
export async function readSpreadsheet(
  file: { name: string; bytes: Uint8Array },
  limits: ParserLimits = DEFAULT_LIMITS,
  options: { csv?: boolean } = {},
): Promise<SpreadsheetOutcome> {
  if (!hasSpreadsheetExtension(file.name, options)) return { ok: false, error: "format" };
  if (file.bytes.byteLength > UPLOAD_MAX_BYTES) return { ok: false, error: "size" };
  const kind = sniffSpreadsheet(file.bytes);
  if (kind === "ole2") return { ok: false, error: "legacyXls" };
  if (kind === "unknown" && options.csv && isCsvName(file.name)) {
    if (!looksLikeCsvText(file.bytes)) return { ok: false, error: "format" };
    return parsed(await gateFor(limits).run(() => parseInWorker(file.bytes, "csv", limits)));
  }
  if (kind !== "xlsx-zip") return { ok: false, error: "format" };
  const verdict = inspectXlsxZip(file.bytes);
  if (!verdict.ok) {
    if (verdict.reason === "bomb") return { ok: false, error: "tooBig" };
    if (verdict.reason === "encrypted") return { ok: false, error: "legacyXls" };
    return { ok: false, error: "corrupt" };
  }

  return parsed(await gateFor(limits).run(() => parseInWorker(file.bytes, "xlsx", limits, verdict.parts)));
}

function parsed(answer: WorkerAnswer | "timeout" | "tooBig" | "busy"): SpreadsheetOutcome {
  if (answer === "busy" || answer === "timeout" || answer === "tooBig") return { ok: false, error: answer };
  if (!answer.ok) return { ok: false, error: answer.reason === "bomb" ? "tooBig" : "corrupt" };
  if (answer.truncated) return { ok: false, error: "tooManyRows" };
  return { ok: true, rows: answer.rows };
}
