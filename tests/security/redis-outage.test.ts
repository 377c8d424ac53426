import { afterAll, describe, expect, it } from "vitest";

import { SHARED_PART_DOWN } from "#core/domain/shared-part";
import { resetForTests } from "#server/lifecycle.server";

import * as dashboard from "../../app/routes/_index";
import { TEST_APP_URL as APP } from "../support/app-env";
import { freePort, redisHop, startRedis } from "../support/redis";
import { answerOf, followBankLink, routeContext, sandboxedApp } from "../support/route-session";
import { until } from "../support/wait";

/**
 * Redis going away (decision 102), at the level of loaders: with sessions in Redis, a signed-in page
 * answers 503 with the Spanish "shared part down" reason while Redis is stopped or black-holed —
 * never a 500, never a logout, never a hang — and the same cookie is signed in again once Redis
 * returns, with no restart (decision 102).
 */
const redis = await startRedis();
const hop = await redisHop(await freePort(), redis.url);
const world = sandboxedApp("redis-caido", {}, { REDIS_URL: hop.url, RATE_LIMITS: "login=50/60" });
afterAll(async () => {
  await hop.close();
  await redis.stop();
});

const cookiePair = (setCookie: string | null) => (setCookie ?? "").split(";")[0];
const get = (path: string, cookie = "") => new Request(`${APP}${path}`, { headers: cookie ? { cookie } : {} });

async function signIn(): Promise<string> {
  resetForTests("rateLimiters");
  const { answer } = await followBankLink(world.sandbox, "ana.admin");
  expect(answer.headers.get("location")).toBe("/");
  return answer.headers.getSetCookie().map(cookiePair).join("; ");
}

async function dashboardFor(cookie: string) {
  const startedAt = Date.now();
  const answer = await answerOf(() => dashboard.loader({ request: get("/", cookie), context: routeContext, params: {} }));
  return { status: answer.status, location: answer.headers.get("location"), ms: Date.now() - startedAt, answer };
}

describe("a signed-in page while Redis is away", () => {
  for (const path of ["down", "silent"] as const) {
    it(`answers 503 'shared part down' with Redis ${path === "down" ? "stopped" : "black-holed"}, and the session is back when Redis returns`, async () => {
      await hop.set("open");
      const cookie = await signIn();
      expect((await dashboardFor(cookie)).status).toBe(200);

      await hop.set(path);
      const during = await dashboardFor(cookie);
      expect([during.status, during.location]).toEqual([503, null]);
      expect(await during.answer.json()).toEqual({ reason: SHARED_PART_DOWN });
      expect(during.answer.headers.get("retry-after")).toBe("15");
      // Within a page's budget: the shared connection's command timeout, not a hang.
      expect(during.ms).toBeLessThan(3_000);

      await hop.set("open");
      const returnedAt = Date.now();
      const after = await until(
        async () => {
          const answer = await dashboardFor(cookie);
          return answer.status === 200 && answer;
        },
        { timeoutMs: 10_000, everyMs: 100, what: "the dashboard once Redis is back" },
      ).catch(() => dashboardFor(cookie));
      expect([after.status, after.location]).toEqual([200, null]);
      console.log(`Redis ${path}: página ${during.status} en ${during.ms} ms; sesión de vuelta ${Date.now() - returnedAt} ms después`);
    });
  }
});
