import os from "node:os";

import type { JobsOptions } from "bullmq";
import { Queue, UnrecoverableError, WaitingError, Worker } from "bullmq";
import { Redis } from "ioredis";

import { getConfig } from "../config.server";
import { onShutdown, settleWithin, SHUTDOWN_STEP_MS, singleton } from "../lifecycle.server";
import { logger } from "../logger.server";
import { closeRedis } from "../redis-close.server";

/**
 * Where batch jobs wait and who runs them (docs/decisions/067). Without REDIS_URL, this process
 * runs each job as soon as it is enqueued. With it, BullMQ: one queue, `portal:jobs:batch`, the
 * kind as the job's name and `<kind>-<batch id>` as its id (a second enqueue of one batch adds
 * nothing); every instance runs a Worker; a job whose instance died is found by the others'
 * stalled-job checks within seconds and run again, which sends only the rows without an outcome,
 * each with its own Idempotency-Key. A job failing on an error of ours (Redis gone) is retried
 * by itself a few times (JOB_ATTEMPTS, decision 111).
 *
 * This file is also bundled into the HTTP server (server/main.ts starts the worker); the kinds'
 * processors reach it through a process-wide registry filled when the Remix build loads.
 */

/** What a job carries: the batch and a sealed reference to its owner's session. Never tokens, never rows. */
export interface JobData {
  batchId: string;
  session: string;
}

export interface JobControl {
  /** Whether this runner still holds the job: false once another one took it over or this instance stops. */
  holds(): Promise<boolean>;
}

/** How a job's run ended: all rows have an outcome, left to another runner, or the batch expired. */
export type RunEnd = "finished" | "released" | "gone";
export type JobProcessor = (data: JobData, control: JobControl) => Promise<RunEnd>;

export interface JobQueue {
  /** Adds the batch's job unless it exists. */
  enqueue(kind: string, data: JobData, processor: JobProcessor): Promise<void>;
  /** Puts back an unfinished job the queue no longer has (never added, or failed on an error of ours). */
  resume(kind: string, data: JobData, processor: JobProcessor): Promise<void>;
}

export const QUEUE_NAME = "batch";
export const QUEUE_PREFIX = "portal:jobs";
/** `:` is refused in BullMQ ids; kind names and batch ids are `[a-z0-9-]`. */
export const jobIdOf = (kind: string, batchId: string) => `${kind}-${batchId}`;

/** The lock is renewed every 5 s; an instance silent for 10 s is taken for dead. */
export const LOCK_DURATION_MS = 10_000;
/** Every instance looks for jobs whose lock lapsed this often: a dead instance's job runs again within ~10–20 s. */
export const STALLED_INTERVAL_MS = 5_000;
/**
 * How many times one job may be found stalled (an instance died under it) and run again before
 * BullMQ fails it; its owner's next look at the progress page puts a failed job back (resume).
 */
export const MAX_STALLED_COUNT = 5;

/**
 * How many times a job that failed on an error of ours (Redis gone mid-file) is run again by
 * itself, 1, 2, 4, 8 then 16 s after each failure (decision 111). An upstream refusal is a row's
 * outcome, never an error, so only our own failures are retried; a retry sends only the rows
 * without an outcome, each with its own key. Past the last, the owner's look puts it back (resume).
 */
export const JOB_ATTEMPTS = 6;

const JOB_OPTIONS: JobsOptions = {
  attempts: JOB_ATTEMPTS,
  backoff: { type: "exponential", delay: 1_000 },
  removeOnComplete: { age: 30 * 60 },
  removeOnFail: { age: 30 * 60 },
};

/** The processors of this process, by kind, filled by the kinds' modules when the Remix build loads. */
const processors = () => singleton("job-processors", () => new Map<string, JobProcessor>());

