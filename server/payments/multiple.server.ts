import crypto from "node:crypto";

import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";

import { splitChallengeMessage } from "#core/domain/challenge";
import { canSendInternational } from "#core/domain/membership";
import type { BatchContext, PaymentRow } from "#core/domain/multiple-payment";
import { paymentUploadSchema, readPaymentRows, totalsByAccount, totalsByCurrency } from "#core/domain/multiple-payment";
import type { BatchRowResult, RowStatus } from "#core/domain/payment-batch";
import { fileState, maySignPayments, rowStatus } from "#core/domain/payment-batch";
import { canSendToRecipients } from "#core/domain/permissions";
import { backofficeName, isPayable, paymentRefText } from "#core/domain/recipients";

import { getConfig } from "../config.server";
import type { Batch, BatchJob, BatchKind, BatchRecords } from "../jobs/batch-jobs.server";
import { batchProcessor, batchStore, defaultBatchRecords } from "../jobs/batch-jobs.server";
import { registerJobProcessor } from "../jobs/job-queue.server";
import type { AccessContext } from "../session/auth.server";
import { membershipIdOrNull } from "../session/membership.server";
import { currentActor } from "../session/permissions.server";
import { isSpecialRuleCompany } from "../session/shell.server";
import { sharedRedis } from "../shared-redis.server";
import type { SpreadsheetError } from "../uploads/spreadsheet.server";
import { readSpreadsheet } from "../uploads/spreadsheet.server";
import { readUploadForm } from "../uploads/upload-form.server";
import type { OperationBatch } from "../upstream/batches.server";
import { UNBOUNDED } from "../upstream/budget";
import { cached } from "../upstream/cache.server";
import { isUpstreamError } from "../upstream/errors";
import { warnUpstreamFailure } from "../upstream/failure-log.server";
import { notificationsFor } from "../upstream/notifications.server";
import { optional } from "../upstream/optional.server";
import type { SetOperationBody } from "../upstream/trading.server";
import { wireRecipient } from "../upstream/trading.server";

/**
 * The multiple payment (SPEC §2 /pago-multiple, §3 Multiple payment row; docs/decisions/062): an
 * uploaded file checked row by row, kept for the preview, and its valid rows registered as one
 * transfer each by a job of the portal's one job mechanism. Each row's POST /setoperation carries
 * a key derived from the upload and the row, so a second 'Registrar', a refresh, another
 * instance or a take-over never creates a second operation.
 */
export type PaymentOutcome =
  /** Registered; the money moves once the member signs the file's batch with their token (decision 093). */
  | { state: "registered"; operationId: string }
  /** Registered for an administrator to approve (§4 'Por aprobar'). */
  | { state: "approval"; operationId: string }
  | { state: "failed"; reason: "funds" | "forbidden" | "recipient" | "generic" }
  /** Timed out: the operation may exist; it is never sent again blindly, the history tells. */
  | { state: "unknown" }
  /** Never sent: the member's session ended (logout, expiry) before the row's turn (docs/decisions/067). */
  | { state: "notSent" };

const STATES = ["registered", "approval", "failed", "unknown", "notSent"] as const;

export type PaymentBatch = Batch<PaymentRow, PaymentOutcome>;
export type PaymentJob = BatchJob<PaymentOutcome>;

