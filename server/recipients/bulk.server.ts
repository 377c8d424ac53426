import type { Redis } from "ioredis";

import type { RowResult } from "#core/domain/recipient-rows";

import { getConfig } from "../config.server";
import type { Batch, BatchJob, BatchKind, BatchRecords } from "../jobs/batch-jobs.server";
import { batchProcessor, batchStore, defaultBatchRecords, MemoryBatchRecords, RedisBatchRecords } from "../jobs/batch-jobs.server";
import { registerJobProcessor } from "../jobs/job-queue.server";
import type { AccessContext } from "../session/auth.server";
import { sharedRedis } from "../shared-redis.server";
import { recipientRejection, toRecipientData } from "./register.server";

/**
 * The recipients' bulk upload between its steps (SPEC §2 /destinatarios-alta-multiple): the
 * checked rows of an upload, kept for the preview, and the registration of the valid ones as a
 * job of the portal's one job mechanism (server/jobs, docs/decisions/041 and 062).
 */
export type RowOutcome =
  | { state: "registered" }
  | { state: "failed"; reason: "duplicateAlias" | "bankFormat" | "iban" | "account" | "generic" }
  /** Never sent: the member's session ended (logout, expiry) before the row's turn (docs/decisions/067). */
  | { state: "notSent" };

const STATES = ["registered", "failed", "notSent"] as const;

/** A registration's progress as read at one moment. */
export type RegistrationJob = BatchJob<RowOutcome>;
export type Upload = Batch<RowResult, RowOutcome>;
export type UploadRecords = BatchRecords<RowResult, RowOutcome>;

export class MemoryUploadRecords extends MemoryBatchRecords<RowResult, RowOutcome> {
  constructor() {
    super(STATES);
  }
}

export class RedisUploadRecords extends RedisBatchRecords<RowResult, RowOutcome> {
  constructor(redis: Redis, secret: string, prefix = "portal:upload") {
    super(redis, secret, prefix, STATES);
  }
}

/** One keyed POST per row, so a repeat (a second 'Registrar', a take-over) never creates a second recipient. */
export const recipientUploadKind: BatchKind<RowResult, RowOutcome> = {
  name: "recipient-upload",
  runnable: (row) => row.input !== null,
  lineOf: (row) => row.line,
  concurrency: 4,
  notSent: { state: "notSent" },
  finishedEvent: "recipient_upload_registered",
  async run({ api, batchId }, row) {
    try {
      await api.recipients.createBackoffice(toRecipientData(row.input!), `${batchId}:${row.line}`);
      return { state: "registered" };
    } catch (error) {
      return { state: "failed", reason: recipientRejection(error) ?? "generic" };
    }
  },
};

const defaultRecords = () =>
  defaultBatchRecords<RowResult, RowOutcome>("recipient-uploads", "portal:upload", STATES, sharedRedis(), getConfig().SESSION_SECRET);

// Whichever instance's worker picks a registration up runs it with these records (decision 067).
registerJobProcessor(recipientUploadKind.name, (data, control) => batchProcessor(recipientUploadKind, defaultRecords())(data, control));

export function uploadStore(records: UploadRecords = defaultRecords(), options: Parameters<typeof batchStore>[2] = {}) {
  const store = batchStore(recipientUploadKind, records, options);
  return {
    add: store.add,
    get: store.get,
    /** Registers the upload's valid rows in the background; the job's counters show the progress. */
    startRegistration: (access: AccessContext, upload: Upload) => store.start(access, upload),
  };
}
