/**
 * Cross-tab session sync of §4: the tabs of one browser tell each other what their idle timer does,
 * with the seven messages active, idle, prompt, start, reset, pause and resume. This is the pure
 * half: which messages exist, how one is read from the wire, and what a tab does on receiving one.
 * The browser half (app/components/shell/use-session-timers.ts) carries them over a
 * BroadcastChannel, or localStorage where there is none (each message removed after 500 ms, §9).
 */
export const TAB_MESSAGE_TYPES = ["active", "idle", "prompt", "start", "reset", "pause", "resume"] as const;
export type TabMessageType = (typeof TAB_MESSAGE_TYPES)[number];

export type TabMessage =
  /** The person did something in the sending tab (debounced): every tab's idle period starts again. */
  | { type: "active"; from: string }
  /** A tab loaded a page: it counts as activity. */
  | { type: "start"; from: string }
  /** The sending tab asked '¿Aún estás ahí?': every tab asks. */
  | { type: "prompt"; from: string }
  /** The session ended in the sending tab (logout, inactivity or expiry): every tab leaves. */
  | { type: "idle"; from: string }
  /** The session was extended to `endsAt`: tabs with an older clock read the new one. */
  | { type: "reset"; from: string; endsAt: number }
  /** A challenge is open in the sending tab: no tab may end the session under it. */
  | { type: "pause"; from: string }
  /** The sending tab's challenge is over (or the tab closed). */
  | { type: "resume"; from: string };

/** §9: a message written to localStorage (the fallback channel) is removed after 500 ms. */
export const TAB_MESSAGE_REMOVAL_MS = 500;
/** A pause outlives a vanished tab by at most this long (the idle logout period). */
export const PAUSE_LIMIT_MS = 600_000;

/** A message from the wire (another tab, or anything that writes the key), or null. */
export function readTabMessage(data: unknown): TabMessage | null {
  if (typeof data === "string") {
    try {
      return readTabMessage(JSON.parse(data));
    } catch {
      return null;
    }
  }
  if (typeof data !== "object" || data === null) return null;
  const { type, from, endsAt } = data as Record<string, unknown>;
  if (typeof from !== "string" || from.length === 0 || from.length > 64) return null;
  if (!TAB_MESSAGE_TYPES.includes(type as TabMessageType)) return null;
  if (type === "reset") return Number.isFinite(endsAt) ? { type, from, endsAt: endsAt as number } : null;
  return { type: type as Exclude<TabMessageType, "reset">, from };
}

export type TabState = {
  /** This tab's id: its own messages (the localStorage fallback echoes none, but be safe) are ignored. */
  self: string;
  /** When this tab's session ends (its clock, from the server). */
  endsAt: number;
  /** Tabs holding a challenge open, with when they said so. */
  pausedBy: Record<string, number>;
};

export type TabEffect =
  | "restartIdle" /* start the idle period again */
  | "closePrompt" /* close '¿Aún estás ahí?' if open */
  | "openPrompt" /* ask '¿Aún estás ahí?' */
  | "leave" /* the session is over: reload, and the server sends the tab to its exit */
  | "refreshClock"; /* ask the server for the session's new clock */

/** What a tab does when another tab's message arrives. */
export function onTabMessage(state: TabState, message: TabMessage, now: number): { state: TabState; effects: TabEffect[] } {
  if (message.from === state.self) return { state, effects: [] };
  switch (message.type) {
    case "active":
    case "start":
      return { state, effects: ["restartIdle", "closePrompt"] };
    case "prompt":
      return { state, effects: isPaused(state, now) ? [] : ["openPrompt"] };
    case "idle":
      return { state, effects: ["leave"] };
    case "reset":
      return { state, effects: message.endsAt > state.endsAt ? ["refreshClock", "restartIdle", "closePrompt"] : ["restartIdle"] };
    case "pause":
      return { state: { ...state, pausedBy: { ...state.pausedBy, [message.from]: now } }, effects: [] };
    case "resume": {
      const { [message.from]: _resumed, ...pausedBy } = state.pausedBy;
      return { state: { ...state, pausedBy }, effects: ["restartIdle"] };
    }
  }
}

/** Whether some tab holds a challenge open (a pause older than PAUSE_LIMIT_MS is forgotten). */
export function isPaused(state: TabState, now: number): boolean {
  return Object.values(state.pausedBy).some((since) => now - since < PAUSE_LIMIT_MS);
}

/**
 * §5: an idle timer rejects a timeout of 2,147,483,647 ms or more (setTimeout's limit) and a prompt
 * time that is not below the timeout. The timeout is when the person is logged out; the prompt
 * comes `promptMs` after the last activity.
 */
export function idleTimerError(timeoutMs: number, promptMs: number): string | null {
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0 || timeoutMs >= 2_147_483_647) return "timeout out of range";
  if (!Number.isFinite(promptMs) || promptMs <= 0 || promptMs >= timeoutMs) return "prompt time not below the timeout";
  return null;
}
