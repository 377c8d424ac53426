import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { SHARED_PART_DOWN } from "#core/domain/shared-part";

import { freePort, startRedis } from "../tests/support/redis";
import { type ClaimStore, type MemoryEntry, once } from "./idempotency.server";

/**
 * A form's key answers one request: in a map of the process and in a real redis-server (two
 * "instances" sharing one Redis must agree too).
 */
let redisServer: Awaited<ReturnType<typeof startRedis>>;
const clients: Redis[] = [];

beforeAll(async () => {
  redisServer = await startRedis();
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit()));
  redisServer?.stop();
});

function redisStore(): ClaimStore {
  const redis = new Redis(redisServer.url);
  clients.push(redis);
  return { redis, secret: "s".repeat(32) };
}

const stores: Record<string, () => { a: ClaimStore; b: ClaimStore }> = {
  memory: () => {
    const memory = new Map<string, MemoryEntry>();
    return { a: { memory }, b: { memory } };
  },
  // Two connections stand for two app instances.
  redis: () => ({ a: redisStore(), b: redisStore() }),
};

let scopes = 0;
const newScope = () => `trade|1|100234|${++scopes}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(Object.keys(stores))("once (%s)", (name) => {
  let a: ClaimStore;
  let b: ClaimStore;
  beforeAll(() => {
    ({ a, b } = stores[name]!());
  });
  const kept = () => true;

  it("runs twenty concurrent duplicates once and answers each with the first's outcome", async () => {
    const scope = newScope();
    let runs = 0;
    const work = async () => {
      runs += 1;
      await sleep(50);
      return { url: "https://banco.example/challenge/?trk=1" };
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => once({ scope, fingerprint: "cien", work, keep: kept }, i % 2 ? a : b)),
    );
    expect(runs).toBe(1);
    expect(answers.filter((answer) => answer.kind === "first")).toHaveLength(1);
    expect(answers.filter((answer) => answer.kind === "replayed")).toHaveLength(19);
    expect(new Set(answers.map((answer) => ("outcome" in answer ? answer.outcome.url : null)))).toEqual(
      new Set(["https://banco.example/challenge/?trk=1"]),
    );
  });

  it("refuses the key with another fingerprint, while it runs and after", async () => {
    const scope = newScope();
    let release!: () => void;
    const first = once(
      { scope, fingerprint: "cien", work: () => new Promise<string>((resolve) => (release = () => resolve("hecho"))), keep: kept },
      a,
    );
    await sleep(20);
    const meanwhile = await once({ scope, fingerprint: "nueve-mil", work: async () => "otra", keep: kept }, b);
    release();
    expect(await first).toEqual({ kind: "first", outcome: "hecho" });
    expect(meanwhile).toEqual({ kind: "reused" });
    expect(await once({ scope, fingerprint: "nueve-mil", work: async () => "otra", keep: kept }, b)).toEqual({ kind: "reused" });
    expect(await once({ scope, fingerprint: "cien", work: async () => "otra", keep: kept }, b)).toEqual({
      kind: "replayed",
      outcome: "hecho",
    });
  });

  it("frees the key when the outcome is not kept or the work throws", async () => {
    const scope = newScope();
    const refused = await once({ scope, fingerprint: "cien", work: async () => "precio vencido", keep: () => false }, a);
    expect(refused).toEqual({ kind: "first", outcome: "precio vencido" });
    await expect(once({ scope, fingerprint: "cien", work: () => Promise.reject(new Error("caída")), keep: kept }, b)).rejects.toThrow(
      "caída",
    );
    // Freed both times: a corrected request with the same key (even another amount) runs.
    expect(await once({ scope, fingerprint: "nueve-mil", work: async () => "creada", keep: kept }, a)).toEqual({
      kind: "first",
      outcome: "creada",
    });
  });

  it("answers 'pending' to a duplicate that would wait longer than it may", async () => {
    const scope = newScope();
    let release!: () => void;
    const first = once(
      { scope, fingerprint: "cien", work: () => new Promise<string>((resolve) => (release = () => resolve("hecho"))), keep: kept },
      a,
    );
    await sleep(20);
    expect(await once({ scope, fingerprint: "cien", work: async () => "otra", keep: kept, waitMs: 150 }, b)).toEqual({ kind: "pending" });
    release();
    await first;
  });

  it("lets the duplicate run after a first that was refused", async () => {
    const scope = newScope();
    let release!: () => void;
    const first = once(
      {
        scope,
        fingerprint: "cien",
        work: () => new Promise<string>((resolve) => (release = () => resolve("rechazada"))),
        keep: () => false,
      },
      a,
    );
    await sleep(20);
    const duplicate = once({ scope, fingerprint: "cien", work: async () => "creada", keep: (outcome) => outcome === "creada" }, b);
    await sleep(20);
    release();
    expect(await first).toEqual({ kind: "first", outcome: "rechazada" });
    expect(await duplicate).toEqual({ kind: "first", outcome: "creada" });
  });
});

describe("once in Redis", () => {
  it("keeps the outcome sealed: no challenge link in clear", async () => {
    const store = redisStore();
    const scope = newScope();
    await once(
      { scope, fingerprint: "cien", work: async () => ({ url: "https://banco.example/challenge/?trk=secreto" }), keep: () => true },
      store,
    );
    if (!("redis" in store)) throw new Error("a Redis store");
    const keys = await store.redis.keys("portal:idempotency:*");
    const values = await Promise.all(keys.map((key) => store.redis.get(key)));
    expect(values.length).toBeGreaterThan(0);
    expect(values.join("\n")).not.toContain("secreto");
    expect(keys.join("\n")).not.toContain("100234");
    const ttl = await store.redis.pttl(keys[0]!);
    expect(ttl).toBeGreaterThan(60 * 60_000);
  });
});

describe("once with Redis gone (decision 102)", () => {
  it("refuses before the work with the 503 'shared part down' answer", async () => {
    const gone = new Redis(`redis://127.0.0.1:${await freePort()}`, { maxRetriesPerRequest: 0, retryStrategy: () => null });
    gone.on("error", () => undefined);
    let sent = 0;
    const answer = await once(
      { scope: newScope(), fingerprint: "cien", work: async () => (sent += 1), keep: () => true },
      { redis: gone, secret: "s".repeat(32) },
    ).catch((thrown: unknown) => thrown);
    expect(answer).toBeInstanceOf(Response);
    expect([(answer as Response).status, await (answer as Response).json()]).toEqual([503, { reason: SHARED_PART_DOWN }]);
    expect(sent).toBe(0);
    gone.disconnect();
  });

  it("answers the bank's outcome when only its record fails afterwards", async () => {
    const store = { redis: new Redis(redisServer.url), secret: "s".repeat(32) };
    const outcome = await once(
      {
        scope: newScope(),
        fingerprint: "cien",
        // The bank answered, then Redis went before the outcome was written.
        work: async () => {
          store.redis.disconnect();
          return { operation: "op-1" };
        },
        keep: () => true,
      },
      store,
    );
    expect(outcome).toEqual({ kind: "first", outcome: { operation: "op-1" } });
  });
});
