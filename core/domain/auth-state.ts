/** The four auth states of SPEC §2 and where the route guard sends each one. */
export const AUTH_STATES = ["initialState", "wizardState", "accessState", "errorState"] as const;
export type AuthState = (typeof AUTH_STATES)[number];

export function isAuthState(value: unknown): value is AuthState {
  return typeof value === "string" && (AUTH_STATES as readonly string[]).includes(value);
}

/** Where a person in `current` belongs when a route does not accept that state. */
export function homeOf(current: AuthState): string {
  switch (current) {
    case "initialState":
      return "/access";
    case "wizardState":
      return "/wizard";
    case "accessState":
      return "/";
    default:
      return "/error";
  }
}

/** `null` when the route renders for `current`; otherwise the path the guard redirects to. */
export function guardRedirect(current: AuthState, allowed: readonly AuthState[]): string | null {
  return allowed.includes(current) ? null : homeOf(current);
}

/** Paths that render without the sidebar (§2 Shell). */
const BARE_PATHS = ["/login", "/access", "/wizard", "/error", "/transaction"];

export function showsSidebar(pathname: string): boolean {
  return !BARE_PATHS.some((bare) => pathname === bare || pathname.startsWith(`${bare}/`));
}

/**
 * The rest screen's address after a session ended (decision 124): 'Cerrar Sesión' lands on
 * `?sesion=cerrada`, the end of an expired session on `?sesion=expirada` (with its notice). A plain
 * /login is somebody who has not signed in yet (a link opened signed out, the guard's redirect).
 */
export const SESSION_ENDED_PARAM = "sesion";
export const LOGGED_OUT_PATH = `/login?${SESSION_ENDED_PARAM}=cerrada`;
export const EXPIRED_LOGIN_PATH = `/login?${SESSION_ENDED_PARAM}=expirada`;

/** Whether the rest screen speaks to someone whose session ended ('Tu sesión terminó') or to someone signing in. */
export function restScreenFor(search: string): "ended" | "signIn" {
  const reason = new URLSearchParams(search).get(SESSION_ENDED_PARAM);
  return reason === "cerrada" || reason === "expirada" ? "ended" : "signIn";
}
