import crypto from "node:crypto";

import { json, redirect } from "@remix-run/node";

import type { ApprovalDecision, DecisionAnswer, DecisionRefusal } from "#core/domain/approval";
import {
  approvalDecisionSchema,
  challengeHref,
  decisionIntent,
  decisionLifecycleRefusal,
  decisionProblem,
  DECISIONS,
  waitingForApproval,
} from "#core/domain/approval";
import type { OperationFacts } from "#core/domain/operation-lifecycle";
import { factsOf, judge, refusal } from "#core/domain/operation-lifecycle";
import type { OperationKind } from "#core/domain/operation-status";
import { catalogueText, serverMessageHelp } from "#core/domain/server-messages";
import texts from "#core/locales/es-MX/history.json";

import { notFound } from "../history/detail.server";
import type { AccountSide, AmountCard, RecipientAccount } from "../history/view";
import { operationDetail } from "../history/view";
import { once } from "../idempotency.server";
import { holdWhile, operationHoldKey } from "../operation-hold.server";
import { accessKey, retryAfterHeaders, takeRate, tooManyText } from "../rate-limit.server";
import type { AccessContext } from "../session/auth.server";
import { newToast, redirectWithToast } from "../session/auth.server";
import { companyAccounts } from "../trading/accounts.server";
import { errorCatalogue, reportFailure } from "../upstream/error-reporting.server";
import { isUpstreamError } from "../upstream/errors";
import type { HistoryOperation } from "../upstream/operations.server";
import { optional } from "../upstream/optional.server";

/**
 * The administrator's approvals (decision 060): the operations waiting for approval, and the one
 * decision handler both the approvals list and the operation drawer post to. Approving goes to the
 * bank's challenge exactly as a new operation does (the product's `uri`, back through
 * /transaction, which records the result with the administrator's own jwt); voiding leaves the
 * operation 'Anulada'. One decision per form key reaches the product; a timeout is never resent.
 */

export interface ApprovalItem {
  id: string;
  kind: OperationKind;
  createdAtText: string;
  /** Who loaded it (§2 'Operador'). */
  operator: string | null;
  origin: AccountSide;
  destination: AccountSide;
  amount: AmountCard;
  paymentReason: string | null;
  concept: string | null;
  /** The approve form's Idempotency-Key: a double click approves once. */
  idempotencyKey: string;
  /** The void form's own key (one key, one decision). */
  voidKey: string;
  /** Approved and waiting for that administrator's key: no void, and only they continue (decision 092). */
  approvedBy: ApprovedBy | null;
}

export interface ApprovedBy {
  name: string;
  byMe: boolean;
}

/** Who approved an operation that waits, as the decision shows it to the administrator looking. */
export function approvedByFor(access: AccessContext, approvedBy: { memberId: string; name: string } | null): ApprovedBy | null {
  return approvedBy ? { name: approvedBy.name, byMe: approvedBy.memberId === access.data.memberId } : null;
}

/** 'sent' operations are few by nature (an operation leaves 'sent' within minutes); 5 × 100 bounds the read. */
const PAGE_SIZE = 100;
const MAX_PAGES = 5;

async function waitingOperations(access: AccessContext): Promise<HistoryOperation[]> {
  const found: HistoryOperation[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await access.api.operations.page({ page, pageSize: PAGE_SIZE, status: "sent" });
    found.push(...waitingForApproval(answer.data));
    if (page >= answer.meta.pageCount) break;
  }
  return found;
}

