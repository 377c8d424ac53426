/**
 * What the dashboard's 'Por aprobar' notice (§4) names after a collaborator's operation went to the
 * administrator: the operation's number from the address (`?aprobacion=1002`), and its amount when the
 * page already holds that operation among the latest ones. Nothing else from the address is shown: a
 * value that is not an operation number leaves the notice in its general words.
 */
export interface ApprovalNotice {
  id: string | null;
  amount: string | null;
}

export function approvalNotice(param: string | null, recent: ReadonlyArray<{ id: string; amount: string }> | null): ApprovalNotice | null {
  if (param === null || param === "") return null;
  const id = /^\d{1,20}$/.test(param) ? param : null;
  const amount = id === null ? null : (recent?.find((row) => row.id === id)?.amount ?? null);
  return { id, amount };
}
