import "./load-context";

import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { constants as zlibConstants } from "node:zlib";

import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";

import { admissionSettings, ConfigError, getConfig, trustProxySetting } from "./config.server";
import { pageAdmission, startPageAdmission } from "./http/admission.server";
import { bodyLimitFor, declaredLength } from "./http/body-limit.server";
import { crossSiteVerdict } from "./http/cross-site.server";
import { CONNECT_REFUSAL, lastErrorHandler, methodGate } from "./http/methods.server";
import { metricsHandler, readinessHandler } from "./http/ops.server";
import { precompressedCopies, servePrecompressed } from "./http/precompressed.server";
import type { Refusal } from "./http/refusal-page.server";
import { refusalPage, refusalStatus } from "./http/refusal-page.server";
import { remixHandler } from "./http/remix-handler.server";
import { requestRecord } from "./http/request-record.server";
import { routeLabeller, routeTemplates } from "./http/route-label.server";
import { memoiseRemixRouteMatching } from "./http/route-matching.server";
import { servedBuild } from "./http/served-route.server";
import { memoiseRemixServerRoutes } from "./http/server-routes.server";
import { startJobWorkers } from "./jobs/job-queue.server";
import { onShutdown, runShutdownHooks, settleWithin, SHUTDOWN_FORCED_MS, SHUTDOWN_STEP_MS } from "./lifecycle.server";
import { isLiveChannelRequest, serveLiveChannel } from "./live/channel.server";
import { logger } from "./logger.server";
import { metricsRegistry } from "./metrics.server";
import { securityHeaders } from "./security.server";
import { sharedRedis } from "./shared-redis.server";
import { serverSpans, startTracing } from "./tracing.server";

/**
 * The HTTP server: static files, security headers, request ids, logs and metrics, the operators'
 * endpoints, the Remix handler, and a clean stop. Business code lives in the Remix build; this file
 * only plumbs.
 */
let config: ReturnType<typeof getConfig>;
try {
  config = getConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

// This file runs from <build>/server/main.js; the Remix build and its assets sit beside it.
const here = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.resolve(here, "..");
const publicDir = path.resolve(process.cwd(), "public");
// Before the first request: Remix's router matches each page three or four times (decision 064).
memoiseRemixRouteMatching();
// …and rebuilds React Router's route objects from its manifest on every render (decision 068).
memoiseRemixServerRoutes();
const build = servedBuild((await import(path.join(buildDir, "index.js"))) as ServerBuild);
const routeOf = routeLabeller(build.routes);
// With REDIS_URL, this instance runs batch jobs too, whichever instance enqueued them (decision 067).
startJobWorkers();

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", trustProxySetting(config.TRUST_PROXY));
const appOrigin = new URL(config.APP_URL).origin;

// With an OTLP endpoint every request is a trace (docs/decisions/105); without one nothing is started.
const tracing = startTracing(logger);
if (tracing) {
  app.use(serverSpans(routeTemplates(build.routes)));
  onShutdown(() => tracing.shutdown(), { name: "trace export" });
}

app.use(requestRecord(logger));
// Only GET, HEAD and POST go further, on every path, signed in or not: the rest is a 405.
app.use(methodGate());

app.use(securityHeaders(config));

function refuse(res: express.Response, kind: Refusal, headers: Record<string, string> = {}) {
  res.locals.route = "refused";
  res.status(refusalStatus(kind)).set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", ...headers });
  res.end(refusalPage(kind, undefined, res.locals.folio as string | null));
}

// Unsafe methods only from this app's own pages (ASVS V3.5), refused before the body is read.
app.use((req, res, next) => {
  const verdict = crossSiteVerdict(
    req.method,
    { secFetchSite: req.get("sec-fetch-site"), origin: req.get("origin"), referer: req.get("referer") },
    appOrigin,
  );
  if (verdict === "allowed") return next();
  logger.warn(
    { requestId: res.locals.requestId as string, event: "cross_site_refused", method: req.method, path: req.path },
    "cross-site request refused",
  );
  refuse(res, "crossSite");
});

// A declared body over its route's limit is refused unread (what still arrives is dropped, then
// the connection cut), so nobody can make the server hold megabytes it will never use (chunked bodies are counted in
// remixHandler).
app.use((req, res, next) => {
  const length = declaredLength(req.get("content-length"));
  if (length === null || length <= bodyLimitFor(req.path)) return next();
  logger.warn({ requestId: res.locals.requestId as string, event: "body_too_large", path: req.path, length }, "request body refused");
  refuse(res, "tooLarge");
  discardBriefly(req);
});

/**
 * After an early answer, a client still sending its body would get a reset that can swallow the
 * answer; so what it sends is read and dropped (never kept: memory stays flat) for up to 5 s or
 * 64 MB, then the connection is cut.
 */
const DISCARD_MAX_BYTES = 64 * 1024 * 1024;
const DISCARD_MAX_MS = 5_000;

function discardBriefly(req: express.Request) {
  let dropped = 0;
  const cut = () => req.socket.destroy();
  const timer = setTimeout(cut, DISCARD_MAX_MS);
  timer.unref();
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD_MAX_BYTES) cut();
  });
  req.on("close", () => clearTimeout(timer));
}

