import crypto from "node:crypto";

import type { Redis } from "ioredis";

import type { RowResult } from "#core/domain/recipient-rows";

import { getConfig } from "../config.server";
import { singleton } from "../lifecycle.server";
import type { AccessContext } from "../session/auth.server";
import { sealer } from "../session/storage.server";
import { sharedRedis } from "../shared-redis.server";
import { UNBOUNDED } from "../upstream/budget";
import { upstreams } from "../upstream/index.server";
import { recipientRejection, toRecipientData } from "./register.server";

/**
 * The bulk upload between its steps (SPEC §2 /destinatarios-alta-multiple): the checked rows of
 * an upload, kept for the preview, and the registration of the valid ones running in the
 * background with its progress. Kept for 30 minutes in this process, or in Redis when REDIS_URL
 * is set, so any instance shows the preview and the progress of a job another one runs, and
 * takes the job over when the instance running it stops (docs/decisions/041).
 */
export type RowOutcome =
  | { state: "registered" }
  | { state: "failed"; reason: "duplicateAlias" | "bankFormat" | "iban" | "account" | "generic" };

/** A registration's progress as read at one moment. */
export interface RegistrationJob {
  total: number;
  done: number;
  registered: number;
  failed: number;
  finished: boolean;
  outcomes: Map<number, RowOutcome>;
}

export interface Upload {
  id: string;
  /** Only the member and company that uploaded it may see it. */
  owner: string;
  fileName: string;
  createdAt: number;
  rows: RowResult[];
  job: RegistrationJob | null;
}

const TTL_MS = 30 * 60_000;
const MAX_UPLOADS = 200;
/** Rows sent to the product at once. */
const CONCURRENCY = 4;
/** Whoever runs a job holds it this long and renews it every LEASE_RENEW_MS; a lapsed lease means its runner is gone. */
const LEASE_MS = 15_000;
const LEASE_RENEW_MS = 5_000;

const ownerOf = (access: AccessContext) => `${access.data.memberId}|${access.company.clientId}`;

/** Where uploads and their jobs are kept: this process's memory or Redis. */
export interface UploadRecords {
  save(upload: Omit<Upload, "job">): Promise<void>;
  /** The upload with its job's progress, or null when unknown or expired. */
  load(id: string): Promise<Upload | null>;
  /** Creates the job unless one exists; true when this call created it. */
  createJob(id: string, total: number): Promise<boolean>;
  record(id: string, line: number, outcome: RowOutcome): Promise<void>;
  finish(id: string): Promise<void>;
  /** Takes or renews the right to run a job; false when someone else holds it. */
  lease(id: string, holder: string): Promise<boolean>;
  release(id: string, holder: string): Promise<void>;
}

type MemoryUpload = Omit<Upload, "job"> & { job: RegistrationJob | null; leasedBy?: string; leasedUntil?: number };

export class MemoryUploadRecords implements UploadRecords {
  private readonly uploads = new Map<string, MemoryUpload>();

  async save(upload: Omit<Upload, "job">) {
    this.sweep();
    this.uploads.set(upload.id, { ...upload, job: null });
  }

  async load(id: string): Promise<Upload | null> {
    this.sweep();
    const stored = this.uploads.get(id);
    if (!stored) return null;
    const { job } = stored;
    return { ...stored, job: job && { ...job, outcomes: new Map(job.outcomes) } };
  }

  async createJob(id: string, total: number) {
    const stored = this.uploads.get(id);
    if (!stored || stored.job) return false;
    stored.job = { total, done: 0, registered: 0, failed: 0, finished: total === 0, outcomes: new Map() };
    return true;
  }

  async record(id: string, line: number, outcome: RowOutcome) {
    const job = this.uploads.get(id)?.job;
    if (!job || job.outcomes.has(line)) return;
    job.outcomes.set(line, outcome);
    job.done += 1;
    if (outcome.state === "registered") job.registered += 1;
    else job.failed += 1;
  }

  async finish(id: string) {
    const job = this.uploads.get(id)?.job;
    if (job) job.finished = true;
  }

