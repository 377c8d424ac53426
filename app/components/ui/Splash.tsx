import { useEffect, useState } from "react";

import { useTranslation } from "~/i18n";

import { LogoMark } from "./Logo";

export type SplashProps = {
  text: string;
  /** SPEC §9: hidden 5.5 s after a company change. */
  hideAfterMs?: number;
};

const FADE_MS = 400;

/** Built per duration; only numbers are interpolated. */
function splashCss(hideAfterMs: number): string {
  const fadeAt = Math.max(0, hideAfterMs - FADE_MS);
  return `
html:has(.fxn-splash){overflow:hidden;animation:fxn-splash-unlock 1ms step-end ${hideAfterMs}ms forwards}
@keyframes fxn-splash-unlock{to{overflow:visible}}
.fxn-splash{animation:fxn-splash-out ${FADE_MS}ms ease-in ${fadeAt}ms forwards}
@keyframes fxn-splash-out{to{opacity:0;visibility:hidden;pointer-events:none}}
.fxn-splash-count{transform-origin:left;animation:fxn-splash-count ${hideAfterMs}ms linear forwards}
@keyframes fxn-splash-count{from{transform:scaleX(1)}to{transform:scaleX(0)}}
@keyframes fxn-logo-pop{from{opacity:0;transform:scale(.85)}}
@keyframes fxn-logo-draw{from{stroke-dashoffset:1}to{stroke-dashoffset:0}}
@keyframes fxn-caption-in{from{opacity:0;transform:translateY(4px)}}
@media (prefers-reduced-motion:no-preference){
.fxn-splash .fxn-logo-tile{transform-origin:center;transform-box:fill-box;animation:fxn-logo-pop .5s cubic-bezier(.2,.8,.2,1) both}
.fxn-splash .fxn-logo-arrows path{stroke-dasharray:1;stroke-dashoffset:1;animation:fxn-logo-draw .6s ease-out 700ms forwards}
.fxn-splash-caption{animation:fxn-caption-in .4s ease-out 800ms both}
}`;
}

/**
 * A full-screen welcome with the animated mark and a countdown bar. It hides itself after
 * `hideAfterMs` with CSS alone (fades out, becomes hidden, page scroll comes back) and, with JS,
 * also leaves the page. Page scroll is locked while it shows (`html:has(.fxn-splash)`).
 */
export function Splash({ text, hideAfterMs = 5500 }: SplashProps) {
  const { t } = useTranslation("common");
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(false), hideAfterMs);
    return () => window.clearTimeout(timer);
  }, [hideAfterMs]);

  if (!visible) return null;
  return (
    <div
      role="status"
      className="fxn-splash fixed inset-0 z-[70] flex flex-col items-center justify-center gap-6 bg-white px-6 text-center dark:bg-slate-950"
    >
      <style dangerouslySetInnerHTML={{ __html: splashCss(Math.max(0, Math.round(hideAfterMs))) }} />
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
