/**
 * What the dashboard's 'Por aprobar' notice (§4) names after a collaborator's operation went to the
 * administrator: the operation's number from the address (`?aprobacion=1002`), and its amount and payee
 * as the upstream answers for that number, so the notice names them whether or not the operation is
 * among the page's latest ones. Nothing else from the address is shown: a value that is not an
 * operation number leaves the notice in its general words.
 */
export interface ApprovalNotice {
  id: string | null;
  amount: string | null;
  /** A transfer's recipient; null for a buy or a sale. */
  payee: string | null;
}

/** The operation number the notice may look up, or null when the address holds none. */
export function approvalNoticeId(param: string | null): string | null {
  return param !== null && /^\d{1,20}$/.test(param) ? param : null;
}

export function approvalNotice(
  param: string | null,
  operation: { id: string; amount: string; payee: string | null } | null,
): ApprovalNotice | null {
  if (param === null || param === "") return null;
  const id = approvalNoticeId(param);
  const found = id !== null && operation?.id === id ? operation : null;
  return { id, amount: found?.amount ?? null, payee: found?.payee ?? null };
}
