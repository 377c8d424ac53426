import http from "node:http";
import type { AddressInfo } from "node:net";

import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { sampleOf } from "../../tests/support/metrics";
import { requestRecord } from "./request-record.server";

const lines: Array<Record<string, unknown>> = [];
const log = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });

/** Resolves once the server has been asked for `path` (the handler saw it). */
const arrivals = new Map<string, () => void>();
const arrived = (path: string) => new Promise<void>((resolve) => arrivals.set(path, resolve));

let server: http.Server;
let port: number;

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

beforeAll(async () => {
  const app = express();
  // As the request's server span does when tracing is on (server/tracing.server.ts): before the record.
  app.use((req, res, next) => {
    if (req.path === "/trazada") res.locals.traceId = TRACE_ID;
    next();
  });
  app.use(requestRecord(log));
  app.get("/trazada", (_req, res) => {
    res.send(String(res.locals.folio));
  });
  // Mounted as the build's files are: Express strips "/build" from the URL while it answers.
  app.use("/build", (_req, res) => {
    res.locals.route = "static";
    res.type("js").send("export {};");
  });
  app.get("/pagina", (_req, res) => {
    res.locals.route = "routes/pagina";
    res.send("ok");
  });
  // Answers after 5 s: long enough for the test's browser to leave first.
  app.get("/lenta", (_req, res) => {
    res.locals.route = "routes/lenta";
    arrivals.get("/lenta")?.();
    const timer = setTimeout(() => res.send("tarde"), 5_000);
    res.on("close", () => clearTimeout(timer));
  });
  app.get("/eventos", (_req, res) => {
    res.locals.route = "routes/eventos";
    res.setHeader("Content-Type", "text/event-stream");
    res.flushHeaders();
    arrivals.get("/eventos")?.();
  });
  server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A GET the client cuts once the handler has it (for the event stream, once its headers are in). */
async function leave(path: string): Promise<void> {
  const handled = arrived(path);
  const request = http.get({ port, host: "127.0.0.1", path, agent: false });
  request.on("error", () => undefined);
  await handled;
  request.destroy();
  await new Promise((resolve) => setTimeout(resolve, 50));
}

const abandoned = (route: string) => sampleOf("portal_http_requests_abandoned_total", { method: "GET", route });
const answered = (route: string) =>
  sampleOf(
    "portal_http_request_duration_seconds",
    { method: "GET", route, status_class: "2xx" },
    "portal_http_request_duration_seconds_count",
  );

describe("requestRecord", () => {
  it("gives an answered request an id, a duration in the metrics and one log line with its status", async () => {
    const before = await answered("routes/pagina");
    const response = await fetch(`http://127.0.0.1:${port}/pagina?cuenta=123`, { headers: { "x-request-id": "peticion-1" } });
    expect(response.headers.get("x-request-id")).toBe("peticion-1");
    await response.text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await answered("routes/pagina")).toBe(before + 1);
    expect(await abandoned("routes/pagina")).toBe(0);
    const line = lines.find((entry) => entry.requestId === "peticion-1");
    expect(line).toMatchObject({ msg: "request", method: "GET", path: "/pagina", status: 200 });
    expect(JSON.stringify(line)).not.toContain("cuenta=123");
  });

  it("puts the trace id in the request's log line and makes it the request's folio", async () => {
    const traced = await fetch(`http://127.0.0.1:${port}/trazada`, { headers: { "x-request-id": "peticion-trazada" } });
    expect(await traced.text()).toBe(TRACE_ID);
    const plain = await fetch(`http://127.0.0.1:${port}/pagina`, { headers: { "x-request-id": "peticion-sin-traza" } });
    await plain.text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines.find((entry) => entry.requestId === "peticion-trazada")).toMatchObject({ msg: "request", traceId: TRACE_ID });
    expect(lines.find((entry) => entry.requestId === "peticion-sin-traza")).not.toHaveProperty("traceId");
  });

  it("counts the build's files but keeps them out of the log, though Express rewrote their URL", async () => {
    const before = await answered("static");
    await (await fetch(`http://127.0.0.1:${port}/build/assets/entry.js`)).text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await answered("static")).toBe(before + 1);
    expect(lines.some((entry) => String(entry.path).includes("entry.js"))).toBe(false);
  });

  it("counts and logs a request whose browser left before the answer, and records no duration for it", async () => {
    const before = await answered("routes/lenta");
    await leave("/lenta");
    expect(await abandoned("routes/lenta")).toBe(1);
    expect(await answered("routes/lenta")).toBe(before);
    const line = lines.find((entry) => entry.path === "/lenta");
    expect(line).toMatchObject({ event: "request_abandoned", method: "GET", msg: "browser left before the answer was written" });
    expect(line?.status).toBeUndefined();
    expect(typeof line?.durationMs).toBe("number");
  });

  it("does not count a live event stream that ends with its tab, neither as abandoned nor as a duration", async () => {
    await leave("/eventos");
    expect(await abandoned("routes/eventos")).toBe(0);
    expect(await answered("routes/eventos")).toBe(0);
    expect(lines.some((entry) => entry.path === "/eventos")).toBe(false);
  });
});
