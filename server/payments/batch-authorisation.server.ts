import crypto from "node:crypto";

import { json, redirect } from "@remix-run/node";
import { z } from "zod";

import type { AccountView } from "#core/domain/accounts";
import { splitChallengeMessage } from "#core/domain/challenge";
import { factsOf, phaseOf } from "#core/domain/operation-lifecycle";
import { fileState, maySignPayments, rowStatus } from "#core/domain/payment-batch";
import { catalogueText, type HelpTarget, type HelpTopic, serverMessageHelp } from "#core/domain/server-messages";
import historyTexts from "#core/locales/es-MX/history.json";
import texts from "#core/locales/es-MX/multiple-payment.json";
import transactionTexts from "#core/locales/es-MX/transaction.json";

import { getConfig } from "../config.server";
import { once } from "../idempotency.server";
import { accessKey, retryAfterHeaders, takeRate, tooManyText } from "../rate-limit.server";
import type { AccessContext } from "../session/auth.server";
import { newToast, redirectWithToast } from "../session/auth.server";
import { currentActor } from "../session/permissions.server";
import { companyAccounts } from "../trading/accounts.server";
import type { OperationBatch } from "../upstream/batches.server";
import { errorCatalogue, reportFailure } from "../upstream/error-reporting.server";
import { isUpstreamError } from "../upstream/errors";
import type { HistoryOperation } from "../upstream/operations.server";
import { optional } from "../upstream/optional.server";
import { authorisationKey, paymentStore } from "./multiple.server";
import { accountLabel } from "./recurring.server";

const SPANISH_LIST = new Intl.ListFormat("es-MX", { style: "long", type: "conjunction" });

/**
 * The accounts a file's payments leave, as 'Mis cuentas' names them ("Concentradora Bajío •••• 0014 y
 * Proveedores Asia USD •••• 7788"; masked ids when the accounts could not be read); null when the bank
 * did not say.
 */
function paysFrom(batch: OperationBatch, views: readonly AccountView[] | null): string | null {
  const origins = [...new Set(batch.operations.flatMap((row) => (row.accountOrigin ? [row.accountOrigin.idCuenta] : [])))];
  return origins.length === 0 ? null : SPANISH_LIST.format(origins.map((idAccount) => accountLabel(idAccount, views)));
}

/**
 * One signature for a file of payments (decision 093): the file's registered operations
 * become one batch at the bank, signed with one token on the bank's page, and its one result comes
 * back through /transaction. The app keeps nothing of its own: the batch is the bank's, found by
 * the upload's id (its `reference`), and its key is derived from the upload, so a double click, two
 * tabs or two instances ask for the same batch and get the same challenge.
 */

/** Why a batch could not be made or approved, as the screens word it (`multiplePayment:authorise.problems`). */
export type AuthoriseProblem = "notWaiting" | "inBatch" | "alreadyApproved" | "stale" | "reused" | "nothing" | "upstream";

export type AuthoriseOutcome =
  | { kind: "challenge"; url: string }
  /** The batch waits for an administrator (a member who only loads operations). */
  | { kind: "approval" }
  | { kind: "unknown" }
  | { kind: "limited"; wait: number }
  | { kind: "notFound" }
  | { kind: "forbidden" }
  | { kind: "help"; topic: HelpTopic; target: HelpTarget }
  | { kind: "refused"; problem: AuthoriseProblem };

const KEEP = (outcome: AuthoriseOutcome) => outcome.kind === "challenge" || outcome.kind === "approval";

/** Maps the bank's refusal of a batch call; a timeout is an unknown outcome, never sent again by us. */
async function refusalOf(access: AccessContext, error: unknown, context: string): Promise<AuthoriseOutcome> {
  if (!isUpstreamError(error)) throw error;
  if (error.failure === "timeout" || error.failure === "network") {
    access.log.warn({ event: "payment_batch_outcome_unknown", context }, "batch call outcome unknown");
    reportFailure(access, { operation: "transfer", error: `batch ${error.failure}`, context });
    return { kind: "unknown" };
  }
  const code = error.details.code;
  access.log.info({ event: "payment_batch_refused", context, status: error.status, code }, "batch call refused");
  if (error.status === 404) return { kind: "notFound" };
  if (error.status === 403) return { kind: "forbidden" };
  if (code === "OPERATION_NOT_PENDING" || code === "BATCH_NOT_PENDING") return { kind: "refused", problem: "notWaiting" };
  if (code === "OPERATION_IN_BATCH" || code === "IDEMPOTENCY_KEY_IN_FLIGHT") return { kind: "refused", problem: "inBatch" };
  if (code === "ALREADY_APPROVED") return { kind: "refused", problem: "alreadyApproved" };
  if (code === "IDEMPOTENCY_KEY_REUSED") return { kind: "refused", problem: "reused" };
  const catalogue = code ? await errorCatalogue(access) : null;
  const help = serverMessageHelp(catalogueText(catalogue, code, error.details.upstreamMessage ?? ""));
  if (help) return { kind: "help", ...help };
  return { kind: "refused", problem: "upstream" };
}

