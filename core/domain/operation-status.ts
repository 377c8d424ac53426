/**
 * Operation statuses of SPEC §4 as people see them: the two display tables, the generic outcome
 * (the success/pending/failed colour), the FX and transfer trackers, administrator approval,
 * returned and cancelled operations, direct cancellation and the settlement banner.
 *
 * Rules return i18n keys of the `history` namespace, never text, so the screen, the PDF receipt
 * and the tests read the same words from `core/locales/es-MX/history.json`.
 */
export const OPERATION_STATUSES = [
  "applied",
  "appliedNoReceipt",
  "applying",
  "fixappliedNoReceipt",
  "fixApplying",
  "notApplied",
  "notAppliedCan",
  "notApplying",
  "returned",
  "sent",
  "validating",
  "notAppliedByAdmin",
] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

export const OPERATION_KINDS = ["buy", "sell", "transfer"] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

// ---- Display status v1 -------------------------------------------------------------------------

export type DisplayStatusV1 = "finished" | "finishedNoInvoice" | "inProcess" | "error" | "returned" | "started";

/**
 * The first table of §4. It names only 8 of the 12 codes; the others (fixApplying, notAppliedCan,
 * validating, notAppliedByAdmin) have no v1 label, hence null.
 */
export function displayStatusV1(status: OperationStatus): DisplayStatusV1 | null {
  switch (status) {
    case "applied":
      return "finished";
    case "appliedNoReceipt":
    case "fixappliedNoReceipt":
      return "finishedNoInvoice";
    case "applying":
      return "inProcess";
    case "notApplying":
    case "notApplied":
      return "error";
    case "returned":
      return "returned";
    case "sent":
      return "started";
    default:
      return null;
  }
}

// ---- Display status v2 and generic outcome ------------------------------------------------------

export type DisplayStatusV2 = "sent" | "confirmed" | "agreed" | "voided" | "cancelled" | "returned" | "inProcess";

/** The second table of §4, the one the history shows: every code has a label. */
export function displayStatusV2(status: OperationStatus, kind: OperationKind): DisplayStatusV2 {
  switch (status) {
    case "applied":
    case "appliedNoReceipt":
    case "fixappliedNoReceipt":
      return "sent";
    case "applying":
    case "fixApplying":
      return kind === "transfer" ? "confirmed" : "agreed";
    case "notApplied":
    case "notApplying":
    case "notAppliedByAdmin":
      return "voided";
    case "notAppliedCan":
      return "cancelled";
    case "returned":
      return "returned";
    case "sent":
    case "validating":
      return "inProcess";
  }
}

export type Outcome = "success" | "pending" | "failed";

/** §4 generic outcome: Anulada, Cancelada, Devuelta failed; En proceso pending; the rest success. */
export function outcomeOf(display: DisplayStatusV2): Outcome {
  switch (display) {
    case "voided":
    case "cancelled":
    case "returned":
      return "failed";
    case "inProcess":
      return "pending";
    case "sent":
    case "agreed":
    case "confirmed":
      return "success";
  }
}

export function statusView(status: OperationStatus, kind: OperationKind): { labelKey: string; outcome: Outcome } {
  const display = displayStatusV2(status, kind);
  return { labelKey: `statusV2.${display}`, outcome: outcomeOf(display) };
}

// ---- Trackers -----------------------------------------------------------------------------------

export type TrackerStepKey =
  | "inProcess"
  | "agreed"
  | "processed"
  | "confirmed"
  | "sent"
  | "registered"
  | "voided"
  | "cancelled"
  | "returned";

export interface TrackerStep {
  key: TrackerStepKey;
  /** i18n key of the step's label ('En proceso', 'Pactada', …). */
  labelKey: string;
  /** i18n key of the line under the label, when the spec gives one; `pair` fills {{pair}}. */
  descriptionKey: string | null;
  /** Reached steps are coloured with the tracker's tone; the others stay grey. */
  active: boolean;
}

