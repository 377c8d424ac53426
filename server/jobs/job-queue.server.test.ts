import crypto from "node:crypto";

import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import type { BatchContext, PaymentRow } from "#core/domain/multiple-payment";
import { readPaymentRows } from "#core/domain/multiple-payment";

import { sandboxEnv } from "../../scripts/sandbox-env.mjs";
import { storedAccess } from "../../tests/support/job-session";
import { startRedis } from "../../tests/support/redis";
import type { TestSandbox } from "../../tests/support/sandbox";
import { loginAs, startTestSandbox } from "../../tests/support/sandbox";
import type { PaymentOutcome } from "../payments/multiple.server";
import { paymentKind, paymentStore, rowIdempotencyKey } from "../payments/multiple.server";
import type { AccessContext } from "../session/auth.server";
import type { BatchKind, BatchRecords, JobOwner, OwnerSessions } from "./batch-jobs.server";
import { batchProcessor, batchStore, RedisBatchRecords } from "./batch-jobs.server";
import type { JobProcessor } from "./job-queue.server";
import { BullJobQueue, jobIdOf, QUEUE_NAME, startJobWorker } from "./job-queue.server";

/**
 * The job mechanism on BullMQ against a real redis-server (decision 067): each "instance" is its
 * own Redis connections, records, queue and worker, as two app processes would have.
 */
let sandbox: TestSandbox;
let redisServer: { url: string; stop: () => void };
const saved = { ...process.env };
const SECRET = "jobs-test-secret-jobs-test-secret-!!";
const connections: Redis[] = [];
const stops: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  [sandbox, redisServer] = await Promise.all([startTestSandbox(), startRedis()]);
  Object.assign(
    process.env,
    sandboxEnv({ appPort: 3997, sandboxPort: sandbox.port, sessionSecret: SECRET, sessionDir: ".cache/jobs-test" }),
  );
});
afterEach(async () => {
  await Promise.allSettled(stops.splice(0).map((stop) => stop()));
});
afterAll(async () => {
  process.env = saved;
  await Promise.allSettled(connections.map((connection) => connection.quit()));
  redisServer.stop();
  await sandbox.close();
});

const connect = () => {
  const connection = new Redis(redisServer.url, { maxRetriesPerRequest: null });
  connections.push(connection);
  return connection;
};

