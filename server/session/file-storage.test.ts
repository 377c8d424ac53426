import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { createCookie } from "@remix-run/node";
import { describe, expect, it } from "vitest";

import { createFileSessionStorage } from "./storage.server";

const cookie = createCookie("__portal_session", { secrets: ["s".repeat(32)], httpOnly: true, sameSite: "lax" });

describe("file session storage", () => {
  it("keeps only the id in the cookie and survives a new storage instance (an app restart)", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "sessions-"));
    const first = createFileSessionStorage(dir, cookie);
    const session = await first.getSession();
    session.set("companyId", "100234");
    const header = await first.commitSession(session);
    expect(header).not.toContain("100234");
    const restarted = createFileSessionStorage(dir, cookie);
    expect((await restarted.getSession(header)).get("companyId")).toBe("100234");
  });

  it("never lets a reader see half a write", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "sessions-"));
    const storage = createFileSessionStorage(dir, cookie);
    const session = await storage.getSession();
    session.set("companyId", "x".repeat(50_000));
    const header = await storage.commitSession(session);
    const writes = Array.from({ length: 20 }, () => storage.commitSession(session));
    const reads = Array.from({ length: 20 }, async () => (await storage.getSession(header)).get("companyId"));
    const seen = await Promise.all([...reads, ...writes.map(async (w) => (await w, "x".repeat(50_000)))]);
    expect(seen.every((value) => value === "x".repeat(50_000))).toBe(true);
    expect((await readdir(dir)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("forgets an expired session and a destroyed one", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "sessions-"));
    const storage = createFileSessionStorage(dir, cookie);
    const session = await storage.getSession();
    session.set("companyId", "1");
    const expired = await storage.commitSession(session, { expires: new Date(Date.now() - 1000) });
    expect((await storage.getSession(expired)).get("companyId")).toBeUndefined();
    const live = await storage.getSession();
    live.set("companyId", "2");
    const header = await storage.commitSession(live);
    await storage.destroySession(await storage.getSession(header));
    expect((await storage.getSession(header)).get("companyId")).toBeUndefined();
  });
});
