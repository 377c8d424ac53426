import crypto from "node:crypto";

import type { Redis } from "ioredis";

import { singleton } from "../lifecycle.server";
import type { AccessContext } from "../session/auth.server";
import { sealer } from "../session/storage.server";
import { UNBOUNDED } from "../upstream/budget";
import type { Upstreams } from "../upstream/index.server";
import { upstreams } from "../upstream/index.server";

/**
 * The one job mechanism of the portal (docs/decisions/041, generalised in 062): a batch is an
 * uploaded file's checked rows, kept between the steps of a page (preview, run, progress, result);
 * its job works through the rows in the background, one upstream call per row, with one outcome
 * per row written once. Kept for 30 minutes in this process, or in Redis when REDIS_URL is set, so
 * any instance enqueues, shows the progress of, and takes over a job another one started.
 *
 * Used by the recipients' bulk registration and the multiple payment; each gives its own kind
 * (its keys' prefix), its outcome states (the job's counters) and the work done for one row.
 */

/** What happened to one row: a state the job counts, plus whatever the kind keeps about it. */
export interface Outcome<S extends string = string> {
  state: S;
}

/** A job's progress as read at one moment: its counters (one per outcome state) and each row's outcome. */
export type BatchJob<O extends Outcome> = {
  total: number;
  done: number;
  finished: boolean;
  outcomes: Map<number, O>;
} & Record<O["state"], number>;

export interface Batch<R, O extends Outcome> {
  id: string;
  /** Only the member and company that uploaded it may see it. */
  owner: string;
  fileName: string;
  createdAt: number;
  rows: R[];
  job: BatchJob<O> | null;
}

const TTL_MS = 30 * 60_000;
const MAX_BATCHES = 200;
/** Whoever runs a job holds it this long and renews it every LEASE_RENEW_MS; a lapsed lease means its runner is gone. */
const LEASE_MS = 15_000;
const LEASE_RENEW_MS = 5_000;

export const ownerOf = (access: AccessContext) => `${access.data.memberId}|${access.company.clientId}`;

/** Where batches and their jobs are kept: this process's memory or Redis. */
export interface BatchRecords<R, O extends Outcome> {
  save(batch: Omit<Batch<R, O>, "job">): Promise<void>;
  /** The batch with its job's progress, or null when unknown or expired. */
  load(id: string): Promise<Batch<R, O> | null>;
  /** Creates the job unless one exists; true when this call created it. */
  createJob(id: string, total: number): Promise<boolean>;
  /** A row's outcome; only the first one written for a row counts. */
  record(id: string, line: number, outcome: O): Promise<void>;
  finish(id: string): Promise<void>;
  /** Takes or renews the right to run a job; false when someone else holds it. */
  lease(id: string, holder: string): Promise<boolean>;
  release(id: string, holder: string): Promise<void>;
}

function emptyJob<O extends Outcome>(states: readonly O["state"][], total: number): BatchJob<O> {
  const counters = Object.fromEntries(states.map((state) => [state, 0])) as Record<O["state"], number>;
  return { total, done: 0, finished: total === 0, outcomes: new Map<number, O>(), ...counters };
}

type MemoryBatch<R, O extends Outcome> = Omit<Batch<R, O>, "job"> & { job: BatchJob<O> | null; leasedBy?: string; leasedUntil?: number };

export class MemoryBatchRecords<R, O extends Outcome> implements BatchRecords<R, O> {
  private readonly batches = new Map<string, MemoryBatch<R, O>>();

  constructor(private readonly states: readonly O["state"][]) {}

  async save(batch: Omit<Batch<R, O>, "job">) {
    this.sweep();
    this.batches.set(batch.id, { ...batch, job: null });
  }

  async load(id: string): Promise<Batch<R, O> | null> {
    this.sweep();
    const stored = this.batches.get(id);
    if (!stored) return null;
    const { job, leasedBy: _holder, leasedUntil: _until, ...batch } = stored;
    return { ...batch, job: job && { ...job, outcomes: new Map(job.outcomes) } };
  }

  async createJob(id: string, total: number) {
    const stored = this.batches.get(id);
    if (!stored || stored.job) return false;
    stored.job = emptyJob<O>(this.states, total);
    return true;
  }

  async record(id: string, line: number, outcome: O) {
    const job = this.batches.get(id)?.job;
    if (!job || job.outcomes.has(line)) return;
    job.outcomes.set(line, outcome);
    job.done += 1;
    const counters = job as unknown as Record<string, number>;
    counters[outcome.state] = (counters[outcome.state] ?? 0) + 1;
  }

  async finish(id: string) {
    const job = this.batches.get(id)?.job;
    if (job) job.finished = true;
  }