const toChallenge = (batch: OperationBatch): AuthoriseOutcome =>
  batch.uri
    ? { kind: "challenge", url: batch.uri }
    : batch.status === "awaitingApproval"
      ? { kind: "approval" }
      : { kind: "refused", problem: "notWaiting" };

/** One call per key reaches the bank, with the money rate limit; the outcome answers every duplicate. */
async function onceFor(
  access: AccessContext,
  key: string,
  fingerprint: string,
  send: () => Promise<OperationBatch>,
  context: string,
): Promise<AuthoriseOutcome> {
  const sent = await once<AuthoriseOutcome>({
    scope: `payment-batch|${access.data.memberId}|${access.data.companyId}|${key}`,
    fingerprint,
    work: async () => {
      const wait = await takeRate("money", accessKey(access));
      if (wait !== null) return { kind: "limited", wait };
      try {
        const batch = await send();
        access.log.info(
          { event: "payment_batch_ready", context, batch: batch.id, count: batch.count, status: batch.status },
          "batch ready",
        );
        return toChallenge(batch);
      } catch (error) {
        return refusalOf(access, error, context);
      }
    },
    keep: KEEP,
  });
  if (sent.kind === "reused") return { kind: "refused", problem: "reused" };
  if (sent.kind === "pending") return { kind: "unknown" };
  return sent.outcome;
}

/**
 * 'Autorizar N pagos' of an upload: the member may sign (fresh, §6), the form's key is the upload's
 * own, and the file's registered operations become one batch whose challenge the browser follows.
 */
export async function authoriseFile(access: AccessContext, uploadId: string, formKey: string): Promise<AuthoriseOutcome> {
  const upload = await paymentStore().get(access, uploadId);
  if (!upload) return { kind: "notFound" };
  if (!maySignPayments(await currentActor(access))) return { kind: "forbidden" };
  const key = authorisationKey(upload.id);
  if (formKey !== key) return { kind: "refused", problem: "stale" };
  const job = upload.job;
  const ids = job?.finished
    ? [...job.outcomes].sort(([a], [b]) => a - b).flatMap(([, outcome]) => (outcome.state === "registered" ? [outcome.operationId] : []))
    : [];
  if (ids.length === 0) return { kind: "refused", problem: "nothing" };
  return onceFor(
    access,
    key,
    `file|${upload.id}|${ids.join(",")}`,
    () => access.api.batches.create({ operationIds: ids, reference: upload.id, fileName: upload.fileName }, key),
    "file",
  );
}

/**
 * 'Autorizar con mi token' in an operation's drawer: the challenge of the live batch it is part of
 * (its file), or a batch of this one operation.
 */
export async function authoriseOperation(access: AccessContext, operationId: string, formKey: string): Promise<AuthoriseOutcome> {
  if (!maySignPayments(await currentActor(access))) return { kind: "forbidden" };
  let live: OperationBatch | undefined;
  try {
    const found = await access.api.batches.list({ operationId });
    live = found.find((batch) => batch.status !== "processed");
  } catch (error) {
    return refusalOf(access, error, "operation");
  }
  if (live) return toChallenge(live);
  const outcome = await onceFor(
    access,
    formKey,
    `operation|${operationId}`,
    () => access.api.batches.create({ operationIds: [operationId] }, formKey),
    "operation",
  );
  if (outcome.kind !== "refused" || outcome.problem !== "inBatch") return outcome;
  // Another drawer made its batch at the same moment: that one's challenge is this one's too.
  const raced = await access.api.batches.list({ operationId }).catch(() => []);
  const held = raced.find((batch) => batch.status !== "processed");
  return held ? toChallenge(held) : outcome;
}

/** An administrator's 'Aprobar y autorizar' of a collaborator's file: approve it, then its challenge. */
export async function approveFile(access: AccessContext, batchId: string, formKey: string): Promise<AuthoriseOutcome> {
  return onceFor(access, formKey, `approve|${batchId}`, () => access.api.batches.approve(batchId, formKey), "approval");
}

/**
 * Collaborators' files that wait for this administrator (to approve, or approved by them and not
 * yet signed), each with a fresh key for its form; null when the bank cannot be read.
 */
