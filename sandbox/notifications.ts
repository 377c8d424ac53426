// The notification service (prefix /notifications-api): each member's notification centre,
// paged newest first, behind the same product jwt as /api and scoped to the jwt's member.

import { z } from "zod";

import { findMemberByUserName, type SandboxContext } from "./context";
import { HttpError, json, parseWith, type RequestContext, type Router } from "./http";
import { authenticateMember } from "./product";
import { moneyText } from "./texts";
import { NOTIFICATION_MODULES, type NotificationModule, type NotificationRecord } from "./types";

const PREFIX = "/notifications-api";
/** SPEC §9: pages of 50, the first page is 1. Larger pages are refused, as the service does. */
export const DEFAULT_TAKE = 50;
export const MAX_TAKE = 50;

const listQuery = z.object({
  order: z.enum(["DESC", "ASC"]).default("DESC"),
  page: z.coerce.number().int().min(1).default(1),
  take: z.coerce.number().int().min(1).max(MAX_TAKE).default(DEFAULT_TAKE),
  read: z.enum(["true", "false"]).optional(),
  module: z.enum(NOTIFICATION_MODULES).optional(),
});

const createInput = z.object({
  module: z.enum(NOTIFICATION_MODULES),
  type: z.enum(["error", "info", "pending"]).optional(),
  read: z.boolean().optional(),
  title: z.string().trim().min(1).max(120).optional(),
  copy: z.string().trim().max(500).optional(),
  detail: z.unknown().optional(),
  status: z.string().max(40).nullable().optional(),
  content: z.string().max(10_000).nullable().optional(),
});

/** Titles used when a producer sends only the module (§7: module, read, type, detail). */
const DEFAULT_TITLES: Record<NotificationModule, string> = {
  announcement: "Aviso importante",
  operation: "Actualización de tu operación",
  planner: "Recordatorio de pago",
  receiver: "Actualización de destinatario",
  borecipient: "Destinatario en revisión",
  movement: "Dinero recibido",
  profileUpdate: "Datos de perfil actualizados",
  permissions: "Permisos actualizados",
  operationsToBeApproved: "Operaciones por aprobar",
  priceAlert: "Alerta de precio",
};

export function notificationView(record: NotificationRecord) {
  return {
    id: record.id,
    module: record.module,
    type: record.type,
    read: record.read,
    readAt: record.readAt,
    title: record.title,
    copy: record.copy,
    createdAt: record.createdAt,
    detail: record.detail,
    status: record.status,
    content: record.content,
  };
}

/** Query values as the client sends them: empty strings mean "not given". */
function queryObject(query: URLSearchParams): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of query) if (value !== "") result[key] = value;
  return result;
}

function parseQuery(query: URLSearchParams) {
  const result = listQuery.safeParse(queryObject(query));
  if (!result.success) {
    const detail = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new HttpError(400, `Consulta inválida: ${detail}`, "INVALID_QUERY");
  }
  return result.data;
}

