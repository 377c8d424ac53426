import texts from "../locales/es-MX/operation-lifecycle.json";
import type { OperationKind, OperationStatus, Outcome } from "./operation-status";
import { statusView } from "./operation-status";

/**
 * One life per operation (decision 092): the phase an operation is in, derived from
 * what the product API answers for it, and whether a money action may touch it now. The app asks
 * this before every approve, void, challenge result, cancel, 'pay now' and file authorisation; the
 * bank (the sandbox) keeps its own copy of the same transitions and is the last word.
 *
 * loaded ─► awaitingApproval ─► approved ─► confirmed ─► sent ─► returned
 *                 │                 │            ▲
 *                 └─► voided        │            │
 * registered ─► awaitingToken ──────┴────────────┘
 *                     └─► cancelled | timedOut | failed
 *
 * A void wins only before an administrator approved; from then on the operation waits for that
 * administrator's key and only that key (or its 'Cancelar' at the bank) ends it.
 */
export const OPERATION_PHASES = [
  "awaitingApproval",
  "approved",
  "awaitingToken",
  "verifying",
  "confirmed",
  "sent",
  "voided",
  "cancelled",
  "timedOut",
  "failed",
  "returned",
] as const;
export type OperationPhase = (typeof OPERATION_PHASES)[number];

/** What the product says about an operation, as far as its life is concerned. */
export interface OperationFacts {
  status: OperationStatus;
  requiresAdminApproval: boolean;
  /** The member id of the administrator who approved it, once one did. */
  approvedBy: string | null;
  /** The challenge result the bank recorded (`responseChallenge.res`), once there is one. */
  challengeResult: string | null;
}

/** The bank's challenge codes that end an operation without money (sandbox/CONTRACT.md 'Challenge page'). */
const CANCELLED_RESULT = "7";
const TIMED_OUT_RESULT = "5";

export function phaseOf(facts: OperationFacts): OperationPhase {
  switch (facts.status) {
    case "sent":
      // A result the bank holds but has not acted on yet is being verified, whoever asks.
      if (facts.challengeResult !== null) return "verifying";
      if (!facts.requiresAdminApproval) return "awaitingToken";
      return facts.approvedBy === null ? "awaitingApproval" : "approved";
    case "validating":
      return "verifying";
    case "applying":
    case "fixApplying":
      return "confirmed";
    case "applied":
    case "appliedNoReceipt":
    case "fixappliedNoReceipt":
      return "sent";
    case "notAppliedByAdmin":
      return "voided";
    case "notAppliedCan":
      return "cancelled";
    case "notApplied":
    case "notApplying":
      if (facts.challengeResult === CANCELLED_RESULT) return "cancelled";
      if (facts.challengeResult === TIMED_OUT_RESULT) return "timedOut";
      return "failed";
    case "returned":
      return "returned";
  }
}

/**
 * The product's operation view as the lifecycle reads it: §3's status, `requires_admin_approval`
 * and `responseChallenge`, and the approval the product records (`approved_by`, sandbox/CONTRACT.md).
 */
export function factsOf(view: {
  status: OperationStatus;
  requires_admin_approval: boolean;
  approved_by?: { id: string } | null;
  responseChallenge?: { res?: string | null } | null;
}): OperationFacts {
  return {
    status: view.status,
    requiresAdminApproval: view.requires_admin_approval,
    approvedBy: view.approved_by?.id ?? null,
    challengeResult: view.responseChallenge?.res ?? null,
  };
}

/** An operation's status as every screen names it: the `history` key of its label, its colour, and whether a person holds it. */
export interface ShownStatus {
  labelKey: string;
  outcome: Outcome;
  /** It waits for a person ('Por aprobar', 'Por autorizar'), not for the bank: drawn outlined. */
  awaitingPerson: boolean;
}

/**
 * The one word for an operation's status, wherever it is named (the history, its drawer, the
 * payment it pays on the dashboard, the recurring list and the planner): an administrator's approval
 * is 'Por aprobar' (§4's card); a token, or an approving administrator's key, is 'Por autorizar'
 * (decision 093). Nothing has left the account yet, so neither reads 'En proceso'. Any other
 * operation reads its §4 status.
 */
