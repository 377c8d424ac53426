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

export type SessionClock = { now: number; lastSeenAt: number; expiresAt: number };

export type SessionStatus = "active" | "idle" | "expired";

/**
 * The warning's countdown (60 s) ends the session: exp − 13 min. The buffer keeps the token
 * valid long enough for 'Continuar' to refresh it.
 */
export function sessionEndsAt(expiresAt: number): number {
  return expiryWarningAt(expiresAt) + AUTO_LOGOUT_COUNTDOWN_S * 1000;
}

export function sessionStatus({ now, lastSeenAt, expiresAt }: SessionClock): SessionStatus {
  if (now >= sessionEndsAt(expiresAt)) return "expired";
  if (now - lastSeenAt >= IDLE_LOGOUT_MS) return "idle";
  return "active";
}

export function showsExpiryWarning(now: number, expiresAt: number): boolean {
  return now >= expiryWarningAt(expiresAt);
}

export function expiryWarningAt(expiresAt: number): number {
  return expiresAt - EXPIRY_GRACE_MS - EXPIRY_BUFFER_MS;
}

export function needsTouch(now: number, lastSeenAt: number): boolean {
  return now - lastSeenAt >= TOUCH_INTERVAL_MS;
}
