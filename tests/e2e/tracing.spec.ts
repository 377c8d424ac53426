import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import { APP_NODE_ARGS } from "../../scripts/app-node-args.mjs";
import { sandboxEnv, waitForHttp } from "../../scripts/sandbox-env.mjs";
import { freePort } from "../support/redis";
import { expect, test } from "./fixtures";
import { SANDBOX_PORT } from "./ports";
import { productJwtOf, resetSandbox, SANDBOX_URL } from "./support";

/**
 * Traces for support and operators (docs/decisions/105 and 106): the built app with
 * OTEL_EXPORTER_OTLP_ENDPOINT pointing at a local OTLP/HTTP receiver (JSON, as the exporter sends
 * it), one dashboard load, and the spans it exported: one server span with the route template, one
 * client span per upstream call the app logged, and nothing else in any attribute than the allowed
 * keys, none of them carrying a token, an account, an amount or a person's data. The request's log
 * line and its error page carry the same trace id.
 */
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const USER = "ana.admin";

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string | number;
  endTimeUnixNano: string | number;
  attributes?: OtlpAttribute[];
}
interface OtlpExport {
  resourceSpans: Array<{ resource?: { attributes?: OtlpAttribute[] }; scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
}

const SERVER = 2;
const CLIENT = 3;
/** Every attribute key a span of this app may carry: anything else is a leak waiting to happen. */
const SERVER_KEYS = ["http.request.method", "http.route", "http.response.status_code", "error.type"];
const CLIENT_KEYS = [
  "http.request.method",
  "url.template",
  "peer.service",
  "http.request.resend_count",
  "http.response.status_code",
  "error.type",
];

const valueOf = (value: OtlpValue) => value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue;
const attributes = (span: OtlpSpan) => Object.fromEntries((span.attributes ?? []).map(({ key, value }) => [key, valueOf(value)]));

let receiver: http.Server;
const exports: OtlpExport[] = [];
let app: ChildProcess;
let appUrl: string;
const logLines: Array<Record<string, unknown>> = [];
let sessionDir: string;

test.describe.configure({ mode: "serial" });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "one traced app, started once, in the project with JavaScript");

test.beforeAll(async () => {
  test.setTimeout(60_000);
  await resetSandbox();
  const receiverPort = await freePort();
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method === "POST" && request.url === "/v1/traces" && /json/.test(request.headers["content-type"] ?? "")) {
        exports.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as OtlpExport);
        response.writeHead(200, { "content-type": "application/json" }).end("{}");
      } else {
        response.writeHead(415).end();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(receiverPort, "127.0.0.1", resolve));

  const appPort = await freePort();
  sessionDir = await mkdtemp(path.join(tmpdir(), "traza-"));
  app = spawn("node", [...APP_NODE_ARGS, path.join(BUILD_DIR, "server", "main.js")], {
    env: {
      ...process.env,
      ...sandboxEnv({ appPort, sandboxPort: SANDBOX_PORT, sessionSecret: "traza-secreto-traza-secreto-traza-!!!", sessionDir }),
      LOG_LEVEL: "info",
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiverPort}`,
      OTEL_SERVICE_NAME: "portal-prueba",
      // Spans leave within 100 ms instead of 5 s, so the test does not wait for them.
      OTEL_BSP_SCHEDULE_DELAY: "100",
    } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let pending = "";
  app.stdout?.on("data", (chunk: Buffer) => {
    pending += chunk.toString("utf8");
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (line.startsWith("{")) logLines.push(JSON.parse(line) as Record<string, unknown>);
  });
  appUrl = `http://localhost:${appPort}`;
  await waitForHttp(`${appUrl}/healthcheck`, 30_000);
});

test.afterAll(async () => {
  if (app && app.exitCode === null) {
    const exited = new Promise((resolve) => app.once("exit", resolve));
    app.kill("SIGTERM");
    await exited;
  }
  await new Promise((resolve) => receiver?.close(resolve));
  if (sessionDir) await rm(sessionDir, { recursive: true, force: true });
});

/** The bank's login, as a browser follows it, answered with the session cookie. */
async function signIn(): Promise<string> {
  const leaving = await fetch(`${appUrl}/login/banco`, { redirect: "manual" });
  const stateCookie = leaving.headers.getSetCookie().map((c) => c.split(";")[0])[0] ?? "";
  const state = new URL(leaving.headers.get("location") ?? "").searchParams.get("state") ?? "";
  const portal = await fetch(`${SANDBOX_URL}/banca/entrar?usuario=${USER}&state=${encodeURIComponent(state)}`, { redirect: "manual" });
  const access = new URL(portal.headers.get("location") ?? "");
  const back = await fetch(`${appUrl}${access.pathname}${access.search}`, { redirect: "manual", headers: { cookie: stateCookie } });
  const session = back.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("__portal_session="));
  expect(session, "signed in").toBeTruthy();
  return session ?? "";
}

const cookieValue = (cookie: string) => cookie.slice(cookie.indexOf("=") + 1);

const allSpans = () =>
  exports.flatMap((each) => each.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)));

