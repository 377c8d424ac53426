import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { build } from "esbuild";
import type * as ExcelJSTypes from "exceljs";
import { Redis } from "ioredis";

import type { PaymentRow } from "#core/domain/multiple-payment";
import { PAYMENT_COLUMNS, paymentColumnLabel, readPaymentRows } from "#core/domain/multiple-payment";

import { sandboxEnv } from "../scripts/sandbox-env.mjs";
import { batchProcessor, MemoryBatchRecords, RedisBatchRecords } from "../server/jobs/batch-jobs.server";
import { BullJobQueue, startJobWorker } from "../server/jobs/job-queue.server";
import { logger } from "../server/logger.server";
import type { PaymentOutcome } from "../server/payments/multiple.server";
import { paymentKind, paymentStore } from "../server/payments/multiple.server";
import type { AccessContext } from "../server/session/auth.server";
import { readSpreadsheet } from "../server/uploads/spreadsheet.server";
import { storedAccess } from "../tests/support/job-session";
import { startRedis } from "../tests/support/redis";
import { control, loginAs, startTestSandbox } from "../tests/support/sandbox";
import type { ParseFigures } from "./multiple-payment-parse";
import { context, MXN_ACCOUNT, RECIPIENTS } from "./multiple-payment-parse";
import { ms, percentile } from "./support";

/**
 * The multiple payment (decision 062), two figures the issue asks for:
 * 1. a 1,000-row payment file parsed (in the limited worker) and every row validated — time and
 *    peak resident memory (targets < 1 s, < 150 MB). Each measurement runs in a fresh process
 *    that only reads the file and checks its rows, as bench/excel.ts does, so its peak (VmHWM,
 *    worker thread included) belongs to that work alone — not to the sandbox, the file's building
 *    or the second figure's job, which share this process;
 * 2. executing 1,000 rows against the sandbox with 50 ms added to every call — total time with the
 *    job's bounded number of /setoperation calls in flight (target < 60 s), in process and, when a
 *    redis-server is installed, on BullMQ with the records in Redis (decision 067).
 */
const ROWS = 1_000;
/** Parses per process (the first with a cold worker, so at least two: the time figure is the others'), and processes. */
const RUNS = Math.max(2, Number(process.env.BENCH_MP_RUNS ?? 5));
const PROCESSES = Number(process.env.BENCH_MP_PROCESSES ?? 3);
const ExcelJS = createRequire(import.meta.url)("exceljs") as typeof ExcelJSTypes;

async function paymentFile(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Pagos");
  sheet.addRow(PAYMENT_COLUMNS.map(paymentColumnLabel));
  for (let i = 1; i <= ROWS; i++) {
    sheet.addRow([
      "Operativa MXN",
      MXN_ACCOUNT,
      "Proveedor",
      RECIPIENTS[i % 2],
      "MXN",
      `${i}.${String(i % 100).padStart(2, "0")}`,
      "1",
      "",
      `F-${i}`,
    ]);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/**
 * The child runs compiled, as the app does in production (`node build/…`), not under tsx, whose
 * loader alone adds about 35 MB to a process: esbuild bundles it beside the other bench caches.
 */
async function compileChild(): Promise<string> {
  const outfile = fileURLToPath(new URL("../.cache/bench/multiple-payment-parse.mjs", import.meta.url));
  await build({
    entryPoints: [fileURLToPath(new URL("./multiple-payment-parse.ts", import.meta.url))],
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    outfile,
    logLevel: "warning",
  });
  return outfile;
}

function runChild(script: string, path: string): Promise<ParseFigures> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [script, "--child", path, String(RUNS)], {
      stdio: ["ignore", "pipe", "inherit"],
      env: process.env,
    });
    let text = "";
    proc.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
    proc.on("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(text.trim().split("\n").pop() ?? "{}") as ParseFigures)
        : reject(new Error(`bench child exited ${code}`)),
    );
  });
}

const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

const STATES = ["registered", "approval", "failed", "unknown", "notSent"] as const;
const SECRET = "bench-secret-bench-secret-bench-!!!";

