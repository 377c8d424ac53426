// Composes the simulated upstreams into one HTTP server. Everything lives inside startSandbox so
// a test can start as many independent sandboxes as it likes on free ports.

import { setMaxListeners } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as delay } from "node:timers/promises";

import { type Logger, pino } from "pino";
import { type WebSocket, WebSocketServer } from "ws";

// The one thing of the app the sandbox shares: what its log lines never show (decision 021).
import { REDACTED, redactPaths, redactRequestPath } from "../core/log-redaction";
import { registerAlertRoutes } from "./alerts";
import { registerBatchRoutes } from "./batches";
import { registerChallengeRoutes } from "./challenge";
import { registerCollaboratorRoutes } from "./collaborators";
import type { SandboxContext } from "./context";
import { faultOutcome, isUpstreamPath, notFound, recordRequest, registerControlRoutes, takeFault } from "./faults";
import { registerGraphqlRoutes } from "./graphql";
import { registerHistoryRoutes } from "./history";
import { errorReply, HttpError, parseRequestBody, readBody, type Reply, Router, send } from "./http";
import { registerMembershipRoutes } from "./membership-routes";
import { registerModalRoutes } from "./modals";
import { registerMovementRoutes } from "./movements";
import { attachNotificationSocket, NOTIFICATION_SOCKET_PATH } from "./notification-socket";
import { addNotification, type NewNotification, registerNotificationRoutes } from "./notifications";
import { registerOperationRoutes } from "./operations";
import { registerPartnerRoutes } from "./partner";
import { registerPortalRoutes } from "./portal";
import { createPriceFeed, registerPriceRoutes } from "./prices";
import { registerProductRoutes } from "./product";
import { registerProfileRoutes } from "./profiles";
import { registerRateHistoryRoutes } from "./rate-history";
import { registerRecipientRegistrationRoutes } from "./recipient-registration";
import { registerRecipientRoutes } from "./recipients";
import { registerScheduleRoutes, seedScheduledPayments } from "./schedules";
import { createSeedState } from "./seed";
import type { SandboxState } from "./types";

export type { SandboxState } from "./types";

export interface SandboxOptions {
  /** 0 (or omitted) picks a free port. */
  port?: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
  /** The app's base URL; the portal redirects to `${appUrl}/access?jwt=...`. */
  appUrl: string;
  /** Clock for tokens, "today" and the request log; defaults to the real one. */
  now?: () => Date;
  /** Defaults to SANDBOX_BANK_TOKEN_TTL_SECONDS or 1800. */
  bankTokenTtlSeconds?: number;
  /** Defaults to SANDBOX_JWT_TTL_SECONDS or 1800. */
  jwtTtlSeconds?: number;
  /** Defaults to a pino logger that is silent unless SANDBOX_LOG=1. */
  logger?: Logger;
  /** "applying" → "applied" delay after a successful challenge; SANDBOX_APPLY_DELAY_MS or 5000. */
  applyDelayMs?: number;
  /** Challenge page base handed out by /setoperation; defaults to this sandbox's `${url}/challenge`. */
  challengeUrl?: string;
  /**
   * "seed" (default, or SANDBOX_ANNOUNCEMENTS): the demo's announcements; "none": no announcement until a
   * test sets some (`POST /__announcements`), so banners never sit on pages that tests read.
   */
  announcements?: "seed" | "none";
  /** "seed" (default, or SANDBOX_OVERLAYS): the demo's modal flags; "none": every flag off until a test turns one on. */
  overlays?: "seed" | "none";
  /** "seed" (default, or SANDBOX_SCHEDULED_PAYMENTS): the demo's recurring payments; "none": none until a test creates some. */
  scheduledPayments?: "seed" | "none";
  /**
   * Operations in every company's seeded history (default 64, or SANDBOX_HISTORY_OPERATIONS): the history export's
   * bench asks for 10,000. They are laid out like the 64, and their money moves through the books.
   */
  historyOperations?: number;
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:4010 */
  url: string;
  port: number;
  close(): Promise<void>;
  /** The live state (same object across /__reset); tests may read or tweak it directly. */
  state: SandboxState;
  /** Stores a notification and pushes it, as the product's own life would (for in-process harnesses: bench). */
  notify(input: NewNotification): unknown;
  /**
   * Delayed work not run yet: operations' "applying → applied" and recipients' authorizations. A test that
   * shows nothing more happens waits for 0 first, since a condition cannot see "nothing" (decision 115).
   */
  pendingApplies(): number;
  /** Tick periods the price feed's timer ran (silent ones too), to show ticks were due without sleeping. */
  pricePeriods(): number;
}

