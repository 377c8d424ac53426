import crypto from "node:crypto";

import type { Redis } from "ioredis";

import { singleton } from "../lifecycle.server";
import type { Logger } from "../logger.server";
import { logger } from "../logger.server";
import type { AccessContext } from "../session/auth.server";
import { sealer } from "../session/storage.server";
import { UNBOUNDED } from "../upstream/budget";
import type { Upstreams } from "../upstream/index.server";
import { upstreams } from "../upstream/index.server";
import type { JobOwner, OwnerSessions } from "./job-owner.server";
import { ownerOf, ownerSessions } from "./job-owner.server";
import type { JobControl, JobData, JobProcessor, JobQueue } from "./job-queue.server";
import { jobQueue } from "./job-queue.server";

/**
 * The one job mechanism of the portal (docs/decisions/041, 062, 067): a batch is an uploaded
 * file's checked rows, kept between the steps of a page (preview, run, progress, result); its job
 * works through the rows in the background, one upstream call per row, with one outcome per row
 * written once. Kept for 30 minutes in this process, or in Redis when REDIS_URL is set.
 *
 * The job itself is queued (server/jobs/job-queue.server.ts): in this process without Redis, on
 * BullMQ with it, so any instance enqueues it, runs it, and another takes over a job whose
 * instance died. A job carries the batch id and a sealed reference to its owner's session, never
 * tokens: the runner reads the owner's session before every call, and stops when it has ended.
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

export type { JobOwner, OwnerSessions } from "./job-owner.server";
export { ownerOf } from "./job-owner.server";

/** Where batches and their jobs are kept: this process's memory or Redis. */
export interface BatchRecords<R, O extends Outcome> {
  save(batch: Omit<Batch<R, O>, "job">): Promise<void>;
  /** The batch with its job's progress, or null when unknown or expired. */
  load(id: string): Promise<Batch<R, O> | null>;
  /** Creates the job unless one exists; true when this call created it. */
  createJob(id: string, total: number): Promise<boolean>;
  /** A row's outcome; only the first one written for a row counts. */
  record(id: string, line: number, outcome: O): Promise<void>;
  /** Marks the job finished; true only for the one call that did it. */
  finish(id: string): Promise<boolean>;
}

function emptyJob<O extends Outcome>(states: readonly O["state"][], total: number): BatchJob<O> {
  const counters = Object.fromEntries(states.map((state) => [state, 0])) as Record<O["state"], number>;
  return { total, done: 0, finished: total === 0, outcomes: new Map<number, O>(), ...counters };
}

type MemoryBatch<R, O extends Outcome> = Omit<Batch<R, O>, "job"> & { job: BatchJob<O> | null };

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
    const { job, ...batch } = stored;
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
    if (!job || job.finished) return false;
    job.finished = true;
    return true;
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

/**
 * Writes a row's outcome and moves the counters in one step (a script runs whole or not at all):
 * were they two commands, Redis going between them would leave an outcome that is never counted.
 * KEYS: job, outcomes, batch; ARGV: line, sealed outcome, state, ttl. 1 when the outcome is fresh.
 */
const RECORD_ONCE = `if redis.call("hsetnx", KEYS[2], ARGV[1], ARGV[2]) == 0 then return 0 end
redis.call("hincrby", KEYS[1], "done", 1)
redis.call("hincrby", KEYS[1], ARGV[3], 1)
for _, key in ipairs(KEYS) do redis.call("pexpire", key, ARGV[4]) end
return 1`;

/** Creates the job's counters in one step, unless they exist. KEYS: job, batch; ARGV: ttl, then field, value pairs. */
const CREATE_ONCE = `if redis.call("exists", KEYS[1]) == 1 then return 0 end
redis.call("hset", KEYS[1], unpack(ARGV, 2))
redis.call("pexpire", KEYS[1], ARGV[1])
redis.call("pexpire", KEYS[2], ARGV[1])
return 1`;

/** Sets `finished` once: 1 for the call that did it, 0 when it already was. */
const FINISH_ONCE = `if redis.call("hget", KEYS[1], "finished") == "1" then return 0 end
if redis.call("exists", KEYS[1]) == 0 then return 0 end
redis.call("hset", KEYS[1], "finished", 1)
return 1`;

