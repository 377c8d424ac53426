import { useEffect, useState } from "react";

import { useTranslation } from "~/i18n";

import { LogoMark } from "./Logo";

export type SplashProps = {
  text: string;
  /** How long it shows: the shell's SPLASH_MS, passed in so this on-demand part shares no module with it (decision 077). */
  durationMs: number;
};

/**
 * A full-screen welcome with the animated mark and a countdown bar. It hides itself after
 * `durationMs` (SPLASH_MS) with CSS alone (the stylesheet's `.fxn-splash` rules: it fades out, becomes hidden,
 * page scroll comes back) and, with JS, also leaves the page. Page scroll is locked while it shows.
 */
export function Splash({ text, durationMs }: SplashProps) {
  const { t } = useTranslation("common");
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(false), durationMs);
    return () => window.clearTimeout(timer);
  }, [durationMs]);

  if (!visible) return null;
  return (
    <div
      role="status"
      className="fxn-splash fixed inset-0 z-[70] flex flex-col items-center justify-center gap-6 bg-white px-6 text-center dark:bg-slate-950"
    >
      <div className="flex w-[168px] flex-col items-center gap-3" style={{ minHeight: 136 }}>
        <LogoMark animated className="h-24 w-24" />
        <span className="fxn-splash-caption text-2xl font-bold tracking-widest text-brand-900 dark:text-white">{t("product.name")}</span>
      </div>
      <p className="fxn-splash-caption max-w-sm text-lg font-medium text-slate-700 dark:text-slate-200">{text}</p>
      <div aria-hidden="true" className="h-1 w-48 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
        <div className="fxn-splash-count h-full w-full rounded-full bg-brand-500" />
      </div>
    </div>
  );
}
