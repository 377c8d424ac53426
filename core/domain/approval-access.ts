import type { Actor } from "./permissions";

/**
 * Kept apart from the decision form's schema (`approval.ts` re-exports it), so the operation detail
 * and the file's page, which only ask these, ship no zod (decision 069).
 */

export const APPROVALS_PATH = "/aprobaciones";

/** §6: only an administrator approves or voids; a collaborator, whatever their permissions, never. */
export function canDecideApprovals(actor: Pick<Actor, "profileType">): boolean {
  return actor.profileType === "ADMINISTRADOR";
}

/**
 * The notice an operation's detail shows about its approval. §4's 'Por aprobar' card says an
 * administrator still has to approve it, so it shows only until one does. Once approved it waits for
 * that administrator's key (decision 092). An administrator who decides reads both in their decision
 * card instead: the card's 'Por aprobar' says it is theirs to approve, where the notice says it went
 * to "the administrator" — the person reading it.
 */
export type ApprovalNotice = "awaitingApproval" | "approved" | null;

export function approvalNotice(operation: { awaitsApproval: boolean; approved: boolean; viewerDecides: boolean }): ApprovalNotice {
  if (!operation.awaitsApproval || operation.viewerDecides) return null;
  return operation.approved ? "approved" : "awaitingApproval";
}
