import { useEffect, useState } from "react";

/**
 * What the shell notes for the session timers, which load after hydration (decision 081): when the page
 * carrying the server's clock arrived, and the person's activity. The timers count from these, so starting
 * a few seconds after the page shifts neither the warning, nor the idle prompt, nor the logout. Kept tiny —
 * it is on every signed-in page's first load — and handed to the guardian as props, so that no module is
 * shared between the shell and the guardian's chunk (a shared module would be a file of its own).
 */
const ACTIVITY_EVENTS = ["mousemove", "keydown", "mousedown", "scroll", "touchstart", "wheel"] as const;

/** The person's activity on this document: when it last happened, and a way to hear each event. */
export type PageActivity = {
  /** The browser's time of the last activity since hydration, or null before any. */
  last: () => number | null;
  /** Calls `listener` on every activity event from now on; answers how to stop. */
  subscribe: (listener: () => void) => () => void;
};

let lastActivityAt: number | null = null;
const listeners = new Set<() => void>();
const noteActivity = () => {
  lastActivityAt = Date.now();
  for (const listener of listeners) listener();
};

export const pageActivity: PageActivity = {
  last: () => lastActivityAt,
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** From hydration on, notes the person's activity (passive listeners on the six events of §4). */
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
