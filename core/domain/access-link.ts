/**
 * The bank's link into the app (`/access?jwt=…`), decided without trusting the link (ASVS V7,
 * login CSRF): a link never replaces a signed-in session, and never signs anybody in unless this
 * browser asked the bank for it (the `state` the app issued comes back) or the person confirms.
 */
export type AccessLinkDecision =
  /** Sign in now: this browser started the login and holds no session. */
  | "signIn"
  /** Ask first: 'Entrar' or 'Cancelar', as a form post. */
  | "confirm"
  /** The token was already used once: it opens nothing again. */
  | "used";

export function accessLinkDecision(link: { tokenUsed: boolean; signedIn: boolean; stateMatches: boolean }): AccessLinkDecision {
  if (link.tokenUsed) return "used";
  if (link.signedIn || !link.stateMatches) return "confirm";
  return "signIn";
}

/** What an issued `state` looks like: 32 random bytes, base64url. */
export const LOGIN_STATE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
