import { formatRowDateTime } from "#core/domain/dates";
import type { NotificationLinkLabel } from "#core/domain/notification-links";
import { notificationLink } from "#core/domain/notification-links";
import type { NotificationEmptyState, NotificationModule, NotificationTab } from "#core/domain/notifications";
import {
  emptyState,
  MAX_NOTIFICATION_PAGES,
  NOTIFICATION_MODULES,
  NOTIFICATION_PAGE_SIZE,
  parseCategory,
  parsePages,
  parseTab,
  timeAgoText,
} from "#core/domain/notifications";
import { withoutParams, withParams } from "#core/url";

import type { Logger } from "../logger.server";
import type { Notification, NotificationPage, NotificationsClient } from "../upstream/notifications.server";
import { optional } from "../upstream/optional.server";

/**
 * The notification centre (SPEC §2) as a page state: `?drawer=notificaciones` opens it, `ntab`
 * ('todas' | 'no-leidas'), `ncat` (a module of §3, empty = all) and `npag` (pages shown, one more
 * per 'Cargar más') say what it lists. Everything here is plain data for a server render.
 */

export const NOTIFICATIONS_DRAWER = "notificaciones";
/** The search params the centre owns; closing it removes them all. */
export const CENTRE_PARAMS = ["drawer", "ntab", "ncat", "npag"] as const;

export interface NotificationCentreItem {
  id: string;
  module: string;
  type: Notification["type"];
  title: string;
  copy: string | null;
  read: boolean;
  /** ISO instant, for `<time dateTime>`. */
  createdAt: string;
  /** 'hace 5 minutos' (§9). */
  timeAgo: string;
  /** The full date in Mexico City, e.g. 'martes 10 de marzo de 2026, 12:00'. */
  createdAtText: string;
  /** On the first item of pages 2..n: the element 'Cargar más' scrolls to. */
  anchor: string | null;
  /** Where the notification leads (a fired price alert: the calculator with its pair; operations to approve: the approvals). */
  href: string | null;
  /** The words of the link to `href` (notifications namespace, `links.*`). */
  linkLabel: NotificationLinkLabel | null;
}

export interface NotificationCentreData {
  tab: NotificationTab;
  /** "" = every category. */
  category: NotificationModule | "";
  categories: NotificationModule[];
  items: NotificationCentreItem[];
  /** The member's unread total (0 when the load failed). */
  unreadCount: number;
  empty: NotificationEmptyState | null;
  links: {
    /** This URL: where the forms come back to, and 'Volver a cargar'. */
    here: string;
    close: string;
    todas: string;
    noLeidas: string;
    /** Every notification, no tab or category: the next step of a filtered empty list. */
    all: string;
    /** Null when there is nothing more to load. */
    loadMore: string | null;
  };
  /** The category form is a GET to the same page that keeps every other param (and drops npag). */
  filter: { action: string; hidden: Array<{ name: string; value: string }> };
}

type ListClient = Pick<NotificationsClient, "list">;
/** The notifications service, and where its failures are logged. */
export interface CentreSource {
  client: ListClient;
  log: Logger;
}

export function isNotificationCentreOpen(url: URL): boolean {
  return url.searchParams.get("drawer") === NOTIFICATIONS_DRAWER;
}

const pageAnchor = (page: number) => `notificaciones-pagina-${page}`;

/**
 * 'Cargar más' shows pages 1..n. They are fetched as n requests of the page size of §9, in
 * parallel, rather than one request with take = 50·n: every request stays the shape the service
 * documents (a service may cap `take`), and the time is still one round trip. A notification that
 * slides from one page to the next between two requests is shown once.
 */
async function fetchPages(client: ListClient, pages: number, tab: NotificationTab, category: NotificationModule | null) {
  const results = await Promise.all(
    Array.from({ length: pages }, (_, index) =>
      client.list({ page: index + 1, take: NOTIFICATION_PAGE_SIZE, unreadOnly: tab === "no-leidas", module: category }),
    ),
  );
  const seen = new Set<string>();
  const rows: Array<{ notification: Notification; page: number }> = [];
  results.forEach((result: NotificationPage, index) => {
    for (const notification of result.data) {
      if (seen.has(notification.id)) continue;
      seen.add(notification.id);
      rows.push({ notification, page: index + 1 });
    }
  });
  const last = results[results.length - 1];
  return { rows, hasMore: last.meta.hasNextPage, unreadCount: results[0].meta.unreadCount };
}

const linkOf = (notification: Notification) => {
  const link = notificationLink(notification);
  return { href: link?.href ?? null, linkLabel: link?.label ?? null };
};

/**
 * What the centre shows for this URL, or null when the URL does not open it (nothing is fetched).
 * An upstream failure becomes the load-error state; it never throws for one.
 */
export async function loadNotificationCentre(
  { client, log }: CentreSource,
  url: URL,
  now: Date | number = Date.now(),
): Promise<NotificationCentreData | null> {
  if (!isNotificationCentreOpen(url)) return null;
  const params = url.searchParams;
  const tab = parseTab(params.get("ntab"));
  const category = parseCategory(params.get("ncat"));
  const pages = parsePages(params.get("npag"));
  const here = `${url.pathname}${url.search}`;

  const loaded = await optional(fetchPages(client, pages, tab, category), null, { log, event: "notifications_unavailable" });

  const seenPages = new Set<number>();
  const items: NotificationCentreItem[] = (loaded?.rows ?? []).map(({ notification, page }) => {
    const firstOfPage = page > 1 && !seenPages.has(page);
    seenPages.add(page);
    return {
      id: notification.id,
      module: notification.module,
      type: notification.type,
      title: notification.title,
      copy: notification.copy,
      read: notification.read,
      createdAt: notification.createdAt,
      timeAgo: timeAgoText(notification.createdAt, now),
      createdAtText: formatRowDateTime(notification.createdAt),
      anchor: firstOfPage ? pageAnchor(page) : null,
      ...linkOf(notification),
    };
  });

  const canLoadMore = Boolean(loaded?.hasMore) && pages < MAX_NOTIFICATION_PAGES;
  const listHref = (changes: Record<string, string>) =>
    withoutParams(withParams(here, { drawer: NOTIFICATIONS_DRAWER, ...changes }), ["npag"]);

  return {
    tab,
    category: category ?? "",
    categories: [...NOTIFICATION_MODULES],
    items,
    unreadCount: loaded?.unreadCount ?? 0,
    empty: emptyState({ failed: loaded === null, itemCount: items.length, tab, category }),
    links: {
      here,
      close: withoutParams(here, [...CENTRE_PARAMS]),
      todas: listHref({ ntab: "todas" }),
      noLeidas: listHref({ ntab: "no-leidas" }),
      all: withoutParams(listHref({ ntab: "todas" }), ["ncat"]),
      loadMore: canLoadMore ? `${withParams(here, { npag: String(pages + 1) })}#${pageAnchor(pages + 1)}` : null,
    },
    filter: {
      action: url.pathname,
      hidden: [...params].filter(([name]) => name !== "ncat" && name !== "npag").map(([name, value]) => ({ name, value })),
    },
  };
}

/** The bell's unread count (§2 top bar); 0 when the service cannot say. */
/** How many are unread and the newest of them (newest first), in one call. */
export async function unreadSummary({ client, log }: CentreSource, take = 10): Promise<{ count: number; recent: Notification[] }> {
  const page = await optional(client.list({ page: 1, take, unreadOnly: true }), null, { log, event: "unread_count_unavailable" });
  return { count: page?.meta.unreadCount ?? 0, recent: page?.data ?? [] };
}
