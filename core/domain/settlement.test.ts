import { describe, expect, it } from "vitest";

import { formatArrivalDate, parseDatePart, parseSettlementDate } from "./settlement";

describe("settlement date parsing (§7 operatio-date-settlements)", () => {
  it("takes the second ' | ' part", () => {
    expect(parseSettlementDate("2026-11-20 | 2026-11-23")).toBe("2026-11-23");
    expect(parseSettlementDate("Llegada aproximada|2026-11-23")).toBe("2026-11-23");
    expect(parseSettlementDate("2026-11-20 | 2026-11-23 | extra")).toBe("2026-11-23");
  });

  it("reads ISO dates, DD/MM/YYYY and instants (in Mexico City)", () => {
    expect(parseSettlementDate("x | 23/11/2026")).toBe("2026-11-23");
    expect(parseSettlementDate("x | 3/1/2027")).toBe("2027-01-03");
    // 03:00 UTC on the 24th is still the 23rd in Mexico City (UTC-6).
    expect(parseSettlementDate("x | 2026-11-24T03:00:00Z")).toBe("2026-11-23");
    expect(parseSettlementDate("x | 2026-11-24T03:00:00.000-06:00")).toBe("2026-11-24");
  });

  it("is null without a second part or with something that is not a date", () => {
    expect(parseSettlementDate("2026-11-23")).toBeNull();
    expect(parseSettlementDate("2026-11-20 | ")).toBeNull();
    expect(parseSettlementDate("2026-11-20 | mañana")).toBeNull();
    expect(parseSettlementDate("2026-11-20 | 2026-02-30")).toBeNull();
    expect(parseSettlementDate("2026-11-20 | 31/04/2026")).toBeNull();
    expect(parseSettlementDate("")).toBeNull();
    expect(parseSettlementDate(null)).toBeNull();
    expect(parseSettlementDate(undefined)).toBeNull();
  });

  it("parses one part on its own", () => {
    expect(parseDatePart(" 2026-12-01 ")).toBe("2026-12-01");
    expect(parseDatePart("2026-13-01")).toBeNull();
  });
});

describe("estimated arrival format 'dddd D, MMMM' (§4)", () => {
  it("writes the weekday and month in Spanish", () => {
    expect(formatArrivalDate("2026-11-23")).toBe("lunes 23, noviembre");
    expect(formatArrivalDate("2026-11-21")).toBe("sábado 21, noviembre");
    expect(formatArrivalDate("2027-01-06")).toBe("miércoles 6, enero");
  });
});
