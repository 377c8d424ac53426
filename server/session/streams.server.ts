import type { StopSignal } from "../http/event-stream.server";
import { Ending } from "../http/event-stream.server";
import { singleton } from "../lifecycle.server";
import { getSessionStorage } from "./storage.server";

/**
 * Long-lived streams (live prices, later notifications) belong to the session that opened them:
 * a logout ends them at once on this instance, and each session with open streams is re-read
 * now and then (once per session, however many tabs it streams to), so a logout on another
 * instance, an expiry or a session ended by the per-member limit ends them too.
 */
export const SESSION_RECHECK_MS = 15_000;

interface Watched {
  /** The session's id as its first stream gave it: kept once per session, not once per stream. */
  sessionId: string;
  streams: Set<Ending>;
  timer: NodeJS.Timeout;
}

const watched = () => singleton("sessionStreams", () => new Map<string, Watched>());

export interface SessionStreamOptions {
  sessionId: string;
  cookieHeader: string | null;
  /** The browser's own signal: the tab went away. */
  signal: StopSignal;
  recheckMs?: number;
  /** Whether the stored session still allows streaming. */
  stillValid?: (cookieHeader: string | null) => Promise<boolean>;
}

async function accessStillValid(cookieHeader: string | null): Promise<boolean> {
  const session = await getSessionStorage().getSession(cookieHeader);
  return session.get("authState") === "accessState" && !session.get("partnerExpired");
}

/** A signal that aborts when the tab goes away or the session ends, whichever comes first. */
export function sessionStreamSignal(options: SessionStreamOptions): Ending {
  return streamEnding(watch(options), options.signal);
}

/**
 * The session's entry, made by its first stream: one recheck timer per session, which alone keeps
 * the cookie it re-reads the session with.
 */
function watch({ sessionId, cookieHeader, recheckMs, stillValid = accessStillValid }: SessionStreamOptions): Watched {
  const sessions = watched();
  const known = sessions.get(sessionId);
  if (known) return known;
  const timer = setInterval(() => {
    stillValid(cookieHeader)
      .then((valid) => {
        if (!valid) endSessionStreams(sessionId);
      })
      .catch(() => undefined);
  }, recheckMs ?? SESSION_RECHECK_MS);
  timer.unref();
  const entry = { sessionId, streams: new Set<Ending>(), timer };
  sessions.set(sessionId, entry);
  return entry;
}

/**
 * One light Ending per stream (decision 070), ended by the tab's or by the session's end: cheaper
 * than AbortSignal.any or an AbortController, which a server holding thousands of streams pays for
 * each. Its closures hold the tab's signal and the session's entry only: a stream held for hours
 * keeps no string of its request (its cookie, its session id; decision 084).
 */
function streamEnding(entry: Watched, signal: StopSignal): Ending {
  const ending = new Ending();
  entry.streams.add(ending);
  const tabGone = () => ending.abort();
  ending.addEventListener("abort", () => {
    signal.removeEventListener("abort", tabGone);
    entry.streams.delete(ending);
    if (entry.streams.size === 0) forget(entry);
  });
  if (signal.aborted) ending.abort();
  else signal.addEventListener("abort", tabGone, { once: true });
  return ending;
}

function forget(entry: Watched) {
  clearInterval(entry.timer);
  if (watched().get(entry.sessionId) === entry) watched().delete(entry.sessionId);
}

/** Logout: every stream this instance serves for the session ends now. */
export function endSessionStreams(sessionId: string): number {
  const entry = watched().get(sessionId);
  if (!entry) return 0;
  const streams = [...entry.streams];
  forget(entry);
  for (const stream of streams) stream.abort();
  return streams.length;
}