  async lease(id: string, holder: string) {
    const stored = this.uploads.get(id);
    if (!stored) return false;
    const now = Date.now();
    if (stored.leasedBy && stored.leasedBy !== holder && (stored.leasedUntil ?? 0) > now) return false;
    stored.leasedBy = holder;
    stored.leasedUntil = now + LEASE_MS;
    return true;
  }

  async release(id: string, holder: string) {
    const stored = this.uploads.get(id);
    if (stored?.leasedBy === holder) stored.leasedUntil = 0;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, upload] of this.uploads) {
      const running = upload.job && !upload.job.finished;
      if (!running && now - upload.createdAt > TTL_MS) this.uploads.delete(id);
    }
    // The oldest finished ones go first when too many are kept.
    for (const [id, upload] of this.uploads) {
      if (this.uploads.size <= MAX_UPLOADS) break;
      if (!upload.job || upload.job.finished) this.uploads.delete(id);
    }
  }
}

const RENEW_OR_TAKE = `local current = redis.call("get", KEYS[1])
if current == false or current == ARGV[1] then redis.call("set", KEYS[1], ARGV[1], "PX", ARGV[2]) return 1 end
return 0`;
const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

/**
 * Redis: the upload sealed like a session (rows carry names and account numbers), the job's
 * counters in a hash and each row's outcome in another, written together so a reader never sees
 * a count without its row. Every key lives 30 minutes from the last write.
 */
export class RedisUploadRecords implements UploadRecords {
  private readonly seal: ReturnType<typeof sealer>;

  constructor(
    private readonly redis: Redis,
    secret: string,
    private readonly prefix = "portal:upload",
  ) {
    this.seal = sealer(secret);
  }

  private keys(id: string) {
    const base = `${this.prefix}:${id}`;
    return { upload: base, job: `${base}:job`, outcomes: `${base}:outcomes`, lease: `${base}:lease` };
  }

  async save(upload: Omit<Upload, "job">) {
    await this.redis.set(this.keys(upload.id).upload, this.seal.seal(upload), "PX", TTL_MS);
  }

  async load(id: string): Promise<Upload | null> {
    const keys = this.keys(id);
    const [sealed, counters, outcomes] = await Promise.all([
      this.redis.get(keys.upload),
      this.redis.hgetall(keys.job),
      this.redis.hgetall(keys.outcomes),
    ]);
    const stored = sealed ? (this.seal.open(sealed) as unknown as Omit<Upload, "job"> | null) : null;
    if (!stored) return null;
    const job: RegistrationJob | null =
      counters.total === undefined
        ? null
        : {
            total: Number(counters.total),
            done: Number(counters.done ?? 0),
            registered: Number(counters.registered ?? 0),
            failed: Number(counters.failed ?? 0),
            finished: counters.finished === "1",
            outcomes: new Map(Object.entries(outcomes).map(([line, outcome]) => [Number(line), JSON.parse(outcome) as RowOutcome])),
          };
    return { ...stored, job };
  }

  async createJob(id: string, total: number) {
    const keys = this.keys(id);
    const created = await this.redis.hsetnx(keys.job, "total", String(total));
    if (created !== 1) return false;
    await this.redis
      .multi()
      .hset(keys.job, { done: 0, registered: 0, failed: 0, finished: total === 0 ? 1 : 0 })
      .pexpire(keys.job, TTL_MS)
      .pexpire(keys.upload, TTL_MS)
      .exec();
    return true;
  }