export interface Tracker {
  kind: "fx" | "transfer";
  /** The stepper colour: the operation's generic outcome. */
  tone: Outcome;
  steps: TrackerStep[];
}

const step = (key: TrackerStepKey, active: boolean, description: string | null = null): TrackerStep => ({
  key,
  labelKey: `tracker.step.${key}`,
  descriptionKey: description === null ? null : `tracker.description.${description}`,
  active,
});

/** Failed operations end the same way on both trackers: registered, then why it stopped. */
function failedSteps(status: OperationStatus): TrackerStep[] | null {
  switch (status) {
    case "notApplied":
    case "notApplying":
    case "notAppliedByAdmin":
      return [step("registered", true, "registered"), step("voided", true, "voided")];
    case "notAppliedCan":
      return [step("registered", true, "registered"), step("cancelled", true, "cancelled")];
    case "returned":
      return [step("registered", true, "registered"), step("returned", true, "returned")];
    default:
      return null;
  }
}

/**
 * §4 FX tracker: sent/validating → 'En proceso' only; applying/fixApplying → 'En proceso' and
 * 'Pactada' ('Cambio de divisa {pair} exitoso.'); applied/appliedNoReceipt/fixappliedNoReceipt →
 * all three, 'Enviada' saying the destination currency was credited.
 */
export function fxTracker(status: OperationStatus): Tracker {
  const tone = outcomeOf(displayStatusV2(status, "buy"));
  const failed = failedSteps(status);
  if (failed) return { kind: "fx", tone, steps: failed };
  switch (status) {
    case "sent":
    case "validating":
      return { kind: "fx", tone, steps: [step("inProcess", true, "fxInProcess"), step("agreed", false), step("sent", false)] };
    case "applying":
    case "fixApplying":
      return { kind: "fx", tone, steps: [step("inProcess", true), step("agreed", true, "fxAgreed"), step("sent", false)] };
    default:
      return { kind: "fx", tone, steps: [step("inProcess", true), step("agreed", true, "fxAgreed"), step("sent", true, "fxSent")] };
  }
}

/**
 * §4 transfer tracker: sent/validating → 'En proceso' ('Transferencia en proceso'); applying →
 * 'Procesada', 'Confirmada'; applied → all three with 'Enviada'; notApplied/notApplying →
 * 'Registrada' and 'Anulada'. fixApplying reads as applying and the *NoReceipt codes as applied,
 * as display status v2 groups them.
 */
export function transferTracker(status: OperationStatus): Tracker {
  const tone = outcomeOf(displayStatusV2(status, "transfer"));
  const failed = failedSteps(status);
  if (failed) return { kind: "transfer", tone, steps: failed };
  switch (status) {
    case "sent":
    case "validating":
      return {
        kind: "transfer",
        tone,
        steps: [step("inProcess", true, "transferInProcess"), step("confirmed", false), step("sent", false)],
      };
    case "applying":
    case "fixApplying":
      return { kind: "transfer", tone, steps: [step("processed", true), step("confirmed", true), step("sent", false)] };
    default:
      return { kind: "transfer", tone, steps: [step("processed", true), step("confirmed", true), step("sent", true, "transferSent")] };
  }
}

/**
 * The tracker of an operation. One that waits for a person — an administrator's approval (decision
 * 060) or its signer's token or key (decisions 092, 093) — has not set any money moving: its steps
 * show what is ahead, none reached, so 'En proceso' never reads as under way while it waits.
 */
export function trackerFor(kind: OperationKind, status: OperationStatus, waitsForPerson = false): Tracker {
  const tracker = kind === "transfer" ? transferTracker(status) : fxTracker(status);
  if (!waitsForPerson || (status !== "sent" && status !== "validating")) return tracker;
  return { ...tracker, steps: tracker.steps.map((ahead) => ({ ...ahead, active: false, descriptionKey: null })) };
}

