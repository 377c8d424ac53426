import type { ComponentType, RefObject } from "react";
import { memo, Suspense, useEffect, useRef, useState, useSyncExternalStore } from "react";

import { loadOnDemandIn, renderedByTheServer, whenIdle } from "./on-demand";

/**
 * A part of a page that the server renders with the page and the browser hydrates only once its code
 * has arrived (decision 082): an island. Its code is not in the page's first load; the browser fetches
 * it once the page is idle after hydrating, or at once when the person reaches into it (a pointer, a
 * key, focus), and React hydrates the part then. Until that moment the part is the server's HTML: its
 * form submits natively and its links navigate, as without JavaScript, and what is typed into it stays
 * in its inputs.
 *
 * React keeps a part's server HTML only while nothing asks it to render the part again. Its props must
 * therefore stay the same objects from one render of the page to the next (the wrapper is `memo`):
 * values that change while the page is open (a live price) reach the part through a `Snapshot`, never
 * as props. A change in the router's state (a navigation, a fetcher) arrives in a transition, which
 * React holds until the part has hydrated rather than dropping its HTML.
 *
 *   const Calculator = island("calculadora", () => import("./Calculator").then((m) => m.LiveCalculator));
 *   <Calculator.Part {...stableProps} />
 *   // a route's clientLoader can wait for `Calculator.preload()`, so a client navigation never shows it empty
 */
export type Island<P extends object> = {
  Part: ComponentType<P>;
  /** Starts the download (once; a failed one is asked for again at the next call) and answers when the code is here. */
  preload: () => Promise<void>;
};

/** Whether the page has hydrated: a part rendered afterwards (a client navigation) loads its code at once. */
let pageHydrated = false;
/** What brings an island's code ahead of idle time: the person reaching into it. */
const REACHING = ["pointerdown", "focusin", "keydown", "touchstart"] as const;
/** At most this long after hydrating, an island nobody reached is fetched anyway (decision 069's idle preload). */
const IDLE_TIMEOUT_MS = 5_000;

export function island<P extends object>(name: string, load: () => Promise<ComponentType<P>>): Island<P> {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  let arrived: () => void = () => undefined;
  // What the part waits on while its code is missing: settles when the code has arrived, whichever download brought it.
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  const preload = () =>
    (loading ??= load().then(
      async (component) => {
        // The on-demand parts the server rendered inside it (a plan's fields) register with its code: they
        // load before it hydrates, so hydration meets the server's markup there too.
        if (typeof document !== "undefined") await loadOnDemandIn(document);
        Loaded = component;
        arrived();
      },
      (error: unknown) => {
        // A network blip or a deploy: the next reach or navigation asks again; the HTML keeps working meanwhile.
        loading = null;
        throw error;
      },
    ));
  renderedByTheServer(name, preload);

  function Code({ root, ...props }: P & { root: RefObject<HTMLDivElement> }) {
    // Once hydrated (or rendered) with its code, the wrapper says so: `data-island-hydrated`, for tests and support.
    useEffect(() => root.current?.setAttribute("data-island-hydrated", ""), [root]);
    if (Loaded) return <Loaded {...(props as P)} />;
    // During hydration the part keeps the server's HTML until its code arrives (idle time or a reach).
    // Rendered afterwards (a client navigation that did not wait for it), it asks for the code now.
    if (pageHydrated) preload().catch(() => undefined);
    throw arrival;
  }

  function Part(props: P) {
    // No state of its own: a render of this wrapper while the part is still the server's HTML would
    // hand the part new props, and React would drop that HTML for the (empty) fallback.
    const root = useRef<HTMLDivElement>(null);
    useEffect(() => {
      pageHydrated = true;
      if (Loaded) return;
      const get = () => void preload().catch(() => undefined);
      const reach = (event: Event) => {
        if (event.target instanceof Node && root.current?.contains(event.target)) get();
      };
      // On the window, in the capture phase: React stops these events at the document while the part is not hydrated.
      for (const type of REACHING) window.addEventListener(type, reach, { capture: true, passive: true });
      const cancelIdle = whenIdle(get, IDLE_TIMEOUT_MS, IDLE_TIMEOUT_MS);
      const stop = () => {
        for (const type of REACHING) window.removeEventListener(type, reach, { capture: true });
        cancelIdle();
      };
      void arrival.then(stop);
      return stop;
    }, []);
    return (
      <div data-island={name} className="contents" ref={root}>
        <Suspense fallback={null}>
          <Code {...props} root={root} />
        </Suspense>
      </div>
    );
  }

  return { Part: memo(Part) as unknown as ComponentType<P>, preload };
}

/**
 * A value that changes while the page is open (a live price), for an island: the page writes it after
 * each render, the island reads it with `useSnapshot`. The island hydrates with the value the server
 * rendered (so hydration meets the same HTML), then renders the current one.
 */
export type Snapshot<T> = {
  read: () => T;
  first: () => T;
  subscribe: (listener: () => void) => () => void;
};

/** The page's side: a snapshot holding `value`, created once per mounted page. */
export function useSnapshotOf<T>(value: T): Snapshot<T> {
  const [store] = useState(() => {
    const first = value;
    let current = value;
    const listeners = new Set<() => void>();
    return {
      snapshot: {
        read: () => current,
        first: () => first,
        subscribe: (listener: () => void) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      } satisfies Snapshot<T>,
      write: (next: T) => {
        if (Object.is(next, current)) return;
        current = next;
        for (const listener of listeners) listener();
      },
    };
  });
  useEffect(() => store.write(value), [store, value]);
  return store.snapshot;
}

/** The island's side: the snapshot's current value (the server's while hydrating). */
export function useSnapshot<T>(snapshot: Snapshot<T>): T {
  return useSyncExternalStore(snapshot.subscribe, snapshot.read, snapshot.first);
}
