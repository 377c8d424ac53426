import { z } from "zod";

import type { LifecycleRefusal } from "./operation-lifecycle";
import type { OperationKind, OperationStatus } from "./operation-status";
import { awaitsAdminApproval } from "./operation-status";
import type { HelpTarget, HelpTopic } from "./server-messages";

/**
 * The administrator's approval of what a collaborator loaded (§3 Required-approval payment, §4
 * 'Por aprobar', §6, §7 PUT /operations; decision 060), as pure rules: who decides, which
 * operations wait, what a decision form carries and how the product's refusals read.
 */

export type { ApprovalNotice } from "./approval-access";
export { approvalNotice, APPROVALS_PATH, canDecideApprovals } from "./approval-access";

/**
 * The sidebar's payment-management item (§2 Shell) reads as the approve label and leads to the
 * operations waiting for approval when the company's permissions feature is on — for an
 * administrator, the only one who can act there; a collaborator keeps the planner.
 */
export function showsApprovalsMenu(context: { permissionsFeatureEnabled: boolean; administrator: boolean }): boolean {
  return context.permissionsFeatureEnabled && context.administrator;
}

/**
 * 'Solicitar Activación' (§2 'Seguridad', §6) asks the bank to switch the permissions feature on, so
 * it is offered only to an administrator whose company is known to be without it: with the feature
 * on there is nothing to request, and an unread flag (`null`) reads as on, as everywhere else.
 */
export function offersActivationRequest(context: { permissionsFeatureEnabled: boolean | null; administrator: boolean }): boolean {
  return context.administrator && context.permissionsFeatureEnabled === false;
}

/**
 * The operations of a page that wait for an administrator, in the page's order. An approved one
 * still waits until the administrator confirms the bank's challenge (approving it again answers the
 * same challenge); then it is an ordinary operation (applying, applied). A voided one is 'Anulada'
 * (notAppliedByAdmin). Either way it no longer waits and can no longer be decided.
 */
export function waitingForApproval<T extends { status: OperationStatus; requires_admin_approval: boolean }>(operations: readonly T[]): T[] {
  return operations.filter((operation) =>
    awaitsAdminApproval({ status: operation.status, requiresAdminApproval: operation.requires_admin_approval }),
  );
}

export const DECISIONS = { aprobar: "approve", anular: "void" } as const;

/**
 * The decision form, one schema for both routes (the approvals list and the operation drawer).
 * Every field is the page's own (hidden inputs and the pressed button): a malformed one is a 400.
 */
export const approvalDecisionSchema = z.object({
  intent: z.enum(["aprobar", "anular"]),
  id: z.string().regex(/^\d{1,12}$/),
  idempotencyKey: z.string().uuid(),
});
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;

/** The fingerprint of a decision under its Idempotency-Key: the same key for another decision is refused. */
export function decisionIntent(decision: ApprovalDecision): string {
  return `${DECISIONS[decision.intent]}|${decision.id}`;
}

/** Why the product refused a decision, as the screen words it. */
export type DecisionProblem = "notWaiting" | "alreadyApproved" | "funds" | "upstream";

/**
 * What a refused decision shows beside the operation: one of ours (`busy`: another decision on the
 * same operation outlasted the wait), the operation's life (`lifecycle`, the rule's own sentence:
 * already voided, already approved…), the rate limit's, or §8's server message with its help link.
 */
export type DecisionRefusal =
  | { kind: "problem"; id: string; problem: DecisionProblem | "reused" | "busy" }
  | { kind: "lifecycle"; id: string; message: string }
  | { kind: "limited"; id: string; message: string }
  | { kind: "help"; id: string; topic: HelpTopic; target: HelpTarget };

/** The action's answer when the decision did not go through (a redirect otherwise). */
export interface DecisionAnswer {
  refusal: DecisionRefusal;
}

/**
 * The product's codes for PUT /operations refusals that are the operation's life (sandbox/CONTRACT.md):
 * the bank saw a void or a key the portal's read had not; said as the lifecycle says it.
 */
export function decisionLifecycleRefusal(code: string | undefined): LifecycleRefusal | null {
  if (code === "OPERATION_VOIDED") return "voided";
  if (code === "CHALLENGE_ANSWERED") return "confirmed";
  return null;
}

/** The product's codes for PUT /operations refusals (sandbox/CONTRACT.md), mapped to what the screen says. */
export function decisionProblem(status: number | undefined, code: string | undefined): DecisionProblem {
  if (code === "ALREADY_APPROVED") return "alreadyApproved";
  if (code === "NOT_AWAITING_APPROVAL" || code === "OPERATION_NOT_PENDING") return "notWaiting";
  if (code === "INSUFFICIENT_FUNDS") return "funds";
  if (status === 409) return "notWaiting";
  return "upstream";
}

/**
 * Where the browser goes to confirm with the bank's challenge: the product's `uri` with the
 * operation type (§4 Transaction submit; never a token in the URL, decision 011). The trade submit
 * and the approval both go through here, and come back through /transaction.
 */
export function challengeHref(uri: string, operation: OperationKind): string {
  const url = new URL(uri);
  url.searchParams.set("operation", operation);
  return url.toString();
}
