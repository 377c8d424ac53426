import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

/**
 * The browser's half of the session rules of §4 (the server enforces the same limits):
 * - idle 300 s (activity debounced 500 ms, shared across tabs) opens the inactivity dialog;
 *   staying idle while it is open logs out;
 * - at the warning moment the expiry modal counts down 60 s, then the session is over (150 ms
 *   later, so the last second is seen).
 */
export type SessionTimersInput = {
  /** Server clock when the page was rendered, to correct the browser's clock. */
  serverNow: number;
  warningAt: number;
  endsAt: number;
  idlePromptMs: number;
  inactivityOpen: boolean;
  openInactivity: () => void;
  logout: () => void;
};

const ACTIVITY_EVENTS = ["mousemove", "keydown", "mousedown", "scroll", "touchstart", "wheel"] as const;
const CHANNEL = "fxn-session";

export function useSessionTimers({
  serverNow,
  warningAt,
  endsAt,
  idlePromptMs,
  inactivityOpen,
  openInactivity,
  logout,
}: SessionTimersInput) {
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const skew = useRef(0);
  const callbacks = useRef({ openInactivity, logout, inactivityOpen });
  callbacks.current = { openInactivity, logout, inactivityOpen };

  useEffect(() => {
    skew.current = serverNow - Date.now();
  }, [serverNow]);

  // Idle detection, shared by every tab of this browser.
  useEffect(() => {
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    let debounce: ReturnType<typeof setTimeout> | undefined;
    const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
    const restart = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        if (callbacks.current.inactivityOpen) callbacks.current.logout();
        else callbacks.current.openInactivity();
      }, idlePromptMs);
    };
    const onActivity = () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => {
        restart();
        channel?.postMessage("active");
      }, 500);
    };
    channel?.addEventListener("message", (event) => {
      if (event.data === "active") restart();
    });
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    restart();
    return () => {
      clearTimeout(idleTimer);
      clearTimeout(debounce);
      channel?.close();
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
    };
  }, [idlePromptMs, inactivityOpen]);

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
      if (left === 0 && !expired) expired = setTimeout(() => navigate("/sesion-expirada", { replace: true }), 150);
    };
    tick();
    const interval = setInterval(tick, 1000);
    return () => {
      clearInterval(interval);
      clearTimeout(expired);
    };
  }, [warningAt, endsAt, navigate]);

  return { secondsLeft };
}