/** Handlers for WebSocket paths (prices, notifications) plug in here as they are built. */
type WebSocketRoute = (socket: WebSocket, request: IncomingMessage) => void;

const DEFAULT_TTL_SECONDS = 1800;
const DEFAULT_APPLY_DELAY_MS = 5000;

function applyDelayFromEnv(): number {
  const value = Number(process.env.SANDBOX_APPLY_DELAY_MS ?? NaN);
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_APPLY_DELAY_MS;
}

const MAX_HISTORY_OPERATIONS = 20_000;

function historyOperationsFromEnv(): number | undefined {
  const value = Number(process.env.SANDBOX_HISTORY_OPERATIONS ?? NaN);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, MAX_HISTORY_OPERATIONS) : undefined;
}

function ttlFromEnv(name: string): number {
  const raw = process.env[name];
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_TTL_SECONDS;
}

function defaultLogger(): Logger {
  return pino({
    name: "sandbox",
    level: process.env.SANDBOX_LOG === "1" ? "info" : "silent",
    redact: { paths: redactPaths(), censor: REDACTED },
  });
}

function displayHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const host = options.host ?? "127.0.0.1";
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? defaultLogger();
  const withoutAnnouncements = (options.announcements ?? process.env.SANDBOX_ANNOUNCEMENTS) === "none";
  const withoutOverlays = (options.overlays ?? process.env.SANDBOX_OVERLAYS) === "none";
  const withoutSchedules = (options.scheduledPayments ?? process.env.SANDBOX_SCHEDULED_PAYMENTS) === "none";
  const historyOperations = options.historyOperations ?? historyOperationsFromEnv();
  const seed = () => {
    const fresh = createSeedState(now(), { historyOperations });
    if (withoutAnnouncements) fresh.catalogs.announcements = [];
    if (withoutOverlays) for (const flag of fresh.modalFlags) flag.show = false;
    if (withoutSchedules) fresh.scheduledPayments = seedScheduledPayments(now(), fresh.catalogs.nonWorkingDates, []);
    return fresh;
  };
  const state = seed();
  const ctx: SandboxContext = {
    state,
    now,
    appUrl: options.appUrl.replace(/\/+$/, ""),
    bankTokenTtlSeconds: options.bankTokenTtlSeconds ?? ttlFromEnv("SANDBOX_BANK_TOKEN_TTL_SECONDS"),
    jwtTtlSeconds: options.jwtTtlSeconds ?? ttlFromEnv("SANDBOX_JWT_TTL_SECONDS"),
    logger,
    applyDelayMs: options.applyDelayMs ?? applyDelayFromEnv(),
    // Set once the port is known (see below).
    challengeUrl: options.challengeUrl?.replace(/\/+$/, "") ?? "",
    // Set once the notification socket is attached to the server (see below).
    pushNotification: () => undefined,
  };

  // Responses held open by "timeout" faults; released on reset and close so nothing hangs.
  const held = new Set<ServerResponse>();
  const releaseHeld = () => {
    for (const res of held) res.destroy();
    held.clear();
  };
  // Aborts pending latency and slow-fault waits when the sandbox closes.
  const shutdown = new AbortController();
  // Every delayed request listens on this signal; many concurrent ones are normal, not a leak.
  setMaxListeners(0, shutdown.signal);

  const router = new Router();
  const prices = createPriceFeed(ctx);
  // Registered before the reset hook needs it: pending apply timers must not outlive a reset.
  const trading = registerOperationRoutes(router, ctx);
  const recipientRegistrations = registerRecipientRegistrationRoutes(router, ctx);
  const alerts = registerAlertRoutes(router, ctx, prices);
  registerControlRoutes(router, ctx, {
    reset: () => {
      trading.cancelTimers();
      recipientRegistrations.reset();
      Object.assign(state, seed());
      releaseHeld();
      prices.reset();
      alerts.reset();
      notificationSockets.reset();
    },
  });
  registerPortalRoutes(router, ctx);
  registerPartnerRoutes(router, ctx);
  registerProductRoutes(router, ctx);
  registerModalRoutes(router, ctx);
  registerGraphqlRoutes(router, ctx);
  registerNotificationRoutes(router, ctx);
  registerPriceRoutes(router, prices);
  registerRecipientRoutes(router, ctx);
  registerMovementRoutes(router, ctx);
  registerChallengeRoutes(router, ctx);
  registerBatchRoutes(router, ctx, trading);
  registerHistoryRoutes(router, ctx);
  registerRateHistoryRoutes(router, ctx, { liveMid: (pair) => prices.mid(pair) });
  const schedules = registerScheduleRoutes(router, ctx);
  registerProfileRoutes(router, ctx);
  registerCollaboratorRoutes(router, ctx);
  registerMembershipRoutes(router, ctx);

  const webSocketRoutes = new Map<string, WebSocketRoute>();
  webSocketRoutes.set("/prices", prices.handle);
  const wss = new WebSocketServer({ noServer: true });

  async function dispatch(req: IncomingMessage, url: URL): Promise<Reply> {
    const method = req.method ?? "GET";
    const match = router.match(method, url.pathname);
    if (match.kind === "none") return notFound();
    if (match.kind === "wrong-method") {
      const reply = errorReply(405, "Método no permitido", "METHOD_NOT_ALLOWED");
      return { ...reply, headers: { ...reply.headers, allow: match.allowed.join(", ") } };
    }
    const body = parseRequestBody(await readBody(req), req.headers["content-type"]);
    return match.handler({ method, url, query: url.searchParams, params: match.params, headers: req.headers, body });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const startedAt = performance.now();
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", "http://sandbox.invalid");
    const pathWithQuery = `${url.pathname}${url.search}`;
    res.on("close", () => {
      logger.info(
        {
          method,
          // Login states, challenge trackers, tokens, addresses and numbers never reach the log (decision 021).
          path: redactRequestPath(pathWithQuery),
          status: res.writableFinished ? res.statusCode : "aborted",
          ms: Math.round(performance.now() - startedAt),
        },
        "request",
      );
    });

    try {
      if (isUpstreamPath(url.pathname)) {
        recordRequest(ctx, method, pathWithQuery);
        if (state.latencyMs > 0) await delay(state.latencyMs, undefined, { signal: shutdown.signal });
        const fault = takeFault(ctx, method, pathWithQuery);
        if (fault) {
          const outcome = faultOutcome(fault);
          if (outcome.kind === "hold") {
            held.add(res);
            res.on("close", () => held.delete(res));
            return;
          }
          if (outcome.kind === "drop") {
            req.socket.destroy();
            return;
          }
          if (outcome.kind === "reply") {
            send(res, outcome.reply);
            return;
          }
          await delay(outcome.ms, undefined, { signal: shutdown.signal });
        }
      }
      send(res, await dispatch(req, url));
    } catch (error) {
      if (shutdown.signal.aborted) {
        res.destroy();
        return;
      }
      if (error instanceof HttpError) {
        send(res, errorReply(error.status, error.message, error.code));
        return;
      }
      logger.error({ err: error, method, path: redactRequestPath(pathWithQuery) }, "unexpected sandbox error");
      send(res, errorReply(500, "Error interno del sandbox", "SANDBOX_ERROR"));
    }
  }

  const server = createServer((req, res) => {
    void handle(req, res);
  });
  const notificationSockets = attachNotificationSocket(server, router, ctx);
  ctx.pushNotification = (record) => notificationSockets.push(record);

  server.on("upgrade", (req, socket, head) => {
    const pathname = new URL(req.url ?? "/", "http://sandbox.invalid").pathname;
    // Socket.IO answers its own upgrades.
    if (pathname.startsWith(`${NOTIFICATION_SOCKET_PATH}/`)) return;
    const route = webSocketRoutes.get(pathname);
    if (!route) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => route(ws, req));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });

  const port = (server.address() as AddressInfo).port;
  const url = `http://${displayHost(host)}:${port}`;
  if (ctx.challengeUrl === "") ctx.challengeUrl = `${url}/challenge`;
  let closing: Promise<void> | undefined;

  return {
    url,
    port,
    state,
    notify: (input: NewNotification) => addNotification(ctx, input),
    pendingApplies: () => trading.pending() + recipientRegistrations.pending(),
    pricePeriods: () => prices.periods(),
    close() {
      closing ??= new Promise<void>((resolve) => {
        shutdown.abort();
        releaseHeld();
        prices.close();
        void notificationSockets.close();
        trading.cancelTimers();
        recipientRegistrations.cancelTimers();
        schedules.close();
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.close(() => resolve());
        // Keep-alive connections would otherwise delay close() until they time out.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
