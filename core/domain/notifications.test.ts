import { describe, expect, it } from "vitest";

import {
  emptyState,
  isNotificationModule,
  MAX_NOTIFICATION_PAGES,
  NOTIFICATION_MODULES,
  parseCategory,
  parsePages,
  parseTab,
  timeAgo,
  timeAgoText,
} from "./notifications";

const NOW = new Date("2026-03-10T18:00:00.000Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("timeAgoText", () => {
  it("says minutes, hours, days, months and years ago in Spanish, singular and plural", () => {
    expect(timeAgoText(ago(5 * MINUTE), NOW)).toBe("hace 5 minutos");
    expect(timeAgoText(ago(1 * MINUTE), NOW)).toBe("hace 1 minuto");
    expect(timeAgoText(ago(1 * HOUR), NOW)).toBe("hace 1 hora");
    expect(timeAgoText(ago(23 * HOUR), NOW)).toBe("hace 23 horas");
    expect(timeAgoText(ago(1 * DAY), NOW)).toBe("hace 1 día");
    expect(timeAgoText(ago(12 * DAY), NOW)).toBe("hace 12 días");
    expect(timeAgoText("2026-02-05T18:00:00.000Z", NOW)).toBe("hace 1 mes");
    expect(timeAgoText("2025-09-01T18:00:00.000Z", NOW)).toBe("hace 6 meses");
    expect(timeAgoText("2025-03-10T18:00:00.000Z", NOW)).toBe("hace 1 año");
    expect(timeAgoText("2023-01-15T18:00:00.000Z", NOW)).toBe("hace 3 años");
  });

  it("adds 1.5 s before counting (§9)", () => {
    // 59 min 58.5 s becomes a whole hour; 59 min 58.4 s does not.
    expect(timeAgoText(ago(HOUR - 1_500), NOW)).toBe("hace 1 hora");
    expect(timeAgoText(ago(HOUR - 1_600), NOW)).toBe("hace 59 minutos");
    expect(timeAgo(ago(2 * MINUTE - 1_500), NOW)).toEqual({ unit: "minute", count: 2 });
    expect(timeAgo(ago(2 * MINUTE - 1_600), NOW)).toEqual({ unit: "minute", count: 1 });
  });

  it("never says less than 1 minute, even for a time slightly in the future", () => {
    expect(timeAgoText(ago(0), NOW)).toBe("hace 1 minuto");
    expect(timeAgoText(ago(20 * SECOND), NOW)).toBe("hace 1 minuto");
    expect(timeAgoText(ago(-30 * SECOND), NOW)).toBe("hace 1 minuto");
  });

  it("switches from days to months on the calendar, in Mexico City", () => {
    // 15 Jan to 14 Feb is 30 days but not yet a calendar month; to 15 Feb it is one.
    expect(timeAgoText("2026-01-15T18:00:00.000Z", new Date("2026-02-14T18:00:00.000Z"))).toBe("hace 30 días");
    expect(timeAgoText("2026-01-15T18:00:00.000Z", new Date("2026-02-15T18:00:00.000Z"))).toBe("hace 1 mes");
    // The end of a longer month counts a month at the end of a shorter one.
    expect(timeAgoText("2026-01-31T18:00:00.000Z", new Date("2026-02-28T18:00:00.000Z"))).toBe("hace 1 mes");
  });

  it("accepts a Date and returns nothing for an unreadable date", () => {
    expect(timeAgoText(new Date(NOW.getTime() - 3 * HOUR), NOW)).toBe("hace 3 horas");
    expect(timeAgoText("ayer", NOW)).toBe("");
    expect(timeAgo("", NOW)).toBeNull();
  });
});

describe("category filter", () => {
  it("offers the nine modules of §3, and fired price alerts (decision 045)", () => {
    expect(NOTIFICATION_MODULES).toEqual([
      "announcement",
      "operation",
      "planner",
      "receiver",
      "borecipient",
      "movement",
      "profileUpdate",
      "permissions",
      "operationsToBeApproved",
      "priceAlert",
    ]);
    expect(isNotificationModule("movement")).toBe(true);
    expect(isNotificationModule("Movement")).toBe(false);
    expect(isNotificationModule(undefined)).toBe(false);
  });

  it("reads an unknown or empty category as all categories", () => {
    expect(parseCategory("operation")).toBe("operation");
    expect(parseCategory("")).toBeNull();
    expect(parseCategory(null)).toBeNull();
    expect(parseCategory("toString")).toBeNull();
  });
});

describe("URL parameters", () => {
  it("defaults the tab to 'todas'", () => {
    expect(parseTab("no-leidas")).toBe("no-leidas");
    expect(parseTab("todas")).toBe("todas");
    expect(parseTab(null)).toBe("todas");
    expect(parseTab("NO-LEIDAS")).toBe("todas");
  });

  it("reads 'Cargar más' pages as a whole number from 1 to the cap", () => {
    expect(parsePages(null)).toBe(1);
    expect(parsePages("3")).toBe(3);
    expect(parsePages("0")).toBe(1);
    expect(parsePages("-2")).toBe(1);
    expect(parsePages("2.5")).toBe(1);
    expect(parsePages("abc")).toBe(1);
    expect(parsePages("100000")).toBe(MAX_NOTIFICATION_PAGES);
  });
});

describe("emptyState", () => {
  const base = { failed: false, itemCount: 0, tab: "todas" as const, category: null };

  it("is the load error whenever loading failed", () => {
    expect(emptyState({ ...base, failed: true })).toBe("error");
    expect(emptyState({ ...base, failed: true, tab: "no-leidas", category: "operation" })).toBe("error");
  });

  it("is 'none' without filters and 'filtered' under a tab or category", () => {
    expect(emptyState(base)).toBe("none");
    expect(emptyState({ ...base, tab: "no-leidas" })).toBe("filtered");
    expect(emptyState({ ...base, category: "planner" })).toBe("filtered");
  });

  it("is null when there is something to show", () => {
    expect(emptyState({ ...base, itemCount: 3, tab: "no-leidas" })).toBeNull();
  });
});