  async record(id: string, line: number, outcome: RowOutcome) {
    const keys = this.keys(id);
    const fresh = await this.redis.hsetnx(keys.outcomes, String(line), JSON.stringify(outcome));
    if (fresh !== 1) return;
    await this.redis
      .multi()
      .hincrby(keys.job, "done", 1)
      .hincrby(keys.job, outcome.state === "registered" ? "registered" : "failed", 1)
      .pexpire(keys.job, TTL_MS)
      .pexpire(keys.outcomes, TTL_MS)
      .pexpire(keys.upload, TTL_MS)
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

function defaultRecords(): UploadRecords {
  return singleton("recipient-uploads", () => {
    const redis = sharedRedis();
    return redis ? new RedisUploadRecords(redis, getConfig().SESSION_SECRET) : new MemoryUploadRecords();
  });
}

/** This process, as a job's runner, and the jobs it runs now. */
const runnerId = singleton("upload-runner-id", () => crypto.randomUUID());
const running = singleton("upload-jobs-running", () => new Set<string>());

export function uploadStore(records: UploadRecords = defaultRecords()) {
  return {
    async add(access: AccessContext, fileName: string, rows: RowResult[]): Promise<Upload> {
      const upload = { id: crypto.randomUUID(), owner: ownerOf(access), fileName, createdAt: Date.now(), rows };
      await records.save(upload);
      return { ...upload, job: null };
    },

    /**
     * The caller's upload, or null (expired, unknown, or someone else's). A job left unfinished
     * by a runner that is gone is taken over by this process, with the caller's credentials.
     */
    async get(access: AccessContext, id: string): Promise<Upload | null> {
      const upload = await records.load(id);
      if (!upload || upload.owner !== ownerOf(access)) return null;
      if (upload.job && !upload.job.finished) void runRegistration(records, access, upload);
      return upload;
    },

    /**
     * Registers the upload's valid rows with the back office (one keyed POST per row, so a repeat
     * never creates a second recipient) and returns at once; the job's counters show the
     * progress. Starting twice is harmless: the job that exists is kept.
     */
    async startRegistration(access: AccessContext, upload: Upload): Promise<void> {
      const valid = upload.rows.filter((row) => row.input).length;
      if (await records.createJob(upload.id, valid)) await runRegistration(records, access, upload);
    },
  };
}

/** Runs what is left of a job while this process holds its lease; returns once it started (or someone else runs it). */
async function runRegistration(records: UploadRecords, access: AccessContext, upload: Upload): Promise<void> {
  if (running.has(upload.id)) return;
  running.add(upload.id);
  if (!(await records.lease(upload.id, runnerId).catch(() => false))) {
    running.delete(upload.id);
    return;
  }
  const current = await records.load(upload.id);
  const done = current?.job?.outcomes ?? new Map<number, RowOutcome>();
  const queue = upload.rows.flatMap((row) => (row.input && !done.has(row.line) ? [{ line: row.line, input: row.input }] : []));
  // Not the request's clients: those stop when the browser's request ends, and this outlives it;
  // nobody waits on it either, so no budget, only each call's own time limit and the breakers.
  const api = upstreams({ log: access.log, budget: UNBOUNDED }, { bankToken: access.data.bankToken, productJwt: access.data.productJwt });
  let held = true;
  const renew = setInterval(() => {
    void records.lease(upload.id, runnerId).then(
      (kept) => (held &&= kept),
      () => (held = false),
    );
  }, LEASE_RENEW_MS);
  renew.unref();
  const worker = async () => {
    for (let row = queue.shift(); row && held; row = queue.shift()) {
      let outcome: RowOutcome;
      try {
        await api.recipients.createBackoffice(toRecipientData(row.input), `${upload.id}:${row.line}`);
        outcome = { state: "registered" };
      } catch (error) {
        outcome = { state: "failed", reason: recipientRejection(error) ?? "generic" };
      }
      await records.record(upload.id, row.line, outcome);
    }
  };
  void Promise.all(Array.from({ length: CONCURRENCY }, worker))
    .then(async () => {
      if (!held) return;
      await records.finish(upload.id);
      await records.release(upload.id, runnerId);
      const job = (await records.load(upload.id))?.job;
      access.log.info(
        { event: "recipient_upload_registered", total: job?.total, registered: job?.registered, failed: job?.failed },
        "recipient upload registered",
      );
    })
    .catch((error: unknown) => {
      access.log.error({ err: error instanceof Error ? error.message : String(error) }, "recipient upload registration stopped");
    })
    .finally(() => {
      clearInterval(renew);
      running.delete(upload.id);
    });
}
