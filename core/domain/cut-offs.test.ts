import { describe, expect, it } from "vitest";

import { cutOffFor, railOf } from "./cut-offs";

// Mexico City has no DST since 2022: UTC−6 all year.
const at = (iso: string) => new Date(`${iso}-06:00`).getTime();
const none = new Set<string>();

describe("railOf", () => {
  it("sends pesos by SPEI, dollars by SPID and the rest by OPI", () => {
    expect(railOf("MXN")).toBe("SPEI");
    expect(railOf("MXP")).toBe("SPEI");
    expect(railOf("usd")).toBe("SPID");
    expect(railOf("EUR")).toBe("OPI");
  });
});

describe("cutOffFor", () => {
  it("keeps today's payment today before the cut-off, in Mexico City time", () => {
    // 16:59 in Mexico City is 22:59 UTC: still today.
    expect(cutOffFor("2026-11-26", "MXN", at("2026-11-26T16:59"), none)).toEqual({
      currency: "MXN",
      rail: "SPEI",
      cutOff: "17:00",
      passed: false,
      sendsOn: "2026-11-26",
    });
  });

  it("moves today's payment to the next working day after the cut-off", () => {
    expect(cutOffFor("2026-11-26", "USD", at("2026-11-26T17:00"), none)).toMatchObject({
      rail: "SPID",
      passed: true,
      sendsOn: "2026-11-27",
    });
    // Friday after 17:00: Monday; with Monday a holiday, Tuesday.
    expect(cutOffFor("2026-11-27", "MXN", at("2026-11-27T18:30"), none).sendsOn).toBe("2026-11-30");
    expect(cutOffFor("2026-11-27", "MXN", at("2026-11-27T18:30"), new Set(["2026-11-30"])).sendsOn).toBe("2026-12-01");
  });

  it("closes OPI at 16:55", () => {
    expect(cutOffFor("2026-11-26", "EUR", at("2026-11-26T16:54"), none).passed).toBe(false);
    expect(cutOffFor("2026-11-26", "EUR", at("2026-11-26T16:55"), none)).toMatchObject({ cutOff: "16:55", passed: true });
  });

  it("judges the day by Mexico City's date, not UTC's", () => {
    // 23:30 UTC on the 26th is 17:30 in Mexico City: past the cut-off of the 26th.
    expect(cutOffFor("2026-11-26", "MXN", Date.parse("2026-11-26T23:30:00Z"), none).passed).toBe(true);
    // 02:00 UTC on the 27th is still the 26th at 20:00 in Mexico City: the 27th is a later day.
    expect(cutOffFor("2026-11-27", "MXN", Date.parse("2026-11-27T02:00:00Z"), none)).toMatchObject({
      passed: false,
      sendsOn: "2026-11-27",
    });
  });

  it("sends a later day on its working day, and flags today when it is not a working day", () => {
    expect(cutOffFor("2026-11-28", "MXN", at("2026-11-26T10:00"), none)).toMatchObject({ passed: false, sendsOn: "2026-11-30" });
    expect(cutOffFor("2026-11-28", "MXN", at("2026-11-28T10:00"), none)).toMatchObject({ passed: true, sendsOn: "2026-11-30" });
  });
});
