import { describe, expect, it } from "vitest";

import { bankHolidays, bankHolidaysBetween, easterSunday } from "./bank-holidays";

describe("bank holidays", () => {
  it.each([
    [2024, [3, 31]],
    [2026, [4, 5]],
    [2027, [3, 28]],
    [2028, [4, 16]],
    [2038, [4, 25]],
  ])("Easter Sunday of %i", (year, date) => {
    expect(easterSunday(year)).toEqual(date);
  });

  it("gives the CNBV's published calendars", () => {
    expect(bankHolidays(2026)).toEqual([
      "2026-01-01",
      "2026-02-02",
      "2026-03-16",
      "2026-04-02",
      "2026-04-03",
      "2026-05-01",
      "2026-09-16",
      "2026-11-02",
      "2026-11-16",
      "2026-12-12",
      "2026-12-25",
    ]);
    expect(bankHolidays(2024)).toEqual([
      "2024-01-01",
      "2024-02-05",
      "2024-03-18",
      "2024-03-28",
      "2024-03-29",
      "2024-05-01",
      "2024-09-16",
      "2024-10-01",
      "2024-11-02",
      "2024-11-18",
      "2024-12-12",
      "2024-12-25",
    ]);
  });

  it("keeps the Mondays on Mondays and adds the inauguration every six years", () => {
    const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
    for (const year of [2027, 2028, 2029, 2030, 2031]) {
      const dates = bankHolidays(year);
      const february = dates.filter((date) => date.startsWith(`${year}-02-`));
      const juarez = dates.filter((date) => date.startsWith(`${year}-03-`) && weekday(date) === 1);
      const revolution = dates.filter((date) => date.startsWith(`${year}-11-`) && date !== `${year}-11-02`);
      expect(february.map(weekday)).toEqual([1]);
      expect(juarez.map((date) => Number(date.slice(8)))).toEqual([expect.any(Number)]);
      expect(Number(juarez[0]?.slice(8))).toBeGreaterThanOrEqual(15);
      expect(revolution.map(weekday)).toEqual([1]);
      expect(dates.includes(`${year}-10-01`)).toBe(year === 2030);
    }
    expect(bankHolidays(2027)).toEqual([
      "2027-01-01",
      "2027-02-01",
      "2027-03-15",
      "2027-03-25",
      "2027-03-26",
      "2027-05-01",
      "2027-09-16",
      "2027-11-02",
      "2027-11-15",
      "2027-12-12",
      "2027-12-25",
    ]);
  });

  it("spans the years asked for", () => {
    const dates = bankHolidaysBetween(2026, 2028);
    expect(dates[0]).toBe("2026-01-01");
    expect(dates.at(-1)).toBe("2028-12-25");
    expect(dates).toEqual([...dates].sort());
  });
});