/**
 * Redis: the batch sealed like a session (rows carry names and account numbers), the job's
 * counters in a hash and each row's outcome (sealed too: it may carry an operation's challenge
 * link) in another. A row's outcome is written with HSETNX and only a fresh one moves the
 * counters, in one script, so a row is counted once and never left uncounted. Every key lives
 * 30 minutes from the last write.
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
    return { batch: base, job: `${base}:job`, outcomes: `${base}:outcomes` };
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
    const fields = { total, done: 0, ...Object.fromEntries(this.states.map((state) => [state, 0])), finished: total === 0 ? 1 : 0 };
    const created = await this.redis.eval(CREATE_ONCE, 2, keys.job, keys.batch, TTL_MS, ...Object.entries(fields).flat());
    return Number(created) === 1;
  }

  async record(id: string, line: number, outcome: O) {
    const keys = this.keys(id);
    const sealed = this.seal.seal(outcome as unknown as Record<string, unknown>);
    await this.redis.eval(RECORD_ONCE, 3, keys.job, keys.outcomes, keys.batch, line, sealed, outcome.state, TTL_MS);
  }

  async finish(id: string) {
    return Number(await this.redis.eval(FINISH_ONCE, 1, this.keys(id).job)) === 1;
  }
}

/** What a kind's work gets for one row: clients with the owner's current tokens, and a log without them. */
export interface RowContext {
  api: Upstreams;
  owner: JobOwner;
  log: Logger;
  batchId: string;
}

/** A kind of batch: what a job does with each row, and how many rows it works on at once. */
export interface BatchKind<R, O extends Outcome> {
  /** Names the kind in logs, in the queue (the BullMQ job name) and in this process's bookkeeping. */
  name: string;
  /** The rows the job works on, by line; the others (invalid rows) get no outcome. */
  runnable(row: R): boolean;
  lineOf(row: R): number;
  /** One row's work; never throws for an upstream refusal (that is an outcome). */
  run(context: RowContext, row: R): Promise<O>;
  /** The outcome of a row never sent because its owner's session ended before its turn. */
  notSent: O;
  concurrency: number;
  /** Said once when a job ends, with its counters. */
  finishedEvent: string;
  /** Done once, by the runner that finished the job, when the owner's session still holds (a failure here is the kind's to log). */
  onFinished?(context: RowContext & { fileName: string }, job: BatchJob<O>): Promise<void>;
}

/** How a job's run ended: all rows have an outcome, another runner holds it now, or the batch expired. */
export type RunEnd = "finished" | "released" | "gone";

/** The clients for an owner's tokens, made again only when a token changed (a refresh meanwhile). */
function clientsFor(log: Logger) {
  let made: { bankToken: string; productJwt: string; api: Upstreams } | null = null;
  return (owner: JobOwner) => {
    const { bankToken, productJwt } = owner.data;
    if (!made || made.bankToken !== bankToken || made.productJwt !== productJwt) {
      // Not a request's clients: nobody waits on a job, so no budget, only each call's own limit and the breakers.
      made = { bankToken, productJwt, api: upstreams({ log, budget: UNBOUNDED }, { bankToken, productJwt }) };
    }
    return made.api;
  };
}

/**
 * Works through what is left of a job while `control.holds()`: the rows without an outcome, each
 * sent once with the owner's tokens as read just before, `kind.concurrency` at a time. A row
 * never gets a second outcome (HSETNX), and a row with one is never sent again; a row whose call
 * was under way when a runner died has none, and is sent again with the same key by the next.
 * When the owner's session has ended, nothing more is sent: the rows left get `kind.notSent`.
 */