/** The list, or null when the product cannot be read (the page's error state with a retry link). */
export async function loadApprovals(access: AccessContext): Promise<ApprovalItem[] | null> {
  const [operations, accounts, recipients] = await Promise.all([
    optional(waitingOperations(access), null, { log: access.log, event: "approvals_unavailable" }),
    optional(
      companyAccounts(access).then((loaded) => loaded.views),
      null,
      { log: access.log, event: "approvals_accounts_unavailable" },
    ),
    optional(
      access.api.partner
        .getRecipients()
        .then((list): RecipientAccount[] =>
          list.map((r) => ({ idRecipient: r.idRecipient, account: r.account, bankName: r.bankName, alias: r.alias })),
        ),
      null,
      { log: access.log, event: "approvals_recipients_unavailable" },
    ),
  ]);
  if (operations === null) return null;
  return operations.map((operation) => {
    const detail = operationDetail({
      operation,
      companyName: access.company.businessName,
      accounts,
      recipients,
      binnacle: [],
      settlement: null,
      receiptPdfAvailable: false,
      partnerBank: texts.receipt.partnerBank,
    });
    return {
      id: detail.id,
      kind: detail.kind,
      createdAtText: detail.createdAtText,
      operator: detail.operator,
      origin: detail.origin,
      destination: detail.destination,
      amount: detail.amount,
      paymentReason: detail.paymentReason,
      concept: detail.concept,
      idempotencyKey: crypto.randomUUID(),
      voidKey: crypto.randomUUID(),
      approvedBy: approvedByFor(access, detail.approvedBy),
    };
  });
}

type DecisionOutcome =
  | { kind: "challenge"; url: string }
  | { kind: "voided" }
  | { kind: "unknown" }
  | { kind: "limited"; wait: number }
  | { kind: "notFound" }
  | { kind: "forbidden" }
  | { kind: "refused"; refusal: DecisionRefusal };

/**
 * Holds the operation, reads it fresh, asks its lifecycle whether this decision may happen now, and
 * only then sends it: approve and void of one operation never cross, and a void never reaches the
 * bank for an operation already approved (decision 092).
 */
async function decideOnce(access: AccessContext, decision: ApprovalDecision): Promise<DecisionOutcome> {
  const held = await holdWhile(operationHoldKey(access.data.companyId, decision.id), async (): Promise<DecisionOutcome> => {
    const current = await currentFacts(access, decision.id);
    if (current.kind !== "read") return current.outcome;
    const verdict = judge(DECISIONS[decision.intent], current.facts, { memberId: access.data.memberId, administrator: true });
    if (!verdict.allowed) {
      access.log.info(
        { event: "approval_refused_by_lifecycle", operationId: decision.id, action: DECISIONS[decision.intent], refusal: verdict.refusal },
        "decision refused: the operation is no longer where it needs to be",
      );
      return { kind: "refused", refusal: { kind: "lifecycle", id: decision.id, message: verdict.message } };
    }
    return sendDecision(access, decision);
  });
  if (held.kind === "busy") {
    access.log.warn({ event: "approval_busy", operationId: decision.id }, "another decision on the operation outlasted the wait");
    return { kind: "refused", refusal: { kind: "problem", id: decision.id, problem: "busy" } };
  }
  return held.outcome;
}

/** The operation as the product has it now; a read that fails sends nothing (its state is unknown). */
async function currentFacts(
  access: AccessContext,
  id: string,
): Promise<{ kind: "read"; facts: OperationFacts } | { kind: "failed"; outcome: DecisionOutcome }> {
  try {
    return { kind: "read", facts: factsOf(await access.api.operations.get(id)) };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    if (error.status === 404) return { kind: "failed", outcome: { kind: "notFound" } };
    access.log.warn({ event: "approval_state_unreadable", operationId: id, failure: error.failure }, "operation not read; nothing sent");
    return { kind: "failed", outcome: { kind: "refused", refusal: { kind: "problem", id, problem: "upstream" } } };
  }
}