/** One app instance: its own connections to the shared Redis, and its queue. */
function instance(prefix: string) {
  const queue = new BullJobQueue(connect(), `${prefix}:jobs`);
  stops.push(() => queue.close());
  return {
    queue,
    records<R, O extends { state: string }>(states: readonly O["state"][]): BatchRecords<R, O> {
      return new RedisBatchRecords<R, O>(connect(), SECRET, `${prefix}:batch`, states);
    },
    work(processors: Map<string, JobProcessor>, timing = { lockDuration: 1_000, stalledInterval: 500 }) {
      const running = startJobWorker({ connection: connect(), concurrency: 2, processors, prefix: `${prefix}:jobs`, ...timing });
      stops.push(() => running.worker.close(true));
      return running;
    },
  };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A kind that only counts its calls: which row was sent, with which key, and may hold one row until told. */
type Row = { line: number };
type Sent = { state: "sent"; key: string } | { state: "notSent" };
function countingKind(options: { holdLine?: number; onLine?: (line: number) => Promise<void> } = {}) {
  const calls: Array<{ line: number; key: string; token: string }> = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let reached: () => void = () => undefined;
  const holding = new Promise<void>((resolve) => (reached = resolve));
  const kind: BatchKind<Row, Sent> = {
    name: "prueba",
    runnable: () => true,
    lineOf: (row) => row.line,
    concurrency: 1,
    notSent: { state: "notSent" },
    finishedEvent: "test_job_finished",
    async run({ owner, batchId }, row) {
      const key = rowIdempotencyKey(batchId, row.line);
      calls.push({ line: row.line, key, token: owner.data.productJwt });
      await options.onLine?.(row.line);
      // Only the first call of that row is held (the instance that "dies" under it).
      if (row.line === options.holdLine && calls.filter((call) => call.line === row.line).length === 1) {
        reached();
        await held;
      }
      return { state: "sent", key };
    },
  };
  return { kind, calls, release: () => release(), holding };
}

const STATES = ["sent", "notSent"] as const;
const rowsOf = (count: number): Row[] => Array.from({ length: count }, (_, index) => ({ line: index + 2 }));

/** Sessions that always answer one owner: the mechanism's tests, where no call leaves the process. */
const fixedOwner = (productJwt = "jwt-de-prueba"): OwnerSessions => ({
  refer: () => "referencia",
  open: async () => ({ data: { bankToken: "banco", productJwt }, company: { clientId: "100234" } }) as unknown as JobOwner,
});
const someone = { data: { memberId: "1" }, company: { clientId: "100234" }, log: { warn: () => undefined } } as unknown as AccessContext;

const sentPerLine = (calls: Array<{ line: number }>) =>
  calls.reduce((counts, call) => counts.set(call.line, (counts.get(call.line) ?? 0) + 1), new Map<number, number>());

describe("batch jobs on BullMQ", () => {
  it("runs on another instance a job one instance enqueued, and two starts make one job", async () => {
    const prefix = `t:${crypto.randomUUID()}`;
    const [first, second] = [instance(prefix), instance(prefix)];
    const states = ["registered", "approval", "failed", "unknown", "notSent"] as const;
    const firstStore = paymentStore(first.records<PaymentRow, PaymentOutcome>(states), { queue: first.queue });
    const secondRecords = second.records<PaymentRow, PaymentOutcome>(states);
    const secondStore = paymentStore(secondRecords, { queue: second.queue });
    const access = await storedAccess("ana.admin", await loginAs(sandbox, "ana.admin"));
    const upload = await firstStore.add(access, "pagos.csv", paymentRows(["11.00", "12.00", "13.00", "14.00"]));
    const before = sandbox.state.operations.filter((operation) => !operation.seeded).length;

    // A double submit reaching both instances at once: one job.
    await Promise.all([firstStore.start(access, upload), secondStore.start(access, upload)]);
    await first.queue.enqueue(paymentKind.name, { batchId: upload.id, session: "otra" });
    expect(await first.queue.queue.getJobCounts("wait", "active", "delayed", "completed", "failed")).toMatchObject({ wait: 1 });

    // Only the second instance runs a worker: it runs the job the first one enqueued.
    second.work(new Map([[paymentKind.name, batchProcessor(paymentKind, secondRecords)]]));
    await until(async () => Boolean((await firstStore.get(access, upload.id))?.job?.finished));
    const job = (await firstStore.get(access, upload.id))!.job!;
    expect(job).toMatchObject({ total: 4, done: 4, registered: 4 });
    const created = sandbox.state.operations.filter((operation) => !operation.seeded);
    expect(created.length - before).toBe(4);
    const keys = created.slice(before).map((operation) => operation.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set([2, 3, 4, 5].map((line) => rowIdempotencyKey(upload.id, line))));
    expect(await first.queue.queue.getJobState(jobIdOf(paymentKind.name, upload.id))).toBe("completed");
  });

  it("finishes on another instance a job whose instance died mid-row: only the row under way is sent again, with its key", async () => {
    const prefix = `t:${crypto.randomUUID()}`;
    const [first, second] = [instance(prefix), instance(prefix)];
    const counting = countingKind({ holdLine: 4 });
    const firstRecords = first.records<Row, Sent>(STATES);
    const secondRecords = second.records<Row, Sent>(STATES);
    const store = batchStore(counting.kind, firstRecords, { queue: first.queue, sessions: fixedOwner() });
    const batch = await store.add(someone, "x.csv", rowsOf(6));
    const dying = first.work(new Map([[counting.kind.name, batchProcessor(counting.kind, firstRecords, fixedOwner())]]));
    await store.start(someone, batch);
    await counting.holding;
    // The first instance dies while row 4 is under way: no more lock renewal, no clean hand-back.
    await dying.worker.close(true);
    second.work(new Map([[counting.kind.name, batchProcessor(counting.kind, secondRecords, fixedOwner())]]));
    await until(async () => Boolean((await secondRecords.load(batch.id))?.job?.finished));
    // The dead instance's call comes back late: its outcome is not written twice.
    counting.release();
    await new Promise((resolve) => setTimeout(resolve, 200));

    const job = (await secondRecords.load(batch.id))!.job!;
    expect(job).toMatchObject({ total: 6, done: 6, sent: 6, notSent: 0 });
    const perLine = sentPerLine(counting.calls);
    expect(Object.fromEntries(perLine)).toEqual({ 2: 1, 3: 1, 4: 2, 5: 1, 6: 1, 7: 1 });
    const row4 = counting.calls.filter((call) => call.line === 4);
    expect(row4[0].key).toBe(row4[1].key);
  });

  it("runs again by itself a job that failed on an error of ours (Redis gone mid-file): no owner's visit, no row sent twice", async () => {
    const prefix = `t:${crypto.randomUUID()}`;
    const one = instance(prefix);
    const counting = countingKind();
    const records = one.records<Row, Sent>(STATES);
    // Redis goes away just as row 4's outcome is written: the bank has it, the job does not.
    let broken = false;
    const flaky: BatchRecords<Row, Sent> = {
      save: (batch) => records.save(batch),
      load: (id) => records.load(id),
      createJob: (id, total) => records.createJob(id, total),
      finish: (id) => records.finish(id),
      async record(id, line, outcome) {
        if (line === 4 && !broken) {
          broken = true;
          throw new Error("Connection is closed.");
        }
        return records.record(id, line, outcome);
      },
    };
    const store = batchStore(counting.kind, flaky, { queue: one.queue, sessions: fixedOwner() });
    const batch = await store.add(someone, "x.csv", rowsOf(6));
    one.work(new Map([[counting.kind.name, batchProcessor(counting.kind, flaky, fixedOwner())]]));
    await store.start(someone, batch);
    // Nobody looks at the progress page (store.get would put a failed job back): the queue retries it.
    await until(async () => Boolean((await records.load(batch.id))?.job?.finished));

    expect((await records.load(batch.id))!.job).toMatchObject({ total: 6, done: 6, sent: 6 });
    expect(Object.fromEntries(sentPerLine(counting.calls))).toEqual({ 2: 1, 3: 1, 4: 2, 5: 1, 6: 1, 7: 1 });
    const row4 = counting.calls.filter((call) => call.line === 4);
    expect(row4[0].key).toBe(row4[1].key);
    await until(async () => (await one.queue.queue.getJobState(jobIdOf(counting.kind.name, batch.id))) === "completed");
  });

  it("counts an outcome written just before Redis goes: the outcome and its counters are one write", async () => {
    const prefix = `t:${crypto.randomUUID()}`;
    const records = instance(prefix).records<Row, Sent>(STATES);
    await records.save({ id: "b1", owner: "o", fileName: "x.csv", createdAt: Date.now(), rows: rowsOf(2) });
    expect(await records.createJob("b1", 2)).toBe(true);
    // A connection that answers one command, then is gone (what a worker meets when Redis stops mid-row).
    const healthy = connect();
    let answered = 0;
    const dying = new Proxy(healthy, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          answered += 1;
          if (answered > 1) throw new Error("Connection is closed.");
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const writer = new RedisBatchRecords<Row, Sent>(dying, SECRET, `${prefix}:batch`, STATES);
    await writer.record("b1", 2, { state: "sent", key: "k2" }).catch(() => undefined);

    const job = (await records.load("b1"))!.job!;
    expect(job.outcomes.size).toBe(1);
    expect(job).toMatchObject({ total: 2, done: 1, sent: 1, notSent: 0 });
    // Written again (a retry that finds it), it is not counted twice.
    await records.record("b1", 2, { state: "sent", key: "k2" });
    expect((await records.load("b1"))!.job).toMatchObject({ done: 1, sent: 1 });
  });

  it("on a clean stop, finishes the row under way and hands the job back at once: nothing is sent twice", async () => {
    const prefix = `t:${crypto.randomUUID()}`;
    const [first, second] = [instance(prefix), instance(prefix)];
    const counting = countingKind({ holdLine: 3 });
    const firstRecords = first.records<Row, Sent>(STATES);
    const secondRecords = second.records<Row, Sent>(STATES);
    const store = batchStore(counting.kind, firstRecords, { queue: first.queue, sessions: fixedOwner() });
    const batch = await store.add(someone, "x.csv", rowsOf(5));
    // Long locks: only the hand-back, not the stalled check, can move this job in time.
    const slow = { lockDuration: 30_000, stalledInterval: 30_000 };
    const stopping = first.work(new Map([[counting.kind.name, batchProcessor(counting.kind, firstRecords, fixedOwner())]]), slow);
    await store.start(someone, batch);
    await counting.holding;
    const stopped = stopping.close();
    second.work(new Map([[counting.kind.name, batchProcessor(counting.kind, secondRecords, fixedOwner())]]), slow);
    counting.release();
    await stopped;
    await until(async () => Boolean((await secondRecords.load(batch.id))?.job?.finished), 5_000);
    expect((await secondRecords.load(batch.id))!.job).toMatchObject({ total: 5, done: 5, sent: 5 });
    expect(Object.fromEntries(sentPerLine(counting.calls))).toEqual({ 2: 1, 3: 1, 4: 1, 5: 1, 6: 1 });
  });

  it("reads the owner's tokens before every call and stops when the session ends: the rows left are not sent", async () => {
    const prefix = `t:${crypto.randomUUID()}`;
    const runner = instance(prefix);
    const access = (await storedAccess("ana.admin", await loginAs(sandbox, "ana.admin"))) as AccessContext & { end(): Promise<void> };
    // The member signs out while row 3 is being sent.
    const counting = countingKind({ onLine: async (line) => (line === 3 ? access.end() : undefined) });
    const records = runner.records<Row, Sent>(STATES);
    const store = batchStore(counting.kind, records, { queue: runner.queue });
    const batch = await store.add(access, "x.csv", rowsOf(5));
    runner.work(new Map([[counting.kind.name, batchProcessor(counting.kind, records)]]));
    await store.start(access, batch);
    await until(async () => Boolean((await records.load(batch.id))?.job?.finished));

    const job = (await records.load(batch.id))!.job!;
    expect(job).toMatchObject({ total: 5, done: 5, sent: 2, notSent: 3 });
    expect([4, 5, 6].map((line) => job.outcomes.get(line))).toEqual([{ state: "notSent" }, { state: "notSent" }, { state: "notSent" }]);
    // Only the owner's own token was used, and only for the rows before the logout.
    expect(counting.calls.map((call) => [call.line, call.token])).toEqual([
      [2, access.data.productJwt],
      [3, access.data.productJwt],
    ]);
  });

  it("keeps tokens, session ids and rows out of the queue: a job holds the batch id and a sealed reference", async () => {
    const prefix = `t:${crypto.randomUUID()}`;
    const runner = instance(prefix);
    const access = await storedAccess("ana.admin", await loginAs(sandbox, "ana.admin"));
    const counting = countingKind();
    const store = batchStore(counting.kind, runner.records<Row, Sent>(STATES), { queue: runner.queue });
    const batch = await store.add(access, "x.csv", rowsOf(1));
    await store.start(access, batch);
    const redis = connect();
    const stored = await redis.hgetall(`${prefix}:jobs:${QUEUE_NAME}:${jobIdOf(counting.kind.name, batch.id)}`);
    const data = JSON.parse(stored.data) as { batchId: string; session: string };
    expect(Object.keys(data).sort()).toEqual(["batchId", "session"]);
    expect(data.batchId).toBe(batch.id);
    expect(data.session).toMatch(/^v1\./);
    const everything = JSON.stringify(stored);
    for (const secret of [access.data.productJwt, access.data.bankToken, access.session.id]) expect(everything).not.toContain(secret);
  });
});

/** Company 100234's rows, as the multiple payment's own tests read them. */
const context: BatchContext = {
  accounts: [{ idAccount: "A-100234-01", clabe: "062225001002340014", currency: "MXN", balance: 2458930.55, alias: "Operativa MXN" }],
  recipients: [{ id: "501", account: "012580019283746509", currency: "MXN", status: 2, name: "Textil del Norte", national: true }],
  reasons: [{ id: 1, label: "Pago a proveedores" }],
  mayPayRecipients: true,
  mayPayInternational: true,
};
function paymentRows(amounts: string[]): PaymentRow[] {
  const header = ["Cuenta origen", "Destinatario", "Cuenta destino", "Divisa", "Monto", "Id motivo de pago", "Detalle"];
  const read = readPaymentRows(
    [
      { line: 1, cells: header },
      ...amounts.map((amount, index) => ({
        line: index + 2,
        cells: ["062225001002340014", "Textil", "012580019283746509", "MXN", amount, "1", `Factura ${index}`],
      })),
    ],
    context,
  );
  if (!read.ok) throw new Error(read.error);
  return read.rows;
}
