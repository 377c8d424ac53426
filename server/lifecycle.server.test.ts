import { createServer } from "node:net";

import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { freePort } from "../tests/support/redis";
import {
  onShutdown,
  resetForTests,
  runShutdownHooks,
  settleWithin,
  SHUTDOWN_FORCED_MS,
  SHUTDOWN_STEP_MS,
  singleton,
} from "./lifecycle.server";
import { closeRedis } from "./redis-close.server";

/** Decision 102: no stop step may wait on a Redis that is gone. */
describe("a stop's steps", () => {
  it("fit, two groups and the HTTP server, well inside the forced exit, itself inside Docker's 10 s grace", () => {
    expect(3 * SHUTDOWN_STEP_MS).toBeLessThan(SHUTDOWN_FORCED_MS);
    expect(SHUTDOWN_FORCED_MS).toBeLessThanOrEqual(8_000);
  });

  it("each get their bound: one that never ends is left behind and named, the others still run", async () => {
    const ran: string[] = [];
    onShutdown(() => new Promise<void>(() => undefined), { first: true, name: "worker that hangs" });
    onShutdown(() => void ran.push("first"), { first: true });
    onShutdown(() => void ran.push("then"), { name: "then" });
    const startedAt = Date.now();
    const late = await runShutdownHooks(200);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(late).toEqual(["worker that hangs"]);
    expect(ran).toEqual(["first", "then"]);
  });

  it("settle with what settled first", async () => {
    expect(await settleWithin(Promise.reject(new Error("x")), 1_000)).toBe("done");
    expect(await settleWithin(new Promise(() => undefined), 10)).toBe("late");
  });
});

describe("closing a Redis connection on a stop", () => {
  // A black-holed Redis: connections are accepted and never answered.
  const silent = createServer((socket) => socket.on("error", () => undefined).resume());
  let silentPort = 0;
  beforeAll(async () => {
    silentPort = await freePort();
    await new Promise<void>((resolve) => silent.listen(silentPort, "127.0.0.1", resolve));
  });
  afterAll(() => {
    silent.close();
  });

  const connection = (port: number) => new Redis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: null }).on("error", () => undefined);
  // Closed, and not trying again behind the stop's back.
  const timed = async (redis: Redis) => {
    const startedAt = Date.now();
    await closeRedis(redis, 300);
    const ms = Date.now() - startedAt;
    let attempts = 0;
    redis.on("reconnecting", () => (attempts += 1));
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { ms, attempts };
  };

  it("does not wait on a black-holed Redis, even for a connection that retries for ever", async () => {
    const redis = connection(silentPort);
    void redis.get("clave").catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = await timed(redis);
    expect(closing.ms).toBeLessThan(1_000);
    expect(closing.attempts).toBe(0);
  });

  it("does not wait on a Redis that is down", async () => {
    const redis = connection(await freePort());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = await timed(redis);
    expect(closing.ms).toBeLessThan(1_000);
    expect(closing.attempts).toBe(0);
  });
});

describe("process-wide singletons", () => {
  it("are one per name until a test forgets them, and forgetting one leaves the others", () => {
    const first = singleton("lifecycle-test.a", () => ({ made: "a1" }));
    const other = singleton("lifecycle-test.b", () => ({ made: "b1" }));
    expect(singleton("lifecycle-test.a", () => ({ made: "a2" }))).toBe(first);

    resetForTests("lifecycle-test.a");
    expect(singleton("lifecycle-test.a", () => ({ made: "a2" }))).toEqual({ made: "a2" });
    expect(singleton("lifecycle-test.b", () => ({ made: "b2" }))).toBe(other);

    resetForTests("lifecycle-test.a", "lifecycle-test.b", "lifecycle-test.never-made");
    expect(singleton("lifecycle-test.b", () => ({ made: "b3" }))).toEqual({ made: "b3" });
  });
});
