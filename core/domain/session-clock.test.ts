import { describe, expect, it } from "vitest";

import { browserClockSkew, firstIdleDelay } from "./session-clock";
import { IDLE_PROMPT_MS } from "./session-timing";

describe("the browser's session clock counts from the page's arrival (decision 081)", () => {
  const arrivedAt = 1_700_000_000_000;

  it("reads the skew at the page's arrival, whenever the timers start", () => {
    expect(browserClockSkew(arrivedAt + 2_500, arrivedAt)).toBe(2_500);
    expect(browserClockSkew(arrivedAt - 40_000, arrivedAt)).toBe(-40_000);
  });

  it("starts the idle period at the arrival, not when the timers start", () => {
    const input = { idlePromptMs: IDLE_PROMPT_MS, arrivedAt, lastActivityAt: null, debounceMs: 500 };
    expect(firstIdleDelay({ ...input, now: arrivedAt })).toBe(IDLE_PROMPT_MS);
    expect(firstIdleDelay({ ...input, now: arrivedAt + 3_000 })).toBe(IDLE_PROMPT_MS - 3_000);
  });

  it("counts activity seen before the timers started, as they would have after their debounce", () => {
    const input = { idlePromptMs: IDLE_PROMPT_MS, arrivedAt, debounceMs: 500 };
    expect(firstIdleDelay({ ...input, lastActivityAt: arrivedAt + 1_000, now: arrivedAt + 4_000 })).toBe(IDLE_PROMPT_MS - 2_500);
    // Activity still within its debounce: the period starts when the debounce would have ended.
    expect(firstIdleDelay({ ...input, lastActivityAt: arrivedAt + 3_900, now: arrivedAt + 4_000 })).toBe(IDLE_PROMPT_MS + 400);
  });

  it("ignores activity from before the page arrived (a previous page's)", () => {
    expect(
      firstIdleDelay({
        idlePromptMs: IDLE_PROMPT_MS,
        arrivedAt,
        lastActivityAt: arrivedAt - 10_000,
        debounceMs: 500,
        now: arrivedAt + 1_000,
      }),
    ).toBe(IDLE_PROMPT_MS - 1_000);
  });

  it("brings a prompt already due at once, and never waits longer than one period", () => {
    const input = { idlePromptMs: IDLE_PROMPT_MS, arrivedAt, lastActivityAt: null, debounceMs: 500 };
    expect(firstIdleDelay({ ...input, now: arrivedAt + IDLE_PROMPT_MS + 5_000 })).toBe(0);
    // A browser clock set back after the arrival does not stretch the period beyond one debounce.
    expect(firstIdleDelay({ ...input, now: arrivedAt - 60_000 })).toBe(IDLE_PROMPT_MS + 500);
  });
});
