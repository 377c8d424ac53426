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
