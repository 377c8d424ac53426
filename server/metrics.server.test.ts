import { afterEach, describe, expect, it, vi } from "vitest";

import { labelValues, sampleOf } from "../tests/support/metrics";
import { resetForTests } from "./lifecycle.server";
import {
  BREAKER_STATE_VALUE,
  metricsRegistry,
  observeLiveClients,
  observeReceiptQueue,
  observeRenderQueue,
  recordHttpRequest,
  recordUpstreamAttempt,
  recordUpstreamRefusal,
  recordUpstreamRetry,
} from "./metrics.server";
import { breakerFor } from "./upstream/breakers.server";
import { UpstreamError } from "./upstream/errors";

afterEach(() => {
  vi.useRealTimers();
  resetForTests("upstream.breakers");
});

describe("the metrics registry", () => {
  it("is one per process, in Prometheus' text format, with the process metrics and the portal's own", async () => {
    expect(metricsRegistry()).toBe(metricsRegistry());
    expect(metricsRegistry().contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    const scrape = await metricsRegistry().metrics();
    for (const name of [
      "process_cpu_user_seconds_total",
      "nodejs_eventloop_lag_seconds",
      "portal_http_request_duration_seconds",
      "portal_http_requests_abandoned_total",
      "portal_upstream_call_duration_seconds",
      "portal_upstream_errors_total",
      "portal_upstream_retries_total",
      "portal_live_clients",
      "portal_receipt_queue",
      "portal_upstream_breaker_state",
      "portal_pages_waiting_to_render",
    ]) {
      expect(scrape).toContain(`# TYPE ${name} `);
    }
  });
});

describe("HTTP request durations", () => {
  it("are labelled by method, route and status class only, each from a closed set", async () => {
    recordHttpRequest({ method: "GET", route: "routes/cuentas", status: 200, seconds: 0.02 });
    recordHttpRequest({ method: "GET", route: "routes/cuentas", status: 204, seconds: 0.03 });
    recordHttpRequest({ method: "BREW", route: "routes/cuentas", status: 302, seconds: 0.01 });
    recordHttpRequest({ method: "POST", route: "routes/cuentas", status: 999, seconds: 0.01 });

    const labels = { method: "GET", route: "routes/cuentas", status_class: "2xx" };
    expect(await sampleOf("portal_http_request_duration_seconds", labels, "portal_http_request_duration_seconds_count")).toBe(2);
    expect(await sampleOf("portal_http_request_duration_seconds", labels, "portal_http_request_duration_seconds_sum")).toBeCloseTo(0.05);
    expect(await labelValues("portal_http_request_duration_seconds", "method")).toEqual(expect.arrayContaining(["GET", "POST", "other"]));
    expect(await labelValues("portal_http_request_duration_seconds", "method")).not.toContain("BREW");
    expect(await labelValues("portal_http_request_duration_seconds", "status_class")).toEqual(
      expect.arrayContaining(["2xx", "3xx", "other"]),
    );
  });
});

describe("upstream calls", () => {
  const count = (labels: Record<string, string>) =>
    sampleOf("portal_upstream_call_duration_seconds", labels, "portal_upstream_call_duration_seconds_count");
  const errors = (kind: string) => sampleOf("portal_upstream_errors_total", { upstream: "metrics-test", kind });

  it("time every attempt by outcome and count the upstream's errors by kind", async () => {
    recordUpstreamAttempt("metrics-test", 0.1);
    recordUpstreamAttempt("metrics-test", 0.2, new UpstreamError("metrics-test", "status", "x", { status: 503 }));
    recordUpstreamAttempt("metrics-test", 0.2, new UpstreamError("metrics-test", "status", "x", { status: 429 }));
    recordUpstreamAttempt("metrics-test", 0.2, new UpstreamError("metrics-test", "status", "x", { status: 404 }));
    recordUpstreamAttempt("metrics-test", 10, new UpstreamError("metrics-test", "timeout", "x"));
    recordUpstreamAttempt("metrics-test", 0.1, new UpstreamError("metrics-test", "malformed", "x"));

    expect(await count({ upstream: "metrics-test", outcome: "ok" })).toBe(1);
    expect(await count({ upstream: "metrics-test", outcome: "5xx" })).toBe(1);
    expect(await count({ upstream: "metrics-test", outcome: "4xx" })).toBe(2);
    expect(await count({ upstream: "metrics-test", outcome: "timeout" })).toBe(1);
    expect(await errors("status_5xx")).toBe(1);
    expect(await errors("status_429")).toBe(1);
    expect(await errors("status_4xx")).toBe(1);
    expect(await errors("timeout")).toBe(1);
    expect(await errors("malformed")).toBe(1);
  });

  it("do not count a browser that went away as the upstream's error", async () => {
    recordUpstreamAttempt("metrics-aborted", 0.5, new UpstreamError("metrics-aborted", "aborted", "x"));
    expect(await count({ upstream: "metrics-aborted", outcome: "aborted" })).toBe(1);
    expect(await labelValues("portal_upstream_errors_total", "upstream")).not.toContain("metrics-aborted");
  });

  it("count calls never sent (breaker open, budget spent) and retries", async () => {
    recordUpstreamRefusal("metrics-test", "breaker");
    recordUpstreamRefusal("metrics-test", "budget");
    recordUpstreamRetry("metrics-test");
    recordUpstreamRetry("metrics-test");
    expect(await errors("breaker_open")).toBe(1);
    expect(await errors("budget_spent")).toBe(1);
    expect(await sampleOf("portal_upstream_retries_total", { upstream: "metrics-test" })).toBe(2);
  });
});

describe("gauges read at scrape time", () => {
  const breakerState = (upstream: string) => sampleOf("portal_upstream_breaker_state", { upstream });

  it("give each breaker's state: 0 closed, 1 half-open, 2 open", async () => {
    expect(BREAKER_STATE_VALUE).toEqual({ closed: 0, halfOpen: 1, open: 2 });
    vi.useFakeTimers({ toFake: ["Date"] });
    const breaker = breakerFor("partner");
    breakerFor("product");
    for (let failure = 0; failure < breaker.policy.failureThreshold; failure += 1) {
      const admission = breaker.admit();
      if (admission.admitted) breaker.failed(admission.ticket);
    }
    expect(await breakerState("partner")).toBe(2);
    expect(await breakerState("product")).toBe(0);

    vi.setSystemTime(Date.now() + breaker.policy.openMs);
    expect(await breakerState("partner")).toBe(1);

    const probe = breaker.admit();
    if (probe.admitted) breaker.succeeded(probe.ticket);
    expect(await breakerState("partner")).toBe(0);

    resetForTests("upstream.breakers");
    expect(await labelValues("portal_upstream_breaker_state", "upstream")).toEqual([]);
  });

  it("read the live clients, the receipt queue and the render queue from their sources, 0 before there is one", async () => {
    expect(await sampleOf("portal_live_clients", { stream: "notifications" })).toBe(0);
    let tabs = 3;
    observeLiveClients("prices", () => tabs);
    expect(await sampleOf("portal_live_clients", { stream: "prices" })).toBe(3);
    tabs = 1;
    expect(await sampleOf("portal_live_clients", { stream: "prices" })).toBe(1);

    observeReceiptQueue(() => ({ waiting: 4, running: 2 }));
    expect(await sampleOf("portal_receipt_queue", { state: "waiting" })).toBe(4);
    expect(await sampleOf("portal_receipt_queue", { state: "running" })).toBe(2);

    observeRenderQueue(() => 17);
    expect(await sampleOf("portal_pages_waiting_to_render", {})).toBe(17);
  });
});