/** Registers the rows as one job and waits for its end: the execute figure. */
async function execute(medium: string, access: AccessContext, rows: PaymentRow[], store: ReturnType<typeof paymentStore>) {
  const upload = await store.add(access, "pagos.xlsx", rows);
  const started = performance.now();
  await store.start(access, upload);
  for (;;) {
    const job = (await store.get(access, upload.id))?.job;
    if (job?.finished) {
      console.log(
        `execute ${job.total} rows ${medium}, sandbox +50 ms per call, ${paymentKind.concurrency} /setoperation calls in flight: ` +
          `${ms(performance.now() - started)} (registered ${job.registered}, failed ${job.failed}, unknown ${job.unknown}, ` +
          `not sent ${job.notSent}; target < 60 s)`,
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function multiplePayment(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "bench-pagos-"));
  const path = join(dir, "pagos.xlsx");
  const file = await paymentFile();
  await writeFile(path, file);
  const runs: ParseFigures[] = [];
  try {
    const script = await compileChild();
    for (let i = 0; i < PROCESSES; i++) runs.push(await runChild(script, path));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const warm = runs.flatMap((run) => run.totalMs.slice(1));
  const cold = runs.map((run) => run.totalMs[0]);
  const peaks = runs.map((run) => run.hwmKb);
  const growth = runs.map((run) => run.hwmKb - run.baselineKb);
  console.log(
    `parse + validate ${ROWS} rows (${(file.byteLength / 1024).toFixed(0)} kB .xlsx), ${PROCESSES} fresh processes × ${RUNS} parses:`,
  );
  console.log(
    `  time: median ${ms(percentile(warm, 50))}, p99 ${ms(percentile(warm, 99))} (parse in the worker median ${ms(
      percentile(
        runs.flatMap((run) => run.parseMs.slice(1)),
        50,
      ),
    )}); ` +
      `first parse of a process (cold worker) median ${ms(percentile(cold, 50))}, worst ${ms(Math.max(...cold))}; valid ${runs[0].valid} (target < 1 s: ${percentile(warm, 99) < 1000 && Math.max(...cold) < 1000 ? "met" : "NOT met"})`,
  );
  console.log(
    `  peak resident memory of the process doing it (worker included): median ${mb(percentile(peaks, 50))}, worst ${mb(Math.max(...peaks))}; ` +
      `before the file: ${mb(
        percentile(
          runs.map((run) => run.baselineKb),
          50,
        ),
      )} (node and the modules, compiled); growth median ${mb(percentile(growth, 50))} ` +
      `(target < 150 MB: ${Math.max(...peaks) < 150 * 1024 ? "met" : "NOT met"})`,
  );

  // The rows the job executes, read here once more (not measured).
  const sheet = await readSpreadsheet({ name: "pagos.xlsx", bytes: file });
  if (!sheet.ok) throw new Error(sheet.error);
  const read = readPaymentRows(sheet.rows, context);
  if (!read.ok) throw new Error(read.error);
  const rows = read.rows;

  const sandbox = await startTestSandbox();
  const saved = { ...process.env };
  Object.assign(
    process.env,
    sandboxEnv({
      appPort: 3997,
      sandboxPort: sandbox.port,
      sessionSecret: SECRET,
      sessionDir: ".cache/bench",
    }),
  );
  // A job logs each call with the app's logger: kept out of the figures.
  const level = logger.level;
  logger.level = "warn";
  try {
    const access = await storedAccess("ana.admin", await loginAs(sandbox, "ana.admin"));
    await control(sandbox, "/__latency", { ms: 50 });
    await execute("in process", access, rows, paymentStore(new MemoryBatchRecords<PaymentRow, PaymentOutcome>(STATES)));
    // The same on BullMQ (decision 067), when a redis-server is installed: one worker, records in Redis.
    const redis = await startRedis().catch(() => null);
    if (redis) {
      const connections = [0, 1].map(() => new Redis(redis.url, { maxRetriesPerRequest: null }));
      const records = new RedisBatchRecords<PaymentRow, PaymentOutcome>(connections[0], SECRET, "bench:payments", STATES);
      const queue = new BullJobQueue(connections[0], "bench:jobs");
      const worker = startJobWorker({
        connection: connections[1],
        concurrency: 2,
        prefix: "bench:jobs",
        processors: new Map([[paymentKind.name, batchProcessor(paymentKind, records)]]),
      });
      try {
        await execute("REDIS_URL (BullMQ)", access, rows, paymentStore(records, { queue }));
      } finally {
        await worker.close();
        await queue.close();
        await Promise.all(connections.map((connection) => connection.quit()));
        redis.stop();
      }
    }
  } finally {
    logger.level = level;
    process.env = saved;
    await sandbox.close();
  }
}
