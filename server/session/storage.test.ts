import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { createCookie } from "@remix-run/node";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";

import { SESSION_ABSOLUTE_MS } from "#core/domain/session-timing";

import { startRedis } from "../../tests/support/redis";
import type { SessionRecords } from "./storage.server";
import { createPortalSessionStorage, fileRecords, MAX_SESSIONS_PER_MEMBER, redisRecords } from "./storage.server";

/**
 * The session store with files and with a real redis-server (npm test installs it): data sealed
 * at rest, nothing stored before login, a fixed absolute end, a per-member limit, and a sweep.
 */
const SECRET = "s".repeat(32);
const cookie = createCookie("__portal_session", { secrets: [SECRET], httpOnly: true, sameSite: "lax", path: "/" });
const storageOver = (records: SessionRecords) => createPortalSessionStorage({ cookie, records, secret: SECRET });
const pair = (header: string) => header.split(";")[0];
const expiresOf = (header: string) => Date.parse(/Expires=([^;]+)/.exec(header)?.[1] ?? "");

let redisServer: Awaited<ReturnType<typeof startRedis>>;
const clients: Redis[] = [];
beforeAll(async () => {
  redisServer = await startRedis();
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit()));
  redisServer?.stop();
});
function redisClient() {
  const client = new Redis(redisServer.url);
  clients.push(client);
  return client;
}

async function signedIn(storage: ReturnType<typeof storageOver>, memberId = "m-1", startedAt = Date.now()) {
  const session = await storage.getSession();
  session.set("authState", "accessState");
  session.set("memberId", memberId);
  session.set("bankToken", "token-del-banco-secreto");
  session.set("user", { userName: "ana.admin", name: "Ana", firstLastName: "P", secondLastName: "Q", email: "ana@empresa.mx" });
  session.set("startedAt", startedAt);
  return { session, header: await storage.commitSession(session) };
}

/** A session folder of the test's own, removed when the test ends. */
async function sessionFolder(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "sessions-"));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

const media = {
  files: async () => {
    const dir = await sessionFolder();
    return { records: fileRecords(dir), dir };
  },
  redis: async () => {
    const client = redisClient();
    await client.flushall();
    return { records: redisRecords(client), dir: null };
  },
};

describe.each(Object.entries(media))("session storage in %s", (_name, medium) => {
  it("keeps only a signed id in the cookie and the data sealed at rest; a second instance reads it", async () => {
    const { records, dir } = await medium();
    const { header } = await signedIn(storageOver(records));
    expect(header).not.toContain("ana");
    const restarted = storageOver(records);
    const seen = await restarted.getSession(pair(header));
    expect(seen.get("bankToken")).toBe("token-del-banco-secreto");
    expect(seen.id).toMatch(/^[a-f0-9]{64}$/);
    const stored = dir ? await readFile(path.join(dir, `${seen.id}.json`), "utf8") : await clients.at(-1)!.get(`portal:session:${seen.id}`);
    expect(stored).not.toContain("token-del-banco");
    expect(stored).not.toContain("ana@empresa.mx");
  });

  it("stores nothing for a visitor who is not signed in: the flash rides in the cookie", async () => {
    const { records, dir } = await medium();
    const storage = storageOver(records);
    const session = await storage.getSession();
    session.set("authState", "errorState");
    session.set("errorReason", "token");
    const header = await storage.commitSession(session);
    const back = await storage.getSession(pair(header));
    expect(back.get("errorReason")).toBe("token");
    expect(back.id).toBe("");
    if (dir) expect(await readdir(dir).catch(() => [])).toEqual([]);
    else expect(await clients.at(-1)!.keys("portal:session:*")).toEqual([]);
  });

  it("ends at the login plus the absolute cap: saving again does not move the cookie's expiry", async () => {
    const { records } = await medium();
    const storage = storageOver(records);
    const startedAt = Date.now() - 60_000;
    const { header } = await signedIn(storage, "m-1", startedAt);
    expect(expiresOf(header)).toBeLessThanOrEqual(startedAt + SESSION_ABSOLUTE_MS);
    expect(expiresOf(header)).toBeGreaterThan(startedAt + SESSION_ABSOLUTE_MS - 2_000);
    const again = await storage.getSession(pair(header));
    again.set("lastSeenAt", Date.now());
    expect(expiresOf(await storage.commitSession(again))).toBe(expiresOf(header));

    const old = await signedIn(storage, "m-2", Date.now() - SESSION_ABSOLUTE_MS - 1);
    expect((await storage.getSession(pair(old.header))).get("memberId")).toBeUndefined();
  });

  it(`keeps at most ${MAX_SESSIONS_PER_MEMBER} sessions per member: a new login ends the oldest`, async () => {
    const { records } = await medium();
    const storage = storageOver(records);
    const logins = [];
    for (let n = 0; n <= MAX_SESSIONS_PER_MEMBER; n += 1) logins.push(await signedIn(storage, "m-9", Date.now() + n));
    const alive = await Promise.all(logins.map(async ({ header }) => (await storage.getSession(pair(header))).get("memberId")));
    expect(alive).toEqual([undefined, ...Array.from({ length: MAX_SESSIONS_PER_MEMBER }, () => "m-9")]);
    const other = await signedIn(storage, "m-10");
    expect((await storage.getSession(pair(other.header))).get("memberId")).toBe("m-10");
  });

  it("forgets a destroyed session and ignores a forged or foreign cookie", async () => {
    const { records } = await medium();
    const storage = storageOver(records);
    const { header } = await signedIn(storage);
    await storage.destroySession(await storage.getSession(pair(header)));
    expect((await storage.getSession(pair(header))).get("memberId")).toBeUndefined();
    expect((await storage.getSession("__portal_session=eyJpZCI6IjEyMyJ9")).get("memberId")).toBeUndefined();
    const foreign = createPortalSessionStorage({ cookie, records, secret: "otro-secreto-con-mas-de-32-caracteres!" });
    const second = await signedIn(storage);
    expect((await foreign.getSession(pair(second.header))).get("memberId")).toBeUndefined();
  });
});

describe("session files", () => {
  it("the sweep removes expired sessions, stale temporary files and dead member lists, and keeps the rest", async () => {
    const dir = await sessionFolder();
    const records = fileRecords(dir);
    const storage = storageOver(records);
    await signedIn(storage, "m-1", Date.now());
    await signedIn(storage, "m-2", Date.now() - SESSION_ABSOLUTE_MS + 1_000);
    await writeFile(path.join(dir, `${"a".repeat(64)}.json.123.tmp`), "{}");
    expect(await readdir(dir)).toHaveLength(5);
    const removed = await records.sweep(Date.now() + 2_000 + 60_000);
    expect(removed).toBe(3);
    expect(await readdir(dir)).toHaveLength(2);
  });

  it("never lets a reader see half a write", async () => {
    const dir = await sessionFolder();
    const storage = storageOver(fileRecords(dir));
    const { header } = await signedIn(storage);
    const session = await storage.getSession(pair(header));
    session.set("companyId", "x".repeat(50_000));
    await storage.commitSession(session);
    const writes = Array.from({ length: 20 }, () => storage.commitSession(session));
    const reads = Array.from({ length: 20 }, async () => (await storage.getSession(pair(header))).get("companyId"));
    const seen = await Promise.all([...reads, ...writes.map(async (w) => (await w, "x".repeat(50_000)))]);
    expect(seen.every((value) => value === "x".repeat(50_000))).toBe(true);
    expect((await readdir(dir)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });
});
