import { createCookie } from "@remix-run/node";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startRedis } from "../../tests/support/redis";
import { createRedisSessionStorage } from "./storage.server";

/**
 * The Redis session store against a real redis-server (npm test installs it): two app
 * instances sharing one Redis must see the same sessions.
 */
let redisServer: Awaited<ReturnType<typeof startRedis>>;
let url: string;
const clients: Redis[] = [];

beforeAll(async () => {
  redisServer = await startRedis();
  url = redisServer.url;
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit()));
  redisServer?.stop();
});

function instance() {
  const redis = new Redis(url);
  clients.push(redis);
  const cookie = createCookie("__portal_session", { secrets: ["s".repeat(32)], httpOnly: true, sameSite: "lax" });
  return { redis, storage: createRedisSessionStorage(redis, cookie) };
}

describe("Redis session storage", () => {
  it("shares a session between two instances and deletes it everywhere", async () => {
    const a = instance();
    const b = instance();
    const session = await a.storage.getSession();
    session.set("authState", "accessState");
    session.set("companyId", "100234");
    const cookie = await a.storage.commitSession(session, { expires: new Date(Date.now() + 60_000) });
    expect(cookie).not.toContain("100234");

    const seen = await b.storage.getSession(cookie);
    expect(seen.get("companyId")).toBe("100234");
    const ttl = await a.redis.ttl(`portal:session:${seen.id}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);

    await b.storage.destroySession(seen);
    const gone = await a.storage.getSession(cookie);
    expect(gone.get("companyId")).toBeUndefined();
  });

  it("ignores a cookie whose session is unknown", async () => {
    const { storage } = instance();
    const other = await instance().storage.getSession();
    other.set("companyId", "x");
    const cookie = await instance().storage.commitSession(other);
    await instance().redis.flushall();
    expect((await storage.getSession(cookie)).get("companyId")).toBeUndefined();
  });
});
