import type { OperationKind } from "./operation-status";

/**
 * What the approvals page shows of the operations waiting for an administrator (decision 060), kept
 * apart from the decision form's schema so the page's components ship no zod (decision 069).
 */

/**
 * An approval card's amounts. A buy or a sale leads with the currency it trades (the pair's first,
 * the detail's 'Monto'), then what is paid or received for it (the 'Total') at the rate; leading with
 * the total made a purchase of euros paid in dollars read as a purchase of dollars. A transfer leads
 * with its total.
 */
export interface ApprovalAmounts {
  lead: { verb: "buys" | "sells" | null; value: string };
  counter: { verb: "pays" | "receives"; value: string } | null;
  rate: string | null;
}

export function approvalAmounts(kind: OperationKind, amount: { amount: string; rate: string | null; total: string }): ApprovalAmounts {
  switch (kind) {
    case "buy":
      return { lead: { verb: "buys", value: amount.amount }, counter: { verb: "pays", value: amount.total }, rate: amount.rate };
    case "sell":
      return { lead: { verb: "sells", value: amount.amount }, counter: { verb: "receives", value: amount.total }, rate: amount.rate };
    case "transfer":
      return { lead: { verb: null, value: amount.total }, counter: null, rate: null };
  }
}

/**
 * The approvals list's count: an operation an administrator already approved waits for that
 * administrator's key, not for approval (decision 092), so it is counted apart.
 */
export function approvalCounts(items: readonly { approvedBy: unknown }[]): { toApprove: number; approved: number } {
  const approved = items.filter((item) => item.approvedBy !== null).length;
  return { toApprove: items.length - approved, approved };
}
