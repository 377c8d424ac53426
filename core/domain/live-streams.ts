/**
 * How many live streams (/eventos, /precios/stream) an instance holds (decision 100). A
 * tab needs one; a tab that reconnects names itself (`tab`) and its older stream gives way. A new
 * tab past the session's cap, or any stream past the instance's, is refused (429).
 */
export type StreamAdmission = { admit: true; replaces: number | null } | { admit: false; reason: "session" | "instance" };

export interface StreamCaps {
  perSession: number;
  perInstance: number;
}

/** A browser keeps about six connections per site over HTTP/1.1: six tabs streaming at once is already all it can. */
export const DEFAULT_STREAM_CAPS: StreamCaps = { perSession: 6, perInstance: 5_000 };

/** A tab id as the page makes it: short letters, digits and dashes; anything else counts as no id. */
export function tabIdOf(value: string | null): string | null {
  return value !== null && /^[A-Za-z0-9-]{8,64}$/.test(value) ? value : null;
}

/**
 * `sessionTabs`: the tab ids of the session's streams open on this instance, oldest first (null:
 * a stream that gave none). A reconnect replaces its tab's stream and so never counts against a
 * cap; a stream without a tab id is always a new tab, since it cannot be told from one.
 */
export function streamAdmission(input: {
  sessionTabs: ReadonlyArray<string | null>;
  tab: string | null;
  instanceOpen: number;
  caps: StreamCaps;
}): StreamAdmission {
  const same = input.tab === null ? -1 : input.sessionTabs.indexOf(input.tab);
  if (same !== -1) return { admit: true, replaces: same };
  if (input.instanceOpen >= input.caps.perInstance) return { admit: false, reason: "instance" };
  if (input.sessionTabs.length >= input.caps.perSession) return { admit: false, reason: "session" };
  return { admit: true, replaces: null };
}
