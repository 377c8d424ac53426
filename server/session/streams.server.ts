import { singleton } from "../lifecycle.server";
import { getSessionStorage } from "./storage.server";

/**
 * Long-lived streams (live prices, later notifications) belong to the session that opened them:
 * a logout ends them at once on this instance, and every stream re-reads its session now and then
 * so a logout on another instance, an expiry or a session ended by the per-member limit ends it too.
 */
export const SESSION_RECHECK_MS = 15_000;

const open = () => singleton("sessionStreams", () => new Map<string, Set<AbortController>>());

export interface SessionStreamOptions {
  sessionId: string;
  cookieHeader: string | null;
  /** The browser's own signal: the tab went away. */
  signal: AbortSignal;
  recheckMs?: number;
  /** Whether the stored session still allows streaming. */
  stillValid?: (cookieHeader: string | null) => Promise<boolean>;
}

async function accessStillValid(cookieHeader: string | null): Promise<boolean> {
  const session = await getSessionStorage().getSession(cookieHeader);
  return session.get("authState") === "accessState" && !session.get("partnerExpired");
}

/** A signal that aborts when the tab goes away or the session ends, whichever comes first. */
export function sessionStreamSignal(options: SessionStreamOptions): AbortSignal {
  const { sessionId, cookieHeader, signal } = options;
  const stillValid = options.stillValid ?? accessStillValid;
  const controller = new AbortController();
  const streams = open();
  const set = streams.get(sessionId) ?? new Set();
  set.add(controller);
  streams.set(sessionId, set);

  const timer = setInterval(() => {
    stillValid(cookieHeader)
      .then((valid) => {
        if (!valid) controller.abort();
      })
      .catch(() => undefined);
  }, options.recheckMs ?? SESSION_RECHECK_MS);
  timer.unref();

  const done = () => {
    clearInterval(timer);
    set.delete(controller);
    if (set.size === 0 && streams.get(sessionId) === set) streams.delete(sessionId);
  };
  const combined = AbortSignal.any([signal, controller.signal]);
  combined.addEventListener("abort", done, { once: true });
  return combined;
}

/** Logout: every stream this instance serves for the session ends now. */
export function endSessionStreams(sessionId: string): number {
  const set = open().get(sessionId);
  if (!set) return 0;
  const controllers = [...set];
  for (const controller of controllers) controller.abort();
  return controllers.length;
}
