import type { StreamAdmission, StreamCaps } from "#core/domain/live-streams";
import { streamAdmission } from "#core/domain/live-streams";

import type { Ending } from "../http/event-stream.server";
import { singleton } from "../lifecycle.server";

/**
 * The live streams this instance holds, by session (decision 100). Counts are this instance's
 * own: behind several instances a session may hold its cap on each, and each instance its own cap.
 * A stream leaves the count when its Ending ends (tab gone, session over, replaced).
 */
interface Held {
  tab: string | null;
  ending: Ending;
}

const held = () => singleton("liveStreamsHeld", () => ({ bySession: new Map<string, Held[]>(), open: 0 }));

/** Whether a stream may open; a reconnect's older stream is ended once the new one is `hold`-ed. */
export function admitStream(sessionId: string, tab: string | null, caps: StreamCaps): StreamAdmission {
  const state = held();
  const streams = state.bySession.get(sessionId) ?? [];
  return streamAdmission({ sessionTabs: streams.map((stream) => stream.tab), tab, instanceOpen: state.open, caps });
}

/** Counts an admitted stream until it ends, ending the stream it replaces. */
export function holdStream(sessionId: string, tab: string | null, ending: Ending, replaces: number | null): void {
  const state = held();
  const streams = state.bySession.get(sessionId) ?? [];
  const replaced = replaces === null ? undefined : streams[replaces];
  const entry: Held = { tab, ending };
  streams.push(entry);
  state.bySession.set(sessionId, streams);
  state.open += 1;
  ending.addEventListener("abort", () => {
    const index = streams.indexOf(entry);
    if (index === -1) return;
    streams.splice(index, 1);
    state.open -= 1;
    if (streams.length === 0 && state.bySession.get(sessionId) === streams) state.bySession.delete(sessionId);
  });
  replaced?.ending.abort();
}

/** What this instance holds now (tests, metrics). */
export function heldStreams(): { open: number; sessions: number } {
  const state = held();
  return { open: state.open, sessions: state.bySession.size };
}
