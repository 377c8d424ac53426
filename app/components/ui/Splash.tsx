import type { RefObject } from "react";
import { useCallback, useEffect, useId, useRef, useState } from "react";

import { useTranslation } from "~/i18n";

import { buttonClass } from "./button";
import { closeDialog, isTopDialog, openDialog, returnFocus } from "./dialog-stack";
import { LogoMark } from "./Logo";

export type SplashProps = {
  text: string;
  /** How long it shows: the shell's SPLASH_MS or WELCOME_MS, passed in so the timing module stays the shell's (decision 077). */
  durationMs: number;
  /**
   * "update" (the default): the company change's, shown with or without JavaScript. "welcome": the
   * first page after a login (decision 112), JavaScript's alone: the stylesheet hides it without
   * scripting; it counts the seconds down and can be skipped.
   */
  variant?: "update" | "welcome";
};

/**
 * A full-screen welcome with the animated mark and a countdown bar. It hides itself after
 * `durationMs` with CSS alone (the stylesheet's `.fxn-splash` and `.fxn-welcome` rules: it fades
 * out, becomes hidden, page scroll comes back) and, with JS, also leaves the page. Page scroll is
 * locked while it shows.
 */
export function Splash({ text, durationMs, variant = "update" }: SplashProps) {
  const [visible, setVisible] = useState(true);
  const panelRef = useRef<HTMLDivElement>(null);
  const [left, setLeft] = useState(durationMs);

  useEffect(() => {
    // The stylesheet's clock started when the server's markup was parsed, maybe seconds before
    // hydration on a slow phone: what is left is counted from its animation, not from now.
    const started = Date.now() - elapsedOf(panelRef.current);
    const tick = () => {
      const remaining = durationMs - (Date.now() - started);
      if (remaining <= 0) setVisible(false);
      else setLeft(remaining);
    };
    tick();
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [durationMs]);

  const skip = useCallback(() => setVisible(false), []);

  if (!visible) return null;
  if (variant === "welcome") return <Welcome text={text} left={left} panelRef={panelRef} onSkip={skip} />;
  return (
    <div
      ref={panelRef}
      role="status"
      className="fxn-splash fixed inset-0 z-[70] flex flex-col items-center justify-center gap-6 bg-white px-6 text-center dark:bg-slate-950"
    >
      <Mark />
      <p className="fxn-splash-caption max-w-sm text-lg font-medium text-slate-700 dark:text-slate-200">{text}</p>
      <Bar />
    </div>
  );
}

/**
 * The welcome is a modal dialog while it shows: focus moves to 'Omitir bienvenida' (once the page has
 * hydrated: before that the button could not act, so it is disabled), Tab stays on it, Escape skips
 * it, and focus goes on to the page's content when it goes.
 */
function Welcome({
  text,
  left,
  panelRef,
  onSkip,
}: {
  text: string;
  left: number;
  panelRef: RefObject<HTMLDivElement>;
  onSkip: () => void;
}) {
  const { t } = useTranslation("common");
  const titleId = `bienvenida-${useId().replace(/:/g, "")}`;
  const [hydrated, setHydrated] = useState(false);
  const skipRef = useRef<HTMLButtonElement>(null);
  const seconds = Math.ceil(left / 1000);

  useEffect(() => setHydrated(true), []);
  // Its one control is the whole focus trap, so it needs none of the drawers' (decision 112): the first
  // page's scripts stay without it. It takes its place in the dialog stack, so a dialog under it (the
  // page's global notice) leaves Tab and Escape to it.
  useEffect(() => {
    const panel = panelRef.current;
    const button = skipRef.current;
    if (!hydrated || !panel || !button) return;
    openDialog(panel);
    button.focus();
    function onKeyDown(event: KeyboardEvent) {
      if (!panel || !isTopDialog(panel) || event.defaultPrevented) return;
      if (event.key === "Escape") onSkip();
      else if (event.key === "Tab") button?.focus();
      else return;
      event.preventDefault();
    }
    function onFocusIn(event: FocusEvent) {
      if (panel && isTopDialog(panel) && event.target !== button) button?.focus();
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
      closeDialog(panel);
      returnFocus(null);
    };
  }, [hydrated, panelRef, onSkip]);

  return (
    <div
      ref={panelRef}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      className="fxn-welcome fixed inset-0 z-[70] flex flex-col items-center justify-center gap-6 bg-white px-6 text-center dark:bg-slate-950"
    >
      <Mark />
      <h2
        id={titleId}
        tabIndex={-1}
        data-dialog-title=""
        className="fxn-splash-caption max-w-sm text-lg font-medium text-slate-700 focus:outline-none dark:text-slate-200"
      >
        {text}
      </h2>
      <Bar />
      <p className="text-base font-medium tabular-nums text-slate-700 dark:text-slate-200">{t("splash.countdown", { seconds })}</p>
      <button ref={skipRef} type="button" disabled={!hydrated} onClick={onSkip} className={buttonClass("secondary")}>
        {t("splash.skip")}
      </button>
    </div>
  );
}

function Mark() {
  const { t } = useTranslation("common");
  return (
    <div className="flex w-[168px] flex-col items-center gap-3" style={{ minHeight: 136 }}>
      <LogoMark animated className="h-24 w-24" />
      <span className="fxn-splash-caption text-2xl font-bold tracking-widest text-brand-900 dark:text-white">{t("product.name")}</span>
    </div>
  );
}

function Bar() {
  return (
    <div aria-hidden="true" className="h-1 w-48 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
      <div className="fxn-splash-count h-full w-full rounded-full bg-brand-500" />
    </div>
  );
}

/** How long the stylesheet's animations of `panel` have run (ms): 0 where the browser cannot say. */
function elapsedOf(panel: HTMLElement | null): number {
  if (!panel || typeof panel.getAnimations !== "function") return 0;
  const time = panel.getAnimations()[0]?.currentTime;
  return typeof time === "number" ? time : 0;
}