  async lease(id: string, holder: string) {
    const stored = this.batches.get(id);
    if (!stored) return false;
    const now = Date.now();
    if (stored.leasedBy && stored.leasedBy !== holder && (stored.leasedUntil ?? 0) > now) return false;
    stored.leasedBy = holder;
    stored.leasedUntil = now + LEASE_MS;
    return true;
  }

  async release(id: string, holder: string) {
    const stored = this.batches.get(id);
    if (stored?.leasedBy === holder) stored.leasedUntil = 0;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, batch] of this.batches) {
      const running = batch.job && !batch.job.finished;
      if (!running && now - batch.createdAt > TTL_MS) this.batches.delete(id);
    }
    // The oldest finished ones go first when too many are kept.
    for (const [id, batch] of this.batches) {
      if (this.batches.size <= MAX_BATCHES) break;
      if (!batch.job || batch.job.finished) this.batches.delete(id);
    }
  }
}

const RENEW_OR_TAKE = `local current = redis.call("get", KEYS[1])
if current == false or current == ARGV[1] then redis.call("set", KEYS[1], ARGV[1], "PX", ARGV[2]) return 1 end
return 0`;
const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

/**
 * Redis: the batch sealed like a session (rows carry names and account numbers), the job's
 * counters in a hash and each row's outcome (sealed too: it may carry an operation's challenge
 * link) in another. A row's outcome is written with HSETNX and only a fresh one moves the
 * counters, so a row is never counted twice. Every key lives 30 minutes from the last write.
 */
export class RedisBatchRecords<R, O extends Outcome> implements BatchRecords<R, O> {
  private readonly seal: ReturnType<typeof sealer>;

  constructor(
    private readonly redis: Redis,
    secret: string,
    private readonly prefix: string,
    private readonly states: readonly O["state"][],
  ) {
    this.seal = sealer(secret);
  }

  private keys(id: string) {
    const base = `${this.prefix}:${id}`;
    return { batch: base, job: `${base}:job`, outcomes: `${base}:outcomes`, lease: `${base}:lease` };
  }

  async save(batch: Omit<Batch<R, O>, "job">) {
    await this.redis.set(this.keys(batch.id).batch, this.seal.seal(batch), "PX", TTL_MS);
  }

  async load(id: string): Promise<Batch<R, O> | null> {
    const keys = this.keys(id);
    const [sealed, counters, outcomes] = await Promise.all([
      this.redis.get(keys.batch),
      this.redis.hgetall(keys.job),
      this.redis.hgetall(keys.outcomes),
    ]);
    const stored = sealed ? (this.seal.open(sealed) as unknown as Omit<Batch<R, O>, "job"> | null) : null;
    if (!stored) return null;
    let job: BatchJob<O> | null = null;
    if (counters.total !== undefined) {
      job = emptyJob<O>(this.states, Number(counters.total));
      const target = job as unknown as Record<string, number>;
      for (const state of this.states) target[state] = Number(counters[state] ?? 0);
      job.done = Number(counters.done ?? 0);
      job.finished = counters.finished === "1";
      for (const [line, value] of Object.entries(outcomes)) {
        const outcome = this.seal.open(value) as unknown as O | null;
        if (outcome) job.outcomes.set(Number(line), outcome);
      }
    }
    return { ...stored, job };
  }

  async createJob(id: string, total: number) {
    const keys = this.keys(id);
    const created = await this.redis.hsetnx(keys.job, "total", String(total));
    if (created !== 1) return false;
    const zeros = Object.fromEntries(this.states.map((state) => [state, 0]));
    await this.redis
      .multi()
      .hset(keys.job, { done: 0, ...zeros, finished: total === 0 ? 1 : 0 })
      .pexpire(keys.job, TTL_MS)
      .pexpire(keys.batch, TTL_MS)
      .exec();
    return true;
  }

  async record(id: string, line: number, outcome: O) {
    const keys = this.keys(id);
    const fresh = await this.redis.hsetnx(keys.outcomes, String(line), this.seal.seal(outcome as unknown as Record<string, unknown>));
    if (fresh !== 1) return;
    await this.redis
      .multi()
      .hincrby(keys.job, "done", 1)
      .hincrby(keys.job, outcome.state, 1)
      .pexpire(keys.job, TTL_MS)
      .pexpire(keys.outcomes, TTL_MS)
      .pexpire(keys.batch, TTL_MS)
      .exec();
  }

  async finish(id: string) {
    await this.redis.hset(this.keys(id).job, "finished", 1);
  }

  async lease(id: string, holder: string) {
    return Number(await this.redis.eval(RENEW_OR_TAKE, 1, this.keys(id).lease, holder, LEASE_MS)) === 1;
  }

  async release(id: string, holder: string) {
    await this.redis.eval(RELEASE, 1, this.keys(id).lease, holder);
  }
}