export async function filesToApprove(access: AccessContext) {
  try {
    const [waiting, pending, accounts] = await Promise.all([
      access.api.batches.list({ status: "awaitingApproval" }),
      access.api.batches.list({ status: "pending" }),
      optional(companyAccounts(access), null, { log: access.log, event: "accounts_unavailable" }),
    ]);
    const views = accounts?.views ?? null;
    return [...waiting, ...pending.filter((batch) => batch.approvedBy?.memberId === access.data.memberId)]
      .sort((a, b) => Number(a.id) - Number(b.id))
      .map((batch) => ({
        id: batch.id,
        fileName: batch.fileName,
        from: paysFrom(batch, views),
        loadedBy: batch.createdBy.completeName,
        count: batch.count,
        totals: batch.totals.map((total) => ({ currency: total.currency, total: total.total.toFixed(2) })),
        operationIds: batch.operations.map((row) => row.id),
        idempotencyKey: crypto.randomUUID(),
      }));
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    access.log.warn({ event: "approval_files_unavailable", failure: error.failure }, "files to approve not read");
    return null;
  }
}

/** Where a signed batch's result is read: its file's page when the member has it, else the batch's own page. */
async function resultPlace(access: AccessContext, batch: OperationBatch): Promise<string> {
  if (batch.reference && (await paymentStore().get(access, batch.reference)))
    return `/pago-multiple?carga=${encodeURIComponent(batch.reference)}`;
  if (batch.count === 1 && !batch.reference) return `/historial-operaciones/${encodeURIComponent(batch.operations[0].id)}`;
  return `/pago-multiple/autorizacion/${encodeURIComponent(batch.id)}`;
}

/** What the bank's page puts in the return address of a batch; `batch` only says which kind of result it is. */
const batchReturnSchema = z.object({
  trk: z.string().min(1).max(128),
  res: z.string().max(16).default(""),
  msg: z.string().max(500).default(""),
});

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));

/**
 * /transaction with a batch's result (the bank's page adds `batch`): recorded once at the bank
 * (a reload records nothing again and moves nothing), then the result's page with a toast. Texts
 * come from our catalogue and the result the bank recorded, never from the URL.
 */
export async function settleBatchReturn(request: Request, access: AccessContext, params: URLSearchParams): Promise<Response> {
  const parsed = batchReturnSchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) return redirect("/");
  const input = parsed.data;
  const t = texts.authorise.result;
  let batch: OperationBatch;
  try {
    batch = await access.api.batches.processChallenge({ trk: input.trk, res: input.res, msg: input.msg });
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    const refused = error.failure === "status" && (error.status ?? 500) < 500;
    access.log.error({ event: "payment_batch_result_not_recorded", refused, status: error.status }, "batch result not recorded");
    reportFailure(access, { operation: "transfer", error: `batch challenge ${error.status ?? error.failure}`, context: "batch-challenge" });
    return redirectWithToast(
      request,
      "/historial-operaciones",
      refused ? newToast("error", t.refused) : newToast("info", texts.authorise.unknown),
    );
  }
  const summary = batch.summary ?? { sent: 0, failed: 0, skipped: 0 };
  const notSent = summary.failed + summary.skipped;
  access.log.info({ event: "payment_batch_result", batch: batch.id, ...summary }, "batch result recorded");
  const place = await resultPlace(access, batch);
  if (batch.result?.res === "0") {
    const title = summary.sent === 0 ? t.none : summary.sent === 1 ? t.sent_one : fill(t.sent_other, { count: summary.sent });
    const description = notSent > 0 ? fill(notSent === 1 ? t.notSent_one : t.notSent_other, { count: notSent }) : undefined;
    return redirectWithToast(request, place, newToast(summary.sent > 0 ? "success" : "error", title, description));
  }
  // The message the bank recorded (trusted, unlike the URL's): its title and description.
  const { title, description } = splitChallengeMessage(batch.result?.msg ?? "");
  return redirectWithToast(request, place, newToast("error", t.failed, [title, description].filter(Boolean).join(". ") || undefined));
}

/** What a page shows beside its 'Autorizar' button when the bank did not give a challenge. */
export interface AuthoriseAnswer {
  /** `id`: what the refused form was about (a file's batch on the approvals page), when the page lists several. */
  authorise: { id: string | null; message: string; link: { href: string; label: string } | null };
}

type Refusal = Extract<AuthoriseOutcome, { kind: "limited" | "help" | "refused" }>;

/** What a refused 'Autorizar' says, with where to get help (§8) and its HTTP status. */
function describeRefusal(outcome: Refusal): { message: string; link: AuthoriseAnswer["authorise"]["link"]; status: number } {
  switch (outcome.kind) {
    case "limited":
      return { message: tooManyText(outcome.wait), link: null, status: 429 };
    case "help": {
      // §8's server messages with help: the catalogue's words and where to get it.
      const topic = transactionTexts.help.topics[outcome.topic];
      const config = getConfig();
      const link =
        outcome.target === "whatsapp"
          ? { href: config.CONTACT_CHAT_URL, label: transactionTexts.help.whatsapp }
          : { href: config.BANK_PORTAL_URL, label: transactionTexts.help.bank };
      return { message: `${topic.title}. ${topic.description}`, link, status: 422 };
    }
    case "refused": {
      const status = outcome.problem === "upstream" ? 502 : outcome.problem === "nothing" || outcome.problem === "stale" ? 422 : 409;
      return { message: texts.authorise.problems[outcome.problem], link: null, status };
    }
  }
}

