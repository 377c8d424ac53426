import type { Server } from "node:http";
import { request } from "node:http";
import type { AddressInfo } from "node:net";

import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";

import { sampleOf } from "../../tests/support/metrics";
import { until } from "../../tests/support/wait";
import { logger } from "../logger.server";
import { metricsRegistry, observePageAdmission } from "../metrics.server";
import { AdmissionGate } from "./admission";
import { isGatedRequest, pageAdmission, RETRY_AFTER_SECONDS, sampleLoopDelay } from "./admission.server";

const SETTINGS = { minLimit: 1, maxLimit: 10, initialLimit: 1, targetDelayMs: 50, queueTimeoutMs: 1_000, maxQueue: 10 };

/**
 * The gate mounted as server/main.ts mounts it, in front of a handler that answers a page only when
 * the test says so (`finish`), so a page can be kept in progress. The clock is the test's.
 */
async function serve(gate: AdmissionGate, clock: { now: number }) {
  const held: Array<() => void> = [];
  const budgets: number[] = [];
  const app = express();
  app.use(pageAdmission(gate, logger, () => clock.now));
  app.all("*", (req, res) => {
    budgets.push(res.locals.admittedAt as number);
    held.push(() => res.type("text/plain").send(`${req.method} ${req.path}`));
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    held,
    budgets,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("which requests the gate holds", () => {
  it("holds pages (GET, HEAD) and lets forms, actions and the health check through", () => {
    expect(isGatedRequest("GET", "/")).toBe(true);
    expect(isGatedRequest("HEAD", "/historial-operaciones")).toBe(true);
    expect(isGatedRequest("GET", "/healthcheck")).toBe(false);
    expect(isGatedRequest("GET", "/eventos")).toBe(false);
    expect(isGatedRequest("GET", "/precios/stream")).toBe(false);
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) expect(isGatedRequest(method, "/operar")).toBe(false);
  });
});

describe("the admission middleware", () => {
  it("queues a page behind one in progress, starts it when that one is answered, and never holds a form or the health check", async () => {
    const gate = new AdmissionGate(SETTINGS);
    const clock = { now: 0 };
    const server = await serve(gate, clock);
    try {
      const first = fetch(`${server.url}/`);
      await until(() => server.held.length === 1);
      const second = fetch(`${server.url}/cuentas`);
      await until(() => gate.state().queued === 1);
      // A form and the health check go straight to the app while a page waits.
      const form = fetch(`${server.url}/operar`, { method: "POST" });
      const health = fetch(`${server.url}/healthcheck`);
      await until(() => server.held.length === 3);
      server.held[1]();
      server.held[2]();
      expect(await (await form).text()).toBe("POST /operar");
      expect(await (await health).text()).toBe("GET /healthcheck");
      expect(gate.state().queued).toBe(1);

      clock.now = 300;
      server.held[0]();
      expect((await first).status).toBe(200);
      await until(() => server.held.length === 4);
      // Its upstream budget starts when it was let in, not when it arrived.
      expect(server.budgets[3]).toBe(300);
      server.held[3]();
      expect(await (await second).text()).toBe("GET /cuentas");
      await until(() => gate.state().inFlight === 0);
    } finally {
      await server.close();
    }
  });

  it("answers a page that waited too long with the Spanish 503 page and Retry-After, counted in the metrics", async () => {
    const gate = new AdmissionGate(SETTINGS);
    const clock = { now: 0 };
    const server = await serve(gate, clock);
    observePageAdmission(() => gate.state());
    const before = await sampleOf("portal_page_admission_refused_total", { reason: "timeout" });
    try {
      const first = fetch(`${server.url}/`);
      await until(() => server.held.length === 1);
      const waiting = fetch(`${server.url}/cuentas`);
      await until(() => gate.state().queued === 1);
      expect(await sampleOf("portal_page_admission", { state: "queued" })).toBe(1);
      expect(await sampleOf("portal_page_admission", { state: "in_flight" })).toBe(1);

      clock.now = 1_000;
      gate.tick(clock.now, 400, 1);
      const refused = await waiting;
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
      expect(refused.headers.get("cache-control")).toBe("no-store");
      const page = await refused.text();
      expect(page).toContain('<html lang="es-MX">');
      expect(page).toContain("Ha ocurrido un error, favor de intentarlo más tarde");
      expect(page).toContain(`Podrás intentarlo de nuevo en ${RETRY_AFTER_SECONDS} segundos.`);
      expect(await sampleOf("portal_page_admission_refused_total", { reason: "timeout" })).toBe(before + 1);
      expect(await metricsRegistry().metrics()).toContain("# TYPE portal_page_admission_wait_seconds histogram");

      server.held[0]();
      await first;
    } finally {
      await server.close();
    }
  });

  it("lets a waiting page go when its browser goes away, and frees the place of an admitted one that does", async () => {
    const gate = new AdmissionGate(SETTINGS);
    const server = await serve(gate, { now: 0 });
    try {
      const gone = request(`${server.url}/`);
      gone.on("error", () => undefined);
      gone.end();
      await until(() => server.held.length === 1);
      const leaving = request(`${server.url}/cuentas`);
      leaving.on("error", () => undefined);
      leaving.end();
      await until(() => gate.state().queued === 1);
      leaving.destroy();
      await until(() => gate.state().queued === 0);
      // The admitted page's browser leaves before its answer: its place is freed.
      gone.destroy();
      await until(() => gate.state().inFlight === 0);
      expect(server.held).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe("the event loop's delay", () => {
  it("is how much later than asked the sampling timer ran, with the loop's utilisation since the last sample", () => {
    vi.useFakeTimers();
    let now = 0;
    let active = 0;
    const samples: Array<[number, number]> = [];
    // What performance.eventLoopUtilization answers: cumulative, or since a previous reading.
    const utilisation = (since?: { active: number; idle: number }) => {
      const reading = { active, idle: now - active, utilization: now === 0 ? 0 : active / now };
      if (!since) return reading;
      const span = now - (since.active + since.idle);
      return { active: active - since.active, idle: 0, utilization: span > 0 ? (active - since.active) / span : 0 };
    };
    const stop = sampleLoopDelay(
      50,
      (_at, delayMs, busy) => samples.push([delayMs, busy]),
      () => now,
      utilisation,
    );
    now = 50;
    active = 10;
    vi.advanceTimersByTime(50);
    // The next timer asked at 50; the loop was busy with our own work and it ran at 180.
    now = 180;
    active = 140;
    vi.advanceTimersByTime(50);
    stop();
    now = 1_000;
    vi.advanceTimersByTime(1_000);
    expect(samples).toEqual([
      [0, 0.2],
      [80, 1],
    ]);
  });
});
