import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { createCookie } from "@remix-run/node";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisSessionStorage } from "./storage.server";

/**
 * The Redis session store against a real redis-server (npm test installs it): two app
 * instances sharing one Redis must see the same sessions.
 */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

let redisProcess: ChildProcess;
let url: string;
const clients: Redis[] = [];

beforeAll(async () => {
  const port = await freePort();
  redisProcess = spawn("redis-server", ["--port", String(port), "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  url = `redis://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on("error", () => undefined);
    try {
      await probe.connect();
      await probe.quit();
      return;
    } catch {
      probe.disconnect();
      if (attempt > 50) throw new Error("redis-server did not start (npm test installs it)");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit()));
  redisProcess?.kill();
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
