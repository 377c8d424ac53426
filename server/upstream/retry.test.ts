import { describe, expect, it } from "vitest";

import { afterFailure, DEFAULT_RETRY } from "./retry";

const page = { remainingMs: 10_000, minAttemptMs: 1_000 };

describe("afterFailure (2, 4, 8 s back-off inside a 10 s budget)", () => {
  it("retries after the doubling back-off while it and a reasonable attempt fit", () => {
    expect(afterFailure(DEFAULT_RETRY, { ...page, failedAttempts: 1 })).toEqual({ retry: true, waitMs: 2_000 });
    expect(afterFailure(DEFAULT_RETRY, { ...page, failedAttempts: 2, remainingMs: 8_000 })).toEqual({ retry: true, waitMs: 4_000 });
  });

  it("gives up when the back-off and one more attempt no longer fit what is left", () => {
    expect(afterFailure(DEFAULT_RETRY, { ...page, failedAttempts: 3, remainingMs: 4_000 })).toEqual({ retry: false, reason: "budget" });
    expect(afterFailure(DEFAULT_RETRY, { ...page, failedAttempts: 1, remainingMs: 2_999 })).toEqual({ retry: false, reason: "budget" });
  });

  it("stops after the policy's retries whatever time is left", () => {
    expect(afterFailure(DEFAULT_RETRY, { ...page, failedAttempts: 4, remainingMs: 1_000_000 })).toEqual({
      retry: false,
      reason: "retries",
    });
  });

  it("waits a short Retry-After when it is longer than the back-off", () => {
    expect(afterFailure(DEFAULT_RETRY, { ...page, failedAttempts: 1, retryAfterMs: 3_000 })).toEqual({ retry: true, waitMs: 3_000 });
    expect(afterFailure(DEFAULT_RETRY, { ...page, failedAttempts: 1, retryAfterMs: 0 })).toEqual({ retry: true, waitMs: 2_000 });
  });

  it("never waits out a long Retry-After: over the cap, or over what is left, it answers at once", () => {
    expect(afterFailure(DEFAULT_RETRY, { ...page, failedAttempts: 1, retryAfterMs: 3_600_000 })).toEqual({
      retry: false,
      reason: "retryAfter",
    });
    expect(afterFailure(DEFAULT_RETRY, { ...page, failedAttempts: 1, retryAfterMs: 5_000, remainingMs: 5_500 })).toEqual({
      retry: false,
      reason: "budget",
    });
  });
});
