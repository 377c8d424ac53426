import { shortName } from "./user";

/**
 * The bank's link into the app (`/access?jwt=…`), decided without trusting the link (ASVS V7,
 * login CSRF): a link never puts a browser in somebody else's session unless this browser asked
 * the bank for it (the `state` the app issued comes back) or the person, told whose access it is,
 * chooses to continue (decision 098).
 */
export type AccessLinkDecision =
  /** Sign in now: this browser started the login and holds no session. */
  | "signIn"
  /** Read whose access the link holds, then `continuation` decides whether to ask. */
  | "confirm"
  /** The token was already used once: it opens nothing again. */
  | "used";

export function accessLinkDecision(link: { tokenUsed: boolean; signedIn: boolean; stateMatches: boolean }): AccessLinkDecision {
  if (link.tokenUsed) return "used";
  if (link.signedIn || !link.stateMatches) return "confirm";
  return "signIn";
}

/** Whose access a bank token is: the bank's user and the company the token was issued for. */
export interface LinkHolder {
  userName: string;
  name: string;
  firstLastName: string;
  companyId: string;
  companyName: string;
}

/** The browser's own session: none, a signed-in person in a company, or one with no name yet (the membership wizard). */
export type CurrentSession = null | "unnamed" | LinkHolder;

/** A person as the continuation names them (§3: first name, the surname's initial and a dot) and where. */
export interface NamedAccess {
  person: string;
  company: string;
}

export type Continuation =
  /** The link is the signed-in person's own, in the same company: nothing to ask. */
  | { ask: false }
  /** One calm question: continue as `as`, closing `replaces` when the browser holds a session. */
  | { ask: true; as: NamedAccess; replaces: NamedAccess | "unnamed" | null };

const named = (access: LinkHolder): NamedAccess => ({ person: shortName(access.name, access.firstLastName), company: access.companyName });

/**
 * What a link that did not come back from a login this browser started asks. The risk is somebody
 * else's valid token (an attacker's own) in this browser, so the person would work in the wrong
 * company: naming whose it is lets them see it. A link of the person already signed in here, in the
 * same company, moves nobody anywhere, so it signs in without a page.
 */
export function continuation(holder: LinkHolder, current: CurrentSession): Continuation {
  if (current !== null && current !== "unnamed" && current.userName === holder.userName && current.companyId === holder.companyId) {
    return { ask: false };
  }
  return { ask: true, as: named(holder), replaces: current === null || current === "unnamed" ? current : named(current) };
}

/** What an issued `state` looks like: 32 random bytes, base64url. */
export const LOGIN_STATE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
