import { notificationLink } from "#core/domain/notification-links";
import { chooseToast, type ChosenToast } from "#core/domain/notification-toast";
import texts from "#core/locales/es-MX/notifications.json";

import { eventStreamResponse, sseEvent } from "../http/event-stream.server";
import type { Notification } from "../upstream/notifications.server";
import type { BridgeListener } from "./bridge.server";

/**
 * The tab's live channel (decision 031): Server-Sent Events carrying what the member's notification
 * socket pushes, as named events the browser acts on without knowing §4's rules:
 * - `toast`  { id, type, title, description } — the one toast for what arrived together;
 * - `count`  { op: "add", by, ids } — the bell's change (§4 count rules), naming what it counts;
 *            { op: "set", to } — after the member read notifications in another tab;
 * - `refresh` { modules } — what the page shows may have changed (an operation's status);
 * - `connection` { online } — the upstream socket's state.
 * A lone notification is told at once; one arriving within `batchMs` of the last told waits for
 * the window's end, so 5 recipients activated at once end on one summary toast.
 */
export const BATCH_MS = 250;

export interface ToastData {
  id: string;
  type: "success" | "error" | "info";
  title: string;
  description?: string;
  /** Where the notification leads (a fired price alert: the calculator with its pair). */
  link?: { href: string; label: string };
}

/** The Spanish toast for a choice of chooseToast. */
export function toastData(chosen: ChosenToast): ToastData {
  if ("group" in chosen) {
    return {
      id: `notificacion-grupo-${Date.now()}`,
      type: chosen.tone,
      title: texts.toasts.groups[chosen.group].replace("{{count}}", String(chosen.count)),
      description: texts.toasts.groupCopy,
    };
  }
  const source = chosen.notification as Partial<Notification>;
  const description =
    chosen.kind === "permissionsUpdated" ? texts.toasts.permissionsUpdatedCopy : (source.copy ?? source.title ?? undefined) || undefined;
  const link = notificationLink({ module: source.module ?? "", status: source.status ?? null, detail: source.detail });
  return {
    id: `notificacion-${chosen.id}`,
    type: chosen.tone,
    title: texts.toasts[chosen.kind],
    description,
    ...(link ? { link: { href: link.href, label: texts.links[link.label] } } : {}),
  };
}

export interface NotificationStreamOptions {
  subscribe: (listener: BridgeListener) => () => void;
  /** Called with the newest `createdAt` (ISO) of each burst told to the tab. */
  onTold?: (createdAt: string) => void;
  /** Epoch ms at which the stream ends (the session's end). */
  endsAt?: number;
  now?: () => number;
  heartbeatMs?: number;
  batchMs?: number;
}

export function notificationStream(signal: AbortSignal, options: NotificationStreamOptions): Response {
  return eventStreamResponse(signal, options, notificationEvents(options));
}

/** The notification half of a tab's channel, for a stream that carries other events too (prices). */
export function notificationEvents(options: Omit<NotificationStreamOptions, "endsAt" | "now" | "heartbeatMs">) {
  const batchMs = options.batchMs ?? BATCH_MS;
  return (write: (bytes: Uint8Array) => void) => {
    // A notification after a quiet spell is told at once; what follows it within `batchMs` is told
    // together at the window's end, its toast chosen over the whole burst (so 5 recipients activated
    // at once end on one summary toast), and the next window opens; a window that closes empty
    // ends the burst.
    let burst: Notification[] = [];
    let untold: Notification[] = [];
    let windowTimer: NodeJS.Timeout | null = null;
    const tell = (told: Notification[], toastOver: Notification[]) => {
      // Marked before the tab hears of it: the page it may reload must not toast it again.
      const newest = newestOf(told);
      if (newest) options.onTold?.(newest);
      write(sseEvent("count", { op: "add", by: told.length, ids: told.map((notification) => String(notification.id)) }));
      const chosen = chooseToast(toastOver);
      if (chosen) write(sseEvent("toast", toastData(chosen)));
      write(sseEvent("refresh", { modules: [...new Set(told.map((notification) => notification.module))] }));
    };
    const closeWindow = () => {
      windowTimer = null;
      if (untold.length === 0) {
        burst = [];
        return;
      }
      // The burst goes on while windows keep filling: a burst a loaded machine delivers across two
      // windows still ends on the toast of all of it, not of its stragglers.
      tell(untold, burst);
      untold = [];
      windowTimer = setTimeout(closeWindow, batchMs);
    };
    const unsubscribe = options.subscribe((bridgeEvent) => {
      if (bridgeEvent.kind === "connection") {
        write(sseEvent("connection", { online: bridgeEvent.online }));
        return;
      }
      if (bridgeEvent.kind === "count") {
        write(sseEvent("count", { op: "set", to: bridgeEvent.to }));
        return;
      }
      if (bridgeEvent.notification.read) return;
      burst.push(bridgeEvent.notification);
      if (windowTimer) {
        untold.push(bridgeEvent.notification);
        return;
      }
      tell([bridgeEvent.notification], burst);
      windowTimer = setTimeout(closeWindow, batchMs);
    });
    return () => {
      if (windowTimer) clearTimeout(windowTimer);
      unsubscribe();
    };
  };
}

/**
 * The newest `createdAt` of some notifications, as a comparable ISO instant. One pass over the instants
 * (every page asks, decision 074); a date that does not parse throws, as `toISOString` does.
 */
export function newestOf(notifications: readonly Pick<Notification, "createdAt">[]): string | undefined {
  if (notifications.length === 0) return undefined;
  let newest = -Infinity;
  for (const notification of notifications) {
    const at = new Date(notification.createdAt).getTime();
    if (Number.isNaN(at)) throw new RangeError("Invalid time value");
    if (at > newest) newest = at;
  }
  return new Date(newest).toISOString();
}

/**
 * The toast a page shows for notifications that arrived since the session was last told (live or
 * on a page): none on the session's first page (what was there before is old news), else the one
 * §4 chooses among the newer ones. Moves the mark to the newest.
 */
export async function toastSinceLastTold(
  mark: { seenUpTo: () => Promise<string | null>; markSeen: (createdAt: string) => Promise<void> },
  unread: readonly Notification[],
  now = new Date(),
): Promise<ToastData | null> {
  const seen = await mark.seenUpTo();
  const newest = newestOf(unread);
  if (seen === null) {
    await mark.markSeen(newest ?? now.toISOString());
    return null;
  }
  if (!newest || newest <= seen) return null;
  await mark.markSeen(newest);
  const fresh = unread.filter((notification) => new Date(notification.createdAt).toISOString() > seen).reverse();
  const chosen = chooseToast(fresh);
  return chosen ? toastData(chosen) : null;
}
