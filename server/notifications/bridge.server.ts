import { io, type Socket } from "socket.io-client";

import { getConfig } from "../config.server";
import { onShutdown, singleton } from "../lifecycle.server";
import type { Logger } from "../logger.server";
import { logger } from "../logger.server";
import { type Notification, notificationSchema } from "../upstream/notifications.server";

/**
 * The notification socket of §7, one per member with a page open, shared by that member's tabs
 * and closed when the last one leaves. §4 / §7 settings: 10 s to connect; after a drop, up to 5
 * attempts, each 1 s plus up to 1 s of jitter; then the member is offline until a tab comes
 * (back). socket.io-client's own backoff cannot say "1 s plus up to 1 s", so retries are ours.
 */
export type BridgeEvent =
  | { kind: "notification"; notification: Notification }
  | { kind: "connection"; online: boolean }
  /** The member's unread count is now `to` (they read notifications in one of their tabs). */
  | { kind: "count"; to: number };
export type BridgeListener = (event: BridgeEvent) => void;

export interface BridgeOptions {
  /** NOTIFICATIONS_SOCKET_URL: its origin is the server, its path the Socket.IO path. */
  url: string;
  log: Logger;
  attempts?: number;
  delayMs?: number;
  jitterMs?: number;
  timeoutMs?: number;
  random?: () => number;
  /**
   * How long a member's socket stays open after their last tab left (default 10 s): a reload or a
   * tab that reopens its channel (another pair) finds it still connected.
   */
  lingerMs?: number;
}

interface Member {
  socket: Socket;
  listeners: Set<BridgeListener>;
  failures: number;
  retry: NodeJS.Timeout | null;
  online: boolean;
  /** The close scheduled after the last tab left. */
  linger: NodeJS.Timeout | null;
}

export class NotificationBridge {
  private readonly members = new Map<string, Member>();
  private readonly attempts: number;
  private readonly delayMs: number;
  private readonly jitterMs: number;
  private readonly timeoutMs: number;
  private readonly random: () => number;
  private readonly lingerMs: number;

  constructor(private readonly options: BridgeOptions) {
    this.attempts = options.attempts ?? 5;
    this.delayMs = options.delayMs ?? 1_000;
    this.jitterMs = options.jitterMs ?? 1_000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.random = options.random ?? Math.random;
    this.lingerMs = options.lingerMs ?? 10_000;
  }

  /** Listens to a member's notifications; the jwt is the newest the caller has (used on reconnects). */
  subscribe(memberId: string, jwt: string, listener: BridgeListener): () => void {
    let member = this.members.get(memberId);
    if (!member) {
      member = this.open(memberId, jwt);
      this.members.set(memberId, member);
    } else {
      member.socket.auth = { token: jwt };
      // A member given up on gets a fresh round of attempts when a tab comes.
      if (!member.online && member.retry === null) {
        member.failures = 0;
        member.socket.connect();
      }
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
   * Tells the member's tabs on this instance something the app itself learnt (not the socket): a
   * read in one tab sets the bell in the others.
   */
  announce(memberId: string, event: Extract<BridgeEvent, { kind: "count" }>): void {
    for (const listener of this.members.get(memberId)?.listeners ?? []) listener(event);
  }

  /** Members with an open (or opening) upstream socket. */
  get size(): number {
    return this.members.size;
  }

  close(): void {
    for (const [memberId, member] of this.members) this.closeMember(memberId, member);
  }

  private open(memberId: string, jwt: string): Member {
    const url = new URL(this.options.url);
    const origin = `${url.protocol === "wss:" ? "https:" : url.protocol === "ws:" ? "http:" : url.protocol}//${url.host}`;
    const socket = io(origin, {
      path: url.pathname === "/" ? "/socket.io" : url.pathname,
      query: { memberId },
      auth: { token: jwt },
      reconnection: false,
      timeout: this.timeoutMs,
      transports: ["websocket"],
    });
    const member: Member = { socket, listeners: new Set(), failures: 0, retry: null, online: false, linger: null };
    const emit = (event: BridgeEvent) => {
      for (const listener of member.listeners) listener(event);
    };
    const setOnline = (online: boolean) => {
      if (member.online === online) return;
      member.online = online;
      emit({ kind: "connection", online });
    };
    const retryLater = (reason: string) => {
      if (member.retry !== null || !this.members.has(memberId)) return;
      member.failures += 1;
      if (member.failures > this.attempts) {
        this.options.log.warn({ event: "notification_socket_offline", reason }, "notification socket gave up");
        setOnline(false);
        return;
      }
      const wait = this.delayMs + Math.floor(this.random() * this.jitterMs);
      member.retry = setTimeout(() => {
        member.retry = null;
        socket.connect();
      }, wait);
      member.retry.unref();
    };
    socket.on("connect", () => {
      member.failures = 0;
      setOnline(true);
    });
    socket.on("connect_error", (error) => {
      setOnline(false);
      // A refused jwt will not get better by retrying it; the next page brings a fresh one.
      if (error.message === "UNAUTHORIZED") {
        this.options.log.warn({ event: "notification_socket_unauthorized" }, "notification socket refused the jwt");
        member.failures = this.attempts;
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
        this.options.log.warn({ event: "notification_unreadable" }, "pushed notification not understood");
        return;
      }
      emit({ kind: "notification", notification: parsed.data });
    });
    return member;
  }

  private closeMember(memberId: string, member: Member): void {
    this.members.delete(memberId);
    if (member.retry !== null) clearTimeout(member.retry);
    member.retry = null;
    if (member.linger !== null) clearTimeout(member.linger);
    member.linger = null;
    member.socket.removeAllListeners();
    member.socket.disconnect();
  }
}

/** The process's bridge. */
export function notificationBridge(): NotificationBridge {
  return singleton("notificationBridge", () => {
    const bridge = new NotificationBridge({ url: getConfig().NOTIFICATIONS_SOCKET_URL, log: logger });
    onShutdown(() => bridge.close());
    return bridge;
  });
}
