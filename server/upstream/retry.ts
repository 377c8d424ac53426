/**
 * When a failed upstream call is sent again (docs/decisions/027). Pure; http.server.ts decides
 * which failures may be resent at all (never a 429, never a keyed POST whose outcome is unknown).
 */
export interface RetryPolicy {
  retries: number;
  /** First back-off; each next one doubles (2, 4, 8 s by default, SPEC §7). */
  minTimeoutMs: number;
  /** Longest Retry-After waited out inside a request; a longer one is answered at once. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, minTimeoutMs: 2_000, maxRetryAfterMs: 5_000 };

/** One attempt only: for calls that must not hold a page (the bell, status checks). */
export const NO_RETRY: RetryPolicy = { retries: 0, minTimeoutMs: 0, maxRetryAfterMs: 0 };

export type RetryDecision = { retry: true; waitMs: number } | { retry: false; reason: "retries" | "retryAfter" | "budget" };

export function afterFailure(
  policy: RetryPolicy,
  input: {
    /** Attempts made so far, all failed. */
    failedAttempts: number;
    /** What the failed answer's Retry-After asked for, if anything. */
    retryAfterMs?: number;
    remainingMs: number;
    minAttemptMs: number;
  },
): RetryDecision {
  if (input.failedAttempts > policy.retries) return { retry: false, reason: "retries" };
  if (input.retryAfterMs !== undefined && input.retryAfterMs > policy.maxRetryAfterMs) return { retry: false, reason: "retryAfter" };
  const backoff = policy.minTimeoutMs * 2 ** (input.failedAttempts - 1);
  const waitMs = Math.max(backoff, input.retryAfterMs ?? 0);
  if (waitMs + input.minAttemptMs > input.remainingMs) return { retry: false, reason: "budget" };
  return { retry: true, waitMs };
}
