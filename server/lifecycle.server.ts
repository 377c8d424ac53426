/**
 * Resources that must be released on a clean stop (sockets, Redis, the PDF browser). The HTTP
 * server and the Remix build are separate bundles, so the registry lives on globalThis.
 */
type Hook = () => Promise<void> | void;

const KEY = Symbol.for("portal.shutdownHooks");
const FIRST = Symbol.for("portal.shutdownHooks.first");
const registry = globalThis as unknown as Record<symbol, Hook[] | undefined>;

/** `first`: stopped before the others (the job worker, which still writes to Redis while it stops). */
export function onShutdown(hook: Hook, options: { first?: boolean } = {}): void {
  (registry[options.first ? FIRST : KEY] ??= []).push(hook);
}

export async function runShutdownHooks(): Promise<void> {
  for (const key of [FIRST, KEY]) {
    const hooks = registry[key] ?? [];
    registry[key] = [];
    await Promise.allSettled(hooks.map((hook) => hook()));
  }
}

const singletonKeys = new Map<string, symbol>();

/** One instance per process, whichever bundle asks first (Epic Stack's singleton idea). */
export function singleton<T>(name: string, create: () => T): T {
  // The registry's symbol kept per name: pages ask for the same few singletons dozens of times each, and building the
  // name and looking it up in the global symbol registry every time showed in the profile (decision 076).
  let key = singletonKeys.get(name);
  if (key === undefined) {
    key = Symbol.for(`portal.singleton.${name}`);
    singletonKeys.set(name, key);
  }
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  return (store[key] ??= create());
}
