import crypto from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";

import type { SessionIdStorageStrategy } from "@remix-run/node";
import { createCookie, createSessionStorage } from "@remix-run/node";
import { Redis } from "ioredis";

import { getConfig } from "../config.server";
import { onShutdown, singleton } from "../lifecycle.server";
import { logger } from "../logger.server";
import type { FlashData, SessionData } from "./types";

/**
 * Server-side sessions: the cookie holds only a signed id. Files by default (they survive an app
 * restart); Redis when REDIS_URL is set, so every instance sees the same sessions.
 */
const ABSOLUTE_MAX_AGE_S = 12 * 60 * 60;

export function sessionCookie() {
  const config = getConfig();
  return createCookie("__portal_session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: new URL(config.APP_URL).protocol === "https:",
    secrets: [config.SESSION_SECRET],
  });
}

function redisStorage(url: string, cookie: SessionIdStorageStrategy["cookie"]) {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  redis.on("error", (error) => logger.error({ err: error.message }, "redis error"));
  onShutdown(async () => {
    await redis.quit();
  });
  return createRedisSessionStorage(redis, cookie);
}

/**
 * Sessions as one JSON file each. Writes go to a temporary file renamed over the old one, so a
 * loader reading the session while another request saves it never sees half a file (Remix's own
 * file storage writes in place).
 */
export function createFileSessionStorage(dir: string, cookie: SessionIdStorageStrategy["cookie"]) {
  const file = (id: string) => {
    // Ids are ours (hex); anything else never reaches the file system.
    if (!/^[a-f0-9]{64}$/.test(id)) throw new Error("invalid session id");
    return path.join(dir, `${id}.json`);
  };
  async function write(id: string, data: unknown, expires?: Date) {
    await fs.mkdir(dir, { recursive: true });
    const target = file(id);
    const temporary = `${target}.${crypto.randomBytes(6).toString("hex")}.tmp`;
    await fs.writeFile(temporary, JSON.stringify({ data, expires: expires?.getTime() ?? null }), { mode: 0o600 });
    await fs.rename(temporary, target);
  }
  return createSessionStorage<SessionData, FlashData>({
    cookie,
    async createData(data, expires) {
      const id = crypto.randomBytes(32).toString("hex");
      await write(id, data, expires);
      return id;
    },
    async readData(id) {
      let raw: string;
      try {
        raw = await fs.readFile(file(id), "utf8");
      } catch {
        return null;
      }
      try {
        const stored = JSON.parse(raw) as { data: Partial<SessionData & FlashData>; expires: number | null };
        if (stored.expires !== null && stored.expires < Date.now()) {
          await fs.unlink(file(id)).catch(() => undefined);
          return null;
        }
        return stored.data;
      } catch {
        return null;
      }
    },
    async updateData(id, data, expires) {
      await write(id, data, expires);
    },
    async deleteData(id) {
      await fs.unlink(file(id)).catch(() => undefined);
    },
  });
}

/** Sessions as JSON under `portal:session:<id>`, expiring with the session. */
export function createRedisSessionStorage(redis: Redis, cookie: SessionIdStorageStrategy["cookie"]) {
  const key = (id: string) => `portal:session:${id}`;
  const ttl = (expires?: Date) => (expires ? Math.max(1, Math.ceil((expires.getTime() - Date.now()) / 1000)) : ABSOLUTE_MAX_AGE_S);

  return createSessionStorage<SessionData, FlashData>({
    cookie,
    async createData(data, expires) {
      const id = crypto.randomBytes(32).toString("base64url");
      await redis.set(key(id), JSON.stringify(data), "EX", ttl(expires));
      return id;
    },
    async readData(id) {
      const raw = await redis.get(key(id));
      return raw ? (JSON.parse(raw) as Partial<SessionData & FlashData>) : null;
    },
    async updateData(id, data, expires) {
      await redis.set(key(id), JSON.stringify(data), "EX", ttl(expires));
    },
    async deleteData(id) {
      await redis.del(key(id));
    },
  });
}

export function getSessionStorage() {
  return singleton("sessionStorage", () => {
    const config = getConfig();
    const cookie = sessionCookie();
    if (config.REDIS_URL) {
      logger.info("sessions stored in Redis");
      return redisStorage(config.REDIS_URL, cookie);
    }
    return createFileSessionStorage(config.SESSION_DIR, cookie);
  });
}

export function sessionExpiry(): Date {
  return new Date(Date.now() + ABSOLUTE_MAX_AGE_S * 1000);
}
