import messages from "../locales/es-MX/notifications.json";
import { mexicoCity } from "./dates";

/** The notification centre's rules (SPEC §2 'Notification centre', §3 Notification, §9). */

/** §9: pages of 50; the first page is 1. */
export const NOTIFICATION_PAGE_SIZE = 50;

/**
 * 'Cargar más' shows pages 1..n; past this many pages (1,000 notifications) it stops offering
 * more, so one URL cannot make the server fetch without end.
 */
export const MAX_NOTIFICATION_PAGES = 20;

/** §3: the modules a notification belongs to; they are also the values of the category filter. */
export const NOTIFICATION_MODULES = [
  "announcement",
  "operation",
  "planner",
  "receiver",
  "borecipient",
  "movement",
  "profileUpdate",
  "permissions",
  "operationsToBeApproved",
  // Not in §3's list: a price alert that fired (decision 045).
  "priceAlert",
] as const;
export type NotificationModule = (typeof NOTIFICATION_MODULES)[number];

export function isNotificationModule(value: unknown): value is NotificationModule {
  return typeof value === "string" && (NOTIFICATION_MODULES as readonly string[]).includes(value);
}

/** 'Todas' / 'No leídas', as they appear in the URL. */
export const NOTIFICATION_TABS = ["todas", "no-leidas"] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];

/** Anything but 'no-leidas' is the default tab, so a hand-edited URL still opens the centre. */
export function parseTab(value: string | null): NotificationTab {
  return value === "no-leidas" ? "no-leidas" : "todas";
}

/** An unknown or empty category means "all categories". */
export function parseCategory(value: string | null): NotificationModule | null {
  return isNotificationModule(value) ? value : null;
}

/** How many pages 'Cargar más' has opened: a whole number from 1 to MAX_NOTIFICATION_PAGES. */
export function parsePages(value: string | null): number {
  const pages = Number(value);
  if (!Number.isInteger(pages) || pages < 1) return 1;
  return Math.min(pages, MAX_NOTIFICATION_PAGES);
}

export type NotificationEmptyState = "error" | "none" | "filtered";

/**
 * Which empty state the centre shows (§2): a failed load always says so (with 'Volver a cargar');
 * an empty list under a tab or category filter is 'filtered', otherwise 'none'. Null: there is a list.
 */
export function emptyState(input: {
  failed: boolean;
  itemCount: number;
  tab: NotificationTab;
  category: NotificationModule | null;
}): NotificationEmptyState | null {
  if (input.failed) return "error";
  if (input.itemCount > 0) return null;
  return input.tab !== "todas" || input.category !== null ? "filtered" : "none";
}

/** §9: "the notification-time calculation adds 1.5 s". */
export const TIME_AGO_OFFSET_MS = 1_500;

export type TimeAgoUnit = "minute" | "hour" | "day" | "month" | "year";

/**
 * Elapsed time in the largest whole unit (§9: minutes, hours, days, months, years), counted in
 * Mexico City so months and years follow the calendar. There is no unit below the minute: anything
 * under two minutes, or a time slightly in the future (clock skew), reads as 1 minute.
 * Null when the date cannot be read.
 */
export function timeAgo(createdAt: string | Date, now: Date | number = Date.now()): { unit: TimeAgoUnit; count: number } | null {
  const created = new Date(createdAt);
  if (Number.isNaN(created.getTime())) return null;
  const start = mexicoCity(created);
  const end = mexicoCity(new Date(now).getTime() + TIME_AGO_OFFSET_MS);

  const minutes = end.diff(start, "minute");
  if (minutes < 60) return { unit: "minute", count: Math.max(1, minutes) };
  const hours = end.diff(start, "hour");
  if (hours < 24) return { unit: "hour", count: hours };
  const months = end.diff(start, "month");
  if (months < 1) return { unit: "day", count: end.diff(start, "day") };
  if (months < 12) return { unit: "month", count: months };
  return { unit: "year", count: end.diff(start, "year") };
}

/** 'hace 5 minutos', 'hace 1 hora', 'hace 3 meses'…; empty when the date cannot be read. */
export function timeAgoText(createdAt: string | Date, now: Date | number = Date.now()): string {
  const elapsed = timeAgo(createdAt, now);
  if (!elapsed) return "";
  const key = `${elapsed.unit}_${elapsed.count === 1 ? "one" : "other"}` as const;
  return messages.timeAgo[key].replace("{{count}}", String(elapsed.count));
}