export async function runBatchJob<R, O extends Outcome>(
  kind: BatchKind<R, O>,
  records: BatchRecords<R, O>,
  sessions: OwnerSessions,
  data: JobData,
  control: JobControl,
): Promise<RunEnd> {
  const log = logger.child({ job: kind.name, batch: data.batchId });
  const batch = await records.load(data.batchId);
  if (!batch?.job) return "gone";
  if (batch.job.finished) return "finished";
  const done = batch.job.outcomes;
  const queue = batch.rows.filter((row) => kind.runnable(row) && !done.has(kind.lineOf(row)));
  const api = clientsFor(log);
  let released = false;
  let ended = false;
  let broken: { error: unknown } | null = null;
  let owner: JobOwner | null = null;
  const worker = async () => {
    while (queue.length && !released && !ended && !broken) {
      if (!(await control.holds())) {
        released = true;
        break;
      }
      const current = await sessions.open(data.session);
      if (!current) {
        ended = true;
        break;
      }
      owner = current;
      const row = queue.shift();
      if (!row) break;
      const outcome = await kind.run({ api: api(current), owner: current, log, batchId: data.batchId }, row);
      await records.record(data.batchId, kind.lineOf(row), outcome);
    }
  };
  // An error of ours (Redis gone while writing an outcome) stops the other rows' loops too, and the job
  // fails only once none is in flight: its retry (decision 111) must not meet a row still being sent here.
  await Promise.all(
    Array.from({ length: kind.concurrency }, () =>
      worker().catch((error: unknown) => {
        broken ??= { error };
      }),
    ),
  );
  if (broken) {
    const { error } = broken as { error: unknown };
    log.warn({ event: "batch_job_interrupted", left: queue.length }, "batch job interrupted: it runs again by itself");
    throw error instanceof Error ? error : new Error(String(error));
  }
  if (released) {
    log.info({ event: "batch_job_released", left: queue.length }, "batch job left to another runner");
    return "released";
  }
  if (ended) {
    // Rows that were under way got their outcome; every other one left is not sent.
    for (const row of batch.rows) if (kind.runnable(row)) await records.record(data.batchId, kind.lineOf(row), kind.notSent);
    log.warn({ event: "batch_job_session_ended", notSent: queue.length }, "owner's session ended: rows left not sent");
  }
  if (!(await records.finish(data.batchId))) return "finished";
  const job = (await records.load(data.batchId))?.job;
  const { outcomes: _outcomes, ...counters } = job ?? { outcomes: null };
  log.info({ event: kind.finishedEvent, ...counters }, `${kind.name} job finished`);
  owner = ended ? null : await sessions.open(data.session);
  if (job && owner) await kind.onFinished?.({ api: api(owner), owner, log, batchId: data.batchId, fileName: batch.fileName }, job);
  return "finished";
}

/** What a queue runs for a job of this kind kept in these records. */
export function batchProcessor<R, O extends Outcome>(
  kind: BatchKind<R, O>,
  records: BatchRecords<R, O>,
  sessions: OwnerSessions = ownerSessions(),
): JobProcessor {
  return (data, control) => runBatchJob(kind, records, sessions, data, control);
}

export function batchStore<R, O extends Outcome>(
  kind: BatchKind<R, O>,
  records: BatchRecords<R, O>,
  options: { sessions?: OwnerSessions; queue?: JobQueue } = {},
) {
  const sessions = options.sessions ?? ownerSessions();
  const queue = () => options.queue ?? jobQueue();
  const processor = batchProcessor(kind, records, sessions);
  return {
    async add(access: AccessContext, fileName: string, rows: R[]): Promise<Batch<R, O>> {
      const batch = { id: crypto.randomUUID(), owner: ownerOf(access), fileName, createdAt: Date.now(), rows };
      await records.save(batch);
      return { ...batch, job: null };
    },

    /**
     * The caller's batch, or null (expired, unknown, or someone else's). An unfinished job the
     * queue has lost (its enqueue never reached Redis, or it failed on an error of ours) is put
     * back, to run with the caller's session.
     */
    async get(access: AccessContext, id: string): Promise<Batch<R, O> | null> {
      const batch = await records.load(id);
      if (!batch || batch.owner !== ownerOf(access)) return null;
      if (batch.job && !batch.job.finished) {
        await queue()
          .resume(kind.name, { batchId: id, session: sessions.refer(access) }, processor)
          .catch((error: unknown) =>
            access.log.warn(
              { event: "batch_job_resume_failed", err: error instanceof Error ? error.message : String(error) },
              "batch job not resumed",
            ),
          );
      }
      return batch;
    },

    /**
     * Enqueues the job of the batch's runnable rows, once: a second call (a double submit,
     * another instance) finds the job and starts nothing new. The job's counters show the progress.
     */
    async start(access: AccessContext, batch: Batch<R, O>): Promise<void> {
      const total = batch.rows.filter((row) => kind.runnable(row)).length;
      if (await records.createJob(batch.id, total)) {
        await queue().enqueue(kind.name, { batchId: batch.id, session: sessions.refer(access) }, processor);
      }
    },
  };
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
