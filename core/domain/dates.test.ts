import dayjs from "dayjs";
import { describe, expect, it } from "vitest";

import {
  formatCalendarDay,
  formatDate,
  formatRowDateTime,
  formatRowDay,
  formatSentenceDateTime,
  formatTime,
  mexicoCity,
  mexicoCityOffset,
  mexicoDate,
  TIME_ZONE,
} from "./dates";

describe("dates in Mexico City, in Spanish (§9)", () => {
  it("computes the local date, not the UTC one", () => {
    expect(mexicoDate(new Date("2026-11-21T05:30:00Z"))).toBe("2026-11-20");
    expect(mexicoDate(new Date("2026-11-21T06:30:00Z"))).toBe("2026-11-21");
  });

  it("formats in Spanish", () => {
    expect(formatRowDateTime("2026-11-21T18:05:00Z")).toBe("21/11/2026 12:05");
    expect(formatCalendarDay("2026-11-28")).toBe("28 de noviembre de 2026");
    expect(formatRowDay("2026-11-28")).toBe("28/11/2026");
    expect(formatRowDay("2027-01-03")).toBe("03/01/2027");
    expect(formatSentenceDateTime("2026-11-29T00:06:00Z")).toBe("28 de noviembre de 2026 a las 18:06");
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

describe("the formats every page asks for, without dayjs (decision 076)", () => {
  const viaDayjs = (at: Date | number, format: string) => mexicoCity(at).format(format);

  it("answer as dayjs does, every 5 hours 17 minutes from 2019 to 2027 (daylight saving and its end included)", () => {
    for (let at = Date.UTC(2019, 0, 1); at < Date.UTC(2027, 0, 1); at += (5 * 60 + 17) * 60_000) {
      expect(mexicoDate(at)).toBe(viaDayjs(at, "YYYY-MM-DD"));
      expect(formatTime(at)).toBe(viaDayjs(at, "HH:mm"));
      expect(formatDate(new Date(at))).toBe(viaDayjs(at, "D [de] MMMM [de] YYYY"));
      const iso = new Date(at).toISOString();
      expect(formatRowDateTime(iso)).toBe(mexicoCity(iso).format("DD/MM/YYYY HH:mm"));
      expect(formatTime(iso)).toBe(mexicoCity(iso).format("HH:mm"));
    }
  });

  it("answer as dayjs does around the last change of clocks and at midnight in Mexico City", () => {
    for (const at of [
      Date.UTC(2022, 9, 30, 6, 59),
      Date.UTC(2022, 9, 30, 7, 0),
      Date.UTC(2026, 10, 21, 5, 59, 59, 999),
      Date.UTC(2026, 10, 21, 6, 0),
    ]) {
      expect(mexicoDate(new Date(at))).toBe(viaDayjs(at, "YYYY-MM-DD"));
      expect(formatTime(new Date(at))).toBe(viaDayjs(at, "HH:mm"));
      expect(formatDate(at)).toBe(viaDayjs(at, "D [de] MMMM [de] YYYY"));
    }
    expect(formatDate(Date.UTC(2026, 0, 1, 5, 0))).toBe("31 de diciembre de 2025");
  });

  it("leave what is not an instant, years outside 0–9999 and strings to dayjs", () => {
    for (const at of [
      new Date(Number.NaN),
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Date.UTC(12000, 0, 1),
      Date.UTC(-5, 0, 1),
      Date.UTC(50, 5, 1),
    ]) {
      expect(mexicoDate(at)).toBe(viaDayjs(at, "YYYY-MM-DD"));
      expect(formatTime(at)).toBe(viaDayjs(at, "HH:mm"));
      expect(formatDate(at)).toBe(viaDayjs(at, "D [de] MMMM [de] YYYY"));
    }
    for (const at of [
      "2026-11-21",
      "2026-11-21T18:05:00",
      "2026-11-21T18:05:00-06:00",
      "2026-11-21 18:05",
      "no es fecha",
      "",
      "9999-12-31T23:59:59Z",
      "2026-02-30T10:00:00Z",
      "2026-11-21T18:05:00z",
    ]) {
      expect(formatRowDateTime(at)).toBe(mexicoCity(at).format("DD/MM/YYYY HH:mm"));
      expect(formatTime(at)).toBe(mexicoCity(at).format("HH:mm"));
      expect(formatDate(at)).toBe(mexicoCity(at).format("D [de] MMMM [de] YYYY"));
    }
    expect(formatRowDateTime("2026-11-21T18:05:00.000Z")).toBe("21/11/2026 12:05");
    expect(mexicoDate(new Date(Number.NaN))).toBe("Invalid Date");
    expect(formatTime("2026-11-21T18:05:00Z")).toBe("12:05");
    expect(formatDate("2026-11-21")).toBe(mexicoCity("2026-11-21").format("D [de] MMMM [de] YYYY"));
  });
});
