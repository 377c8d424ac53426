import { safeRedirectPath } from "../url";
import { APPROVALS_PATH } from "./approval";
import { alertCalculatorHref, PAIR_SHAPE } from "./price-alerts";

/**
 * Where a notification leads (decision 121: every notification opens its object), and the words
 * of its link (notifications namespace, `links.*`). Built from the module and the detail the
 * notification service stores (sandbox/CONTRACT.md, 'Notification service'); a detail without what a
 * link needs falls back to the list the object lives in, so no notification is a dead end.
 */
export type NotificationLinkLabel =
  | "operation"
  | "approvals"
  | "calculator"
  | "recipient"
  | "registerAgain"
  | "account"
  | "accounts"
  | "plannerDay"
  | "planner"
  | "profile"
  | "refresh"
  | "announcement";

export interface NotificationLink {
  href: string;
  label: NotificationLinkLabel;
}

export interface NotificationLinkSource {
  module: string;
  status?: string | null;
  detail?: unknown;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ACCOUNT_ID = /^[A-Za-z0-9-]{1,40}$/;

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const positiveId = (value: unknown): number | null => {
  const id = typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : value;
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : null;
};
const textOf = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, 60) : null);
const query = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params).toString()}`;

/** The recipients list opened on one recipient's drawer, or searched by its name when the detail has no id. */
function recipientLink(key: string | null, name: string | null): NotificationLink {
  if (key) return { href: query("/destinatarios", { detalle: key }), label: "recipient" };
  return { href: name ? query("/destinatarios", { q: name }) : "/destinatarios", label: "recipient" };
}

export function notificationLink({ module, status, detail }: NotificationLinkSource): NotificationLink | null {
  const fields = record(detail);
  switch (module) {
    case "operation": {
      const id = positiveId(fields.id);
      return id ? { href: `/historial-operaciones/${id}`, label: "operation" } : { href: "/historial-operaciones", label: "operation" };
    }
    case "operationsToBeApproved":
      return { href: APPROVALS_PATH, label: "approvals" };
    case "priceAlert": {
      const pair = fields.pair;
      if (typeof pair !== "string" || !PAIR_SHAPE.test(pair)) return null;
      return { href: alertCalculatorHref(pair, fields.operation === "sell" ? "sell" : "buy"), label: "calculator" };
    }
    case "receiver": {
      // §3: a rejected recipient is registered again; an authorized one is opened.
      if (status === "rejected") return { href: "/destinatarios-alta", label: "registerAgain" };
      const id = positiveId(fields.idRecipient);
      return recipientLink(id ? `B3-${id}` : null, textOf(fields.name));
    }
    case "borecipient": {
      const id = positiveId(fields.id);
      return recipientLink(id ? `BO-${id}` : null, textOf(fields.name) ?? textOf(fields.companyName));
    }
    case "movement": {
      const first = record(Array.isArray(detail) ? detail[0] : null);
      const account = typeof first.idAccount === "string" && ACCOUNT_ID.test(first.idAccount) ? first.idAccount : null;
      return account ? { href: `/cuentas/${encodeURIComponent(account)}`, label: "account" } : { href: "/cuentas", label: "accounts" };
    }
    case "planner": {
      const day = typeof fields.dateToPay === "string" && DATE.test(fields.dateToPay) ? fields.dateToPay : null;
      if (!day) return { href: "/planner", label: "planner" };
      const params = { mes: String(Number(day.slice(5, 7))), anio: day.slice(0, 4), dia: day };
      return { href: query("/planner", params), label: "plannerDay" };
    }
    case "profileUpdate":
      return { href: query("/configuracion", { tab: "datos" }), label: "profile" };
    case "permissions":
      // What a member may do shows in the menu and the screens: the page loaded again shows the change.
      return { href: "/", label: "refresh" };
    case "announcement":
      // Only a path inside the portal (the redirect rule's): a notification never sends people off-site.
      return { href: safeRedirectPath(fields.path), label: "announcement" };
    default:
      return null;
  }
}
