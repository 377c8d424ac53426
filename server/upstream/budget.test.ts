import { describe, expect, it } from "vitest";

import { attemptTimeoutMs, budgetFrom, minAttemptMs, UNBOUNDED } from "./budget";

describe("budgets", () => {
  it("counts down from when the request arrived, never below zero", () => {
    let now = 500;
    const budget = budgetFrom(100, 10_000, () => now);
    expect(budget.remainingMs()).toBe(9_600);
    now = 20_000;
    expect(budget.remainingMs()).toBe(0);
  });

  it("clips an attempt's own limit to what is left, and gives a limitless call the rest", () => {
    expect(attemptTimeoutMs(10_000, 4_200.7)).toBe(4_200);
    expect(attemptTimeoutMs(3_000, 9_000)).toBe(3_000);
    expect(attemptTimeoutMs(null, 9_000)).toBe(9_000);
    expect(attemptTimeoutMs(null, UNBOUNDED.remainingMs())).toBeNull();
    expect(attemptTimeoutMs(60_000, UNBOUNDED.remainingMs())).toBe(60_000);
  });

  it("takes a tenth of the budget, at most 1 s, as the least worth starting an attempt with", () => {
    expect(minAttemptMs(budgetFrom(0, 10_000))).toBe(1_000);
    expect(minAttemptMs(budgetFrom(0, 30_000))).toBe(1_000);
    expect(minAttemptMs(budgetFrom(0, 1_500))).toBe(150);
    expect(minAttemptMs(UNBOUNDED)).toBe(1_000);
  });
});
