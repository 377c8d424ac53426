import crypto from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { servedRoute } from "#server/http/served-route.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { startRedis } from "../../tests/support/redis";
import { answerOf, formPost, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import { requestCount } from "../../tests/support/sandbox";
import { action, loader } from "./_index";
import * as list from "./aprobaciones";

/**
 * One life per operation across instances (decision 092): with REDIS_URL the holds live
 * in Redis only (nothing of them is kept in the process), so two requests of this process race for
 * them exactly as two instances behind a load balancer would. The sandbox is the one bank they share.
 */
let redis: Awaited<ReturnType<typeof startRedis>>;
const env: Record<string, string> = { RATE_LIMITS: "money=100000/60" };
beforeAll(async () => {
  redis = await startRedis();
  env.REDIS_URL = redis.url;
});
// Registered before the app's own afterAll, so it runs after it (after hooks run as a stack): the app's Redis client quits first.
afterAll(() => redis?.stop());
// Confirmed operations apply at once here.
const world = sandboxedApp("ciclo-redis", {}, env, { applyDelayMs: 30 });

const decide = (intent: "aprobar" | "anular", id: string) =>
  answerOf(() =>
    servedRoute(list).action({
      request: formPost("/aprobaciones", world.browser.cookie, {
        csrf: world.browser.csrf,
        intent,
        id,
        idempotencyKey: crypto.randomUUID(),
      }),
      context,
      params: {},
    }),
  );

describe("on one Redis", () => {
  it("lets exactly one of approve and void of one operation win", async () => {
    const answers = await Promise.all([decide("aprobar", "1002"), decide("anular", "1002")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
    expect(await requestCount(world.sandbox, "/api/operations/1002")).toBeGreaterThanOrEqual(2);
    const puts = ((await (await fetch(`${world.sandbox.url}/__requests?path=/api/operations`)).json()) as Array<{ method: string }>).filter(
      (entry) => entry.method === "PUT",
    );
    expect(puts).toHaveLength(1);
  });

  it("makes one operation from two 'Pagar ahora' forms (two keys) sent at the same moment", async () => {
    const schedules = world.sandbox.state.scheduledPayments.schedules;
    const event = world.sandbox.state.scheduledPayments.events
      .filter((candidate) => candidate.clientId === "100234" && candidate.status !== "paid")
      .filter((candidate) => schedules.find((schedule) => schedule.id === candidate.scheduleId)?.transfer.recipientId === 502)
      .sort((a, b) => a.dateToPay.localeCompare(b.dateToPay))[0]!;
    const form = async () => {
      const response = await loader({
        request: new Request(`${APP}/?operacion=transferencia&pagoProgramado=${event.id}`, { headers: { cookie: world.browser.cookie } }),
        context,
        params: {},
      });
      const { calculator } = await response.json();
      return {
        csrf: world.browser.csrf,
        operation: "transfer",
        idempotencyKey: calculator.idempotencyKey,
        amount: calculator.prefill.amount ?? "",
        origin: calculator.prefill.origin ?? "",
        destination: calculator.prefill.destination ?? "",
        reason: calculator.prefill.reason ?? "",
        concept: calculator.prefill.concept ?? "",
        scheduledPaymentEvent: String(event.id),
      };
    };
    const forms = await Promise.all([form(), form()]);
    const answers = await Promise.all(
      forms.map((fields) => answerOf(() => action({ request: formPost("/", world.browser.cookie, fields), context, params: {} }))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 400]);
    expect(world.sandbox.state.operations.filter((operation) => operation.scheduledPaymentEventId === event.id)).toHaveLength(1);
    expect(await requestCount(world.sandbox, "/api/setoperation")).toBe(1);
  });
});
