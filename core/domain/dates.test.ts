import { describe, expect, it } from "vitest";

import { formatDate, formatDateTime, mexicoCity, mexicoDate } from "./dates";

describe("dates in Mexico City, in Spanish (§9)", () => {
  it("computes the local date, not the UTC one", () => {
    expect(mexicoDate(new Date("2026-11-21T05:30:00Z"))).toBe("2026-11-20");
    expect(mexicoDate(new Date("2026-11-21T06:30:00Z"))).toBe("2026-11-21");
  });

  it("formats in Spanish", () => {
    expect(formatDateTime("2026-11-21T18:05:00Z")).toBe("sábado 21 de noviembre de 2026, 12:05");
    expect(formatDate("2026-12-25T12:00:00-06:00")).toBe("25 de diciembre de 2026");
  });

  it("starts weeks on Monday", () => {
    expect(mexicoCity("2026-11-26T12:00:00-06:00").startOf("week").format("dddd D")).toBe("lunes 23");
  });
});
