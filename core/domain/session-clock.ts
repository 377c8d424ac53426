/**
 * The browser's side of the session clock (decision 081). The session timers start when their code
 * arrives, which may be a few seconds after the page did (they load once the page is idle), so they
 * count from the page's arrival — the moment the shell first rendered the server's clock — never from
 * their own start: starting later shifts neither the warning, nor the idle prompt, nor the logout.
 */

/** The server's clock minus the browser's, read when the page carrying `serverNow` arrived. */
export function browserClockSkew(serverNow: number, arrivedAt: number): number {
  return serverNow - arrivedAt;
}

/**
 * How long until the idle prompt once the timers start at `now`: the idle period counts from the page's
 * arrival, or from the last activity seen since (which the timers, had they been running, would have
 * counted after their `debounceMs`), whichever is later. Never negative (a prompt already due comes now),
 * and never longer than a period after a debounce (a browser clock set back does not stretch it).
 */
export function firstIdleDelay({
  idlePromptMs,
  arrivedAt,
  lastActivityAt,
  debounceMs,
  now,
}: {
  idlePromptMs: number;
  arrivedAt: number;
  lastActivityAt: number | null;
  debounceMs: number;
  now: number;
}): number {
  const idleSince = lastActivityAt !== null && lastActivityAt >= arrivedAt ? Math.max(arrivedAt, lastActivityAt + debounceMs) : arrivedAt;
  return Math.max(0, Math.min(idlePromptMs + debounceMs, idleSince + idlePromptMs - now));
}
