import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import { IDLE_LOGOUT_MS } from "#core/domain/session-timing";
import type { TabEffect, TabMessage, TabState } from "#core/domain/tab-sync";
import { idleTimerError, isPaused, onTabMessage } from "#core/domain/tab-sync";

import { newTabId, openTabChannel } from "./tab-channel";

/**
 * The browser's half of the session rules of §4 (the server enforces the same limits):
 * - idle 300 s (activity throttled 200 ms and debounced 500 ms) opens the inactivity dialog;
 *   staying idle while it is open logs out;
 * - the tabs of the browser keep one idle clock through the seven messages of core/domain/tab-sync.ts:
 *   activity or a new page in one tab keeps the others alive, the prompt reaches every tab, an
 *   extension refreshes the others' clocks, a challenge open in one tab pauses the prompt in all;
 * - at the warning moment the expiry modal counts down 60 s, then the session is over (150 ms
 *   later, so the last second is seen) — not while this tab's challenge modal is open.
 */
export type SessionTimersInput = {
  /** Server clock when the page was rendered, to correct the browser's clock. */
  serverNow: number;
  warningAt: number;
  endsAt: number;
  idlePromptMs: number;
  inactivityOpen: boolean;
  /** A challenge modal is open in this tab (§4: the expired modal waits for it). */
  challengeOpen: boolean;
  openInactivity: () => void;
  closeInactivity: () => void;
  logout: () => void;
  /** Read the page (and the session's clock) again; a session ended elsewhere sends the tab to its exit. */
  reload: () => void;
};

const ACTIVITY_EVENTS = ["mousemove", "keydown", "mousedown", "scroll", "touchstart", "wheel"] as const;
const THROTTLE_MS = 200;
const DEBOUNCE_MS = 500;
const EXPIRED_DELAY_MS = 150;

export function useSessionTimers(input: SessionTimersInput) {
  const { serverNow, warningAt, endsAt, idlePromptMs, inactivityOpen, challengeOpen } = input;
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const skew = useRef(0);
  const latest = useRef(input);
  latest.current = input;
  const tab = useRef<TabState>({ self: "", endsAt, pausedBy: {} });
  const channel = useRef<{ post: (message: TabMessage) => void } | null>(null);
  const restartIdle = useRef<() => void>(() => undefined);

  useEffect(() => {
    skew.current = serverNow - Date.now();
  }, [serverNow]);

  // One idle clock for the browser's tabs.
  useEffect(() => {
    const invalid = idleTimerError(IDLE_LOGOUT_MS, idlePromptMs);
    if (invalid) throw new Error(`idle timer: ${invalid}`);
    const self = newTabId();
    tab.current = { ...tab.current, self };
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    let debounce: ReturnType<typeof setTimeout> | undefined;
    let lastActivity = 0;
    const post = (message: Omit<TabMessage, "from">) => channel.current?.post({ ...message, from: self } as TabMessage);
    const restart = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        const { inactivityOpen: open, challengeOpen: holding } = latest.current;
        // Nobody is asked '¿Aún estás ahí?' in the middle of a challenge.
        if (holding || isPaused(tab.current, Date.now())) return restart();
        if (open) {
          latest.current.logout();
        } else {
          latest.current.openInactivity();
          post({ type: "prompt" });
        }
      }, idlePromptMs);
    };
    restartIdle.current = restart;
    const apply = (effects: TabEffect[]) => {
      for (const effect of effects) {
        if (effect === "restartIdle") restart();
        if (effect === "closePrompt" && latest.current.inactivityOpen) latest.current.closeInactivity();
        if (effect === "openPrompt" && !latest.current.inactivityOpen) latest.current.openInactivity();
        if (effect === "leave" || effect === "refreshClock") latest.current.reload();
      }
    };
    const opened = openTabChannel((message) => {
      const next = onTabMessage(tab.current, message, Date.now());
      tab.current = next.state;
      apply(next.effects);
    });
    channel.current = opened;
    const onActivity = () => {
      const now = Date.now();
      if (now - lastActivity < THROTTLE_MS) return;
      lastActivity = now;
      clearTimeout(debounce);
      debounce = setTimeout(() => {
        restart();
        post({ type: "active" });
      }, DEBOUNCE_MS);
    };
    // A tab that goes away must not hold the others' prompt.
    const onPageHide = () => {
      if (latest.current.challengeOpen) post({ type: "resume" });
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    window.addEventListener("pagehide", onPageHide);
    restart();
    post({ type: "start" });
    return () => {
      clearTimeout(idleTimer);
      clearTimeout(debounce);
      opened.close();
      channel.current = null;
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      window.removeEventListener("pagehide", onPageHide);
    };
  }, [idlePromptMs]);

  // Opening or closing the inactivity dialog starts its period: staying idle while it is open logs out.
  useEffect(() => restartIdle.current(), [inactivityOpen]);

  // A challenge open here pauses the prompt in every tab.
  useEffect(() => {
    if (!challengeOpen) return;
    const from = tab.current.self;
    channel.current?.post({ type: "pause", from });
    return () => channel.current?.post({ type: "resume", from });
  }, [challengeOpen]);

  // An extension (the clock moved forward) reaches the other tabs.
  const previousEndsAt = useRef(endsAt);
  useEffect(() => {
    tab.current = { ...tab.current, endsAt };
    if (endsAt > previousEndsAt.current) channel.current?.post({ type: "reset", from: tab.current.self, endsAt });
    previousEndsAt.current = endsAt;
  }, [endsAt]);

  // Expiry warning and countdown.
  useEffect(() => {
    const now = () => Date.now() + skew.current;
    let expired: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const current = now();
      if (current < warningAt) {
        setSecondsLeft(null);
        return;
      }
      const left = Math.max(0, Math.ceil((endsAt - current) / 1000));
      setSecondsLeft(left);
      if (left === 0 && !expired && !challengeOpen) {
        expired = setTimeout(() => navigate("/sesion-expirada", { replace: true }), EXPIRED_DELAY_MS);
      }
    };
    tick();
    const interval = setInterval(tick, 1000);
    return () => {
      clearInterval(interval);
      clearTimeout(expired);
    };
  }, [warningAt, endsAt, challengeOpen, navigate]);

  return { secondsLeft };
}
