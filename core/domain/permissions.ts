/**
 * Per-collaborator permissions of SPEC §6. Administrators may do everything; a collaborator
 * needs 'send to own accounts' for buy/sell and transfers between the company's accounts, and
 * 'send to third-party accounts' for transfers to recipients.
 */
export const PERMISSIONS = {
  ownAccounts: "send_money_to_own_accounts",
  thirdAccounts: "send_money_to_third_accounts",
  createOperations: "can_create_operations",
  executeOperations: "can_execute_operations",
} as const;

export type ProfileType = "ADMINISTRADOR" | "COLABORADOR";

export interface Actor {
  profileType: ProfileType;
  permissions: readonly string[];
}

export function canOperate(actor: Actor, operation: { kind: "buy" | "sell" | "transfer"; toRecipient: boolean }): boolean {
  if (actor.profileType === "ADMINISTRADOR") return true;
  const needed = operation.kind === "transfer" && operation.toRecipient ? PERMISSIONS.thirdAccounts : PERMISSIONS.ownAccounts;
  return actor.permissions.includes(needed);
}

/** Whether the calculator may offer recipients as destinations at all. */
export function canSendToRecipients(actor: Actor): boolean {
  return canOperate(actor, { kind: "transfer", toRecipient: true });
}

/**
 * Deleting a company recipient (§6 does not say who may; docs/decisions/028): administrators,
 * and collaborators allowed to send to third-party accounts. A recipient belongs to the whole
 * company, and the people who may send it money are the ones who may remove it.
 */
export function canDeleteRecipients(actor: Actor): boolean {
  return actor.profileType === "ADMINISTRADOR" || actor.permissions.includes(PERMISSIONS.thirdAccounts);
}
