/**
 * Session timing of SPEC §4 and §9, as pure functions of "now" (all in milliseconds).
 * - Idle: after 300 s without activity the browser asks '¿Aún estás ahí?'; staying idle while the
 *   question is open logs out. The server allows both periods before it ends the session itself.
 * - Expiry: the product token's `exp`; the warning shows at exp − 60 s grace − 13 min buffer.
 */
export const IDLE_PROMPT_MS = 300_000;
export const IDLE_LOGOUT_MS = IDLE_PROMPT_MS * 2;
export const EXPIRY_GRACE_MS = 60_000;
export const EXPIRY_BUFFER_MS = 13 * 60_000;
export const AUTO_LOGOUT_COUNTDOWN_S = 60;
/** Writing "last seen" on every request would write the session store on every click. */
export const TOUCH_INTERVAL_MS = 30_000;
/**
 * ASVS 7.3.2: a session's whole life from its login, whatever 'Continuar' does; after it the
 * person enters again from the bank (docs/decisions/030-session-hardening.md).
 */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;

/**
 * `startedAt` is the login; without it (a session from before the cap existed) only the token's
 * expiry counts.
 */
export type SessionClock = { now: number; lastSeenAt: number; expiresAt: number; startedAt?: number };

export type SessionStatus = "active" | "idle" | "expired";

/**
 * The warning's countdown (60 s) ends the session: exp − 13 min. The buffer keeps the token
 * valid long enough for 'Continuar' to refresh it.
 */
export function sessionEndsAt(expiresAt: number, startedAt?: number): number {
  const tokenEnd = expiryWarningAt(expiresAt) + AUTO_LOGOUT_COUNTDOWN_S * 1000;
  return startedAt === undefined ? tokenEnd : Math.min(tokenEnd, absoluteEndAt(startedAt));
}

export function absoluteEndAt(startedAt: number): number {
  return startedAt + SESSION_ABSOLUTE_MS;
}

/**
 * The session's limit is its absolute cap, not the token: 'Continuar' cannot help, so the
 * warning says when the session ends instead of offering to extend it.
 */
export function endsAtCap(expiresAt: number, startedAt?: number): boolean {
  return startedAt !== undefined && absoluteEndAt(startedAt) <= expiryWarningAt(expiresAt) + AUTO_LOGOUT_COUNTDOWN_S * 1000;
}

export function sessionStatus({ now, lastSeenAt, expiresAt, startedAt }: SessionClock): SessionStatus {
  if (now >= sessionEndsAt(expiresAt, startedAt)) return "expired";
  if (now - lastSeenAt >= IDLE_LOGOUT_MS) return "idle";
  return "active";
}

export function showsExpiryWarning(now: number, expiresAt: number, startedAt?: number): boolean {
  return now >= warningAt(expiresAt, startedAt);
}

export function expiryWarningAt(expiresAt: number): number {
  return expiresAt - EXPIRY_GRACE_MS - EXPIRY_BUFFER_MS;
}

/** When the countdown starts: before the token's end, or before the absolute cap, whichever is first. */
export function warningAt(expiresAt: number, startedAt?: number): number {
  return sessionEndsAt(expiresAt, startedAt) - AUTO_LOGOUT_COUNTDOWN_S * 1000;
}

export function needsTouch(now: number, lastSeenAt: number): boolean {
  return now - lastSeenAt >= TOUCH_INTERVAL_MS;
}