export function shownStatus(facts: OperationFacts, kind: OperationKind): ShownStatus {
  switch (phaseOf(facts)) {
    case "awaitingToken":
    case "approved":
      return { labelKey: "statusV2.awaitingToken", outcome: "pending", awaitingPerson: true };
    case "awaitingApproval":
      return { labelKey: "statusV2.awaitingApproval", outcome: "pending", awaitingPerson: true };
    default:
      return { ...statusView(facts.status, kind), awaitingPerson: false };
  }
}

/**
 * Phases in which an operation still holds what it pays: it may yet move money, or already did.
 * A scheduled payment with such an operation is not paid again.
 */
export function holdsItsPayment(phase: OperationPhase): boolean {
  switch (phase) {
    case "awaitingApproval":
    case "approved":
    case "awaitingToken":
    case "verifying":
    case "confirmed":
    case "sent":
      return true;
    case "voided":
    case "cancelled":
    case "timedOut":
    case "failed":
    case "returned":
      return false;
  }
}

/**
 * The money actions on an existing operation: an administrator's decision, the bank's challenge
 * result recorded by /transaction, a cancel at the challenge, and the one-token authorisation of a
 * file of payments (each row judged on its own).
 */
export const LIFECYCLE_ACTIONS = ["approve", "void", "recordChallenge", "cancel", "authoriseWithToken"] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

/** Who acts: their member id and whether they administer the operation's company. */
export interface LifecycleActor {
  memberId: string;
  administrator: boolean;
}

export type LifecycleRefusal = keyof typeof texts.refusal;

export interface Refused {
  allowed: false;
  refusal: LifecycleRefusal;
  /** The Spanish sentence a person reads. */
  message: string;
}
export type Verdict = { allowed: true } | Refused;

const ALLOWED: Verdict = { allowed: true };

export function refusal(reason: LifecycleRefusal): Refused {
  return { allowed: false, refusal: reason, message: texts.refusal[reason] };
}

/** Why an operation in a phase that admits no action is left alone. */
const ENDED: Record<Exclude<OperationPhase, "awaitingApproval" | "approved" | "awaitingToken">, LifecycleRefusal> = {
  verifying: "verifying",
  confirmed: "confirmed",
  sent: "sent",
  voided: "voided",
  cancelled: "cancelled",
  timedOut: "timedOut",
  failed: "failed",
  returned: "returned",
};

export function judge(action: LifecycleAction, facts: OperationFacts, actor: LifecycleActor): Verdict {
  const phase = phaseOf(facts);
  switch (phase) {
    case "awaitingApproval":
      if (action === "approve" || action === "void" || action === "authoriseWithToken") {
        // An administrator's token over a file approves and confirms its rows at once.
        return actor.administrator ? ALLOWED : refusal(action === "authoriseWithToken" ? "awaitingApproval" : "notAdministrator");
      }
      return refusal("awaitingApproval");
    case "approved": {
      const approver = actor.memberId === facts.approvedBy;
      // Approving again answers the same challenge to the same administrator; nobody voids under them.
      if (action === "void") return refusal("alreadyApproved");
      if (action === "approve") return approver ? ALLOWED : refusal("alreadyApproved");
      return approver ? ALLOWED : refusal("notApprover");
    }
    case "awaitingToken":
      return action === "approve" || action === "void" ? refusal("noApprovalNeeded") : ALLOWED;
    case "voided":
      return refusal("voided");
    default:
      // The bank answers a result it already recorded again (idempotent by trk): a reload shows it.
      if (action === "recordChallenge" && facts.challengeResult !== null) return ALLOWED;
      return refusal(ENDED[phase]);
  }
}

/** A scheduled payment as 'pay now' needs to see it (sandbox/CONTRACT.md 'Recurring payments'). */
export interface ScheduledPaymentFacts {
  status: "scheduled" | "pending" | "paid";
  /** The operation made for it that still holds it (waiting for approval or a token, confirmed), if any. */
  operationInProgress: { id: string } | null;
}

/** 'Pay now': one operation per scheduled payment, whatever the tabs, forms, keys or instances. */
export function judgePayNow(payment: ScheduledPaymentFacts): Verdict {
  if (payment.status === "paid") return refusal("paymentPaid");
  if (payment.operationInProgress !== null) return refusal("paymentInProgress");
  return ALLOWED;
}
