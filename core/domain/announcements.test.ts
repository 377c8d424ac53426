import { describe, expect, it } from "vitest";

import type { AnnouncementInput } from "./announcements";
import {
  activeBanners,
  bannerOf,
  festiveStart,
  festiveStartBefore,
  lastWorkingDayBefore,
  MAX_BANNERS,
  serviceIncidents,
} from "./announcements";
import { mexicoCity } from "./dates";

/** A Mexico City wall-clock time (UTC−6, no daylight saving since 2022). */
const at = (local: string) => mexicoCity(`${local}-06:00`);

const announcement = (over: Partial<AnnouncementInput>): AnnouncementInput => ({
  id: "1",
  active: true,
  dateToShow: "2026-11-20",
  service: "SPEI",
  type: "delays",
  detail: null,
  resolution_time: null,
  ...over,
});

describe("bannerOf", () => {
  it("shows delays and issues from their date, with the resolution time", () => {
    expect(bannerOf(announcement({ resolution_time: "2 horas" }), at("2026-11-24T09:00:00"))).toEqual({
      id: "1",
      kind: "delays",
      service: "SPEI",
      resolutionTime: "2 horas",
    });
    expect(bannerOf(announcement({ type: "issues", dateToShow: "2026-11-25" }), at("2026-11-24T23:59:00"))).toBeNull();
    expect(bannerOf(announcement({ active: false }), at("2026-11-24T09:00:00"))).toBeNull();
  });

  it("shows the festive banner on the day before the day off from 16:30, or from 15:00 on a Friday", () => {
    // Monday 16 Nov 2026 is a day off: the banner starts Friday 13 at 15:00.
    const beforeMonday = announcement({ type: "beforeDayOff", detail: { date: "2026-11-16", nextWorkingDay: "2026-11-17" } });
    expect(bannerOf(beforeMonday, at("2026-11-13T14:59:00"))).toBeNull();
    expect(bannerOf(beforeMonday, at("2026-11-13T15:00:00"))).toMatchObject({ kind: "beforeDayOff", date: "2026-11-16" });
    expect(bannerOf(beforeMonday, at("2026-11-15T10:00:00"))).toMatchObject({ kind: "beforeDayOff" });
    expect(bannerOf(beforeMonday, at("2026-11-16T00:00:00"))).toBeNull();
    // Friday 25 Dec: the banner starts Thursday 24 at 16:30.
    const beforeFriday = announcement({ type: "beforeDayOff", detail: { date: "2026-12-25", nextWorkingDay: "2026-12-28" } });
    expect(bannerOf(beforeFriday, at("2026-12-24T16:29:00"))).toBeNull();
    expect(bannerOf(beforeFriday, at("2026-12-24T16:30:00"))).toMatchObject({ nextWorkingDay: "2026-12-28" });
  });

  it("shows a beforeDayOff posted without a detail on its dateToShow, from the festive hour", () => {
    // Thursday 24 Dec: the day off is Friday 25, the banner from 16:30.
    const thursday = announcement({ type: "beforeDayOff", dateToShow: "2026-12-24", detail: null });
    expect(bannerOf(thursday, at("2026-12-24T16:29:00"))).toBeNull();
    expect(bannerOf(thursday, at("2026-12-24T16:30:00"))).toMatchObject({ kind: "beforeDayOff", date: "2026-12-25", nextWorkingDay: null });
    expect(bannerOf(thursday, at("2026-12-25T08:00:00"))).toBeNull();
    // Friday 13 Nov: the day off is Monday 16, the banner from 15:00 and over the weekend.
    const friday = announcement({ type: "beforeDayOff", dateToShow: "2026-11-13", detail: {} });
    expect(bannerOf(friday, at("2026-11-13T14:59:00"))).toBeNull();
    expect(bannerOf(friday, at("2026-11-13T15:00:00"))).toMatchObject({ date: "2026-11-16" });
    expect(bannerOf(friday, at("2026-11-15T20:00:00"))).toMatchObject({ date: "2026-11-16" });
    expect(bannerOf(announcement({ type: "beforeDayOff", dateToShow: null, detail: null }), at("2026-11-13T18:00:00"))).toBeNull();
  });

  it("shows the day off on its date only", () => {
    const dayOff = announcement({ type: "dayOff", detail: { date: "2026-11-16", nextWorkingDay: "2026-11-17" } });
    expect(bannerOf(dayOff, at("2026-11-16T08:00:00"))).toEqual({
      id: "1",
      kind: "dayOff",
      service: "SPEI",
      date: "2026-11-16",
      nextWorkingDay: "2026-11-17",
      dayName: "lunes 16 de noviembre",
      nextWorkingDayName: "martes 17 de noviembre",
    });
    expect(bannerOf(dayOff, at("2026-11-17T08:00:00"))).toBeNull();
    expect(bannerOf(dayOff, at("2026-11-15T23:00:00"))).toBeNull();
  });

  it("shows a novelty with its title and only an internal link", () => {
    const novelty = (path: unknown) => announcement({ type: "novelty", detail: { title: "Nuevo", copy: "Algo nuevo", path } });
    expect(bannerOf(novelty("/monitoreo-de-divisas"), at("2026-11-24T09:00:00"))).toEqual({
      id: "1",
      kind: "novelty",
      service: "SPEI",
      title: "Nuevo",
      copy: "Algo nuevo",
      path: "/monitoreo-de-divisas",
    });
    for (const outside of ["https://ejemplo.com", "//ejemplo.com", "/\\ejemplo.com", 42]) {
      expect(bannerOf(novelty(outside), at("2026-11-24T09:00:00"))).toMatchObject({ path: null });
    }
    expect(bannerOf(announcement({ type: "novelty", detail: { copy: "sin título" } }), at("2026-11-24T09:00:00"))).toBeNull();
  });
});