async function sendDecision(access: AccessContext, decision: ApprovalDecision): Promise<DecisionOutcome> {
  const action = DECISIONS[decision.intent];
  try {
    const answer = await access.api.operations.decide({ id: decision.id, action }, decision.idempotencyKey);
    access.log.info({ event: "approval_decided", operationId: decision.id, action }, "approval decision recorded");
    if (action === "void") return { kind: "voided" };
    if (!answer.uri) {
      access.log.error({ event: "approval_without_challenge", operationId: decision.id }, "approval answered no challenge");
      return { kind: "refused", refusal: { kind: "problem", id: decision.id, problem: "upstream" } };
    }
    return { kind: "challenge", url: challengeHref(answer.uri, answer.operation.operation) };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    if (error.failure === "timeout" || error.failure === "network") {
      // The product may have recorded it: say so, and never send it again (ARCHITECTURE, idempotency).
      access.log.warn({ event: "approval_outcome_unknown", operationId: decision.id, action }, "approval outcome unknown");
      reportFailure(access, { operation: action, error: `approval ${error.failure}`, context: "approval" });
      return { kind: "unknown" };
    }
    if (error.status === 404) return { kind: "notFound" };
    if (error.status === 403) return { kind: "forbidden" };
    const code = error.details.code;
    const lifecycle = decisionLifecycleRefusal(code);
    if (lifecycle) {
      access.log.info({ event: "approval_refused", operationId: decision.id, action, status: error.status, code }, "approval refused");
      return { kind: "refused", refusal: { kind: "lifecycle", id: decision.id, message: refusal(lifecycle).message } };
    }
    const catalogue = code ? await errorCatalogue(access) : null;
    const help = serverMessageHelp(catalogueText(catalogue, code, error.details.upstreamMessage ?? ""));
    access.log.info({ event: "approval_refused", operationId: decision.id, action, status: error.status, code }, "approval refused");
    if (help) return { kind: "refused", refusal: { kind: "help", id: decision.id, ...help } };
    return { kind: "refused", refusal: { kind: "problem", id: decision.id, problem: decisionProblem(error.status, code) } };
  }
}

export interface DecisionPlaces {
  /** Where a voided operation is shown: its detail, which now reads 'Anulada'. */
  voidedHref: (id: string) => string;
  /** Where the person is: an unknown outcome comes back here with the notice. */
  here: string;
}

/**
 * The decision post, from either route (their guards already required an administrator): parse
 * the one schema, claim the form's key, send once, and answer a redirect (challenge, voided,
 * unknown) or the refusal for the page to show (status 4xx/5xx, the page and its form kept).
 */
export async function answerDecision(request: Request, access: AccessContext, formData: FormData, places: DecisionPlaces) {
  const parsed = approvalDecisionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw new Response("Solicitud inválida", { status: 400 });
  const decision = parsed.data;

  const sent = await once<DecisionOutcome>({
    scope: `approval|${access.data.memberId}|${access.data.companyId}|${decision.idempotencyKey}`,
    fingerprint: decisionIntent(decision),
    work: async () => {
      const wait = await takeRate("money", accessKey(access));
      return wait === null ? decideOnce(access, decision) : { kind: "limited", wait };
    },
    keep: (outcome) => outcome.kind === "challenge" || outcome.kind === "voided" || outcome.kind === "unknown",
  });
  if (sent.kind === "reused") {
    access.log.warn({ event: "idempotency_key_reused", context: "approval" }, "decision key reused with another decision");
    return json<DecisionAnswer>({ refusal: { kind: "problem", id: decision.id, problem: "reused" } }, { status: 422 });
  }
  const outcome: DecisionOutcome = sent.kind === "pending" ? { kind: "unknown" } : sent.outcome;
  if (sent.kind === "replayed") access.log.info({ event: "idempotency_replayed", outcome: outcome.kind }, "duplicate decision answered");
  switch (outcome.kind) {
    case "challenge":
      return redirect(outcome.url);
    case "voided":
      return redirectWithToast(
        request,
        places.voidedHref(decision.id),
        newToast("success", texts.approval.voided.title, texts.approval.voided.copy.replace("{{id}}", decision.id)),
      );
    case "unknown":
      return redirectWithToast(request, places.here, newToast("info", texts.validatingNotice));
    case "limited":
      return json<DecisionAnswer>(
        { refusal: { kind: "limited", id: decision.id, message: tooManyText(outcome.wait) } },
        { status: 429, headers: retryAfterHeaders(outcome.wait) },
      );
    case "notFound":
      throw notFound();
    case "forbidden":
      throw new Response("Solo un administrador de la empresa puede hacer esto.", { status: 403 });
    case "refused":
      return json<DecisionAnswer>({ refusal: outcome.refusal }, { status: refusalStatus(outcome.refusal) });
  }
}

function refusalStatus(refusal: DecisionRefusal): number {
  if (refusal.kind === "help") return 422;
  if (refusal.kind === "limited") return 429;
  if (refusal.kind === "lifecycle") return 409;
  switch (refusal.problem) {
    case "notWaiting":
    case "alreadyApproved":
    case "busy":
      return 409;
    case "funds":
    case "reused":
      return 422;
    case "upstream":
      return 502;
  }
}
