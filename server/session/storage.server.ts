import crypto from "node:crypto";
import { promises as fs, readFileSync } from "node:fs";
import path from "node:path";

import type { Cookie, SessionStorage } from "@remix-run/node";
import { createCookie, createSession } from "@remix-run/node";
import type { Redis } from "ioredis";

import { SESSION_ABSOLUTE_MS } from "#core/domain/session-timing";

import { getConfig } from "../config.server";
import { onShutdown, singleton } from "../lifecycle.server";
import { logger } from "../logger.server";
import { sharedRedis } from "../shared-redis.server";
import type { FlashData, SessionData } from "./types";

/**
 * Sessions (ASVS V7). The cookie holds a signed id; the server keeps the data, encrypted at rest
 * (AES-256-GCM under a key derived from SESSION_SECRET), in files by default or in Redis when
 * REDIS_URL is set so every instance sees the same sessions.
 * - Nothing is stored for a person who has not logged in: a session without a signed-in state
 *   (a toast after logout, the reason of a failed login) lives in the signed cookie itself, so
 *   anonymous requests never create a file or a key.
 * - A session lives at most SESSION_ABSOLUTE_MS from its login; the cookie expires with it and
 *   does not move forward when the session is saved again.
 * - A member holds at most MAX_SESSIONS_PER_MEMBER sessions; a new login ends the oldest
 *   (docs/decisions/030-session-hardening.md).
 */
export const MAX_SESSIONS_PER_MEMBER = 3;

type PortalSessionStorage = SessionStorage<SessionData, FlashData>;
type Data = Partial<SessionData & Record<string, unknown>>;

/** `__Host-` on https: only this exact origin may set it, no sibling domain can plant one. */
export function cookieName(base: string): string {
  return new URL(getConfig().APP_URL).protocol === "https:" ? `__Host-${base}` : `__${base}`;
}

export function sessionCookie(): Cookie {
  const config = getConfig();
  return createCookie(cookieName("portal_session"), {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: new URL(config.APP_URL).protocol === "https:",
    secrets: [config.SESSION_SECRET],
  });
}

/** A signed-in (or signing-up) session is worth keeping on the server; nothing else is. */
export function isServerSession(data: Data): boolean {
  return data.authState === "accessState" || data.authState === "wizardState";
}

export function absoluteEndOf(data: Data): number {
  return (typeof data.startedAt === "number" ? data.startedAt : Date.now()) + SESSION_ABSOLUTE_MS;
}

/** What the server keeps per session, whatever the medium. */
export interface SessionRecords {
  read(id: string): Promise<string | null>;
  write(id: string, sealed: string, expiresAt: number): Promise<void>;
  remove(id: string): Promise<void>;
  /** Adds a session to its member's list; answers the member's live session ids, oldest first. */
  track(memberKey: string, id: string, startedAt: number, expiresAt: number): Promise<string[]>;
  untrack(memberKey: string, id: string): Promise<void>;
}

/** Encryption at rest: tokens and e-mail never sit in clear in a file or in Redis. */
export function sealer(secret: string) {
  const key = Buffer.from(crypto.hkdfSync("sha256", secret, "portal-session", "session-at-rest", 32));
  return {
    seal(data: unknown): string {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(data), "utf8"), cipher.final()]);
      return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
    },
    open(sealed: string): Data | null {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || !body) return null;
      try {
        const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        const text = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
        const data = JSON.parse(text) as unknown;
        return data && typeof data === "object" ? (data as Data) : null;
      } catch {
        return null;
      }
    },
  };
}

const ID_PATTERN = /^[a-f0-9]{64}$/;
const newId = () => crypto.randomBytes(32).toString("hex");
const memberKeyOf = (secret: string, memberId: string) => crypto.createHmac("sha256", secret).update(`member:${memberId}`).digest("hex");