/**
 * The answer to an 'Autorizar' post on a page: the bank's challenge (a redirect the browser
 * follows, JS or not), a toast on this page for a file handed to approval or an unknown outcome,
 * or the refusal for the page to show beside the button (its form kept).
 */
export function answerAuthorise(
  request: Request,
  outcome: AuthoriseOutcome,
  here: string,
  id: string | null = null,
): Promise<Response> | Response {
  const t = texts.authorise;
  switch (outcome.kind) {
    case "challenge":
      return redirect(outcome.url);
    case "approval":
      return redirectWithToast(request, here, newToast("info", t.approval));
    case "unknown":
      return redirectWithToast(request, here, newToast("info", t.unknown));
    case "notFound":
      throw new Response("No encontrado", { status: 404 });
    case "forbidden":
      throw new Response(t.forbidden, { status: 403 });
    default: {
      const { message, link, status } = describeRefusal(outcome);
      const headers = outcome.kind === "limited" ? retryAfterHeaders(outcome.wait) : undefined;
      return json<AuthoriseAnswer>({ authorise: { id, message, link } }, { status, headers });
    }
  }
}

/**
 * 'Autorizar con mi token' from an operation's drawer (its own resource route, so every answer is a
 * redirect: the bank's challenge, or the drawer again with a toast). The operation is read first:
 * one that no longer waits for the token is refused before anything reaches the bank.
 */
export async function authoriseFromDrawer(
  request: Request,
  access: AccessContext,
  operation: HistoryOperation,
  formKey: string,
  here: string,
): Promise<Response> {
  const t = historyTexts.notice.token;
  // One life per operation (decision 092): only an operation that waits for its token is authorised here.
  if (phaseOf(factsOf(operation)) !== "awaitingToken") {
    return redirectWithToast(request, here, newToast("error", texts.authorise.problems.notWaiting));
  }
  const outcome = await authoriseOperation(access, operation.id, formKey);
  switch (outcome.kind) {
    case "challenge":
      return redirect(outcome.url);
    case "approval":
      return redirectWithToast(request, here, newToast("info", texts.authorise.approval));
    case "unknown":
      return redirectWithToast(request, here, newToast("info", texts.authorise.unknown));
    case "notFound":
      throw new Response("Operación no encontrada", { status: 404 });
    case "forbidden":
      return redirectWithToast(request, here, newToast("error", t.forbidden));
    default:
      return redirectWithToast(request, here, newToast("error", describeRefusal(outcome).message));
  }
}

/**
 * A signed batch's own page (/pago-multiple/autorizacion/:id): what an administrator reads after
 * signing a collaborator's file, and anyone whose file's page is gone. The bank's batch, as it is.
 */
export async function batchPage(access: AccessContext, id: string) {
  if (!/^\d{1,12}$/.test(id)) throw new Response("No encontrado", { status: 404 });
  // Read together; the accounts only name where the money leaves from: without them the masked ids show.
  const [batch, accounts] = await Promise.all([
    access.api.batches.get(id).catch((error: unknown) => {
      if (isUpstreamError(error) && error.status === 404) throw new Response("No encontrado", { status: 404 });
      throw error;
    }),
    optional(companyAccounts(access), null, { log: access.log, event: "accounts_unavailable" }),
  ]);
  const views = accounts?.views ?? null;
  const awaiting = batch.status === "awaitingApproval";
  const sent = batch.summary?.sent ?? 0;
  return {
    id: batch.id,
    fileName: batch.fileName,
    count: batch.count,
    totals: batch.totals.map((total) => ({ currency: total.currency, count: total.count, total: total.total.toFixed(2) })),
    from: paysFrom(batch, views),
    loadedBy: batch.createdBy.completeName,
    approvedBy: batch.approvedBy?.completeName ?? null,
    state: fileState({
      finished: true,
      total: batch.count,
      registered: awaiting ? 0 : batch.count,
      approval: awaiting ? batch.count : 0,
      batch: { status: batch.status, sent },
    }),
    sent,
    challengeUrl: batch.uri,
    failure: batch.result && batch.result.res !== "0" ? splitChallengeMessage(batch.result.msg) : null,
    rows: batch.operations.map((row) => ({
      id: row.id,
      recipient: row.recipient,
      amount: row.amount,
      currency: row.currency,
      status: rowStatus({
        valid: true,
        registering: false,
        registration: awaiting ? "approval" : "registered",
        batch: { result: row.result, reason: row.reason },
      }),
    })),
  };
}