// Server-Sent Events must never be buffered by compression. Level 3 (gzip) instead of 6: a page costs
// about a quarter less to compress for some 10 % more bytes (docs/decisions/064). Brotli at quality 1:
// half the CPU of quality 3 on the dashboard (0.14 against 0.27 ms) for 8 % more bytes, still about
// gzip 3's size (docs/decisions/074). The build's scripts and stylesheets pass through it compressed
// already, at Brotli 11 and gzip 9 (docs/decisions/078).
app.use(
  compression({
    level: 3,
    brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
    filter: (req, res) => {
      const type = String(res.getHeader("Content-Type") ?? "");
      if (type.includes("text/event-stream")) return false;
      return compression.filter(req, res);
    },
  }),
);

// For the operators (docs/decisions/040): readiness always, metrics only with a token to show.
app.get("/readiness", readinessHandler({ redis: sharedRedis, version: build.assets.version }));
const metricsToken = config.METRICS_TOKEN;
if (metricsToken) app.get("/metrics", metricsHandler({ token: metricsToken, registry: metricsRegistry }));

const staticFiles = (handler: express.RequestHandler): express.RequestHandler[] => [
  (_req, res, next) => {
    res.locals.route = "static";
    next();
  },
  handler,
];
// The build's scripts and stylesheets go as `npm run build` compressed them (docs/decisions/078).
const assetsDir = path.join(buildDir, "assets");
const assetFiles = express.static(assetsDir, { immutable: true, maxAge: "1y" });
app.use("/build", staticFiles(servePrecompressed(await precompressedCopies(assetsDir), assetFiles)));
// Public files all have an extension and pages never do: a page skips the file system look-up.
const publicFiles = express.static(publicDir, { maxAge: "1h" });
app.use((req, res, next) => {
  if (!/\.[a-z0-9]+$/i.test(req.path)) return next();
  res.locals.route = "static";
  publicFiles(req, res, next);
});

// Everything past the static files is private to a session: no cache keeps it (a route that
// serves something public, like the upload template, says so itself).
app.use((_req, res, next) => {
  res.setHeader("Cache-Control", "private, no-store");
  next();
});

// Pages wait their turn while our own event loop runs late (docs/decisions/073); forms, actions and
// /healthcheck pass. Everything answered above (static files, /metrics, /readiness) never waits.
const admissionGate = startPageAdmission(admissionSettings(config));
if (admissionGate) app.use(pageAdmission(admissionGate, logger));

app.all(
  "*",
  (req, res, next) => {
    res.locals.route = routeOf(req.path);
    next();
  },
  remixHandler({
    build,
    mode: config.NODE_ENV,
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce as string,
      requestId: res.locals.requestId as string,
      clientIp: req.ip ?? "",
      folio: res.locals.folio as string | null,
      log: logger.child({ requestId: res.locals.requestId as string, traceId: res.locals.traceId as string | undefined }),
      // The upstream budget starts when the page was let in, not while it waited for our own CPU.
      receivedAt: (res.locals.admittedAt ?? res.locals.receivedAt) as number,
    }),
  }),
);
app.use(lastErrorHandler(logger));

// A tab's live channel is answered before Express, straight onto the socket: held for hours by
// every open tab, it must not cost a Remix request, nor Express's request objects, a page's
// headers and request log, each (server/live/channel.server.ts, decision 042). A GET that needs no
// body, CSP or cache rules; every other request goes to Express.
const liveLog = logger.child({ stream: "live" });
const server = http.createServer((req, res) => {
  if (isLiveChannelRequest(req)) serveLiveChannel(req, res, appOrigin, liveLog);
  else app(req, res);
});
server.on("connect", (_req, socket) => socket.end(CONNECT_REFUSAL));
server.listen(config.PORT, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  logger.info({ port, appUrl: config.APP_URL }, "portal listening");
});
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

// Each step of a stop has its own bound and the whole stop ends well inside Docker's default 10 s
// grace, with Redis up, down or silent (decision 102): the forced exit is the last resort.
let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  const startedAt = Date.now();
  logger.info({ signal }, "stopping");
  const forced = setTimeout(() => {
    logger.warn({ event: "stop_forced", ms: SHUTDOWN_FORCED_MS }, "forced stop");
    process.exit(1);
  }, SHUTDOWN_FORCED_MS);
  forced.unref();
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  // Long-lived streams (SSE) end here, so server.close() can finish.
  const late = await runShutdownHooks();
  // Requests under way get one more step to finish; what is left is cut.
  if ((await settleWithin(closed, SHUTDOWN_STEP_MS)) === "late") late.push("http server");
  server.closeAllConnections();
  if (late.length > 0) logger.warn({ event: "stop_steps_late", steps: late }, "stop steps ran over their bound");
  logger.info({ event: "stopped", ms: Date.now() - startedAt }, "stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
