import { useEffect } from "react";

const SIGNED_IN_KEY = "fxn-signed-in";

/**
 * Tells the other tabs when this tab's session has ended: a page rendered signed out, in a tab that
 * was signed in, means the server ended the session (logout, inactivity, expiry). Saying it from
 * here, after the server has answered, avoids racing the logout request.
 *
 * The tab channel (and the messages' rules) come on demand, only when there is something to say
 * (decision 081): every page's first load keeps the sessionStorage check alone.
 */
export function useSignedOutAnnouncement(signedIn: boolean): void {
  useEffect(() => {
    if (sessionEndedHere(signedIn)) void announce();
  }, [signedIn]);
}

/** Notes a signed-in page; answers whether this signed-out page follows one in the same tab (once). */
export function sessionEndedHere(
  signedIn: boolean,
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> = sessionStorage,
): boolean {
  try {
    if (signedIn) {
      storage.setItem(SIGNED_IN_KEY, "1");
      return false;
    }
    if (storage.getItem(SIGNED_IN_KEY) !== "1") return false;
    storage.removeItem(SIGNED_IN_KEY);
    return true;
  } catch {
    // Storage refused (private mode, a locked-down browser): the other tabs learn at their next request.
    return false;
  }
}

/** A chunk that fails (a network blip) is asked for once more a second later. */
async function announce(): Promise<void> {
  for (const wait of [0, 1_000]) {
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      const { announceSignedOut } = await import("./tab-channel");
      announceSignedOut();
      return;
    } catch {
      // Tried again below, then the other tabs learn at their next request.
    }
  }
}
