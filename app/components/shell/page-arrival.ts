import { useEffect, useState } from "react";

/**
 * What the shell notes for the session timers, which load after hydration (decision 081): when the page
 * carrying the server's clock arrived, and when the person last did something. The timers count from
 * these, so starting a few seconds after the page shifts neither the warning, nor the idle prompt, nor
 * the logout. Kept tiny: it is on every signed-in page's first load.
 */
export const ACTIVITY_EVENTS = ["mousemove", "keydown", "mousedown", "scroll", "touchstart", "wheel"] as const;

let lastActivityAt: number | null = null;
const noteActivity = () => {
  lastActivityAt = Date.now();
};

/** The browser's time of the person's last activity on this document, or null before any. */
export const lastActivityNoted = () => lastActivityAt;

/** From hydration on, notes the person's activity (a passive listener that only stores a time). */
export function useActivityNote(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, noteActivity, { passive: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, noteActivity);
    };
  }, [enabled]);
}

/**
 * The browser's time when the shell first rendered `serverNow`: the hydration of the first page, or the
 * render that brought a navigation's (or a revalidation's) data — the moment the timers used to read the
 * browser's clock when they started with the page.
 */
export function usePageArrival(serverNow: number | undefined): number {
  const [arrival, setArrival] = useState(() => ({ serverNow, at: Date.now() }));
  if (arrival.serverNow !== serverNow) {
    const next = { serverNow, at: Date.now() };
    setArrival(next);
    return next.at;
  }
  return arrival.at;
}
