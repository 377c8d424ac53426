// The notification socket of §7 (NOTIFICATIONS_SOCKET_URL): a Socket.IO server on this sandbox's
// HTTP server. The URL's path is the Socket.IO path ("/notifications-socket"), the namespace "/".
// Handshake: `query.memberId` and `auth.token` (the product jwt) of the same member; anything else
// is refused with connect_error "UNAUTHORIZED". Each socket joins its member's room and gets the
// event `notification` (the notification service's view) for every unread notification stored
// for that member. The socket is closed when its jwt expires.
// Control: POST /__notification-sockets { mode: "normal" | "refuse" | "drop" } — refuse: new
// handshakes get connect_error "REFUSED"; drop: every open socket's transport is cut now (clients
// see a transport close and reconnect; the mode stays as it was). GET → { mode, sockets }.
import type { Server as HttpServer } from "node:http";

import { Server } from "socket.io";
import { z } from "zod";

import { findMemberById, type SandboxContext } from "./context";
import { json, parseWith, type Router } from "./http";
import { notificationView } from "./notifications";
import { verifyJwt } from "./tokens";
import type { NotificationRecord } from "./types";

export const NOTIFICATION_SOCKET_PATH = "/notifications-socket";
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface NotificationSockets {
  push(record: NotificationRecord): void;
  reset(): void;
  close(): Promise<void>;
}

const controlInput = z.object({ mode: z.enum(["normal", "refuse", "drop"]) });

export function attachNotificationSocket(server: HttpServer, router: Router, ctx: SandboxContext): NotificationSockets {
  const io = new Server(server, { path: NOTIFICATION_SOCKET_PATH, serveClient: false, transports: ["websocket", "polling"] });
  let mode: "normal" | "refuse" = "normal";

  io.use((socket, next) => {
    if (mode === "refuse") return next(new Error("REFUSED"));
    const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    const memberId = socket.handshake.query.memberId;
    const now = ctx.now().getTime();
    const claims = typeof token === "string" ? verifyJwt(ctx.state.jwtSecret, token, Math.floor(now / 1000)) : null;
    if (!claims || typeof memberId !== "string" || claims.sub !== memberId || !findMemberById(ctx.state, Number(memberId))) {
      return next(new Error("UNAUTHORIZED"));
    }
    void socket.join(`member:${memberId}`);
    // An expired jwt may not keep listening: the client must come back with a fresh one.
    const timer = setTimeout(() => socket.disconnect(true), Math.min(MAX_TIMER_MS, Math.max(0, claims.exp * 1000 - now)));
    socket.on("disconnect", () => clearTimeout(timer));
    next();
  });

  router
    .get("/__notification-sockets", () => json(200, { mode, sockets: io.of("/").sockets.size }))
    .post("/__notification-sockets", (request) => {
      const input = parseWith(controlInput, request.body);
      if (input.mode === "drop") {
        // Cutting the transport (not a server "disconnect") is what a network failure looks like:
        // the client reconnects by itself.
        for (const socket of io.of("/").sockets.values()) socket.conn.close();
      } else {
        mode = input.mode;
      }
      return json(200, { mode, sockets: io.of("/").sockets.size });
    });

  return {
    push(record) {
      io.to(`member:${record.memberId}`).emit("notification", notificationView(record));
    },
    reset() {
      mode = "normal";
    },
    close() {
      return new Promise<void>((resolve) => {
        io.disconnectSockets(true);
        // io.close() would also close the HTTP server, which the sandbox closes itself.
        io.engine.close();
        resolve();
      });
    },
  };
}