/** A kind of batch: what a job does with each row, and how many rows it works on at once. */
export interface BatchKind<R, O extends Outcome> {
  /** Names the kind in logs and in this process's bookkeeping. */
  name: string;
  /** The rows the job works on, by line; the others (invalid rows) get no outcome. */
  runnable(row: R): boolean;
  lineOf(row: R): number;
  /** One row's work; never throws for an upstream refusal (that is an outcome). */
  run(context: { api: Upstreams; access: AccessContext; batchId: string }, row: R): Promise<O>;
  concurrency: number;
  /** Said once when a job ends, with its counters. */
  finishedEvent: string;
  /** Done once by the runner that finished the job (a failure here is the kind's to log). */
  onFinished?(access: AccessContext, job: BatchJob<O>): Promise<void>;
}

/** This process, as a job's runner, and the jobs it runs now. */
const runnerId = singleton("batch-runner-id", () => crypto.randomUUID());
const running = singleton("batch-jobs-running", () => new Set<string>());

export function batchStore<R, O extends Outcome>(kind: BatchKind<R, O>, records: BatchRecords<R, O>) {
  return {
    async add(access: AccessContext, fileName: string, rows: R[]): Promise<Batch<R, O>> {
      const batch = { id: crypto.randomUUID(), owner: ownerOf(access), fileName, createdAt: Date.now(), rows };
      await records.save(batch);
      return { ...batch, job: null };
    },

    /**
     * The caller's batch, or null (expired, unknown, or someone else's). A job left unfinished
     * by a runner that is gone is taken over by this process, with the caller's credentials.
     */
    async get(access: AccessContext, id: string): Promise<Batch<R, O> | null> {
      const batch = await records.load(id);
      if (!batch || batch.owner !== ownerOf(access)) return null;
      if (batch.job && !batch.job.finished) void runJob(kind, records, access, batch);
      return batch;
    },

    /**
     * Enqueues the job of the batch's runnable rows and returns once it started; the job's
     * counters show the progress. Starting twice is harmless: the job that exists is kept.
     */
    async start(access: AccessContext, batch: Batch<R, O>): Promise<void> {
      const total = batch.rows.filter((row) => kind.runnable(row)).length;
      if (await records.createJob(batch.id, total)) await runJob(kind, records, access, batch);
    },
  };
}

/** Runs what is left of a job while this process holds its lease; returns once it started (or someone else runs it). */
async function runJob<R, O extends Outcome>(
  kind: BatchKind<R, O>,
  records: BatchRecords<R, O>,
  access: AccessContext,
  batch: Batch<R, O>,
): Promise<void> {
  const tag = `${kind.name}:${batch.id}`;
  if (running.has(tag)) return;
  running.add(tag);
  if (!(await records.lease(batch.id, runnerId).catch(() => false))) {
    running.delete(tag);
    return;
  }
  const current = await records.load(batch.id);
  const done = current?.job?.outcomes ?? new Map<number, O>();
  const queue = batch.rows.filter((row) => kind.runnable(row) && !done.has(kind.lineOf(row)));
  // Not the request's clients: those stop when the browser's request ends, and this outlives it;
  // nobody waits on it either, so no budget, only each call's own time limit and the breakers.
  const api = upstreams({ log: access.log, budget: UNBOUNDED }, { bankToken: access.data.bankToken, productJwt: access.data.productJwt });
  let held = true;
  const renew = setInterval(() => {
    void records.lease(batch.id, runnerId).then(
      (kept) => (held &&= kept),
      () => (held = false),
    );
  }, LEASE_RENEW_MS);
  renew.unref();
  const worker = async () => {
    for (let row = queue.shift(); row && held; row = queue.shift()) {
      const outcome = await kind.run({ api, access, batchId: batch.id }, row);
      await records.record(batch.id, kind.lineOf(row), outcome);
    }
  };
  void Promise.all(Array.from({ length: kind.concurrency }, worker))
    .then(async () => {
      if (!held) return;
      await records.finish(batch.id);
      await records.release(batch.id, runnerId);
      const job = (await records.load(batch.id))?.job;
      const { outcomes: _outcomes, ...counters } = job ?? { outcomes: null };
      access.log.info({ event: kind.finishedEvent, ...counters }, `${kind.name} job finished`);
      if (job) await kind.onFinished?.(access, job);
    })
    .catch((error: unknown) => {
      access.log.error({ err: error instanceof Error ? error.message : String(error), kind: kind.name }, "batch job stopped");
    })
    .finally(() => {
      clearInterval(renew);
      running.delete(tag);
    });
}

/** The default medium for a kind: Redis when REDIS_URL is set, else this process. */
export function defaultBatchRecords<R, O extends Outcome>(
  name: string,
  prefix: string,
  states: readonly O["state"][],
  redis: Redis | null,
  secret: string,
): BatchRecords<R, O> {
  return singleton(`batch-records:${name}`, () =>
    redis ? new RedisBatchRecords<R, O>(redis, secret, prefix, states) : new MemoryBatchRecords<R, O>(states),
  );
}
