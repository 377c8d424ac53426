import { describe, expect, it } from "vitest";

import {
  addMonthsClamped,
  daysInMonth,
  isIsoDate,
  isLeapYear,
  isWorkingDay,
  MAX_OCCURRENCES,
  nextWorkingDay,
  nominalDates,
  type Recurrence,
  recurrenceProblem,
  scheduleDates,
} from "./schedule-dates";

const holidays = new Set(["2026-02-02", "2026-04-02", "2026-04-03", "2026-11-16", "2026-12-25"]);
const plan = (overrides: Partial<Recurrence>): Recurrence => ({
  frequency: "monthly",
  firstDate: "2026-01-31",
  endDate: null,
  count: 3,
  ...overrides,
});

describe("calendar basics", () => {
  it("knows leap years and month lengths", () => {
    expect([2024, 2026, 2028, 1900, 2000].map(isLeapYear)).toEqual([true, false, true, false, true]);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
  });

  it("accepts only real calendar days", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-04-31")).toBe(false);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("2026-1-01")).toBe(false);
    expect(isIsoDate("hoy")).toBe(false);
  });

  it("treats weekends and bank holidays as non-working, and moves to the next working day", () => {
    expect(isWorkingDay("2026-11-25", holidays)).toBe(true); // Wednesday
    expect(isWorkingDay("2026-11-28", holidays)).toBe(false); // Saturday
    expect(isWorkingDay("2026-11-16", holidays)).toBe(false); // Revolution day (Monday)
    expect(nextWorkingDay("2026-11-25", holidays)).toBe("2026-11-25");
    expect(nextWorkingDay("2026-11-14", holidays)).toBe("2026-11-17"); // Saturday, Sunday, holiday Monday
    expect(nextWorkingDay("2026-04-02", holidays)).toBe("2026-04-06"); // Holy Thursday and Friday, then the weekend
    expect(nextWorkingDay("2026-12-25", holidays)).toBe("2026-12-28");
  });
});

describe("months", () => {
  it("clamps to the month's last day and comes back to the anchor day", () => {
    expect(addMonthsClamped("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonthsClamped("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonthsClamped("2026-01-31", 2)).toBe("2026-03-31");
    expect(addMonthsClamped("2026-01-30", 3)).toBe("2026-04-30");
    expect(addMonthsClamped("2026-11-15", 2)).toBe("2027-01-15");
    expect(addMonthsClamped("2026-03-15", -3)).toBe("2025-12-15");
    expect(addMonthsClamped("2026-03-31", -1)).toBe("2026-02-28");
  });

  it("a monthly plan on the 31st pays every month end without drifting", () => {
    expect(nominalDates(plan({ count: 5 }))).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"]);
    expect(nominalDates(plan({ firstDate: "2028-01-31", count: 3 }))).toEqual(["2028-01-31", "2028-02-29", "2028-03-31"]);
  });

  it("a plan on 29 February falls on the 28th in common years and the 29th in leap years", () => {
    const dates = nominalDates(plan({ firstDate: "2028-02-29", count: 49 }));
    expect(dates[12]).toBe("2029-02-28");
    expect(dates[48]).toBe("2032-02-29");
  });
});

describe("weekly and fortnightly plans", () => {
  it("steps 7 or 14 days, until the end date inclusive", () => {
    expect(nominalDates(plan({ frequency: "weekly", firstDate: "2026-11-25", count: 3 }))).toEqual([
      "2026-11-25",
      "2026-12-02",
      "2026-12-09",
    ]);
    expect(nominalDates(plan({ frequency: "fortnightly", firstDate: "2026-12-16", count: null, endDate: "2027-01-13" }))).toEqual([
      "2026-12-16",
      "2026-12-30",
      "2027-01-13",
    ]);
    expect(nominalDates(plan({ frequency: "weekly", firstDate: "2026-11-25", count: null, endDate: "2026-11-25" }))).toEqual([
      "2026-11-25",
    ]);
  });

  it("never generates more than the cap", () => {
    expect(nominalDates(plan({ frequency: "weekly", count: 500 }))).toHaveLength(MAX_OCCURRENCES);
  });
});

describe("due dates", () => {
  it("moves weekends and holidays to the next working day and keeps the planned day", () => {
    expect(scheduleDates(plan({ count: 2 }), holidays)).toEqual([
      { scheduledDate: "2026-01-31", dateToPay: "2026-02-03" }, // Saturday, Sunday, then Constitution day (observed)
      { scheduledDate: "2026-02-28", dateToPay: "2026-03-02" },
    ]);
    expect(scheduleDates(plan({ frequency: "weekly", firstDate: "2026-03-26", count: 2 }), holidays)).toEqual([
      { scheduledDate: "2026-03-26", dateToPay: "2026-03-26" },
      { scheduledDate: "2026-04-02", dateToPay: "2026-04-06" },
    ]);
  });
});

describe("recurrenceProblem", () => {
  const today = "2026-11-25";
  it("accepts a plan with a count or an end date", () => {
    expect(recurrenceProblem(plan({ firstDate: today, count: 12 }), today)).toBeNull();
    expect(recurrenceProblem(plan({ firstDate: today, count: null, endDate: "2028-11-25" }), today)).toBeNull();
    expect(recurrenceProblem(plan({ firstDate: "2026-01-01" }), null)).toBeNull();
  });

  it("names what is wrong", () => {
    expect(recurrenceProblem(plan({ firstDate: "2026-11-24" }), today)).toMatch(/anterior a hoy/);
    expect(recurrenceProblem(plan({ firstDate: "2026-02-30" }), today)).toMatch(/firstDate/);
    expect(recurrenceProblem(plan({ firstDate: today, count: null }), today)).toMatch(/uno de los dos/);
    expect(recurrenceProblem(plan({ firstDate: today, count: 3, endDate: "2026-12-31" }), today)).toMatch(/uno de los dos/);
    expect(recurrenceProblem(plan({ firstDate: today, count: null, endDate: "2026-11-24" }), today)).toMatch(/anterior a firstDate/);
    expect(recurrenceProblem(plan({ firstDate: today, count: null, endDate: "2028-11-26" }), today)).toMatch(/24 meses/);
    expect(recurrenceProblem(plan({ firstDate: today, count: 0 }), today)).toMatch(/count/);
    expect(recurrenceProblem(plan({ firstDate: today, count: 105 }), today)).toMatch(/count/);
  });
});
