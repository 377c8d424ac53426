// One life per operation, as the bank keeps it (decision 092). The app checks the same
// transitions before it sends anything (core/domain/operation-lifecycle.ts); the bank plays an
// independent upstream, so it keeps its own copy and is the last word for every channel.
//
// Which wins when:
// - approve or void of an operation waiting for approval: the first one the bank books;
// - a void after approval and before the approving administrator typed the right key at the
//   challenge page: the void (the page and /processchallenge then refuse the operation);
// - a void once that key was typed (the bank holds the answer) or the result recorded: refused;
// - a challenge result for an operation that no longer waits for a token: refused, nothing moves.

import { HttpError } from "./http";
import type { OperationRecord, OperationStatus } from "./types";

/** The challenge page's answer for the right key (challenge.ts DEMO_KEYS). */
const AUTHORIZED = "0";

/** Statuses in which an operation may still move money, or already did. */
const HOLDING: ReadonlySet<OperationStatus> = new Set([
  "sent",
  "validating",
  "applying",
  "fixApplying",
  "applied",
  "appliedNoReceipt",
  "fixappliedNoReceipt",
]);

/** Registered (or approved by an administrator) and no challenge result recorded yet. */
export function waitsForToken(operation: OperationRecord): boolean {
  if (operation.status !== "sent" || operation.responseChallenge !== null) return false;
  return !operation.requiresAdminApproval || Boolean(operation.approvedBy);
}

/** A scheduled payment is held by an operation made for it in one of these states (one operation per payment). */
export function holdsItsPayment(operation: OperationRecord): boolean {
  return HOLDING.has(operation.status);
}

/** The challenge page already took the approving administrator's right key: the operation is theirs to finish. */
export function authorizedAtTheBank(operation: OperationRecord): boolean {
  return operation.challengeAnswer === AUTHORIZED;
}

/** Why the bank no longer takes a token for this operation, in the words the challenge page and the API use. */
export function notWaitingMessage(operation: OperationRecord): string {
  switch (operation.status) {
    case "notAppliedByAdmin":
      return "La operación fue anulada; no se movió dinero.";
    case "notApplied":
    case "notApplying":
    case "notAppliedCan":
      return "La operación no se aplicó; no se movió dinero.";
    case "sent":
      return operation.requiresAdminApproval && !operation.approvedBy
        ? "La operación espera la aprobación de un administrador."
        : "La operación ya tiene un resultado del banco.";
    default:
      return "La operación ya fue confirmada; no hace falta confirmarla de nuevo.";
  }
}

/** PUT /operations void: null when the bank voids it now (or already did), else the refusal. */
export function voidRefusal(operation: OperationRecord): HttpError | null {
  if (operation.status === "notAppliedByAdmin") return null;
  if (!operation.requiresAdminApproval) return new HttpError(409, "Esta operación no espera aprobación", "NOT_AWAITING_APPROVAL");
  if (operation.status !== "sent" || operation.responseChallenge !== null) {
    return new HttpError(409, "Esta operación ya fue procesada", "OPERATION_NOT_PENDING");
  }
  if (authorizedAtTheBank(operation)) {
    return new HttpError(409, "El administrador ya confirmó esta operación con su clave; ya no se puede anular", "CHALLENGE_ANSWERED");
  }
  return null;
}

/** PUT /operations approve: null when the bank may hand out the challenge, else the refusal (funds and signatures apart). */
export function approveRefusal(operation: OperationRecord, memberId: number): HttpError | null {
  if (!operation.requiresAdminApproval) return new HttpError(409, "Esta operación no espera aprobación", "NOT_AWAITING_APPROVAL");
  if (operation.status === "notAppliedByAdmin") return new HttpError(409, "Esta operación ya fue anulada", "OPERATION_VOIDED");
  if (operation.status !== "sent" || operation.responseChallenge !== null) {
    return new HttpError(409, "Esta operación ya fue procesada", "OPERATION_NOT_PENDING");
  }
  if (operation.approvedBy && operation.approvedBy !== memberId) {
    return new HttpError(409, "Otro administrador ya aprobó esta operación", "ALREADY_APPROVED");
  }
  return null;
}
