// Price alerts and follows (followed pairs) of the product API (/api, bearer product jwt). §7
// names no call for them; the shapes are in CONTRACT.md and docs/decisions/045. Alerts are
// evaluated here against this sandbox's own price feed: when a pair's best price reaches an
// alert's target it fires once, becomes "triggered" and the notification service tells the member
// (module "priceAlert"), which reaches the app through the notification socket.

import { z } from "zod";

import { findMemberByUserName, type SandboxContext } from "./context";
import { HttpError, json, parseWith, type RequestContext, type Router } from "./http";
import { fingerprintOf, idempotencyKeyOf, type IdempotencyRecord, once } from "./idempotency";
import { addNotification } from "./notifications";
import type { BestPrices, PriceFeed } from "./prices";
import { PAIR_LEVELS } from "./prices";
import { authenticateMember } from "./product";
import type { ProductMember } from "./types";

/** §9: at most 5 price alerts per member. */
export const MAX_PRICE_ALERTS = 5;

export type AlertOperation = "buy" | "sell";
export type AlertCondition = "above" | "below";

export interface PriceAlertRecord {
  id: number;
  memberId: number;
  pair: string;
  operation: AlertOperation;
  targetRate: number;
  condition: AlertCondition;
  status: "active" | "triggered";
  createdAt: string;
  triggeredAt: string | null;
  /** The best price that fired it. */
  triggeredRate: number | null;
}

export interface FollowRecord {
  id: number;
  memberId: number;
  pair: string;
  createdAt: string;
}

export type PriceAlertView = ReturnType<typeof alertView>;

export interface MarketToolsState {
  alerts: PriceAlertRecord[];
  follows: FollowRecord[];
  /** POST /price-alerts keys by scope (member, key). */
  idempotency: Map<string, IdempotencyRecord<PriceAlertView>>;
  nextIds: { alert: number; follow: number };
}

/** Nothing is seeded: a member starts without alerts and without follows. */
export function seedMarketTools(): MarketToolsState {
  return { alerts: [], follows: [], idempotency: new Map(), nextIds: { alert: 1, follow: 1 } };
}

const pairInput = z
  .string()
  .trim()
  .toUpperCase()
  .refine((pair) => pair in PAIR_LEVELS, "par no disponible");

const createAlertInput = z
  .object({
    pair: pairInput,
    operation: z.enum(["buy", "sell"]),
    // §9: rates carry 6 decimals.
    targetRate: z
      .number()
      .positive()
      .max(1_000_000)
      .refine((rate) => Number(rate.toFixed(6)) === rate, "máximo 6 decimales"),
    condition: z.enum(["above", "below"]),
  })
  .strict();

const followInput = z.object({ pair: pairInput }).strict();
const seedAlertInput = createAlertInput.extend({
  userName: z.string().min(1),
  status: z.enum(["active", "triggered"]).default("active"),
});
const levelInput = z.object({ pair: pairInput, level: z.number().positive().max(1_000_000) }).strict();

function alertView(record: PriceAlertRecord) {
  return {
    id: record.id,
    pair: record.pair,
    operation: record.operation,
    targetRate: record.targetRate,
    condition: record.condition,
    status: record.status,
    createdAt: record.createdAt,
    triggeredAt: record.triggeredAt,
    triggeredRate: record.triggeredRate,
  };
}

function followView(record: FollowRecord) {
  return { id: record.id, pair: record.pair, createdAt: record.createdAt };
}

/** Alerts and monitoring are for every member with a membership (decision 045); the market and the portfolio are Pro. */
function requireMembership(member: ProductMember): void {
  if (!member.membership) throw new HttpError(403, "Necesitas una membresía activa", "MEMBERSHIP_REQUIRED");
}

/** The price an alert watches, the one the client would get: buying, the lowest Sell; selling, the highest Buy (decision 094). */
export function watchedPrice(best: BestPrices, operation: AlertOperation): number {
  return operation === "buy" ? best.buy : best.sell;
}

export function reaches(rate: number, alert: Pick<PriceAlertRecord, "targetRate" | "condition">): boolean {
  return alert.condition === "above" ? rate >= alert.targetRate : rate <= alert.targetRate;
}

const OPERATION_WORDS: Record<AlertOperation, string> = { buy: "compra", sell: "venta" };
const CONDITION_WORDS: Record<AlertCondition, string> = { above: "por arriba de", below: "por debajo de" };

