import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import { type CountChange, nextCount, uncountedChange } from "#core/domain/notification-toast";

import { type LiveChannel, useLiveEvent } from "../live/live-channel";
import type { ToastData } from "../ui/Toast";

/** Toasts told for notifications carry ids "notificacion-…" (server/notifications/live.server.ts); flashes do not. */
const NOTIFICATION_TOAST_PREFIX = "notificacion-";

/**
 * The member's notifications as they happen (decision 031), over the tab's live channel: the bell's
 * count follows §4's add / subtract / set, a toast shows what arrived, and a change that can
 * alter what the page shows (an operation's status) reloads the page's data. Starts from what the
 * server rendered; without JS the next page brings both.
 */
export function useLiveNotifications(
  channel: LiveChannel | null,
  rendered: { count: number; countedIds: string[]; toast: ToastData | null },
) {
  const renderedCount = rendered.count;
  const [count, setCount] = useState(renderedCount);
  // What the rendered figure already counts: a live add for it must not count it again.
  const counted = useRef(new Set(rendered.countedIds));
  const renderedIds = rendered.countedIds.join(",");
  // The newest of the page's toast (a flash, or what arrived since the last page) and a live one.
  const [toast, setToast] = useState<ToastData | null>(rendered.toast);
  const revalidator = useRevalidator();

  useEffect(() => {
    setCount(renderedCount);
    counted.current = new Set(renderedIds ? renderedIds.split(",") : []);
  }, [renderedCount, renderedIds]);
  const renderedToast = rendered.toast;
  // While the channel is up it tells notifications itself: a revalidation's catch-up toast for them
  // (computed before the channel's "told" mark was saved) must not replace the live one.
  const live = useRef(false);
  useEffect(() => {
    // A page without a toast leaves a live one showing.
    if (!renderedToast) return;
    if (live.current && renderedToast.id.startsWith(NOTIFICATION_TOAST_PREFIX)) return;
    setToast(renderedToast);
  }, [renderedToast?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- one toast per id

  useLiveEvent<CountChange>(channel, "count", (change) => {
    const fresh = uncountedChange(change, counted.current);
    if (change.op === "add") for (const id of change.ids ?? []) counted.current.add(id);
    setCount((current) => nextCount(current, fresh));
  });
  useLiveEvent<ToastData>(channel, "toast", setToast);
  useLiveEvent(channel, "refresh", () => revalidator.revalidate());
  // The upstream socket's state, on the document for whoever needs it (tests wait for "online").
  useLiveEvent<{ online: boolean }>(channel, "connection", ({ online }) => {
    live.current = online;
    document.documentElement.dataset.live = online ? "online" : "offline";
  });

  return { count, toast };
}
