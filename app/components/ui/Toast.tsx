import type { CSSProperties, SyntheticEvent } from "react";
import { useCallback, useEffect, useState } from "react";

import { useTranslation } from "~/i18n";

import { Icon } from "./icons";

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

const look: Record<ToastType, { icon: "check" | "error" | "info"; accent: string }> = {
  success: { icon: "check", accent: "border-l-success text-success dark:border-l-success" },
  error: { icon: "error", accent: "border-l-failed text-failed dark:border-l-failed dark:text-red-400" },
  info: { icon: "info", accent: "border-l-brand-500 text-brand-600 dark:border-l-brand-500 dark:text-brand-100" },
};

/**
 * One toast at a time, top right, 344 px wide. It hides itself after `durationMs`: with JS by a
 * timer, without JS by a CSS animation (the stylesheet's `.fxn-toast`) that fades it out and makes
 * it hidden (so it can no longer be clicked or read). Hovering or focusing it pauses both. The close control is a <summary>, so
 * it closes the toast natively with JS off.
 */
/** §9: a toast stays 5,000 ms (paused on hover and focus). */
export const TOAST_MS = 5000;

export function Toast({ toast, durationMs = TOAST_MS }: ToastProps) {
  const { t } = useTranslation("common");
  const [gone, setGone] = useState<ReadonlySet<string>>(() => new Set());
  const hide = useCallback((id: string) => setGone((previous) => new Set(previous).add(id)), []);
  const shown = toast && !gone.has(toast.id) ? toast : null;
  const card = shown ? <ToastCard key={shown.id} toast={shown} durationMs={durationMs} onHide={hide} /> : null;

  // Both live regions are always in the page, so a toast that arrives later is announced.
  return (
    <div className="pointer-events-none fixed right-4 top-4 z-[60] w-toast max-w-[calc(100vw-2rem)]">
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

function ToastCard({ toast, durationMs, onHide }: { toast: ToastData; durationMs: number; onHide: (id: string) => void }) {
  const { t } = useTranslation("common");
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => onHide(toast.id), durationMs);
    return () => window.clearTimeout(timer);
  }, [paused, durationMs, onHide, toast.id]);

  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (!event.currentTarget.open) onHide(toast.id);
  };
  const { icon, accent } = look[toast.type];

  return (
    <details
      open
      onToggle={onToggle}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setPaused(false);
      }}
      style={{ "--fxn-toast-ms": `${durationMs}ms` } as CSSProperties}
      className={`fxn-toast pointer-events-auto relative rounded-lg border border-l-4 border-slate-200 bg-white p-4 pr-12 shadow-lg dark:border-slate-700 dark:bg-slate-800 ${accent}`}
    >
      <summary
        aria-label={t("toast.close")}
        title={t("toast.close")}
        className="absolute right-2 top-2 inline-flex h-9 w-9 cursor-pointer list-none items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-300 dark:hover:bg-slate-700"
      >
        <Icon name="close" className="h-4 w-4" />
      </summary>
      <div className="flex gap-3">
        <Icon name={icon} className="mt-0.5 h-5 w-5 shrink-0" />
        <div className="min-w-0 text-slate-900 dark:text-slate-100">
          <p className="font-semibold leading-6">{toast.title}</p>
          {toast.description ? <p className="mt-1 text-sm leading-5 text-slate-600 dark:text-slate-300">{toast.description}</p> : null}
          {toast.link ? (
            <a href={toast.link.href} className="mt-2 inline-block text-sm font-semibold text-brand-700 underline dark:text-brand-100">
              {toast.link.label}
            </a>
          ) : null}
        </div>
      </div>
    </details>
  );
}
