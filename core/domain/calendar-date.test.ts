import { describe, expect, it } from "vitest";

import { daysBetween, isCalendarDate } from "./calendar-date";

describe("isCalendarDate", () => {
  it("takes real days in range, leap days included", () => {
    for (const day of ["2000-01-01", "2024-02-29", "2026-11-24", "2099-12-31"]) expect(isCalendarDate(day)).toBe(true);
  });

  it("refuses impossible, out-of-range and oddly written dates, without throwing", () => {
    for (const value of [
      "9999-99-99",
      "0000-00-00",
      "2026-02-30",
      "2023-02-29",
      "2026-13-01",
      "2026-00-10",
      "2026-04-31",
      "1999-12-31",
      "2100-01-01",
      "0001-01-01",
      "+275760-09-13",
      "10000-01-01",
      "2026-1-1",
      "26-01-01",
      "2026/01/01",
      "2026-01-01T00:00:00Z",
      " 2026-01-01",
      "2026-01-01\n",
      "２０２６-０１-０１",
      "",
    ]) {
      expect(isCalendarDate(value), value).toBe(false);
    }
  });
});

describe("daysBetween", () => {
  it("counts calendar days, negative backwards, whatever the months' lengths", () => {
    expect(daysBetween("2026-11-30", "2026-11-30")).toBe(0);
    expect(daysBetween("2024-02-28", "2024-03-01")).toBe(2);
    expect(daysBetween("2026-03-01", "2026-02-27")).toBe(-2);
  });
});
