import { createContext, useContext, useEffect, useMemo, useRef } from "react";

/** The tab's one live channel (decision 031): GET /eventos, with `?pair=` for each pair a page shows. */
export const LIVE_PATH = "/eventos";

/** Every named event the channel carries: notifications (toast, count, refresh, connection) and prices. */
const EVENT_NAMES = ["toast", "count", "refresh", "connection", "price", "status"] as const;
export type LiveEventName = (typeof EVENT_NAMES)[number];
type Handler = (data: unknown) => void;

export interface LiveChannel {
  /** Calls `handler` with each event of that name (parsed JSON); answers the unsubscribe. */
  subscribe(name: LiveEventName, handler: Handler): () => void;
}

export const LiveChannelContext = createContext<LiveChannel | null>(null);

export const livePath = (pairs: readonly string[]) =>
  pairs.length > 0 ? `${LIVE_PATH}?${pairs.map((pair) => `pair=${encodeURIComponent(pair)}`).join("&")}` : LIVE_PATH;

/**
 * This page's id on its stream (decision 100): the stream it reopens (other pairs, a reconnect)
 * replaces the one it had, and the server caps a session's streams by tab. A new page is a new id.
 */
let pageTabId: string | null = null;
function tabId(): string {
  pageTabId ??=
    typeof crypto.randomUUID === "function" ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  return pageTabId;
}

/**
 * Opens the tab's channel while `enabled` (a signed-in page with JavaScript), carrying the prices of
 * `pairs` (the page's, from its routes' `handle.livePair` / `handle.livePairs`), and again when the
 * page shows other pairs. Browsers allow about six connections per site across all tabs, so a tab holds one stream
 * for everything live.
 */
export function useLiveChannelSource(enabled: boolean, pairs: readonly string[]): LiveChannel {
  const handlers = useRef(new Map<LiveEventName, Set<Handler>>());
  // One string for the effect: the same pairs in a new array do not reopen the stream.
  const path = livePath(pairs);

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource(`${path}${path.includes("?") ? "&" : "?"}tab=${tabId()}`);
    for (const name of EVENT_NAMES) {
      source.addEventListener(name, (event: MessageEvent<string>) => {
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        for (const handler of handlers.current.get(name) ?? []) handler(data);
      });
    }
    return () => {
      source.close();
      delete document.documentElement.dataset.live;
    };
  }, [enabled, path]);

  return useMemo(
    () => ({
      subscribe(name, handler) {
        const set = handlers.current.get(name) ?? new Set<Handler>();
        handlers.current.set(name, set);
        set.add(handler);
        return () => {
          set.delete(handler);
        };
      },
    }),
    [],
  );
}

/** Runs `handler` for each `name` event of the channel the page is under (none without JS). */
export function useLiveEvent<T>(channel: LiveChannel | null, name: LiveEventName, handler: (data: T) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => channel?.subscribe(name, (data) => latest.current(data as T)), [channel, name]);
}

/** The channel of the page's shell (root). */
export function useLiveChannel(): LiveChannel | null {
  return useContext(LiveChannelContext);
}
