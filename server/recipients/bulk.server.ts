import crypto from "node:crypto";

import type { RowResult } from "#core/domain/recipient-rows";

import { singleton } from "../lifecycle.server";
import type { AccessContext } from "../session/auth.server";
import { UNBOUNDED } from "../upstream/budget";
import { upstreams } from "../upstream/index.server";
import { recipientRejection, toRecipientData } from "./register.server";

/**
 * The bulk upload between its steps (SPEC §2 /destinatarios-alta-multiple): the checked rows of
 * an upload, kept for the preview, and the registration of the valid ones running in the
 * background with its progress. Kept in this process for 30 minutes (docs/decisions/008: with
 * several instances, uploads need sticky sessions).
 */
export type RowOutcome =
  | { state: "registered" }
  | { state: "failed"; reason: "duplicateAlias" | "bankFormat" | "iban" | "account" | "generic" };

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

const ownerOf = (access: AccessContext) => `${access.data.memberId}|${access.company.clientId}`;

class UploadStore {
  private readonly uploads = new Map<string, Upload>();

  add(access: AccessContext, fileName: string, rows: RowResult[]): Upload {
    this.sweep();
    const upload: Upload = { id: crypto.randomUUID(), owner: ownerOf(access), fileName, createdAt: Date.now(), rows, job: null };
    this.uploads.set(upload.id, upload);
    return upload;
  }

  /** The caller's upload, or null (expired, unknown, or someone else's). */
  get(access: AccessContext, id: string): Upload | null {
    this.sweep();
    const upload = this.uploads.get(id);
    return upload && upload.owner === ownerOf(access) ? upload : null;
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

export const uploadStore = () => singleton("recipient-uploads", () => new UploadStore());

/**
 * Registers the upload's valid rows with the back office (one keyed POST per row, so a repeat
 * never creates a second recipient) and returns at once; the job's counters show the progress.
 * Starting twice is harmless: the running job is kept.
 */
export function startRegistration(access: AccessContext, upload: Upload): RegistrationJob {
  if (upload.job) return upload.job;
  const valid = upload.rows.flatMap((row) => (row.input ? [{ line: row.line, input: row.input }] : []));
  const job: RegistrationJob = {
    total: valid.length,
    done: 0,
    registered: 0,
    failed: 0,
    finished: valid.length === 0,
    outcomes: new Map(),
  };
  upload.job = job;
  // Not the request's clients: those stop when the browser's request ends, and this outlives it;
  // nobody waits on it either, so no budget, only each call's own time limit and the breakers.
  const api = upstreams({ log: access.log, budget: UNBOUNDED }, { bankToken: access.data.bankToken, productJwt: access.data.productJwt });
  const queue = [...valid];
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      try {
        await api.recipients.createBackoffice(toRecipientData(row.input), `${upload.id}:${row.line}`);
        job.outcomes.set(row.line, { state: "registered" });
        job.registered += 1;
      } catch (error) {
        const rejection = recipientRejection(error);
        job.outcomes.set(row.line, { state: "failed", reason: rejection ?? "generic" });
        job.failed += 1;
      }
      job.done += 1;
    }
  };
  void Promise.all(Array.from({ length: CONCURRENCY }, worker)).then(() => {
    job.finished = true;
    access.log.info(
      { event: "recipient_upload_registered", total: job.total, registered: job.registered, failed: job.failed },
      "recipient upload registered",
    );
  });
  return job;
}
