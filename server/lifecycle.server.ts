/**
 * Resources that must be released on a clean stop (sockets, Redis, the PDF browser). The HTTP
 * server and the Remix build are separate bundles, so the registry lives on globalThis.
 */
type Hook = () => Promise<void> | void;

/**
 * How long one stop step may take (decision 102). With Redis down or silent a close can wait
 * forever (the job worker's connection retries without end): each step gets this long, then the
 * stop goes on without it. Two groups of steps, then the HTTP server: about 6 s at worst, under the
 * app's own forced exit (SHUTDOWN_FORCED_MS), itself under Docker's default 10 s grace.
 */
export const SHUTDOWN_STEP_MS = 2_000;
/** The whole stop's last resort: exit with status 1 past it (main.ts). */
export const SHUTDOWN_FORCED_MS = 8_000;

const KEY = Symbol.for("portal.shutdownHooks");
const FIRST = Symbol.for("portal.shutdownHooks.first");
interface Step {
  name: string;
  run: Hook;
}
const registry = globalThis as unknown as Record<symbol, Step[] | undefined>;

/**
 * `first`: stopped before the others (the job worker, which still writes to Redis while it stops).
 * `name` names the step in the stop's log when it runs over its bound.
 */
export function onShutdown(hook: Hook, options: { first?: boolean; name?: string } = {}): void {
  (registry[options.first ? FIRST : KEY] ??= []).push({ name: options.name ?? "shutdown step", run: hook });
}

/** Resolves with "done" when `work` settles, or with "late" once `ms` passed, whichever comes first. */
export async function settleWithin(work: Promise<unknown>, ms: number): Promise<"done" | "late"> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), ms);
  });
  try {
    return await Promise.race([
      work.then(
        () => "done" as const,
        () => "done" as const,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs every step, the `first` ones before the rest, each given at most `stepMs`; returns the names
 * of the steps that ran over (left behind: the process exits anyway).
 */
export async function runShutdownHooks(stepMs = SHUTDOWN_STEP_MS): Promise<string[]> {
  const late: string[] = [];
  for (const key of [FIRST, KEY]) {
    const steps = registry[key] ?? [];
    registry[key] = [];
    await Promise.all(
      steps.map(async (step) => {
        const outcome = await settleWithin(Promise.resolve().then(step.run), stepMs);
        if (outcome === "late") late.push(step.name);
      }),
    );
  }
  return late;
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

/**
 * Forgets the named singletons, so that the next ask makes each afresh: tests that share one process start a case
 * with closed breakers, fresh rate counters, an empty upstream cache or a new price hub. A singleton holding a
 * connection or a timer is stopped first (its shutdown hook); this only lets it go.
 */
export function resetForTests(...names: string[]): void {
  const store = globalThis as unknown as Record<symbol, unknown>;
  for (const name of names) delete store[singletonKeys.get(name) ?? Symbol.for(`portal.singleton.${name}`)];
}
