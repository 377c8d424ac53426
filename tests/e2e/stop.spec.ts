import type { APIRequestContext } from "@playwright/test";
import { request } from "@playwright/test";

import type { AppInstance } from "../support/instances";
import { startAppInstance } from "../support/instances";
import type { RedisPath } from "../support/redis";
import { redisHop, startRedis } from "../support/redis";
import { expect, test } from "./fixtures";
import { APP_PORT, SANDBOX_PORT } from "./ports";
import { SANDBOX_URL } from "./support";

/**
 * Decision 102: SIGTERM ends the app well inside Docker's default 10 s grace whether Redis is
 * up, stopped, or black-holed (a listener that accepts and never answers), with a person signed in
 * and a live stream open (decision 102). The production build in a process of its own, its Redis
 * reached through a hop the test can cut. Ports: its worker's APP_PORT (ports.ts) + 1…3.
 */
const [HOP_PORT, INSTANCE_PORT, REDIS_PORT] = [APP_PORT + 1, APP_PORT + 2, APP_PORT + 3];
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
/** Docker's default grace is 10 s; the app's own forced exit is at 8 s and must never be needed. */
const STOP_BOUND_MS = 7_000;

test.describe.configure({ mode: "serial" });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "processes, not pages: run once, in the project with JavaScript");

/** Signs Ana in on the instance over HTTP (the bank's link back, as a browser follows it) and opens her live stream. */
async function signedInWithStream(instance: AppInstance): Promise<{ api: APIRequestContext; stream: Promise<unknown> }> {
  const api = await request.newContext({ baseURL: instance.url });
  const toBank = await api.get("/login/banco", { maxRedirects: 0 });
  const state = new URL(toBank.headers().location ?? "").searchParams.get("state") ?? "";
  const bank = await fetch(`${SANDBOX_URL}/banca/entrar?usuario=ana.admin&state=${encodeURIComponent(state)}`, { redirect: "manual" });
  const link = new URL(bank.headers.get("location") ?? "");
  const signedIn = await api.get(`${link.pathname}${link.search}`, { maxRedirects: 0 });
  expect(signedIn.headers().location).toBe("/");
  expect((await api.get("/cuentas")).status()).toBe(200);
  // Held open until the instance goes; its end is not this test's business.
  const stream = api.get("/eventos", { timeout: 30_000 }).catch(() => undefined);
  return { api, stream };
}

for (const path of ["open", "down", "silent"] satisfies RedisPath[]) {
  test(`stops in time with Redis ${path === "open" ? "up" : path === "down" ? "stopped" : "black-holed"}`, async () => {
    test.setTimeout(60_000);
    const redis = await startRedis(REDIS_PORT);
    const hop = await redisHop(HOP_PORT, redis.url);
    const instance = await startAppInstance({
      name: `parada-${path}`,
      port: INSTANCE_PORT,
      sandboxPort: SANDBOX_PORT,
      env: { REDIS_URL: hop.url, APP_URL: `http://localhost:${INSTANCE_PORT}`, RATE_LIMITS: "login=100000/60" },
      buildDir: BUILD_DIR,
    });
    try {
      const { api, stream } = await signedInWithStream(instance);
      await hop.set(path);
      if (path !== "open") {
        // Redis has been gone a moment: the connections noticed (or, black-holed, are waiting for ever).
        await expect.poll(async () => (await api.get("/readiness")).status(), { timeout: 5_000, intervals: [100] }).toBe(503);
      }
      const ended = await instance.stop();
      console.log(`parada con Redis ${path}: ${ended.ms} ms, código ${ended.code ?? ended.signal}`);
      test.info().annotations.push({ type: `stop-ms-${path}`, description: String(ended.ms) });
      expect(ended).toMatchObject({ code: 0, signal: null });
      expect(ended.ms).toBeLessThan(STOP_BOUND_MS);
      await stream;
      await api.dispose();
    } finally {
      await instance.kill();
      await hop.close();
      await redis.stop();
    }
  });
}
