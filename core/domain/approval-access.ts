import type { Actor } from "./permissions";

/**
 * Kept apart from the decision form's schema (`approval.ts` re-exports it), so the operation detail,
 * which only asks it, ships no zod (decision 069).
 */

/** §6: only an administrator approves or voids; a collaborator, whatever their permissions, never. */
export function canDecideApprovals(actor: Pick<Actor, "profileType">): boolean {
  return actor.profileType === "ADMINISTRADOR";
}
