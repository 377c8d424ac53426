import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

import type * as ExcelJSTypes from "exceljs";
import { Redis } from "ioredis";

import type { BatchContext, PaymentRow } from "#core/domain/multiple-payment";
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
import { ms, percentile } from "./support";

/**
 * The multiple payment (decision 062), two figures the issue asks for:
 * 1. a 1,000-row payment file parsed (in the limited worker) and every row validated — time and
 *    the process's peak resident memory (targets < 1 s, < 150 MB);
 * 2. executing 1,000 rows against the sandbox with 50 ms added to every call — total time with the
 *    job's bounded number of /setoperation calls in flight (target < 60 s), in process and, when a
 *    redis-server is installed, on BullMQ with the records in Redis (decision 067).
 */
const ROWS = 1_000;
const RUNS = 5;
const ExcelJS = createRequire(import.meta.url)("exceljs") as typeof ExcelJSTypes;

const MXN_ACCOUNT = "062225001002340014";
const RECIPIENTS = ["012580019283746509", "072680004588127341"];
const context: BatchContext = {
  accounts: [{ idAccount: "A-100234-01", clabe: MXN_ACCOUNT, currency: "MXN", balance: 2458930.55, alias: "Operativa MXN" }],
  recipients: [
    { id: "501", account: RECIPIENTS[0], currency: "MXN", status: 2, name: "Textil del Norte", national: true },
    { id: "502", account: RECIPIENTS[1], currency: "MXN", status: 2, name: "Aceros Querétaro", national: true },
  ],
  reasons: [{ id: 1, label: "Pago a proveedores" }],
  mayPayRecipients: true,
  mayPayInternational: true,
};

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

async function hwmMb(): Promise<number> {
  const status = await readFile("/proc/self/status", "utf8");
  return Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? NaN) / 1024;
}

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
  const file = await paymentFile();
  const times: number[] = [];
  const parseTimes: number[] = [];
  let rows: PaymentRow[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const sheet = await readSpreadsheet({ name: "pagos.xlsx", bytes: file });
    const parsed = performance.now();
    if (!sheet.ok) throw new Error(sheet.error);
    const read = readPaymentRows(sheet.rows, context);
    if (!read.ok) throw new Error(read.error);
    rows = read.rows;
    parseTimes.push(parsed - started);
    times.push(performance.now() - started);
  }
  console.log(
    `parse + validate ${ROWS} rows (${(file.byteLength / 1024).toFixed(0)} kB): median ${ms(percentile(times, 50))} ` +
      `(parse in the worker ${ms(percentile(parseTimes, 50))}), first ${ms(times[0])}; valid ${rows.filter((row) => row.input).length}; ` +
      `peak RSS ${(await hwmMb()).toFixed(1)} MB, worker included (targets < 1 s, < 150 MB)`,
  );

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