export function registerAlertRoutes(router: Router, ctx: SandboxContext, feed: PriceFeed): { reset(): void } {
  const tools = () => ctx.state.marketTools;
  const auth = (request: RequestContext) => {
    const { member } = authenticateMember(ctx, request);
    requireMembership(member);
    return member;
  };

  const memberNamed = (userName: string) => {
    const member = findMemberByUserName(ctx.state, userName);
    if (!member) throw new HttpError(404, "Usuario no registrado", "USER_NOT_FOUND");
    return member;
  };

  /** The feed ticks the pairs that active alerts watch even when no socket listens to them. */
  const syncWatched = () =>
    feed.watch(
      new Set(
        tools()
          .alerts.filter((alert) => alert.status === "active")
          .map((alert) => alert.pair),
      ),
    );

  function evaluate(pair: string, best: BestPrices): void {
    let fired = false;
    for (const alert of tools().alerts) {
      if (alert.pair !== pair || alert.status !== "active") continue;
      const rate = watchedPrice(best, alert.operation);
      if (!reaches(rate, alert)) continue;
      // Fires once: from now on it is "triggered" and never evaluated again.
      alert.status = "triggered";
      alert.triggeredAt = ctx.now().toISOString();
      alert.triggeredRate = rate;
      fired = true;
      addNotification(ctx, {
        memberId: alert.memberId,
        module: "priceAlert",
        type: "info",
        title: "Alerta de precio",
        copy: `El precio de ${OPERATION_WORDS[alert.operation]} de ${alert.pair} llegó a ${rate.toFixed(6)}, ${CONDITION_WORDS[alert.condition]} tu objetivo de ${alert.targetRate.toFixed(6)}.`,
        detail: {
          id: alert.id,
          pair: alert.pair,
          operation: alert.operation,
          targetRate: alert.targetRate,
          condition: alert.condition,
          rate,
        },
        status: "triggered",
      });
    }
    if (fired) syncWatched();
  }
  feed.onTick(evaluate);

  router
    .get("/api/price-alerts", (request) => {
      const member = auth(request);
      return json(
        200,
        tools()
          .alerts.filter((alert) => alert.memberId === member.memberId)
          .map(alertView),
      );
    })
    .post("/api/price-alerts", async (request) => {
      const member = auth(request);
      const key = idempotencyKeyOf(request.headers);
      const input = parseWith(createAlertInput, request.body);
      const { answer, replayed } = await once(tools().idempotency, `${member.memberId}|${key}`, fingerprintOf(input), () => {
        // Counted and stored with no await in between: two requests at once cannot both pass the check.
        const mine = tools().alerts.filter((alert) => alert.memberId === member.memberId);
        if (mine.length >= MAX_PRICE_ALERTS) {
          throw new HttpError(409, "No puedes generar más de 5 alertas", "ALERT_LIMIT");
        }
        const record: PriceAlertRecord = {
          id: tools().nextIds.alert++,
          memberId: member.memberId,
          ...input,
          status: "active",
          createdAt: ctx.now().toISOString(),
          triggeredAt: null,
          triggeredRate: null,
        };
        tools().alerts.push(record);
        syncWatched();
        return alertView(record);
      });
      return json(replayed ? 200 : 201, answer);
    })
    .delete("/api/price-alerts/:id", (request) => {
      const member = auth(request);
      const id = Number(request.params.id);
      const index = tools().alerts.findIndex((alert) => alert.id === id && alert.memberId === member.memberId);
      if (!Number.isInteger(id) || index === -1) throw new HttpError(404, "Alerta no encontrada", "ALERT_NOT_FOUND");
      tools().alerts.splice(index, 1);
      syncWatched();
      return json(200, { id, deleted: true });
    })
    .get("/api/follows", (request) => {
      const member = auth(request);
      return json(
        200,
        tools()
          .follows.filter((follow) => follow.memberId === member.memberId)
          .map(followView),
      );
    })
    .post("/api/follows", (request) => {
      const member = auth(request);
      const { pair } = parseWith(followInput, request.body);
      if (tools().follows.some((follow) => follow.memberId === member.memberId && follow.pair === pair)) {
        throw new HttpError(409, `Ya existe un seguimiento para el tipo de cambio de ${pair}.`, "FOLLOW_EXISTS");
      }
      const record: FollowRecord = { id: tools().nextIds.follow++, memberId: member.memberId, pair, createdAt: ctx.now().toISOString() };
      tools().follows.push(record);
      return json(201, followView(record));
    })
    .delete("/api/follows/:id", (request) => {
      const member = auth(request);
      const id = Number(request.params.id);
      const index = tools().follows.findIndex((follow) => follow.id === id && follow.memberId === member.memberId);
      if (!Number.isInteger(id) || index === -1) throw new HttpError(404, "Seguimiento no encontrado", "FOLLOW_NOT_FOUND");
      tools().follows.splice(index, 1);
      return json(200, { id, deleted: true });
    })
    // Control: moves a pair's market to a level now (and the walk stays around it), so a test can cross an alert.
    .post("/__prices/level", ({ body }) => {
      const { pair, level } = parseWith(levelInput, body);
      const best = feed.setLevel(pair, level);
      return json(200, { pair, level, best });
    })
    .get("/__price-alerts", () =>
      json(
        200,
        tools().alerts.map((alert) => ({ ...alertView(alert), memberId: alert.memberId })),
      ),
    )
    // Controls: a demo user's alert (optionally already triggered) or follow, as if they had made it.
    .post("/__price-alerts", ({ body }) => {
      const input = parseWith(seedAlertInput, body);
      const member = memberNamed(input.userName);
      const at = ctx.now().toISOString();
      const triggered = input.status === "triggered";
      const record: PriceAlertRecord = {
        id: tools().nextIds.alert++,
        memberId: member.memberId,
        pair: input.pair,
        operation: input.operation,
        targetRate: input.targetRate,
        condition: input.condition,
        status: input.status,
        createdAt: at,
        triggeredAt: triggered ? at : null,
        triggeredRate: triggered ? input.targetRate : null,
      };
      tools().alerts.push(record);
      syncWatched();
      return json(201, alertView(record));
    })
    .post("/__follows", ({ body }) => {
      const input = parseWith(z.object({ userName: z.string().min(1), pair: pairInput }).strict(), body);
      const member = memberNamed(input.userName);
      const record: FollowRecord = {
        id: tools().nextIds.follow++,
        memberId: member.memberId,
        pair: input.pair,
        createdAt: ctx.now().toISOString(),
      };
      tools().follows.push(record);
      return json(201, followView(record));
    });

  return { reset: () => feed.watch(new Set()) };
}
