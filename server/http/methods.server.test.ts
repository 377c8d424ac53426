import http from "node:http";
import type { AddressInfo } from "node:net";

import type { ServerBuild } from "@remix-run/node";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { ALLOW_HEADER, CONNECT_REFUSAL, lastErrorHandler, methodGate, routeErrorHandler } from "./methods.server";
import { remixHandler } from "./remix-handler.server";

/**
 * The HTTP layer as server/main.ts puts it together (the gate first, Remix's
 * handler, the last error handler, CONNECT on the server), over the wire. A Remix build with one
 * page stands in for the app's. TRACE used to reach the handler, fail building its Request and
 * answer 500 with Express's stack trace on stderr.
 */
const written: string[] = [];
const log = pino({ level: "info" }, { write: (line: string) => void written.push(line) });
const stackTraces = () => written.filter((line) => /(\n|\\n)\s+at /.test(line));

const build = {
  mode: "production",
  entry: {
    module: {
      default: () => new Response("<p>página</p>", { headers: { "Content-Type": "text/html" } }),
      handleError: routeErrorHandler(log),
    },
  },
  routes: {
    root: { id: "root", path: "", module: { default: () => null, loader: () => ({ ok: true }) } },
  },
  assets: { entry: { module: "", imports: [] }, routes: {}, url: "", version: "1" },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: {},
  isSpaMode: false,
} as unknown as ServerBuild;

let server: http.Server;
let port = 0;

beforeAll(async () => {
  const app = express();
  app.use(methodGate());
  app.all("*", remixHandler({ build, mode: "production", getLoadContext: () => ({}) as never }));
  app.use(lastErrorHandler(log));
  server = http.createServer(app);
  server.on("connect", (_req, socket) => socket.end(CONNECT_REFUSAL));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  for (const stream of [process.stderr, process.stdout]) {
    const write = stream.write.bind(stream) as (chunk: string | Uint8Array) => boolean;
    vi.spyOn(stream, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return write(chunk);
    });
  }
});
afterAll(async () => {
  vi.restoreAllMocks();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function send(method: string, path: string, cookie?: string): Promise<{ status: number; allow?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path, headers: cookie ? { cookie } : {} }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, allow: response.headers.allow, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

function connect(): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method: "CONNECT", path: "ejemplo.test:443" });
    request.on("connect", (response: http.IncomingMessage, socket) => {
      socket.destroy();
      resolve(`${response.statusCode} ${response.headers.allow}`);
    });
    request.on("error", reject);
    request.end();
  });
}

const UNSUPPORTED = [
  "TRACE",
  "PUT",
  "DELETE",
  "PATCH",
  "OPTIONS",
  "PROPFIND",
  "PROPPATCH",
  "MKCOL",
  "COPY",
  "MOVE",
  "LOCK",
  "UNLOCK",
  "SEARCH",
  "PURGE",
];
const PATHS = ["/", "/login", "/cuentas", "/eventos", "/contacto", "/build/entry.client.js", "/favicon.ico", "/no-existe", "/%E0%A4%A"];

describe("methods the portal does not answer", () => {
  it("are a 405 naming GET, HEAD and POST on every path, with or without a session, and write no stack trace", async () => {
    const statuses: Record<string, number[]> = {};
    for (const method of UNSUPPORTED) {
      for (const path of PATHS) {
        for (const cookie of [undefined, "__session=abc; csrf=def"]) {
          const answer = await send(method, path, cookie);
          (statuses[method] ??= []).push(answer.status);
          expect([method, path, answer.status, answer.allow]).toEqual([method, path, 405, ALLOW_HEADER]);
          expect(answer.body).toContain('lang="es-MX"');
        }
      }
    }
    expect(await connect()).toBe(`405 ${ALLOW_HEADER}`);
    expect(stackTraces()).toEqual([]);
    expect(new Set(Object.values(statuses).flat())).toEqual(new Set([405]));
  });

  it("leave GET, HEAD and POST to the app", async () => {
    for (const method of ["GET", "HEAD", "POST"]) {
      expect((await send(method, "/")).status).not.toBe(405);
    }
    expect(stackTraces()).toEqual([]);
  });
});
