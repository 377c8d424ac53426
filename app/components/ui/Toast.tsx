import { useCallback, useState } from "react";

import { useTranslation } from "~/i18n";
import { onDemand } from "~/utils/on-demand";

export type ToastType = "success" | "error" | "info";

export type ToastData = {
  /** Unique per toast: the same id is never shown twice. */
  id: string;
  type: ToastType;
  title: string;
  description?: string;
  /** Where the toast's subject is (a fired price alert: the calculator with its pair). */
  link?: { href: string; label: string };
};

export type ToastProps = {
  toast: ToastData | null;
  /** SPEC §9: 5,000 ms. */
  durationMs?: number;
};

/** §9: a toast stays 5,000 ms (paused on hover and focus). */
export const TOAST_MS = 5000;

/**
 * The card comes on demand (decision 075): most pages show no toast. One the server rendered (a flash
 * message) is loaded before hydration; one that arrives later finds it fetched by the shell's preload
 * (at the first navigation or when the page is idle), or shows as soon as it is in.
 */
const ToastCard = onDemand("aviso-toast", () => import("./ToastCard").then((module) => module.ToastCard));

/**
 * One toast at a time, 344 px wide: top right from `sm` up, at the foot on a phone, where the top
 * would cover the header and its 'Menú' (the page scrolls under it, so no offset clears the header).
 * It hides itself after `durationMs`: with JS by a
 * timer, without JS by a CSS animation (the stylesheet's `.fxn-toast`) that fades it out and makes
 * it hidden (so it can no longer be clicked or read). Hovering or focusing it pauses both. The close control is a <summary>, so
 * it closes the toast natively with JS off.
 */
export function Toast({ toast, durationMs = TOAST_MS }: ToastProps) {
  const { t } = useTranslation("common");
  const [gone, setGone] = useState<ReadonlySet<string>>(() => new Set());
  const hide = useCallback((id: string) => setGone((previous) => new Set(previous).add(id)), []);
  const shown = toast && !gone.has(toast.id) ? toast : null;
  const card = shown ? <ToastCard key={shown.id} toast={shown} durationMs={durationMs} onHide={hide} /> : null;

  // Both live regions are always in the page, so a toast that arrives later is announced.
  return (
    <div className="pointer-events-none fixed bottom-4 right-4 z-[60] sm:bottom-auto sm:top-4 w-toast max-w-[calc(100vw-2rem)]">
      {/* Named, so the toasts are told apart from a page's own status notices (the market closed, a job's progress). */}
      <div role="status" aria-live="polite" aria-atomic="true" aria-label={t("toast.region")}>
        {shown && shown.type !== "error" ? card : null}
      </div>
      <div role="alert" aria-atomic="true">
        {shown && shown.type === "error" ? card : null}
      </div>
    </div>
  );
}
