import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startRedis } from "../tests/support/redis";
import { type HoldStore, holdWhile, operationHoldKey } from "./operation-hold.server";

/**
 * One decision at a time per operation: in a map of the process, and in a real redis-server where
 * two connections stand for two app instances.
 */
let redisServer: Awaited<ReturnType<typeof startRedis>>;
const connections: Redis[] = [];

beforeAll(async () => {
  redisServer = await startRedis();
});
afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.quit()));
  redisServer?.stop();
});

function redisStore(): HoldStore {
  const redis = new Redis(redisServer.url);
  connections.push(redis);
  return { redis };
}

const stores: Record<string, () => { a: HoldStore; b: HoldStore }> = {
  memory: () => {
    const memory = new Map<string, Promise<void>>();
    return { a: { memory }, b: { memory } };
  },
  redis: () => ({ a: redisStore(), b: redisStore() }),
};

let operations = 0;
const newKey = () => operationHoldKey("100234", String(1000 + ++operations));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(Object.keys(stores))("holdWhile (%s)", (name) => {
  let a: HoldStore;
  let b: HoldStore;
  beforeAll(() => {
    ({ a, b } = stores[name]!());
  });

  it("runs concurrent decisions on one operation one after the other, each seeing what the previous left", async () => {
    const key = newKey();
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    let state = 0;
    const decide = async () => {
      running += 1;
      most = Math.max(most, running);
      const read = state;
      await sleep(15);
      seen.push(read);
      state = read + 1;
      running -= 1;
      return read;
    };
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => holdWhile(key, decide, {}, i % 2 ? a : b)));
    expect(most).toBe(1);
    expect(state).toBe(8);
    expect(seen.sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(answers.every((answer) => answer.kind === "done")).toBe(true);
  });

  it("does not hold other operations back", async () => {
    let release!: () => void;
    const first = holdWhile(newKey(), () => new Promise<string>((resolve) => (release = () => resolve("primera"))), {}, a);
    await sleep(10);
    expect(await holdWhile(newKey(), async () => "otra", { waitMs: 100 }, b)).toEqual({ kind: "done", outcome: "otra" });
    release();
    expect(await first).toEqual({ kind: "done", outcome: "primera" });
  });

  it("answers busy to one that would wait longer than it may, and frees the hold when the work throws", async () => {
    const key = newKey();
    let release!: () => void;
    const first = holdWhile(key, () => new Promise<string>((resolve) => (release = () => resolve("hecho"))), {}, a);
    await sleep(10);
    expect(await holdWhile(key, async () => "segunda", { waitMs: 120 }, b)).toEqual({ kind: "busy" });
    release();
    await first;
    await expect(holdWhile(key, () => Promise.reject(new Error("caída")), {}, a)).rejects.toThrow("caída");
    expect(await holdWhile(key, async () => "libre", { waitMs: 100 }, b)).toEqual({ kind: "done", outcome: "libre" });
  });
});

describe("a hold in Redis", () => {
  it("keeps no company or operation id in clear and expires by itself", async () => {
    const store = redisStore();
    if (!("redis" in store)) throw new Error("a Redis store");
    await holdWhile(
      operationHoldKey("100234", "1015"),
      async () => {
        const keys = await store.redis.keys("portal:hold:*");
        expect(keys).toHaveLength(1);
        expect(keys[0]).not.toContain("100234");
        expect(await store.redis.pttl(keys[0]!)).toBeGreaterThan(60_000);
      },
      {},
      store,
    );
    expect(await store.redis.keys("portal:hold:*")).toEqual([]);
  });
});