describe("activeBanners", () => {
  const now = at("2026-11-24T09:00:00");
  const list = [
    announcement({ id: "n", type: "novelty", detail: { title: "Nuevo" } }),
    announcement({ id: "d", type: "delays", service: "OPI" }),
    announcement({ id: "i", type: "issues", service: "SPID" }),
    announcement({ id: "x", type: "issues", active: false }),
  ];

  it("puts issues first, then delays, then novelties, and leaves out the inactive", () => {
    expect(activeBanners(list, now, []).map((banner) => banner.id)).toEqual(["i", "d", "n"]);
  });

  it("leaves out what the person closed this session", () => {
    expect(activeBanners(list, now, ["i"]).map((banner) => banner.id)).toEqual(["d", "n"]);
  });

  it("shows at most three", () => {
    const many = Array.from({ length: 6 }, (_, index) => announcement({ id: String(index) }));
    expect(activeBanners(many, now, [])).toHaveLength(MAX_BANNERS);
  });
});

describe("festiveStartBefore (decision 076)", () => {
  it("answers what festiveStart of lastWorkingDayBefore answers, asked again and past its bound", () => {
    const dates: string[] = [];
    for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000)
      dates.push(new Date(day).toISOString().slice(0, 10));
    for (let round = 0; round < 2; round += 1) {
      for (const date of dates) expect(festiveStartBefore(date)).toBe(festiveStart(lastWorkingDayBefore(date)).valueOf());
    }
    // A Monday's day off: the banner starts on the Friday before at 15:00 in Mexico City.
    expect(festiveStartBefore("2026-11-16")).toBe(Date.parse("2026-11-13T15:00:00-06:00"));
  });
});

describe("serviceIncidents", () => {
  const now = at("2026-11-24T09:00:00");
  it("names each service with an active incident, issues over delays", () => {
    expect(
      serviceIncidents(
        [
          announcement({ id: "1", service: "SPID", type: "delays" }),
          announcement({ id: "2", service: "SPID", type: "issues" }),
          announcement({ id: "3", service: "SPID", type: "delays" }),
          announcement({ id: "4", service: "OPI", type: "delays" }),
        ],
        now,
      ),
    ).toEqual({ SPID: "issues", OPI: "delays" });
  });
  it("ignores inactive, future and non-incident announcements", () => {
    expect(
      serviceIncidents(
        [
          announcement({ service: "SPID", type: "issues", active: false }),
          announcement({ service: "FX", type: "issues", dateToShow: "2026-11-25" }),
          announcement({ service: "OPI", type: "novelty", detail: { title: "Nuevo" } }),
        ],
        now,
      ),
    ).toEqual({});
  });
});