// ---- Notices: approval, voided by the administrator, returned, cancelled -----------------------

export interface BinnacleLike {
  status: string;
  message: string | null;
}

/**
 * §4 direct cancellation: the binnacle has one entry, or every entry is notApplied or
 * notAppliedCan. Read only for operations that did not go through (notApplied, notApplying,
 * notAppliedCan): a new operation's binnacle also has one entry ('sent') and is not cancelled.
 */
export function isDirectCancellation(status: OperationStatus, binnacle: readonly BinnacleLike[]): boolean {
  if (status !== "notApplied" && status !== "notApplying" && status !== "notAppliedCan") return false;
  if (binnacle.length === 0) return false;
  return binnacle.length === 1 || binnacle.every((entry) => entry.status === "notApplied" || entry.status === "notAppliedCan");
}

/** §4 'Por aprobar': waiting for an administrator (the flag), until the operation moves on. */
export function awaitsAdminApproval(operation: { status: OperationStatus; requiresAdminApproval: boolean }): boolean {
  return operation.requiresAdminApproval && (operation.status === "sent" || operation.status === "validating");
}

export function voidedByAdmin(status: OperationStatus): boolean {
  return status === "notAppliedByAdmin";
}

export interface FailureNotice {
  /** i18n key of the badge's title (by status). */
  titleKey: string;
  /** i18n key of the copy, or the upstream's own (Spanish) message when `copyText` is set. */
  copyKey: string | null;
  copyText: string | null;
  /** The returned reason, shown for buy/sell refunds. */
  reason: string | null;
  /** Where the optional link goes: the bank's online banking (buy/sell refunds). */
  link: "bankPortal" | null;
}

/** The description part of a "title|description" upstream message, or the whole message. */
export function messageDescription(message: string | null | undefined): string | null {
  if (!message) return null;
  const parts = message.split("|").map((part) => part.trim());
  return (parts.length > 1 ? parts.slice(1).join(" ") : parts[0]) || null;
}

/**
 * §4: returned and direct-cancellation operations show an error badge with a title by status and
 * a copy: 'Cancelaste la operación.' for a cancellation; for a return, a transfer is refunded to
 * the account while a buy/sell is refunded through the bank's online banking (with the reason);
 * a voided direct cancellation shows the binnacle's message, else the §8 detail fallback.
 */
export function failureNotice(input: {
  kind: OperationKind;
  status: OperationStatus;
  reasonReturned: string | null;
  binnacle: readonly BinnacleLike[];
}): FailureNotice | null {
  const { kind, status } = input;
  if (status === "returned") {
    return kind === "transfer"
      ? { titleKey: "notice.returned.title", copyKey: "notice.returned.transfer", copyText: null, reason: input.reasonReturned, link: null }
      : {
          titleKey: "notice.returned.title",
          copyKey: "notice.returned.exchange",
          copyText: null,
          reason: input.reasonReturned,
          link: "bankPortal",
        };
  }
  if (!isDirectCancellation(status, input.binnacle)) return null;
  if (status === "notAppliedCan") {
    return { titleKey: "notice.cancelled.title", copyKey: "notice.cancelled.copy", copyText: null, reason: null, link: null };
  }
  const last = [...input.binnacle].reverse().find((entry) => entry.message);
  const text = messageDescription(last?.message);
  return { titleKey: "notice.voided.title", copyKey: text ? null : "notice.voided.fallback", copyText: text, reason: null, link: null };
}

// ---- Settlement banner --------------------------------------------------------------------------

const BANNER_STATUSES: readonly OperationStatus[] = ["applied", "appliedNoReceipt", "applying", "fixappliedNoReceipt"];

/** §4: 'Llegada aproximada | date' only for applied, appliedNoReceipt, applying, fixappliedNoReceipt. */
export function showsSettlementBanner(status: OperationStatus, settlementDate: string | null): boolean {
  return settlementDate !== null && BANNER_STATUSES.includes(status);
}
