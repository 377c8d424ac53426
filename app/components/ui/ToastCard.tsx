import type { CSSProperties, SyntheticEvent } from "react";
import { useEffect, useState } from "react";

import { useTranslation } from "~/i18n";

import { Icon } from "./icons";
import type { ToastData, ToastType } from "./Toast";

const look: Record<ToastType, { icon: "check" | "error" | "info"; accent: string }> = {
  success: { icon: "check", accent: "border-l-success text-success dark:border-l-success" },
  error: { icon: "error", accent: "border-l-failed text-failed dark:border-l-failed dark:text-red-400" },
  info: { icon: "info", accent: "border-l-brand-500 text-brand-600 dark:border-l-brand-500 dark:text-brand-100" },
};

/** One toast (see `Toast`): hides itself after `durationMs`, paused while hovered or focused. */
export function ToastCard({ toast, durationMs, onHide }: { toast: ToastData; durationMs: number; onHide: (id: string) => void }) {
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
            <a href={toast.link.href} className="mt-2 inline-block text-sm font-semibold text-brand-700 underline dark:text-brand-300">
              {toast.link.label}
            </a>
          ) : null}
        </div>
      </div>
    </details>
  );
}
