import type { Dayjs } from "dayjs";

import { mexicoCity } from "./dates";

/**
 * Announcements and banners (§3 Announcement, §4 Market and connectivity): which of the product's
 * active announcements the shell shows now, in Mexico City time, as pure rules.
 * - `issues` and `delays` of a service (FX, SPEI, SPID, OPI) show from their `dateToShow`;
 * - `beforeDayOff` (the festive banner) shows on the working day before its day off from 15:00 on
 *   Fridays, else from 16:30 (§4 'Festive banner hour'), until the day off starts;
 * - `dayOff` shows on its `date`, with the next working day;
 * - `novelty` shows from its `dateToShow`, with its title, copy and internal link.
 * What the person closed stays closed for the session. Most urgent first; at most MAX_BANNERS.
 */
export const MAX_BANNERS = 3;
export const FESTIVE_HOUR_FRIDAY = { hour: 15, minute: 0 };
export const FESTIVE_HOUR_OTHER_DAYS = { hour: 16, minute: 30 };

export type AnnouncementService = "FX" | "SPEI" | "SPID" | "OPI";
export type AnnouncementType = "delays" | "issues" | "beforeDayOff" | "dayOff" | "novelty";

export interface AnnouncementInput {
  id: string;
  active: boolean;
  dateToShow: string | null;
  service: AnnouncementService;
  type: AnnouncementType;
  detail: Record<string, unknown> | null;
  resolution_time: string | null;
}

export type Banner =
  | { id: string; kind: "issues" | "delays"; service: AnnouncementService; resolutionTime: string | null }
  | {
      id: string;
      kind: "beforeDayOff" | "dayOff";
      service: AnnouncementService;
      date: string;
      nextWorkingDay: string | null;
      /** The days as the banner names them, "lunes 16 de noviembre": the browser needs no calendar. */
      dayName: string;
      nextWorkingDayName: string | null;
    }
  | { id: string; kind: "novelty"; service: AnnouncementService; title: string; copy: string; path: string | null };

const ORDER: Record<AnnouncementType, number> = { issues: 0, delays: 1, dayOff: 2, beforeDayOff: 3, novelty: 4 };
const DATE = /^\d{4}-\d{2}-\d{2}/;

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
const dateOf = (value: unknown): string | null => {
  const candidate = text(value);
  return candidate && DATE.test(candidate) ? candidate.slice(0, 10) : null;
};
/** Only a path inside the portal: an announcement never sends people off-site. */
const internalPath = (value: unknown): string | null => {
  const path = text(value);
  return path && path.startsWith("/") && !path.startsWith("//") && !path.includes("\\") ? path : null;
};

/** The first Monday-to-Friday date after `date` ("YYYY-MM-DD"), by the calendar alone. */
export function weekdayAfter(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return day.toISOString().slice(0, 10);
}

/** "lunes 16 de noviembre": how a banner names a day. */
const dayName = (date: string) => mexicoCity(`${date}T18:00:00Z`).format("dddd D [de] MMMM");

function dayOffBanner(
  id: string,
  kind: "beforeDayOff" | "dayOff",
  service: AnnouncementService,
  date: string,
  next: string | null,
): Banner {
  return { id, kind, service, date, nextWorkingDay: next, dayName: dayName(date), nextWorkingDayName: next ? dayName(next) : null };
}

/** When the festive banner starts on `day` (Mexico City): 15:00 on Fridays, else 16:30. */
export function festiveStart(day: Dayjs): Dayjs {
  const { hour, minute } = day.day() === 5 ? FESTIVE_HOUR_FRIDAY : FESTIVE_HOUR_OTHER_DAYS;
  return day.startOf("day").hour(hour).minute(minute);
}

/** The working day (Monday to Friday) before a day off: a Monday's is the Friday before. */
export function lastWorkingDayBefore(date: string): Dayjs {
  // Noon in Mexico City (UTC−6) of the day off, then back to a weekday.
  let day = mexicoCity(`${date}T18:00:00Z`).subtract(1, "day");
  while (day.day() === 0 || day.day() === 6) day = day.subtract(1, "day");
  return day;
}