export function createPortalSessionStorage(options: { cookie: Cookie; records: SessionRecords; secret: string }): PortalSessionStorage {
  const { cookie, records, secret } = options;
  const { seal, open } = sealer(secret);

  async function endSessions(ids: string[]) {
    await Promise.all(ids.map((id) => records.remove(id)));
  }

  return {
    async getSession(cookieHeader) {
      const value = cookieHeader ? ((await cookie.parse(cookieHeader)) as unknown) : null;
      if (value && typeof value === "object") {
        const { id, d } = value as { id?: unknown; d?: unknown };
        if (typeof id === "string" && ID_PATTERN.test(id)) {
          const sealed = await records.read(id);
          const data = sealed ? open(sealed) : null;
          if (data && absoluteEndOf(data) > Date.now()) return createSession<SessionData, FlashData>(data as never, id);
        } else if (d && typeof d === "object") {
          return createSession<SessionData, FlashData>(d as never, "");
        }
      }
      return createSession<SessionData, FlashData>({} as never, "");
    },

    async commitSession(session) {
      const data = session.data as Data;
      if (isServerSession(data)) {
        if (typeof data.startedAt !== "number") session.set("startedAt", Date.now());
        const expiresAt = absoluteEndOf(session.data as Data);
        const fresh = !session.id;
        const id = session.id || newId();
        await records.write(id, seal(session.data), expiresAt);
        const memberId = (session.data as Data).memberId;
        if (fresh && typeof memberId === "string") {
          const live = await records.track(memberKeyOf(secret, memberId), id, (session.data as Data).startedAt as number, expiresAt);
          const surplus = live.filter((other) => other !== id).slice(0, Math.max(0, live.length - MAX_SESSIONS_PER_MEMBER));
          if (surplus.length) {
            logger.info({ event: "session_limit", ended: surplus.length }, "oldest sessions ended: member over the session limit");
            await endSessions(surplus);
            await Promise.all(surplus.map((other) => records.untrack(memberKeyOf(secret, memberId), other)));
          }
        }
        return cookie.serialize({ id }, { expires: new Date(expiresAt) });
      }
      // Signed out: whatever the server held goes; what is left (a flash) rides in the cookie.
      if (session.id) await records.remove(session.id);
      if (Object.keys(data).length === 0) return cookie.serialize("", { expires: new Date(0) });
      return cookie.serialize({ d: data });
    },

    async destroySession(session) {
      if (session.id) {
        await records.remove(session.id);
        const memberId = (session.data as Data).memberId;
        if (typeof memberId === "string") await records.untrack(memberKeyOf(secret, memberId), session.id);
      }
      return cookie.serialize("", { expires: new Date(0) });
    },
  };
}

/**
 * Session records as files, one per session plus one list per member. Writes go to a temporary
 * file renamed over the old one, so a reader never sees half a file; a sweep removes what expired.
 */
