/**
 * Which toast a notification raises (SPEC §4 'Toast selection', 'Notification count'), as pure
 * functions: one notification → a toast kind; a burst of them → the one toast shown (one at a
 * time, §2), with 4 or more of the same kind collapsed into a summary (virtual id -1).
 */

export type NotificationKind = "error" | "info" | "pending";

export interface ToastSource {
  id: string;
  module: string;
  type: NotificationKind;
  status: string | null;
  detail?: unknown;
}

export type ToastKind =
  | "operationRegistered"
  | "operationConfirmed"
  | "moneySent"
  | "invoiceAvailable"
  | "operationReturned"
  | "operationVoided"
  | "operationInProcess"
  | "receiverActivated"
  | "receiverRejected"
  | "plannerReminder"
  | "plannerForgotten"
  | "backofficeLoaded"
  | "backofficePending"
  | "backofficeRegistered"
  | "backofficeGroup"
  | "movementReceived"
  | "movementGroup"
  | "operationsToBeApproved"
  | "permissionsUpdated"
  | "profileUpdated"
  | "priceAlertTriggered";

/** The toast's look: §4 shows a forgotten payment as info. */
export type ToastTone = "success" | "error" | "info";

const detailOf = (notification: ToastSource): Record<string, unknown> =>
  notification.detail !== null && typeof notification.detail === "object" && !Array.isArray(notification.detail)
    ? (notification.detail as Record<string, unknown>)
    : {};

/** The kind of toast one notification raises, or null when it raises none (announcements are banners). */
export function toastKindFor(notification: ToastSource): ToastKind | null {
  const { module, type } = notification;
  switch (module) {
    case "operation": {
      const detail = detailOf(notification);
      const status = notification.status ?? (typeof detail.status === "string" ? detail.status : null);
      if (type === "pending") return "operationInProcess";
      if (type === "error") return status === "returned" ? "operationReturned" : "operationVoided";
      if (status === "appliedNoReceipt") return "moneySent";
      if (status === "applied") return detail.operationType === "transfer" ? "operationConfirmed" : "invoiceAvailable";
      if (status === "applying") return "operationConfirmed";
      return status === "sent" ? "operationRegistered" : null;
    }
    case "receiver":
      if (type === "info") return "receiverActivated";
      return type === "error" ? "receiverRejected" : null;
    case "planner":
      if (type === "info") return "plannerReminder";
      return type === "pending" ? "plannerForgotten" : null;
    case "borecipient":
      if (notification.id === "-1") return "backofficeGroup";
      if (notification.status === "authorized") return "backofficeRegistered";
      if (type === "info") return "backofficeLoaded";
      return type === "pending" ? "backofficePending" : null;
    case "movement":
      return Array.isArray(notification.detail) && notification.detail.length > 1 ? "movementGroup" : "movementReceived";
    case "operationsToBeApproved":
      return "operationsToBeApproved";
    case "permissions":
      return "permissionsUpdated";
    case "profileUpdate":
      return "profileUpdated";
    case "priceAlert":
      return "priceAlertTriggered";
    default:
      return null;
  }
}

export function toneOf(kind: ToastKind): ToastTone {
  switch (kind) {
    case "operationReturned":
    case "operationVoided":
    case "receiverRejected":
      return "error";
    case "operationRegistered":
    case "operationConfirmed":
    case "moneySent":
    case "invoiceAvailable":
    case "receiverActivated":
    case "backofficeRegistered":
    case "movementReceived":
    case "movementGroup":
      return "success";
    default:
      return "info";
  }
}

/** The kinds §4 collapses at 4 or more: receivers activated, returned, voided, changed operations. */
const GROUPS: Partial<Record<ToastKind, "receivers" | "returned" | "voided" | "operations">> = {
  receiverActivated: "receivers",
  operationReturned: "returned",
  operationVoided: "voided",
  operationRegistered: "operations",
  operationConfirmed: "operations",
  moneySent: "operations",
  invoiceAvailable: "operations",
  operationInProcess: "operations",
};
export type ToastGroup = "receivers" | "returned" | "voided" | "operations";
export const GROUP_MIN = 4;
export const GROUP_ID = "-1";

export type ChosenToast =
  | { id: string; kind: ToastKind; tone: ToastTone; notification: ToastSource }
  | { id: typeof GROUP_ID; group: ToastGroup; count: number; tone: ToastTone };

/**
 * The one toast for notifications that arrived together (oldest first): the newest that raises
 * one, unless 4 or more of one group collapse into a summary; an operations-to-be-approved
 * notification overwrites whatever was chosen (§4 keeps that reading).
 */
export function chooseToast(arrived: readonly ToastSource[]): ChosenToast | null {
  const kinds = arrived.map((notification) => ({ notification, kind: toastKindFor(notification) }));
  const counts = new Map<ToastGroup, number>();
  for (const { kind } of kinds) {
    const group = kind ? GROUPS[kind] : undefined;
    if (group) counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  let chosen: ChosenToast | null = null;
  const summary = [...counts].filter(([, count]) => count >= GROUP_MIN).sort((a, b) => b[1] - a[1])[0];
  if (summary) {
    const [group, count] = summary;
    chosen = { id: GROUP_ID, group, count, tone: group === "returned" || group === "voided" ? "error" : "success" };
  } else {
    for (let i = kinds.length - 1; i >= 0; i -= 1) {
      const { notification, kind } = kinds[i]!;
      if (kind && kind !== "operationsToBeApproved") {
        chosen = { id: notification.id, kind, tone: toneOf(kind), notification };
        break;
      }
    }
  }
  const approval = [...kinds].reverse().find(({ kind }) => kind === "operationsToBeApproved");
  if (approval) return { id: approval.notification.id, kind: "operationsToBeApproved", tone: "info", notification: approval.notification };
  return chosen;
}

/** The bell (§4): add, subtract (never below 0), set. */
/** An add may name the notifications it counts, so a page that already counted them does not twice. */
export type CountChange = { op: "add"; by: number; ids?: string[] } | { op: "subtract"; by: number } | { op: "set"; to: number };

export function nextCount(count: number, change: CountChange): number {
  switch (change.op) {
    case "add":
      return count + Math.max(0, change.by);
    case "subtract":
      return Math.max(0, count - Math.max(0, change.by));
    case "set":
      return Math.max(0, change.to);
  }
}

/**
 * The change a page applies, given the notifications it already counted: a page re-read after a
 * notification was stored counts it in its figure, and the live add for it must then add nothing.
 */
export function uncountedChange(change: CountChange, counted: ReadonlySet<string>): CountChange {
  if (change.op !== "add" || !change.ids) return change;
  return { op: "add", by: change.ids.filter((id) => !counted.has(id)).length };
}
