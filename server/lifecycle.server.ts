/**
 * Resources that must be released on a clean stop (sockets, Redis, the PDF browser). The HTTP
 * server and the Remix build are separate bundles, so the registry lives on globalThis.
 */
type Hook = () => Promise<void> | void;

const KEY = Symbol.for("portal.shutdownHooks");
const registry = globalThis as unknown as Record<symbol, Hook[] | undefined>;

export function onShutdown(hook: Hook): void {
  (registry[KEY] ??= []).push(hook);
}

export async function runShutdownHooks(): Promise<void> {
  const hooks = registry[KEY] ?? [];
  registry[KEY] = [];
  await Promise.allSettled(hooks.map((hook) => hook()));
}

/** One instance per process, whichever bundle asks first (Epic Stack's singleton idea). */
export function singleton<T>(name: string, create: () => T): T {
  const key = Symbol.for(`portal.singleton.${name}`);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  return (store[key] ??= create());
}
