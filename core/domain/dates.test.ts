import dayjs from "dayjs";
import { describe, expect, it } from "vitest";

import { formatDate, formatDateTime, mexicoCity, mexicoCityOffset, mexicoDate, TIME_ZONE } from "./dates";

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

describe("mexicoCity", () => {
  it("reads the wall clock as dayjs's time-zone plugin does, across the years with daylight saving time", () => {
    // Every 7 hours 13 minutes from 2019 (daylight saving in force) to 2027 (abolished in October 2022).
    for (let at = Date.UTC(2019, 0, 1); at < Date.UTC(2027, 0, 1); at += (7 * 60 + 13) * 60_000) {
      expect(mexicoCity(at).format("YYYY-MM-DD HH:mm:ss Z")).toBe(dayjs(at).tz(TIME_ZONE).format("YYYY-MM-DD HH:mm:ss Z"));
    }
  });

  it("knows the last change of clocks: 30 October 2022 at 02:00 became 01:00", () => {
    expect(mexicoCityOffset(Date.UTC(2022, 9, 30, 6, 59))).toBe(-300);
    expect(mexicoCityOffset(Date.UTC(2022, 9, 30, 7, 0))).toBe(-360);
    expect(mexicoCity(Date.UTC(2022, 9, 30, 6, 59)).format("HH:mm")).toBe("01:59");
    expect(mexicoCity(Date.UTC(2022, 9, 30, 7, 0)).format("HH:mm")).toBe("01:00");
  });

  it("leaves an invalid date invalid", () => {
    expect(mexicoCity("no es fecha").isValid()).toBe(false);
  });
});
