import { useEffect } from "react";

import { readTabMessage, TAB_MESSAGE_REMOVAL_MS, type TabMessage } from "#core/domain/tab-sync";

/** The name every tab of the portal listens on (a BroadcastChannel, or a localStorage key). */
const CHANNEL = "fxn-session";

export type TabChannel = { post: (message: TabMessage) => void; close: () => void };

/**
 * The wire between this browser's tabs: a BroadcastChannel, or where there is none (older Safari,
 * some locked-down browsers) a localStorage key whose `storage` event reaches the other tabs; the
 * key is removed after 500 ms (§9) so nothing stays behind.
 */
export function openTabChannel(onMessage: (message: TabMessage) => void): TabChannel {
  if (typeof BroadcastChannel !== "undefined") {
    const channel = new BroadcastChannel(CHANNEL);
    channel.addEventListener("message", (event: MessageEvent) => {
      const message = readTabMessage(event.data);
      if (message) onMessage(message);
    });
    return { post: (message) => channel.postMessage(message), close: () => channel.close() };
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CHANNEL || !event.newValue) return;
    const message = readTabMessage(event.newValue);
    if (message) onMessage(message);
  };
  window.addEventListener("storage", onStorage);
  const timers = new Set<ReturnType<typeof setTimeout>>();
  return {
    post(message) {
      try {
        // A nonce makes two equal messages in a row two storage events.
        localStorage.setItem(CHANNEL, JSON.stringify({ ...message, nonce: Math.random() }));
        const timer = setTimeout(() => {
          timers.delete(timer);
          localStorage.removeItem(CHANNEL);
        }, TAB_MESSAGE_REMOVAL_MS);
        timers.add(timer);
      } catch {
        // Storage refused (private mode, quota): this tab keeps its own timers only.
      }
    },
    close() {
      window.removeEventListener("storage", onStorage);
      for (const timer of timers) clearTimeout(timer);
    },
  };
}

/** An id for this tab's messages (crypto.randomUUID needs a secure context). */
export function newTabId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

const SIGNED_IN_KEY = "fxn-signed-in";

/**
 * Tells the other tabs when this tab's session has ended: a page rendered signed out, in a tab that
 * was signed in, means the server ended the session (logout, inactivity, expiry). Saying it from
 * here, after the server has answered, avoids racing the logout request.
 */
export function useSignedOutAnnouncement(signedIn: boolean): void {
  useEffect(() => announceSignedOut(signedIn), [signedIn]);
}

function announceSignedOut(signedIn: boolean): void {
  try {
    if (signedIn) {
      sessionStorage.setItem(SIGNED_IN_KEY, "1");
      return;
    }
    if (sessionStorage.getItem(SIGNED_IN_KEY) !== "1") return;
    sessionStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    return;
  }
  const channel = openTabChannel(() => undefined);
  channel.post({ type: "idle", from: newTabId() });
  // The localStorage fallback removes its key after 500 ms; close after that.
  setTimeout(() => channel.close(), TAB_MESSAGE_REMOVAL_MS + 100);
}
