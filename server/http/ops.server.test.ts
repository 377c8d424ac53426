import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

import express from "express";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { freePort, startRedis } from "../../tests/support/redis";
import { metricsRegistry } from "../metrics.server";
import { metricsHandler, readinessHandler } from "./ops.server";

const TOKEN = "token-de-metricas-de-prueba-0123456789";

/** The operators' endpoints mounted as server/main.ts mounts them, on a free port. */
async function serve(configure: (app: express.Express) => void): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  configure(app);
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A connection made like sharedRedis(): it queues commands while away and keeps reconnecting. */
const connect = (url: string) => {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.on("error", () => undefined);
  return redis;
};

describe("GET /metrics", () => {
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    server = await serve((app) => app.get("/metrics", metricsHandler({ token: TOKEN, registry: metricsRegistry })));
  });
  afterAll(() => server.close());

  it("refuses a scrape without the bearer token, or with another one, and shows nothing", async () => {
    for (const authorization of [undefined, "Bearer otro-token-que-no-es-el-bueno-0123456789", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await response.text()).not.toContain("portal_");
    }
  });

  it("answers the Prometheus text format to the token, uncached", async () => {
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(text).toContain("# TYPE portal_upstream_breaker_state gauge");
    expect(text).toContain("# TYPE process_cpu_user_seconds_total counter");
  });
});

describe("GET /readiness", () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis.stop());

  async function ready(connection: Redis | null) {
    const server = await serve((app) =>
      app.get("/readiness", readinessHandler({ redis: () => connection, version: "abc123", timeoutMs: 300 })),
    );
    try {
      const response = await fetch(`${server.url}/readiness`);
      return { status: response.status, cacheControl: response.headers.get("cache-control"), body: (await response.json()) as unknown };
    } finally {
      await server.close();
    }
  }

  it("is ready without Redis when none is configured, and says so", async () => {
    expect(await ready(null)).toEqual({
      status: 200,
      cacheControl: "no-store",
      body: { status: "ok", version: "abc123", checks: { redis: "not-configured" } },
    });
  });

  it("is ready while the configured Redis answers, and 503 once it stops answering", async () => {
    const connection = connect(redis.url);
    try {
      expect(await ready(connection)).toMatchObject({ status: 200, body: { status: "ok", checks: { redis: "ok" } } });
      redis.stop();
      await new Promise((resolve) => connection.once("close", resolve));
      expect(await ready(connection)).toMatchObject({
        status: 503,
        body: { status: "down", version: "abc123", checks: { redis: "down" } },
      });
    } finally {
      connection.disconnect();
    }
  });

  it("answers 503 within its timeout when the configured Redis was never there", async () => {
    const connection = connect(`redis://127.0.0.1:${await freePort()}`);
    try {
      const started = performance.now();
      expect(await ready(connection)).toMatchObject({ status: 503, body: { checks: { redis: "down" } } });
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      connection.disconnect();
    }
  });
});