export function registerJobProcessor(kind: string, processor: JobProcessor): void {
  processors().set(kind, processor);
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Without Redis: this process runs the job now, once at a time per batch. */
export class InProcessJobQueue implements JobQueue {
  private readonly running = new Set<string>();
  private stopping = false;

  async enqueue(kind: string, data: JobData, processor: JobProcessor) {
    const id = jobIdOf(kind, data.batchId);
    if (this.running.has(id) || this.stopping) return;
    this.running.add(id);
    void processor(data, { holds: async () => !this.stopping })
      .catch((error: unknown) => logger.error({ event: "batch_job_failed", kind, err: errorText(error) }, "batch job stopped"))
      .finally(() => this.running.delete(id));
  }

  resume(kind: string, data: JobData, processor: JobProcessor) {
    return this.enqueue(kind, data, processor);
  }

  stop() {
    this.stopping = true;
  }
}

/** With Redis: BullMQ's queue, shared by every instance. */
export class BullJobQueue implements JobQueue {
  readonly queue: Queue<JobData>;

  constructor(connection: Redis, prefix = QUEUE_PREFIX) {
    this.queue = new Queue<JobData>(QUEUE_NAME, { connection, prefix });
    // Without a listener BullMQ writes each connection error's stack to stderr: dozens a second while Redis is down.
    this.queue.on("error", (error) => logger.warn({ event: "job_queue_error", err: errorText(error) }, "job queue error"));
  }

  async enqueue(kind: string, data: JobData) {
    await this.queue.add(kind, data, { ...JOB_OPTIONS, jobId: jobIdOf(kind, data.batchId) });
  }

  async resume(kind: string, data: JobData) {
    const id = jobIdOf(kind, data.batchId);
    const state = await this.queue.getJobState(id);
    if (state === "unknown") await this.enqueue(kind, data);
    else if (state === "failed") await (await this.queue.getJob(id))?.retry("failed");
  }

  close() {
    return this.queue.close();
  }
}

export interface JobWorkerOptions {
  /** Its own connection (BullMQ needs `maxRetriesPerRequest: null`); a blocking one is made beside it. */
  connection: Redis;
  /** Jobs this instance runs at once. */
  concurrency: number;
  /** The kinds' processors; the process-wide registry by default. */
  processors?: Map<string, JobProcessor>;
  lockDuration?: number;
  stalledInterval?: number;
  /** The queue's key prefix (tests keep theirs apart). */
  prefix?: string;
}

/**
 * This instance's worker. A job stops sending once its lock is lost (another instance took it
 * over) or the instance stops: on a clean stop, the rows under way finish, then the job goes back
 * to the queue at once for another instance (moveToWait), instead of waiting to be found stalled.
 */
export function startJobWorker(options: JobWorkerOptions) {
  const lookup = options.processors ?? processors();
  const { connection } = options;
  let closing = false;
  const worker: Worker<JobData, RunEnd> = new Worker<JobData, RunEnd>(
    QUEUE_NAME,
    async (job, token, signal) => {
      const processor = lookup.get(job.name);
      if (!processor) throw new UnrecoverableError(`unknown job kind ${job.name}`);
      const lockKey = worker.toKey(`${job.id}:lock`);
      const holds = async () => {
        if (closing || signal?.aborted) return false;
        return (await connection.get(lockKey).catch(() => null)) === token;
      };
      const end = await processor(job.data, { holds });
      if (end !== "released") return end;
      if (closing) {
        // This instance stops, no take-over: the job goes back to the queue now (it throws if the lock is no longer ours).
        await job.moveToWait(token);
        throw new WaitingError();
      }
      throw new Error("batch job left to another runner");
    },
    {
      // Stored on each job it runs (`processedBy`): which instance has it, for the operators.
      name: `${os.hostname()}:${process.pid}`,
      connection,
      prefix: options.prefix ?? QUEUE_PREFIX,
      concurrency: options.concurrency,
      lockDuration: options.lockDuration ?? LOCK_DURATION_MS,
      stalledInterval: options.stalledInterval ?? STALLED_INTERVAL_MS,
      maxStalledCount: MAX_STALLED_COUNT,
    },
  );
  // A lock that could not be renewed is another instance's now: that job stops sending here.
  worker.on("lockRenewalFailed", (ids: string[]) => ids.forEach((id) => worker.cancelJob(id, "lock lost")));
  worker.on("error", (error) => logger.warn({ event: "job_worker_error", err: errorText(error) }, "job worker error"));
  worker.on("failed", (job, error) => {
    if (error instanceof WaitingError || error.name === "WaitingError") return;
    logger.warn({ event: "batch_job_failed", kind: job?.name, err: errorText(error) }, "batch job failed");
  });
  return {
    worker,
    /** A clean stop: no new row is sent, the rows under way finish, the jobs go back to the queue. */
    async close() {
      closing = true;
      worker.cancelAllJobs("stopping");
      await worker.close();
    },
  };
}

const workerConnection = (url: string) => {
  const redis = new Redis(url, { maxRetriesPerRequest: null });
  redis.on("error", (error) => logger.error({ err: error.message }, "redis error (jobs)"));
  return redis;
};

/** The queue jobs are enqueued to: BullMQ with REDIS_URL, this process without it. */
export function jobQueue(): JobQueue {
  return singleton("job-queue", () => {
    const url = getConfig().REDIS_URL;
    if (!url) {
      const local = new InProcessJobQueue();
      onShutdown(() => local.stop(), { first: true });
      return local;
    }
    const connection = workerConnection(url);
    const queue = new BullJobQueue(connection);
    onShutdown(
      async () => {
        await settleWithin(queue.close(), SHUTDOWN_STEP_MS / 2);
        await closeRedis(connection, SHUTDOWN_STEP_MS / 4);
      },
      { name: "job queue" },
    );
    return queue;
  });
}

/**
 * Started with the HTTP server: with REDIS_URL, this instance's worker (JOBS_CONCURRENCY jobs at
 * once), stopped first on SIGTERM so its last outcomes are written before Redis closes.
 */
export function startJobWorkers(): void {
  const config = getConfig();
  if (!config.REDIS_URL) return;
  const connection = workerConnection(config.REDIS_URL);
  const running = startJobWorker({ connection, concurrency: config.JOBS_CONCURRENCY });
  logger.info({ event: "job_worker_started", concurrency: config.JOBS_CONCURRENCY }, "job worker started");
  onShutdown(
    async () => {
      // Redis gone: the close would wait on a connection that retries for ever (maxRetriesPerRequest: null). Its jobs
      // keep their locks until they expire, and another instance takes them over as after a crash (decision 067).
      const closed = running.close().catch((error: unknown) => logger.warn({ err: errorText(error) }, "job worker stop failed"));
      if ((await settleWithin(closed, SHUTDOWN_STEP_MS / 2)) === "late") {
        logger.warn({ event: "job_worker_stop_late" }, "job worker did not stop in time; its jobs go to another instance");
      }
      await closeRedis(connection, SHUTDOWN_STEP_MS / 4);
    },
    { first: true, name: "job worker" },
  );
}
