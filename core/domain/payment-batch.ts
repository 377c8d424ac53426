import { formatMoney } from "../money";
import type { Actor } from "./permissions";
import { PERMISSIONS } from "./permissions";

/**
 * One signature for a file of payments (decision 093), as pure rules: who may sign a file, what the 'Autorizar' button says, what each
 * row became once the bank's batch was signed, and the state of the whole file — green only when
 * money was sent. The bank's batch (sandbox/CONTRACT.md, operation batches) decides; these rules
 * only read it.
 */

/**
 * §6: who signs a file with their own token — an administrator, or a collaborator allowed to send
 * ('Puede enviar transferencias…'). A collaborator who only loads hands the file to an administrator.
 */
export function maySignPayments(actor: Actor): boolean {
  return actor.profileType === "ADMINISTRADOR" || actor.permissions.includes(PERMISSIONS.executeOperations);
}

export interface MoneyTotal {
  currency: string;
  /** Any number of decimals; shown with 2 (§9). */
  total: string | number;
}

const conjunction = new Intl.ListFormat("es-MX", { style: "long", type: "conjunction" });

/** "$1,234,567.89 MXN y $12,000.00 USD": each currency's total as money, joined as Spanish reads a list. */
export function totalsText(totals: readonly MoneyTotal[]): string {
  return conjunction.format(totals.map((entry) => formatMoney(Number(entry.total), entry.currency)));
}

/** What the bank's batch did to one operation (sandbox/CONTRACT.md). */
export interface BatchRowResult {
  result: "sent" | "failed" | "skipped" | null;
  reason: "funds" | "challenge" | "notWaiting" | null;
}

/** The bank's batch of a file, as far as a page needs it. */
export interface FileBatch {
  status: "awaitingApproval" | "pending" | "processed";
}

/** A registered row's outcome from the registration job (server/payments/multiple.server.ts). */
export type RegistrationState = "registered" | "approval" | "failed" | "unknown" | "notSent";

/**
 * One row of a file, as the page and the result file say it: its registration, then what the
 * signed batch did. Each value names one of the multiple payment's outcome texts.
 */
export type RowStatus =
  | "invalid"
  | "ready"
  | "registering"
  | "notRegistered"
  | "unknown"
  | "notSent"
  | "toAuthorise"
  | "toApprove"
  | "sent"
  | "failedFunds"
  | "failedChallenge"
  | "skipped";

export function rowStatus(row: {
  valid: boolean;
  registering: boolean;
  registration: RegistrationState | null;
  batch: BatchRowResult | null;
}): RowStatus {
  if (!row.valid) return "invalid";
  if (!row.registration) return row.registering ? "registering" : "ready";
  switch (row.registration) {
    case "failed":
      return "notRegistered";
    case "unknown":
    case "notSent":
      return row.registration;
    case "registered":
    case "approval":
      switch (row.batch?.result) {
        case "sent":
          return "sent";
        case "failed":
          return row.batch.reason === "funds" ? "failedFunds" : "failedChallenge";
        case "skipped":
          return "skipped";
        default:
          return row.registration === "registered" ? "toAuthorise" : "toApprove";
      }
  }
}

/** How a row's status reads at a glance: green only for money sent. */
export function rowTone(status: RowStatus): "good" | "bad" | "pending" {
  switch (status) {
    case "sent":
    case "ready":
      return "good";
    case "invalid":
    case "notRegistered":
    case "failedFunds":
    case "failedChallenge":
      return "bad";
    default:
      return "pending";
  }
}

/**
 * The file's state after registration: `toAuthorise` and `toApprove` are amber (nothing has moved
 * yet), `sent` is green (every valid row's money left), `partial` some of it, `failed` none.
 */
export type FileState = "registering" | "toAuthorise" | "toApprove" | "sent" | "partial" | "failed";

export function fileState(input: {
  finished: boolean;
  /** Rows the job worked on (the valid ones). */
  total: number;
  registered: number;
  approval: number;
  /** The file's batch at the bank, with how many of its rows it sent. */
  batch: (FileBatch & { sent: number }) | null;
}): FileState {
  if (!input.finished) return "registering";
  if (input.batch?.status === "processed") {
    if (input.batch.sent === 0) return "failed";
    return input.batch.sent === input.total ? "sent" : "partial";
  }
  if (input.registered > 0) return "toAuthorise";
  if (input.approval > 0) return "toApprove";
  return "failed";
}
