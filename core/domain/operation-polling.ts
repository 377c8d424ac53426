import type { OperationKind, OperationStatus } from "./operation-status";

/**
 * §4 Polling: pending operations (status applying or appliedNoReceipt — the set the product's
 * GraphQL query returns) are checked every 120 s (§9). A transfer is checked by its challenge
 * folio `crf` (its `trk` when there is none), an FX operation by its `dil` split at the first '-'
 * into portfolio and operation. When the status changes the history reloads; once applied the
 * operation leaves the pending set.
 */
export const POLL_INTERVAL_MS = 120_000;

const POLLED: readonly OperationStatus[] = ["applying", "appliedNoReceipt"];

export function isPolled(status: OperationStatus): boolean {
  return POLLED.includes(status);
}

export interface ChallengeFolios {
  dil?: string | null;
  crf?: string | null;
  trk?: string | null;
}

export type StatusCheck = { kind: "fx"; idPortfolio: string; idOperation: string } | { kind: "transfer"; corefolio: string };

/** "4471301-1" → ["4471301", "1"]; "a-b-c" → ["a", "b-c"]; no dash or an empty side → null. */
export function splitFxFolio(dil: string | null | undefined): [string, string] | null {
  if (!dil) return null;
  const at = dil.indexOf("-");
  if (at <= 0 || at === dil.length - 1) return null;
  return [dil.slice(0, at), dil.slice(at + 1)];
}

/** What to ask the upstream about an operation, or null when it cannot be checked (no folio yet). */
export function statusCheckFor(kind: OperationKind, folios: ChallengeFolios | null): StatusCheck | null {
  if (!folios) return null;
  if (kind === "transfer") {
    const corefolio = folios.crf || folios.trk;
    return corefolio ? { kind: "transfer", corefolio } : null;
  }
  const parts = splitFxFolio(folios.dil);
  return parts ? { kind: "fx", idPortfolio: parts[0], idOperation: parts[1] } : null;
}

/** Checked at least POLL_INTERVAL_MS ago (or never). */
export function isCheckDue(lastCheckedAt: number | undefined, now: number): boolean {
  return lastCheckedAt === undefined || now - lastCheckedAt >= POLL_INTERVAL_MS;
}

/** After a check: does the page need fresh data, and is the operation still pending? */
export function afterCheck(before: OperationStatus, after: OperationStatus): { reload: boolean; stillPending: boolean } {
  return { reload: before !== after || after === "appliedNoReceipt", stillPending: isPolled(after) };
}
