import type { ComponentType } from "react";
import { useEffect, useSyncExternalStore } from "react";

/**
 * A component whose code the browser fetches only when a page shows it (decisions 039, 065, 069): for
 * a rare piece of the shell that would otherwise weigh on every page, such as the survey and its form
 * library. The server renders it like any other component (`loadEveryOnDemand` before rendering);
 * the browser loads those the server's HTML holds before it hydrates (`loadOnDemandIn`), so
 * hydration meets the same markup; one that appears later, after a navigation, shows as soon as
 * its chunk arrives.
 *
 * Whether the chunk has arrived is an external store read with `useSyncExternalStore` (decision 069):
 * a component that rendered without its chunk re-renders when it arrives, whenever that is — also
 * between its render and its effect (the chunk that a navigation had started loading landing in that
 * gap left a drawer blank for good with the earlier `if (!Loaded)` effect), and also when a first
 * attempt failed and a later one succeeds.
 */
const loaders = new Map<string, () => Promise<void>>();

/** A part whose code the server needs before it renders a page (`loadEveryOnDemand`): on-demand parts and islands. */
export function renderedByTheServer(name: string, load: () => Promise<void>): void {
  loaders.set(name, load);
}

export function onDemand<P extends object>(name: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        Loaded = component;
        for (const listener of listeners) listener();
      },
      (error: unknown) => {
        // A chunk that failed (a network blip, a deploy) is asked for again at the next attempt.
        loading = null;
        throw error;
      },
    ));
  renderedByTheServer(name, preload);
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const snapshot = () => Loaded;

  function OnDemand(props: P) {
    const Component = useSyncExternalStore(subscribe, snapshot, snapshot);
    useEffect(() => {
      if (!Component) preload().catch(() => undefined);
    }, [Component]);
    // The wrapper only marks where the component is, for the browser to load it before hydrating.
    return (
      <div data-on-demand={name} className="contents">
        {Component ? <Component {...props} /> : null}
      </div>
    );
  }
  return OnDemand;
}

/** The server renders every on-demand component as part of the page. */
export async function loadEveryOnDemand(): Promise<void> {
  await Promise.all([...loaders.values()].map((load) => load()));
}

/**
 * Loads the on-demand components rendered inside `root`; one inside another (the survey in the global
 * overlay) registers when its parent's chunk arrives, so the search goes on until nothing new is found.
 * A chunk that fails to load leaves hydration to recover.
 */
export async function loadOnDemandIn(root: ParentNode): Promise<void> {
  const names = new Set(
    [...root.querySelectorAll("[data-on-demand]")]
      .filter((element) => element.hasChildNodes())
      .map((element) => element.getAttribute("data-on-demand") ?? ""),
  );
  const started = new Set<string>();
  for (;;) {
    const ready = [...names].filter((name) => !started.has(name) && loaders.has(name));
    if (ready.length === 0) return;
    for (const name of ready) started.add(name);
    await Promise.allSettled(ready.map((name) => loaders.get(name)?.()));
  }
}

/**
 * Runs `run` once the browser is next idle (at most `timeoutMs` later), or after `fallbackMs` where the
 * browser has no idle callbacks. Answers how to cancel it.
 */
export function whenIdle(run: () => void, timeoutMs: number, fallbackMs: number): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(() => run(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, fallbackMs);
  return () => window.clearTimeout(id);
}

/** Starts loading the named on-demand components (each loads once). */
export function preloadOnDemand(names: string[]): void {
  for (const name of names)
    void loaders
      .get(name)?.()
      .catch(() => undefined);
}
