/**
 * A request's time for its upstream calls (docs/decisions/027): counted from when the request
 * arrived and shared by every loader and client of that request, so its parallel and sequential
 * calls, retries and back-offs included, end within it. Pure: the clock is injected.
 */
export interface Budget {
  readonly totalMs: number;
  /** Milliseconds left, never negative; Infinity without a budget. */
  remainingMs(): number;
}

export function budgetFrom(startedAt: number, totalMs: number, now: () => number = () => performance.now()): Budget {
  return { totalMs, remainingMs: () => Math.max(0, startedAt + totalMs - now()) };
}

/** Work nobody waits on (a bulk upload's rows after the answer went out): per-attempt limits only. */
export const UNBOUNDED: Budget = { totalMs: Number.POSITIVE_INFINITY, remainingMs: () => Number.POSITIVE_INFINITY };

/**
 * The least time worth starting an attempt with: a tenth of the budget, at most 1 s. With less
 * left, nothing is sent; a retry also needs its back-off on top.
 */
export function minAttemptMs(budget: Budget): number {
  return Math.min(1_000, budget.totalMs / 10);
}

/** An attempt's time limit: its own (null: none), never beyond what the budget has left. */
export function attemptTimeoutMs(requested: number | null, remainingMs: number): number | null {
  const limit = Math.min(requested ?? Number.POSITIVE_INFINITY, remainingMs);
  return Number.isFinite(limit) ? Math.floor(limit) : null;
}