/** The spans of one trace once its server span has arrived (and, with it, its children: they end first). */
async function traceOf(traceId: string): Promise<OtlpSpan[]> {
  await expect.poll(() => allSpans().some((span) => span.traceId === traceId && span.kind === SERVER), { timeout: 10_000 }).toBe(true);
  return allSpans().filter((span) => span.traceId === traceId);
}

test("a dashboard load is one trace: a server span and a span per upstream call, nothing personal in them", async () => {
  const session = await signIn();
  const requestId = "traza-tablero-1";
  const answer = await fetch(`${appUrl}/`, { headers: { cookie: session, "x-request-id": requestId } });
  expect(answer.status).toBe(200);
  const html = await answer.text();
  expect(html).toContain("Operar");

  // The request's log line carries its trace id.
  await expect.poll(() => logLines.find((line) => line.msg === "request" && line.requestId === requestId)).toBeTruthy();
  const requestLine = logLines.find((line) => line.msg === "request" && line.requestId === requestId)!;
  const traceId = String(requestLine.traceId);
  expect(traceId).toMatch(/^[0-9a-f]{32}$/);

  const spans = await traceOf(traceId);
  const servers = spans.filter((span) => span.kind === SERVER);
  expect(servers).toHaveLength(1);
  const server = servers[0]!;
  expect(server.name).toBe("GET /");
  expect(attributes(server)).toMatchObject({ "http.request.method": "GET", "http.route": "/", "http.response.status_code": 200 });

  // One client span per upstream attempt the app made for this request (each logs one line).
  const upstreamLines = logLines.filter(
    (line) =>
      line.requestId === requestId &&
      typeof line.msg === "string" &&
      /^upstream call( |$)/.test(line.msg) &&
      !/not (sent|retried)/.test(line.msg),
  );
  expect(upstreamLines.length).toBeGreaterThan(2);
  const clients = spans.filter((span) => span.kind === CLIENT);
  expect(clients).toHaveLength(upstreamLines.length);
  for (const span of clients) {
    expect(span.parentSpanId).toBe(server.spanId);
    const fields = attributes(span);
    expect(fields["http.request.method"]).toMatch(/^(GET|POST|PUT|PATCH|DELETE)$/);
    expect(fields["peer.service"]).toMatch(/^[a-z-]+$/);
    expect(fields["url.template"]).toMatch(/^\/[A-Za-z{}/_-]*$/);
    expect(Number(fields["http.response.status_code"])).toBeGreaterThanOrEqual(200);
    expect(span.name).toBe(`${String(fields["http.request.method"])} ${String(fields["url.template"])}`);
    expect(BigInt(span.endTimeUnixNano)).toBeGreaterThan(BigInt(span.startTimeUnixNano));
  }
  // The same upstream calls the log names, by service and method.
  const key = (service: unknown, method: unknown) => `${String(service)} ${String(method)}`;
  expect(clients.map((span) => key(attributes(span)["peer.service"], attributes(span)["http.request.method"])).sort()).toEqual(
    upstreamLines.map((line) => key(line.service, line.method)).sort(),
  );

  // Only the allowed keys, and no secret or personal value, anywhere in what was exported.
  for (const span of spans) {
    const allowed = span.kind === SERVER ? SERVER_KEYS : CLIENT_KEYS;
    expect(Object.keys(attributes(span)).filter((name) => !allowed.includes(name))).toEqual([]);
  }
  const exported = JSON.stringify(exports);
  const jwt = await productJwtOf(USER);
  const secrets = [cookieValue(session), jwt, USER, requestId];
  for (const secret of secrets) expect(exported).not.toContain(secret);
  const resourceKeys = exports.flatMap((each) =>
    each.resourceSpans.flatMap((resource) => (resource.resource?.attributes ?? []).map(({ key: name }) => name)),
  );
  expect(resourceKeys.filter((name) => name !== "service.name" && !name.startsWith("telemetry.sdk."))).toEqual([]);
  for (const span of allSpans()) {
    for (const { key: name, value } of span.attributes ?? []) {
      // No account or CLABE (long digit runs), no amount (decimals), no e-mail, no bearer token.
      expect(String(valueOf(value)), name).not.toMatch(/\d{6,}|\d+\.\d{2}\b|@|Bearer|eyJ/);
    }
  }
});

test("an error page shows the request's trace id as its 'Folio de soporte'", async ({ page }) => {
  const session = await signIn();
  await page.context().addCookies([{ name: "__portal_session", value: cookieValue(session), url: appUrl }]);
  const answer = await page.goto(`${appUrl}/historial-operaciones/999999999`);
  expect(answer?.status()).toBe(404);
  // Inside the shell the error is a section of the page, under an h2.
  await expect(page.getByRole("heading", { name: "No encontramos la operación 999999999" })).toBeVisible();
  const folioText = await page.getByText("Folio de soporte:").textContent();
  const folio = (folioText ?? "").replace("Folio de soporte:", "").replace(/\s/g, "");
  expect(folio).toMatch(/^[0-9a-f]{32}$/);
  const spans = await traceOf(folio);
  expect(spans.filter((span) => span.kind === SERVER).map((span) => attributes(span)["http.route"])).toEqual([
    "/historial-operaciones/:id",
  ]);
});
