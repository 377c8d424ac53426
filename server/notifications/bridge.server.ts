import { Redis } from "ioredis";
import { io } from "socket.io-client";

import { getConfig } from "../config.server";
import { onShutdown, singleton } from "../lifecycle.server";
import type { Logger } from "../logger.server";
import { logger } from "../logger.server";
import { observeLiveClients } from "../metrics.server";
import { type Notification, notificationSchema } from "../upstream/notifications.server";
import { type RedisMemberFeeds, redisMemberFeeds } from "./redis-feed.server";

/**
 * The notification socket of §7, one per member with a page open, shared by that member's tabs
 * and closed when the last one leaves. §4 / §7 settings: 10 s to connect; after a drop, up to 5
 * attempts, each 1 s plus up to 1 s of jitter; then the member is offline until a tab comes
 * (back). socket.io-client's own backoff cannot say "1 s plus up to 1 s", so retries are ours.
 * With REDIS_URL one instance holds a member's socket for the whole cluster (redis-feed.server.ts).
 */
export type BridgeEvent =
  | { kind: "notification"; notification: Notification }
  | { kind: "connection"; online: boolean }
  /** The member's unread count is now `to` (they read notifications in one of their tabs). */
  | { kind: "count"; to: number };
export type BridgeListener = (event: BridgeEvent) => void;

/** One member's upstream: the socket itself, or its share of a cluster-wide one. */
export interface MemberFeed {
  /** The newest jwt a tab brought (used on reconnects). */
  setJwt(jwt: string): void;
  /** A tab came: a feed that gave up tries again. */
  wake(): void;
  close(): void;
}
export type MemberFeedFactory = (memberId: string, jwt: string, emit: (event: BridgeEvent) => void) => MemberFeed;

export interface SocketFeedOptions {
  /** NOTIFICATIONS_SOCKET_URL: its origin is the server, its path the Socket.IO path. */
  url: string;
  log: Logger;
  attempts?: number;
  delayMs?: number;
  jitterMs?: number;
  timeoutMs?: number;
  random?: () => number;
}

/** The real notification socket of one member, with the §4 / §7 connection and retry rules. */
export function socketFeedFactory(options: SocketFeedOptions): MemberFeedFactory {
  const attempts = options.attempts ?? 5;
  const delayMs = options.delayMs ?? 1_000;
  const jitterMs = options.jitterMs ?? 1_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const random = options.random ?? Math.random;
  const url = new URL(options.url);
  const origin = `${url.protocol === "wss:" ? "https:" : url.protocol === "ws:" ? "http:" : url.protocol}//${url.host}`;

  return (memberId, jwt, emit) => {
    const socket = io(origin, {
      path: url.pathname === "/" ? "/socket.io" : url.pathname,
      query: { memberId },
      auth: { token: jwt },
      reconnection: false,
      timeout: timeoutMs,
      transports: ["websocket"],
    });
    let failures = 0;
    let retry: NodeJS.Timeout | null = null;
    let online = false;
    let closed = false;
    const setOnline = (value: boolean) => {
      if (online === value) return;
      online = value;
      emit({ kind: "connection", online: value });
    };
    const retryLater = (reason: string) => {
      if (retry !== null || closed) return;
      failures += 1;
      if (failures > attempts) {
        options.log.warn({ event: "notification_socket_offline", reason }, "notification socket gave up");
        setOnline(false);
        return;
      }
      retry = setTimeout(
        () => {
          retry = null;
          socket.connect();
        },
        delayMs + Math.floor(random() * jitterMs),
      );
      retry.unref();
    };
    socket.on("connect", () => {
      failures = 0;
      setOnline(true);
    });
    socket.on("connect_error", (error) => {
      setOnline(false);
      // A refused jwt will not get better by retrying it; the next page brings a fresh one.
      if (error.message === "UNAUTHORIZED") {
        options.log.warn({ event: "notification_socket_unauthorized" }, "notification socket refused the jwt");
        failures = attempts;
      }
      retryLater(error.message);
    });
    socket.on("disconnect", (reason) => {
      setOnline(false);
      if (reason !== "io client disconnect") retryLater(reason);
    });
    socket.on("notification", (payload: unknown) => {
      const parsed = notificationSchema.safeParse(payload);
      if (!parsed.success) {
        options.log.warn({ event: "notification_unreadable" }, "pushed notification not understood");
        return;
      }
      emit({ kind: "notification", notification: parsed.data });
    });
    if (online) emit({ kind: "connection", online: true });
    return {
      setJwt(token) {
        socket.auth = { token };
      },
      wake() {
        // A member given up on gets a fresh round of attempts when a tab comes.
        if (!online && retry === null && !closed) {
          failures = 0;
          socket.connect();
        }
      },
      close() {
        closed = true;
        if (retry !== null) clearTimeout(retry);
        retry = null;
        socket.removeAllListeners();
        socket.disconnect();
      },
    };
  };
}