/** A UUID-shaped SHA-256 of a text: the same key for the same text on every instance and every run. */
function digestKey(text: string): string {
  const hex = crypto.createHash("sha256").update(text).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The row's Idempotency-Key: a UUID-shaped digest of the upload and the line, the same on every
 * instance and every run, different for every row and every upload.
 */
export function rowIdempotencyKey(uploadId: string, line: number): string {
  return digestKey(`pago-multiple|${uploadId}|${line}`);
}

/**
 * The Idempotency-Key of the file's batch at the bank (decision 093): one per upload, so a double
 * click, two tabs or two instances ask for the same batch and are answered the same challenge.
 */
export function authorisationKey(uploadId: string): string {
  return digestKey(`pago-multiple-autorizacion|${uploadId}`);
}

/** The single transfer's body (server/trading/submit.server.ts) for one checked row. */
export function rowOperationBody(row: PaymentRow): SetOperationBody {
  const input = row.input!;
  const amount = Number(input.amount);
  return {
    operation: "transfer",
    pair: "",
    amount,
    amountOrigin: amount,
    amountDestiny: amount,
    total: amount,
    margin: "0",
    exchangeRate: 1,
    accountOrigin: { idCuenta: input.originId, idDivisa: input.currency },
    accountDestiny: null,
    recipient: wireRecipient(input.recipientId),
    concept: input.reasonId,
    conceptString: input.reason,
    aditionalInformation: input.detail,
    priceObject: null,
    calculatePlace: "left",
  };
}

export const paymentKind: BatchKind<PaymentRow, PaymentOutcome> = {
  name: "multiple-payment",
  runnable: (row) => row.input !== null,
  lineOf: (row) => row.line,
  // A bounded number of /setoperation calls in flight: the bank books each one.
  concurrency: 4,
  notSent: { state: "notSent" },
  finishedEvent: "multiple_payment_registered",
  async run({ api, log, batchId }, row) {
    try {
      const created = await api.trading.setOperation(rowOperationBody(row), rowIdempotencyKey(batchId, row.line));
      if (created.requires_admin_approval || !created.uri) return { state: "approval", operationId: created.id };
      return { state: "registered", operationId: created.id };
    } catch (error) {
      if (!isUpstreamError(error)) {
        log.error({ event: "multiple_payment_row_failed", err: error instanceof Error ? error.message : String(error) }, "row failed");
        return { state: "failed", reason: "generic" };
      }
      if (error.failure === "timeout" || error.failure === "network") return { state: "unknown" };
      if (error.details.code === "IDEMPOTENCY_KEY_IN_FLIGHT") return { state: "unknown" };
      if (error.status === 403) return { state: "failed", reason: "forbidden" };
      if (error.details.code === "INSUFFICIENT_FUNDS") return { state: "failed", reason: "funds" };
      if (error.details.code === "RECIPIENT_NOT_AUTHORIZED" || error.details.code === "RECIPIENT_NOT_FOUND") {
        return { state: "failed", reason: "recipient" };
      }
      log.warn({ event: "multiple_payment_row_refused", status: error.status, code: error.details.code }, "row refused");
      return { state: "failed", reason: "generic" };
    }
  },
  /**
   * The rows waiting for approval go to the administrators as one file: a batch at the bank that an
   * administrator approves and signs with one token (decision 093); and, §7, the administrators hear
   * once. A failure of either is logged only: the rows still wait, and can be approved one by one.
   */
  async onFinished({ api, owner, log, batchId, fileName }, job) {
    const waiting = [...job.outcomes]
      .sort(([a], [b]) => a - b)
      .flatMap(([, outcome]) => (outcome.state === "approval" ? [outcome.operationId] : []));
    if (waiting.length === 0) return;
    const failure = (event: string, message: string) => (error: unknown) =>
      log.warn({ event, failure: isUpstreamError(error) ? error.failure : "unknown" }, message);
    await api.batches
      .create({ operationIds: waiting, reference: batchId, fileName }, authorisationKey(batchId))
      .catch(failure("approval_batch_failed", "file not handed to the administrators"));
    const { name, firstLastName } = owner.data.user;
    await notificationsFor({ log, budget: UNBOUNDED }, owner.data.productJwt)
      .operationsToBeApproved({ id: waiting[0], name: [name, firstLastName].filter(Boolean).join(" "), count: waiting.length })
      .catch(failure("approval_notice_failed", "approval notice not sent"));
  },
};

const defaultRecords = () =>
  defaultBatchRecords<PaymentRow, PaymentOutcome>(
    "multiple-payments",
    "portal:payments",
    STATES,
    sharedRedis(),
    getConfig().SESSION_SECRET,
  );

// Whichever instance's worker picks a multiple payment up runs it with these records (decision 067).
registerJobProcessor(paymentKind.name, (data, control) => batchProcessor(paymentKind, defaultRecords())(data, control));

export function paymentStore(
  records: BatchRecords<PaymentRow, PaymentOutcome> = defaultRecords(),
  options: Parameters<typeof batchStore>[2] = {},
) {
  return batchStore(paymentKind, records, options);
}

/** What the rows are checked against: the company's accounts, its recipients, the reasons and the member's permission, read fresh. */
export async function batchContext(access: AccessContext): Promise<BatchContext> {
  const special = isSpecialRuleCompany(access.company.clientId);
  const [actor, membershipId, accounts, recipients, members, backoffice, reasons] = await Promise.all([
    currentActor(access),
    membershipIdOrNull(access),
    access.api.partner.getAccounts(),
    // §6: the special-rule company has no recipients to pay.
    special ? Promise.resolve([]) : access.api.partner.getRecipients(),
    special
      ? Promise.resolve([])
      : optional(access.api.trading.memberRecipients(), [], { log: access.log, event: "member_recipients_unavailable" }),
    // Without the back office, a row to one of its recipients reads as an unknown account.
    special
      ? Promise.resolve([])
      : optional(access.api.recipients.pendingBackoffice(), [], { log: access.log, event: "backoffice_recipients_unavailable" }),
    cached("conceptpays", () => access.api.product.conceptPays()),
  ]);
  const aliases = new Map(members.map((member) => [member.idRecipient, member.alias]));
  return {
    accounts: accounts.map((account) => ({
      idAccount: account.idAccount,
      clabe: account.clabe,
      currency: account.currency,
      balance: account.balance,
      alias: account.alias,
    })),
    recipients: [
      ...recipients.map((recipient) => ({
        id: recipient.idRecipient,
        account: recipient.account,
        currency: recipient.idCurrency,
        status: recipient.status.id,
        name: aliases.get(recipient.idRecipient)?.trim() || recipient.alias?.trim() || recipient.fullName,
        national: recipient.typeOriginPerson === "NACIONAL",
      })),
      // After the bank's, so an account both know is paid to the bank's recipient.
      ...backoffice
        .filter((record) => isPayable({ source: "BO", status: record.status }))
        .map((record) => ({
          id: paymentRefText({ source: "BO", id: record.id }),
          account: record.accountClabe,
          currency: record.currency,
          // §4 treats a back-office recipient as authorized (decision 097).
          status: 2,
          name: record.alias?.trim() || backofficeName(record),
          national: record.recipientType.endsWith("n"),
        })),
    ],
    reasons: reasons.map((reason) => ({ id: reason.IdPayConcept, label: reason.concept })),
    mayPayRecipients: canSendToRecipients(actor),
    mayPayInternational: canSendInternational(membershipId),
  };
}

export type PaymentRefusal = SpreadsheetError | "empty" | "columns" | "unavailable";

export type CheckedPayments =
  | { kind: "checked"; uploadId: string }
  | { kind: "invalid"; result: SubmissionResult<string[]> }
  | { kind: "tooLarge" }
  | { kind: "refused"; reason: PaymentRefusal; missing: string[] };

/**
 * An uploaded payment file, checked in the recipients' layers (ARCHITECTURE "Untrusted files"):
 * the body's size while it streams, the form, the type by content, the parse in a limited
 * worker, then every row against the company's data. The checked rows are kept for the preview.
 */
export async function checkPaymentUpload(access: AccessContext, request: Request, log: AppLoadContext["log"]): Promise<CheckedPayments> {
  const body = await readUploadForm(request);
  if (!body.ok) return { kind: "tooLarge" };
  const submission = parseWithZod(body.form, { schema: paymentUploadSchema });
  if (submission.status !== "success" || !body.file) return { kind: "invalid", result: submission.reply({ hideFields: ["archivo"] }) };

  const started = performance.now();
  const sheet = await readSpreadsheet(body.file, undefined, { csv: true });
  const parseMs = Math.round(performance.now() - started);
  if (!sheet.ok) {
    log.warn(
      { event: "payment_upload_refused", reason: sheet.error, bytes: body.file.bytes.byteLength, parseMs },
      "payment upload refused",
    );
    return { kind: "refused", reason: sheet.error, missing: [] };
  }
  let context: BatchContext;
  try {
    context = await batchContext(access);
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    warnUpstreamFailure(log, error, { event: "payment_upload_context_unavailable", failure: error.failure }, "payment upload not checked");
    return { kind: "refused", reason: "unavailable", missing: [] };
  }
  const read = readPaymentRows(sheet.rows, context);
  if (!read.ok) return { kind: "refused", reason: read.error, missing: read.missing ?? [] };
  const upload = await paymentStore().add(access, body.file.name, read.rows);
  log.info(
    {
      event: "payment_upload_checked",
      rows: read.rows.length,
      invalid: read.rows.filter((row) => !row.input).length,
      bytes: body.file.bytes.byteLength,
      parseMs,
    },
    "payment upload checked",
  );
  return { kind: "checked", uploadId: upload.id };
}

/**
 * 'Registrar solo los pagos válidos': the member's permission is read again (it may have changed
 * since the preview), then the job is enqueued once. Null when the upload is gone or not theirs.
 */
export async function registerPayments(access: AccessContext, uploadId: string): Promise<"started" | "forbidden" | null> {
  const store = paymentStore();
  const upload = await store.get(access, uploadId);
  if (!upload) return null;
  if (!upload.job && !canSendToRecipients(await currentActor(access))) return "forbidden";
  await store.start(access, upload);
  return "started";
}

const PREVIEW_PAGE = 100;

/** One row as the preview shows it: never the full account numbers. */
export interface PaymentPreviewRow {
  line: number;
  recipient: string;
  last4: string;
  origin: string;
  currency: string;
  amount: string;
  reason: string;
  errors: Array<{ column: string; message: string }>;
  /** What became of it: registration, then the file's signed batch (core/domain/payment-batch.ts). */
  status: RowStatus;
  operationId: string | null;
  /** Why registration refused it. */
  failure: Extract<PaymentOutcome, { state: "failed" }>["reason"] | null;
}

const last4 = (value: string | undefined) => {
  const plain = (value ?? "").replace(/[\s-]/g, "");
  return /^\d{4,}$/.test(plain) ? plain.slice(-4) : "";
};

/** The bank's word on each of a file's operations, by operation id. */
export type BatchResults = ReadonlyMap<string, BatchRowResult>;

export function batchResults(batch: OperationBatch | null): BatchResults {
  return new Map((batch?.operations ?? []).map((row) => [row.id, { result: row.result, reason: row.reason }]));
}

/** A row's status and operation: its job outcome, then what the signed batch did to it. */
export function rowView(upload: PaymentBatch, row: PaymentRow, results: BatchResults) {
  const outcome = upload.job?.outcomes.get(row.line) ?? null;
  const operationId = outcome && "operationId" in outcome ? outcome.operationId : null;
  return {
    status: rowStatus({
      valid: row.input !== null,
      registering: Boolean(upload.job),
      registration: outcome?.state ?? null,
      batch: operationId ? (results.get(operationId) ?? null) : null,
    }),
    operationId,
    failure: outcome?.state === "failed" ? outcome.reason : null,
  };
}

function previewRows(upload: PaymentBatch, rows: PaymentRow[], results: BatchResults): PaymentPreviewRow[] {
  return rows.map((row) => ({
    line: row.line,
    recipient: row.values.destiny ?? "",
    last4: last4(row.values.destiny_account),
    origin: row.values.source ?? (last4(row.values.source_account) ? `•••• ${last4(row.values.source_account)}` : ""),
    currency: row.input?.currency ?? (row.values.currency ?? "").toUpperCase().slice(0, 3),
    amount: row.input?.amount ?? (row.values.amount ?? "").slice(0, 20),
    // What the bank will be told (decision 095), not the file's own words beside the id.
    reason: row.input?.reason ?? row.values.reason_payment ?? row.values.reason_payment_id ?? "",
    errors: row.errors,
    ...rowView(upload, row, results),
  }));
}

/** The bank's batch of an upload (its newest), null when there is none, "unavailable" when the bank cannot say. */
export async function fileBatchOf(access: AccessContext, uploadId: string): Promise<OperationBatch | null | "unavailable"> {
  try {
    const [newest] = await access.api.batches.list({ reference: uploadId });
    return newest ?? null;
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    access.log.warn({ event: "payment_batch_unavailable", failure: error.failure }, "file's batch not read");
    return "unavailable";
  }
}

/**
 * The file's batch at the bank once registration is done and some row waits (null before, or when
 * nothing waits); "unavailable" when the bank cannot be read: the page then never says money moved.
 */
async function batchOfUpload(access: AccessContext, upload: PaymentBatch): Promise<OperationBatch | null | "unavailable"> {
  const job = upload.job;
  if (!job?.finished || job.registered + job.approval === 0) return null;
  return fileBatchOf(access, upload.id);
}

/**
 * What /pago-multiple shows for `?carga=<id>`: the checked rows a page at a time (`pagina`,
 * `errores=1`) with the totals per currency and origin account; once registration started, the
 * job's progress; once it ended, the file's state (amber until the token signs it, green only
 * when the money was sent), the 'Autorizar' form and each row's outcome. `expired` when the
 * upload is gone.
 */
export async function paymentPage(access: AccessContext, url: URL) {
  const id = url.searchParams.get("carga");
  const upload = id ? await paymentStore().get(access, id) : null;
  if (!upload) return { expired: Boolean(id), upload: null };
  const onlyErrors = url.searchParams.get("errores") === "1";
  const rows = onlyErrors ? upload.rows.filter((row) => !row.input) : upload.rows;
  const pages = Math.max(1, Math.ceil(rows.length / PREVIEW_PAGE));
  const page = Math.min(Math.max(1, Number(url.searchParams.get("pagina")) || 1), pages);
  const shown = rows.slice((page - 1) * PREVIEW_PAGE, page * PREVIEW_PAGE);
  const job = upload.job;
  const [bank, actor] = await Promise.all([
    batchOfUpload(access, upload),
    job?.finished && job.registered > 0 ? currentActor(access) : null,
  ]);
  const batch = bank === "unavailable" ? null : bank;
  const results = batchResults(batch);
  const sent = batch?.summary?.sent ?? 0;
  const state = job
    ? fileState({
        finished: job.finished,
        total: job.total,
        registered: job.registered,
        approval: job.approval,
        batch: batch && { status: batch.status, sent },
      })
    : null;
  // What 'Autorizar' signs: the registered rows, with their totals per currency.
  const waiting = upload.rows.filter((row) => rowView(upload, row, results).status === "toAuthorise");
  return {
    expired: false,
    upload: {
      id: upload.id,
      fileName: upload.fileName,
      total: upload.rows.length,
      valid: upload.rows.filter((row) => row.input).length,
      byCurrency: totalsByCurrency(upload.rows),
      byAccount: totalsByAccount(upload.rows),
      rows: previewRows(upload, shown, results),
      page,
      pages,
      from: rows.length ? (page - 1) * PREVIEW_PAGE + 1 : 0,
      to: (page - 1) * PREVIEW_PAGE + shown.length,
      filtered: rows.length,
      onlyErrors,
      job: job
        ? {
            total: job.total,
            done: job.done,
            registered: job.registered,
            approval: job.approval,
            failed: job.failed,
            unknown: job.unknown,
            notSent: job.notSent,
            finished: job.finished,
          }
        : null,
      state,
      batch:
        bank === "unavailable"
          ? { unavailable: true as const }
          : batch && {
              unavailable: false as const,
              status: batch.status,
              summary: batch.summary,
              failure: batch.result && batch.result.res !== "0" ? splitChallengeMessage(batch.result.msg) : null,
            },
      authorise:
        state === "toAuthorise" && waiting.length > 0 && bank !== "unavailable"
          ? {
              count: waiting.length,
              totals: totalsByCurrency(waiting),
              idempotencyKey: authorisationKey(upload.id),
              allowed: actor !== null && maySignPayments(actor),
            }
          : null,
    },
  };
}
