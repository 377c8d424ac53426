import { z } from "zod";

import { NOTIFICATION_PAGE_SIZE } from "#core/domain/notifications";

import { getConfig } from "../config.server";
import type { Http } from "./http.server";
import { createHttp } from "./http.server";
import type { CallContext } from "./index.server";
import { httpFor } from "./index.server";

/** Notification service (SPEC §7): bearer product jwt; pages of 50, newest first by default. */

export const notificationSchema = z.object({
  id: z.coerce.string(),
  // Kept open: a module this app does not know yet must not make the whole list unreadable.
  module: z.string(),
  type: z.enum(["error", "info", "pending"]).default("info"),
  read: z.boolean().default(false),
  readAt: z.string().nullable().default(null),
  title: z.string(),
  copy: z.string().nullable().default(null),
  createdAt: z.string().refine((value) => !Number.isNaN(Date.parse(value)), "fecha inválida"),
  // §3 shapes vary by module (an array for movements); the centre shows title and copy only.
  detail: z.unknown(),
  status: z.string().nullable().default(null),
  content: z.string().nullable().default(null),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  data: z.array(notificationSchema),
  meta: z.object({
    page: z.number().int(),
    take: z.number().int(),
    itemCount: z.number().int().nonnegative(),
    pageCount: z.number().int().nonnegative(),
    hasNextPage: z.boolean(),
    unreadCount: z.number().int().nonnegative(),
  }),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export interface ListNotificationsOptions {
  /** 1-based (§9). */
  page?: number;
  take?: number;
  order?: "DESC" | "ASC";
  unreadOnly?: boolean;
  /** One module of §3; empty or absent means all. */
  module?: string | null;
}

export function notificationsClient(http: Http) {
  return {
    list({
      page = 1,
      take = NOTIFICATION_PAGE_SIZE,
      order = "DESC",
      unreadOnly = false,
      module,
    }: ListNotificationsOptions = {}): Promise<NotificationPage> {
      return http.request({
        method: "GET",
        path: "/notifications",
        query: { order, page, take, read: unreadOnly ? false : undefined, module: module || undefined },
        schema: notificationPageSchema,
      });
    },
    /** Marking twice leaves it read, so a timeout may be retried. */
    markRead(id: string): Promise<Notification> {
      return http.request({
        method: "PATCH",
        path: `/notifications/${encodeURIComponent(id)}/read`,
        schema: notificationSchema,
        idempotent: true,
      });
    },
    /**
     * §7: operations a collaborator loaded wait for approval; the service tells the company's
     * administrators. Not idempotent upstream (each call notifies), so never retried.
     */
    async operationsToBeApproved(input: { id: string; name: string; count: number }): Promise<void> {
      await http.request({
        method: "POST",
        path: "/notifications/operations-to-be-approved",
        body: input,
        schema: z.unknown(),
        emptyValue: null,
      });
    },
    /** §7: the movements the app read, for the service to tell the member of money received. */
    async movementsRead(page: unknown): Promise<void> {
      await http.request({ method: "POST", path: "/notifications/movements", body: page, schema: z.unknown(), emptyValue: null });
    },
    async markAllRead(): Promise<void> {
      await http.request({
        method: "PATCH",
        path: "/notifications/read-all",
        schema: z.unknown(),
        emptyValue: null,
        idempotent: true,
      });
    },
  };
}

export type NotificationsClient = ReturnType<typeof notificationsClient>;

/** The notification service's client for one request, with the member's product jwt. */
export function notificationsFor(ctx: CallContext, productJwt: string): NotificationsClient {
  return notificationsClient(
    createHttp({
      ...httpFor(ctx, "notifications"),
      baseUrl: getConfig().NOTIFICATIONS_API_URL,
      token: productJwt,
    }),
  );
}