export interface BridgeOptions extends SocketFeedOptions {
  /**
   * How long a member's socket stays open after their last tab left (default 10 s): a reload or a
   * tab that reopens its channel (another pair) finds it still connected.
   */
  lingerMs?: number;
  /** With Redis: one socket per member for the cluster, events fanned out to every instance. */
  shared?: RedisMemberFeeds;
}

interface Member {
  feed: MemberFeed;
  listeners: Set<BridgeListener>;
  online: boolean;
  /** The close scheduled after the last tab left. */
  linger: NodeJS.Timeout | null;
}

export class NotificationBridge {
  private readonly members = new Map<string, Member>();
  private readonly createFeed: MemberFeedFactory;
  private readonly lingerMs: number;

  constructor(private readonly options: BridgeOptions) {
    const upstream = socketFeedFactory(options);
    this.createFeed = options.shared ? options.shared.feeds(upstream) : upstream;
    this.lingerMs = options.lingerMs ?? 10_000;
  }

  /** Listens to a member's notifications; the jwt is the newest the caller has (used on reconnects). */
  subscribe(memberId: string, jwt: string, listener: BridgeListener): () => void {
    let member = this.members.get(memberId);
    if (!member) {
      const created: Member = { feed: { setJwt() {}, wake() {}, close() {} }, listeners: new Set(), online: false, linger: null };
      this.members.set(memberId, created);
      created.feed = this.createFeed(memberId, jwt, (event) => {
        if (event.kind === "connection") {
          if (created.online === event.online) return;
          created.online = event.online;
        }
        for (const each of created.listeners) each(event);
      });
      member = created;
    } else {
      member.feed.setJwt(jwt);
      member.feed.wake();
    }
    if (member.linger !== null) clearTimeout(member.linger);
    member.linger = null;
    member.listeners.add(listener);
    if (member.online) listener({ kind: "connection", online: true });
    const current = member;
    return () => {
      current.listeners.delete(listener);
      if (current.listeners.size > 0 || this.members.get(memberId) !== current) return;
      if (this.lingerMs <= 0) {
        this.closeMember(memberId, current);
        return;
      }
      current.linger ??= setTimeout(() => {
        current.linger = null;
        if (current.listeners.size === 0 && this.members.get(memberId) === current) this.closeMember(memberId, current);
      }, this.lingerMs);
    };
  }

  /**
   * Tells the member's tabs something the app itself learnt (not the socket): a read in one tab
   * sets the bell in the others — on every instance when shared through Redis.
   */
  announce(memberId: string, event: Extract<BridgeEvent, { kind: "count" }>): void {
    if (this.options.shared) {
      this.options.shared.announce(memberId, event);
      return;
    }
    for (const listener of this.members.get(memberId)?.listeners ?? []) listener(event);
  }

  /** Members with an open (or opening) upstream feed on this instance. */
  get size(): number {
    return this.members.size;
  }

  /** Tabs listening on this instance, over all members. */
  get listeners(): number {
    let count = 0;
    for (const member of this.members.values()) count += member.listeners.size;
    return count;
  }

  close(): void {
    for (const [memberId, member] of this.members) this.closeMember(memberId, member);
  }

  private closeMember(memberId: string, member: Member): void {
    this.members.delete(memberId);
    if (member.linger !== null) clearTimeout(member.linger);
    member.linger = null;
    member.feed.close();
  }
}

/** The process's bridge; with REDIS_URL, shared with the other instances. */
export function notificationBridge(): NotificationBridge {
  return singleton("notificationBridge", () => {
    const config = getConfig();
    let shared: RedisMemberFeeds | undefined;
    if (config.REDIS_URL) {
      const connect = (role: string) => {
        const connection = new Redis(config.REDIS_URL!, { maxRetriesPerRequest: 2 });
        connection.on("error", (error: Error) => logger.error({ err: error.message, role }, "redis error (notifications)"));
        return connection;
      };
      shared = redisMemberFeeds({ publisher: connect("publisher"), subscriber: connect("subscriber"), log: logger });
      logger.info("notification sockets shared through Redis");
    }
    const bridge = new NotificationBridge({ url: config.NOTIFICATIONS_SOCKET_URL, log: logger, shared });
    observeLiveClients("notifications", () => bridge.listeners);
    onShutdown(
      async () => {
        bridge.close();
        await shared?.close();
      },
      { name: "notifications fan-out" },
    );
    return bridge;
  });
}
