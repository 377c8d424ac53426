import { describe, expect, it } from "vitest";

import { addMonthsClamped, daysInMonth, isLeapYear, MAX_PAYMENTS, payableOn, plannedDates, recurrenceProblem } from "./schedule-dates";

const none = new Set<string>();

describe("month arithmetic", () => {
  it("knows leap years, century rule included", () => {
    expect([2024, 2028, 2000].map(isLeapYear)).toEqual([true, true, true]);
    expect([2026, 2100, 1900].map(isLeapYear)).toEqual([false, false, false]);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2027, 2)).toBe(28);
    expect(daysInMonth(2027, 4)).toBe(30);
  });

  it("clamps to a shorter month's last day without drifting", () => {
    expect(addMonthsClamped("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonthsClamped("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonthsClamped("2027-01-31", 2)).toBe("2027-03-31");
    expect(addMonthsClamped("2027-01-30", 3)).toBe("2027-04-30");
    expect(addMonthsClamped("2027-11-15", 2)).toBe("2028-01-15");
  });
});

describe("payableOn", () => {
  it("keeps a working day and moves weekends and holidays to the next working day", () => {
    expect(payableOn("2026-11-25", none)).toBe("2026-11-25"); // Wednesday
    expect(payableOn("2026-11-28", none)).toBe("2026-11-30"); // Saturday → Monday
    expect(payableOn("2026-11-16", new Set(["2026-11-16"]))).toBe("2026-11-17"); // Revolution Day (Monday)
    // Friday holiday, then the weekend: Monday.
    expect(payableOn("2027-01-01", new Set(["2027-01-01"]))).toBe("2027-01-04");
    // A weekend followed by a Monday holiday: Tuesday.
    expect(payableOn("2027-02-06", new Set(["2027-02-01", "2027-02-08"]))).toBe("2027-02-09");
  });
});

describe("plannedDates", () => {
  it("lays out a monthly plan on the 31st through February of a leap year", () => {
    const dates = plannedDates({ frequency: "monthly", firstDate: "2028-01-31", endDate: null, count: 4 }, none);
    expect(dates.map((date) => date.scheduledDate)).toEqual(["2028-01-31", "2028-02-29", "2028-03-31", "2028-04-30"]);
    // 30 April 2028 is a Sunday: paid on Monday 1 May (unless a holiday, below).
    expect(dates[3].dateToPay).toBe("2028-05-01");
    const withLabourDay = plannedDates({ frequency: "monthly", firstDate: "2028-01-31", endDate: null, count: 4 }, new Set(["2028-05-01"]));
    expect(withLabourDay[3].dateToPay).toBe("2028-05-02");
  });

  it("lays out weekly and fortnightly plans up to an end date, inclusive", () => {
    const weekly = plannedDates({ frequency: "weekly", firstDate: "2026-12-02", endDate: "2026-12-23", count: null }, none);
    expect(weekly.map((date) => date.scheduledDate)).toEqual(["2026-12-02", "2026-12-09", "2026-12-16", "2026-12-23"]);
    const fortnightly = plannedDates({ frequency: "fortnightly", firstDate: "2026-12-02", endDate: "2027-01-12", count: null }, none);
    expect(fortnightly.map((date) => date.scheduledDate)).toEqual(["2026-12-02", "2026-12-16", "2026-12-30"]);
  });

  it("never lays out more than the product's maximum", () => {
    expect(plannedDates({ frequency: "weekly", firstDate: "2026-12-02", endDate: null, count: 500 }, none)).toHaveLength(MAX_PAYMENTS);
  });

  it("moves a planned day on a holiday but keeps the planned day itself", () => {
    const [first] = plannedDates({ frequency: "monthly", firstDate: "2026-12-25", endDate: null, count: 1 }, new Set(["2026-12-25"]));
    expect(first).toEqual({ scheduledDate: "2026-12-25", dateToPay: "2026-12-28" });
  });
});

describe("recurrenceProblem", () => {
  const today = "2026-11-26";
  const plan = (change: Partial<Parameters<typeof recurrenceProblem>[0]>) =>
    recurrenceProblem({ frequency: "monthly", firstDate: "2026-12-01", endDate: null, count: 12, ...change }, today);

  it("accepts a count or an end date", () => {
    expect(plan({})).toBeNull();
    expect(plan({ count: null, endDate: "2027-06-01" })).toBeNull();
    expect(plan({ firstDate: today })).toBeNull();
  });

  it("refuses bad or past first dates, counts out of range, and end dates out of bounds", () => {
    expect(plan({ firstDate: "2026-02-30" })).toBe("firstDate");
    expect(plan({ firstDate: "2026-11-25" })).toBe("firstDatePast");
    expect(plan({ count: 0 })).toBe("count");
    expect(plan({ count: MAX_PAYMENTS + 1 })).toBe("count");
    expect(plan({ count: null, endDate: null })).toBe("endDate");
    expect(plan({ count: null, endDate: "2026-11-30" })).toBe("endBeforeFirst");
    expect(plan({ count: null, endDate: "2028-12-02" })).toBe("spanTooLong");
    // 24 months of weekly payments are 105: one too many.
    expect(plan({ frequency: "weekly", count: null, endDate: "2028-12-01" })).toBe("tooMany");
  });

  it("lets an edit keep a first date that has passed", () => {
    expect(recurrenceProblem({ frequency: "weekly", firstDate: "2026-10-01", endDate: null, count: 10 }, null)).toBeNull();
  });
});