export function registerNotificationRoutes(router: Router, ctx: SandboxContext): void {
  const { state } = ctx;
  const memberOf = (request: RequestContext) => authenticateMember(ctx, request).member.memberId;
  const own = (memberId: number) => state.notifications.filter((record) => record.memberId === memberId);
  const byAge = (a: NotificationRecord, b: NotificationRecord) =>
    a.createdAt === b.createdAt ? a.id - b.id : a.createdAt.localeCompare(b.createdAt);

  router
    .get(`${PREFIX}/notifications`, (request) => {
      const memberId = memberOf(request);
      const query = parseQuery(request.query);
      const mine = own(memberId);
      const matching = mine
        .filter((record) => query.read === undefined || String(record.read) === query.read)
        .filter((record) => query.module === undefined || record.module === query.module)
        .sort(byAge);
      if (query.order === "DESC") matching.reverse();
      const itemCount = matching.length;
      const pageCount = Math.ceil(itemCount / query.take);
      const start = (query.page - 1) * query.take;
      return json(200, {
        data: matching.slice(start, start + query.take).map(notificationView),
        meta: {
          page: query.page,
          take: query.take,
          itemCount,
          pageCount,
          hasPreviousPage: query.page > 1,
          hasNextPage: query.page < pageCount,
          // The member's unread total, whatever the filters: it feeds the bell.
          unreadCount: mine.filter((record) => !record.read).length,
        },
      });
    })
    .add("PATCH", `${PREFIX}/notifications/read-all`, (request) => {
      const memberId = memberOf(request);
      const at = ctx.now().toISOString();
      let updated = 0;
      for (const record of own(memberId)) {
        if (record.read) continue;
        record.read = true;
        record.readAt = at;
        updated += 1;
      }
      return json(200, { updated });
    })
    .add("PATCH", `${PREFIX}/notifications/:id/read`, (request) => {
      const memberId = memberOf(request);
      const id = Number(request.params.id);
      // Someone else's notification is as unknown as a missing one.
      const record = state.notifications.find((candidate) => candidate.id === id && candidate.memberId === memberId);
      if (!Number.isInteger(id) || !record) {
        throw new HttpError(404, "Notificación no encontrada", "NOTIFICATION_NOT_FOUND");
      }
      // Marking twice keeps the first reading time: the call is idempotent.
      if (!record.read) {
        record.read = true;
        record.readAt = ctx.now().toISOString();
      }
      return json(200, notificationView(record));
    })
    .post(`${PREFIX}/notifications`, (request) => {
      const memberId = memberOf(request);
      const input = parseWith(createInput, request.body);
      return json(201, notificationView(addNotification(ctx, fromInput(memberId, input))));
    })
    // §7: a collaborator loaded operations that wait for approval: every other administrator of the
    // company hears of it (name and count as sent).
    .post(`${PREFIX}/notifications/operations-to-be-approved`, (request) => {
      const { member, claims } = authenticateMember(ctx, request);
      const input = parseWith(
        z.object({
          id: z.coerce.string().min(1).max(64),
          name: z.string().trim().min(1).max(120),
          count: z.number().int().min(1).max(1000),
        }),
        request.body,
      );
      const administrators = state.members.filter((candidate) => {
        if (candidate.memberId === member.memberId) return false;
        const user = state.bankUsers.find((bankUser) => bankUser.userName === candidate.userName);
        return user?.companies.some((link) => link.clientId === claims.clientId && link.profileType === "ADMINISTRADOR") ?? false;
      });
      for (const administrator of administrators) {
        addNotification(ctx, {
          memberId: administrator.memberId,
          module: "operationsToBeApproved",
          type: "pending",
          title: DEFAULT_TITLES.operationsToBeApproved,
          copy:
            input.count === 1
              ? `${input.name} cargó 1 operación que espera tu aprobación.`
              : `${input.name} cargó ${input.count} operaciones que esperan tu aprobación.`,
          detail: { id: input.id, name: input.name, count: input.count },
        });
      }
      return json(201, { notified: administrators.length });
    })
    // §7: the app hands the service the movements it read; money received in the last 24 hours that
    // the member has not heard of becomes one notification (its detail lists them).
    .post(`${PREFIX}/notifications/movements`, (request) => {
      const memberId = memberOf(request);
      const input = parseWith(
        z
          .object({
            /** The member's account the page is of (decision 121): the notification leads to its movements. */
            idAccount: z
              .string()
              .max(40)
              .regex(/^[A-Za-z0-9-]+$/)
              .optional(),
            data: z
              .array(
                z
                  .object({
                    movement_id: z.coerce.string().max(64),
                    operation_date: z.string().max(40),
                    amount: z.coerce.number(),
                    currency: z.string().max(8),
                    flow: z.enum(["IN", "OUT"]),
                  })
                  .passthrough(),
              )
              .max(1000)
              .nullable()
              .default([]),
          })
          .passthrough(),
        request.body,
      );
      const since = ctx.now().getTime() - 24 * 60 * 60_000;
      const heard = new Set(
        own(memberId)
          .filter((record) => record.module === "movement" && Array.isArray(record.detail))
          .flatMap((record) => (record.detail as { id: string }[]).map((movement) => movement.id)),
      );
      const received = (input.data ?? [])
        .filter((movement) => movement.flow === "IN" && !heard.has(movement.movement_id))
        .filter((movement) => {
          const at = Date.parse(movement.operation_date);
          return Number.isFinite(at) && at >= since && at <= ctx.now().getTime();
        })
        .map((movement) => ({
          id: movement.movement_id,
          amount: movement.amount,
          currency: movement.currency,
          date: movement.operation_date,
          ...(input.idAccount ? { idAccount: input.idAccount } : {}),
        }));
      if (received.length === 0) return json(201, { notified: 0 });
      const one = received[0];
      addNotification(ctx, {
        memberId,
        module: "movement",
        type: "info",
        title: DEFAULT_TITLES.movement,
        copy:
          received.length === 1
            ? `Recibiste ${moneyText(one.amount, one.currency)} en tu cuenta.`
            : `Recibiste ${received.length} depósitos en tus cuentas.`,
        detail: received,
      });
      return json(201, { notified: received.length });
    })
    // Control endpoint: stores and pushes any notification for a demo user, `count` times (a burst).
    .post("/__notifications", (request) => {
      const input = parseWith(
        createInput.extend({ userName: z.string().min(1), count: z.number().int().min(1).max(50).optional() }),
        request.body,
      );
      const member = findMemberByUserName(state, input.userName);
      if (!member) throw new HttpError(404, "Usuario no registrado", "USER_NOT_FOUND");
      const records = Array.from({ length: input.count ?? 1 }, () => addNotification(ctx, fromInput(member.memberId, input)));
      return json(201, records.map(notificationView));
    });
}

/** §7's create body as a notification of the member; §3: type defaults to info. */
function fromInput(memberId: number, input: z.infer<typeof createInput>): NewNotification {
  return {
    memberId,
    module: input.module,
    type: input.type ?? "info",
    read: input.read ?? false,
    title: input.title ?? DEFAULT_TITLES[input.module],
    copy: input.copy ?? "",
    detail: input.detail ?? null,
    status: input.status ?? null,
    content: input.content ?? null,
  };
}

export type NewNotification = Pick<NotificationRecord, "memberId" | "module" | "title" | "copy"> &
  Partial<Pick<NotificationRecord, "type" | "read" | "detail" | "status" | "content">>;

/** Stores a notification for its member and pushes it to the member's open sockets. */
export function addNotification(ctx: SandboxContext, input: NewNotification): NotificationRecord {
  const createdAt = ctx.now().toISOString();
  const read = input.read ?? false;
  const record: NotificationRecord = {
    id: ctx.state.nextIds.notification++,
    memberId: input.memberId,
    module: input.module,
    type: input.type ?? "info",
    read,
    readAt: read ? createdAt : null,
    title: input.title,
    copy: input.copy,
    createdAt,
    detail: input.detail ?? null,
    status: input.status ?? null,
    content: input.content ?? null,
  };
  ctx.state.notifications.push(record);
  if (!read) ctx.pushNotification(record);
  return record;
}