/**
 * When the banner before the day off `date` starts, in ms: {@link festiveStart} of {@link lastWorkingDayBefore}, a pure
 * function of the date kept once worked out (about ten dayjs objects per announcement per page otherwise; decision 076).
 * Bounded, since the dates come from the product API: emptied when full.
 */
const festiveStarts = new Map<string, number>();
const FESTIVE_STARTS_KEPT = 256;
export function festiveStartBefore(date: string): number {
  let at = festiveStarts.get(date);
  if (at === undefined) {
    at = festiveStart(lastWorkingDayBefore(date)).valueOf();
    if (festiveStarts.size >= FESTIVE_STARTS_KEPT) festiveStarts.clear();
    festiveStarts.set(date, at);
  }
  return at;
}

/**
 * The banner an announcement gives at `now`, or null. `today` is `now`'s date, worked out once by {@link activeBanners}
 * for all the announcements of a page rather than formatted again for each (decision 076).
 */
export function bannerOf(announcement: AnnouncementInput, now: Dayjs, today = now.format("YYYY-MM-DD")): Banner | null {
  if (!announcement.active) return null;
  const shownFrom = dateOf(announcement.dateToShow);
  const detail = announcement.detail ?? {};
  const { id, service } = announcement;
  switch (announcement.type) {
    case "issues":
    case "delays":
      if (shownFrom && shownFrom > today) return null;
      return { id, kind: announcement.type, service, resolutionTime: text(announcement.resolution_time) };
    case "dayOff": {
      const date = dateOf(detail.date) ?? shownFrom;
      if (date !== today) return null;
      return dayOffBanner(id, "dayOff", service, date, dateOf(detail.nextWorkingDay));
    }
    case "beforeDayOff": {
      // §3 gives a detail (date, nextWorkingDay) only to dayOff: without one, the announcement's dateToShow is the
      // working day it is shown, and the day off the weekday after it.
      const date = dateOf(detail.date) ?? (shownFrom ? weekdayAfter(shownFrom) : null);
      if (!date) return null;
      // The cheap comparison first: the festive start's calendar arithmetic only for a day off still ahead.
      if (today >= date || now.valueOf() < festiveStartBefore(date)) return null;
      return dayOffBanner(id, "beforeDayOff", service, date, dateOf(detail.nextWorkingDay));
    }
    case "novelty": {
      if (shownFrom && shownFrom > today) return null;
      const title = text(detail.title);
      if (!title) return null;
      return { id, kind: "novelty", service, title, copy: text(detail.copy) ?? "", path: internalPath(detail.path) };
    }
  }
}

/** The banners to show now: not closed this session, most urgent first, at most MAX_BANNERS. */
export function activeBanners(announcements: readonly AnnouncementInput[], now: Dayjs, dismissed: readonly string[]): Banner[] {
  const closed = new Set(dismissed);
  const today = now.format("YYYY-MM-DD");
  return announcements
    .filter((announcement) => !closed.has(announcement.id))
    .map((announcement) => ({ announcement, banner: bannerOf(announcement, now, today) }))
    .filter((entry): entry is { announcement: AnnouncementInput; banner: Banner } => entry.banner !== null)
    .sort((a, b) => ORDER[a.announcement.type] - ORDER[b.announcement.type])
    .slice(0, MAX_BANNERS)
    .map((entry) => entry.banner);
}

/**
 * The services with an incident now (an active 'issues' or 'delays' announcement, closed banner or
 * not: closing a banner hides it, it does not mend the service), the worse kind when both: what the
 * market's hours table says beside 'Disponible', so it never reads green under a red outage banner.
 */
export function serviceIncidents(
  announcements: readonly AnnouncementInput[],
  now: Dayjs,
): Partial<Record<AnnouncementService, "issues" | "delays">> {
  const today = now.format("YYYY-MM-DD");
  const incidents: Partial<Record<AnnouncementService, "issues" | "delays">> = {};
  for (const announcement of announcements) {
    const banner = bannerOf(announcement, now, today);
    if (banner?.kind !== "issues" && banner?.kind !== "delays") continue;
    if (incidents[banner.service] !== "issues") incidents[banner.service] = banner.kind;
  }
  return incidents;
}
