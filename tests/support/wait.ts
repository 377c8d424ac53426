/**
 * The one way tests wait (decision 115): for something to become true, asked again every `everyMs`,
 * never for a fixed time. A test that waits for time itself to pass (a rate window, a breaker's hold, a
 * session's idle limit) waits until what that time changes shows.
 */
export interface UntilOptions {
  /** How long the condition has to hold before the test fails. */
  timeoutMs?: number;
  /** How often it is asked. */
  everyMs?: number;
  /** What was awaited, for the failure's message. */
  what?: string;
}

/** A condition's answer once it held: not false, null, undefined, 0 or "". */
export type Held<T> = Exclude<T, false | null | undefined | 0 | "">;

/**
 * Resolves with the condition's first truthy answer; a condition that throws (a refused connection, a failed
 * `expect`) has not held yet, and its last error is the failure's cause.
 */
export async function until<T>(
  condition: () => T | Promise<T>,
  { timeoutMs = 5_000, everyMs = 20, what }: UntilOptions = {},
): Promise<Held<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const answer = await condition();
      if (answer) return answer as Held<T>;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      throw new Error(`Waited ${timeoutMs} ms for ${what ?? "a condition"}; it never held`, { cause: lastError });
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