export function fileRecords(dir: string): SessionRecords & { sweep(now?: number): Promise<number> } {
  const file = (name: string) => {
    // Names are ours (hex); anything else never reaches the file system.
    if (!/^(m-)?[a-f0-9]{64}$/.test(name)) throw new Error("invalid session record name");
    return path.join(dir, `${name}.json`);
  };
  async function put(name: string, value: unknown) {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const target = file(name);
    const temporary = `${target}.${crypto.randomBytes(6).toString("hex")}.tmp`;
    await fs.writeFile(temporary, JSON.stringify(value), { mode: 0o600 });
    await fs.rename(temporary, target);
  }
  async function get<T>(name: string): Promise<T | null> {
    try {
      return JSON.parse(await fs.readFile(file(name), "utf8")) as T;
    } catch {
      return null;
    }
  }
  /**
   * The session's own record, read on every request, is read synchronously: a file of about 1.5 kB
   * that was written moments ago (the page cache has it) takes some 7 µs of CPU and 16 µs of wall
   * time that way, against some 80 µs of CPU for `fs.promises.readFile`'s four thread-pool round
   * trips (open, fstat, read, close) and their FileHandle (decision 068). Writes stay asynchronous.
   */
  function getNow<T>(name: string): T | null {
    try {
      return JSON.parse(readFileSync(file(name), "utf8")) as T;
    } catch {
      return null;
    }
  }
  type Stored = { sealed: string; expiresAt: number };
  type MemberList = { sessions: Array<{ id: string; startedAt: number; expiresAt: number }> };

  return {
    async read(id) {
      const stored = getNow<Stored>(id);
      if (!stored || typeof stored.sealed !== "string") return null;
      if (!(stored.expiresAt > Date.now())) {
        await fs.unlink(file(id)).catch(() => undefined);
        return null;
      }
      return stored.sealed;
    },
    write: (id, sealed, expiresAt) => put(id, { sealed, expiresAt } satisfies Stored),
    async remove(id) {
      await fs.unlink(file(id)).catch(() => undefined);
    },
    async track(memberKey, id, startedAt, expiresAt) {
      const now = Date.now();
      const list = (await get<MemberList>(`m-${memberKey}`))?.sessions ?? [];
      const live = list.filter((entry) => entry.expiresAt > now && entry.id !== id);
      live.push({ id, startedAt, expiresAt });
      live.sort((a, b) => a.startedAt - b.startedAt);
      await put(`m-${memberKey}`, { sessions: live } satisfies MemberList);
      return live.map((entry) => entry.id);
    },
    async untrack(memberKey, id) {
      const list = (await get<MemberList>(`m-${memberKey}`))?.sessions ?? [];
      await put(`m-${memberKey}`, { sessions: list.filter((entry) => entry.id !== id) } satisfies MemberList);
    },
    async sweep(now = Date.now()) {
      let removed = 0;
      let names: string[];
      try {
        names = await fs.readdir(dir);
      } catch {
        return 0;
      }
      for (const name of names) {
        const full = path.join(dir, name);
        if (name.endsWith(".tmp")) {
          // A write that never got renamed (a crash): gone after a minute.
          const stat = await fs.stat(full).catch(() => null);
          if (stat && now - stat.mtimeMs > 60_000)
            removed += await fs.unlink(full).then(
              () => 1,
              () => 0,
            );
          continue;
        }
        if (!name.endsWith(".json")) continue;
        const stored = await get<Partial<Stored & MemberList>>(name.slice(0, -5)).catch(() => null);
        const expired = stored?.sessions
          ? stored.sessions.every((entry) => entry.expiresAt <= now)
          : !(typeof stored?.expiresAt === "number" && stored.expiresAt > now);
        if (expired)
          removed += await fs.unlink(full).then(
            () => 1,
            () => 0,
          );
      }
      return removed;
    },
  };
}

/** Session records in Redis: each expires with its session; member lists are sorted sets. */
export function redisRecords(redis: Redis): SessionRecords {
  const key = (id: string) => `portal:session:${id}`;
  const memberSet = (memberKey: string) => `portal:member-sessions:${memberKey}`;
  return {
    read: (id) => redis.get(key(id)),
    async write(id, sealed, expiresAt) {
      await redis.set(key(id), sealed, "PX", Math.max(1, expiresAt - Date.now()));
    },
    async remove(id) {
      await redis.del(key(id));
    },
    async track(memberKey, id, startedAt, expiresAt) {
      const set = memberSet(memberKey);
      const ids = await redis.zrange(set, 0, -1);
      // Entries whose session key is gone (expired, logged out elsewhere) are dropped first.
      const alive = ids.length ? await redis.exists(...ids.map(key)) : 0;
      if (alive < ids.length) {
        const flags = await Promise.all(ids.map((other) => redis.exists(key(other))));
        const dead = ids.filter((_, index) => flags[index] === 0);
        if (dead.length) await redis.zrem(set, ...dead);
      }
      await redis.zadd(set, startedAt, id);
      await redis.pexpireat(set, expiresAt);
      return redis.zrange(set, 0, -1);
    },
    async untrack(memberKey, id) {
      await redis.zrem(memberSet(memberKey), id);
    },
  };
}

const SWEEP_EVERY_MS = 15 * 60_000;

export function getSessionStorage(): PortalSessionStorage {
  return singleton("sessionStorage", () => {
    const config = getConfig();
    const redis = sharedRedis();
    if (redis) {
      logger.info("sessions stored in Redis");
      return createPortalSessionStorage({ cookie: sessionCookie(), records: redisRecords(redis), secret: config.SESSION_SECRET });
    }
    const records = fileRecords(config.SESSION_DIR);
    const sweep = () =>
      records
        .sweep()
        .then((removed) => removed && logger.info({ event: "sessions_swept", removed }, "expired session files removed"))
        .catch((error: unknown) => logger.warn({ err: error instanceof Error ? error.message : String(error) }, "session sweep failed"));
    void sweep();
    const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    timer.unref();
    onShutdown(() => clearInterval(timer));
    return createPortalSessionStorage({ cookie: sessionCookie(), records, secret: config.SESSION_SECRET });
  });
}
