import { getEventListeners } from "node:events";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";

import { CircuitBreaker } from "../../server/upstream/breaker";
import { budgetFrom } from "../../server/upstream/budget";
import { UpstreamError } from "../../server/upstream/errors";
import { createHttp } from "../../server/upstream/http.server";
import type { RetryPolicy } from "../../server/upstream/retry";
import { NO_RETRY } from "../../server/upstream/retry";
import { sampleOf } from "../support/metrics";
import type { TestSandbox } from "../support/sandbox";
import { clients, control, FAST_RETRY, loginAs, requestCount, silentLog, startTestSandbox } from "../support/sandbox";
import { until } from "../support/wait";

let sandbox: TestSandbox;
let productJwt: string;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await control(sandbox, "/__reset");
  ({ productJwt } = await loginAs(sandbox, "ana.admin"));
  await control(sandbox, "/__requests", undefined, "DELETE");
});

const fault = (body: Record<string, unknown>) => control(sandbox, "/__faults", body);

describe("retries (ARCHITECTURE: Upstream clients)", () => {
  it("retries a GET after 5xx and succeeds on the third attempt", async () => {
    await fault({ path: "/api/memberaccounts", method: "GET", kind: "status", status: 503, times: 2 });
    const accounts = await clients(sandbox, { productJwt }).product.memberAccounts();
    expect(accounts.length).toBeGreaterThan(0);
    expect(await requestCount(sandbox, "/api/memberaccounts")).toBe(3);
  });

  it("never resends a 429: the service asked for fewer calls (the breaker holds them for its Retry-After)", async () => {
    await fault({ path: "/api/conceptpays", kind: "status", status: 429, retryAfter: 0, times: 1 });
    await expect(clients(sandbox, { productJwt }).product.conceptPays()).rejects.toMatchObject({ details: { status: 429 } });
    expect(await requestCount(sandbox, "/api/conceptpays")).toBe(1);
  });

  it("waits a short Retry-After of a 503 before retrying", async () => {
    await fault({ path: "/api/conceptpays", kind: "status", status: 503, retryAfter: 0, times: 1 });
    await expect(clients(sandbox, { productJwt }).product.conceptPays()).resolves.not.toHaveLength(0);
    expect(await requestCount(sandbox, "/api/conceptpays")).toBe(2);
  });

  it("answers at once when a Retry-After is longer than it would ever wait", async () => {
    await fault({ path: "/api/today", kind: "status", status: 503, retryAfter: 3600, times: -1 });
    await expect(clients(sandbox, { productJwt }).product.today()).rejects.toMatchObject({ details: { status: 503 } });
    expect(await requestCount(sandbox, "/api/today")).toBe(1);
  });

  it("gives up after 3 retries (4 attempts) and reports the status", async () => {
    await fault({ path: "/api/today", kind: "status", status: 500, times: -1 });
    const error = (await clients(sandbox, { productJwt })
      .product.today()
      .catch((e: unknown) => e)) as UpstreamError;
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.status).toBe(500);
    expect(await requestCount(sandbox, "/api/today")).toBe(4);
  });

  it("never retries a POST that is not idempotent", async () => {
    await fault({ path: "/api/loggeroperations", kind: "status", status: 503, times: 1 });
    const { product } = clients(sandbox, { productJwt });
    await expect(product.logOperation({ application: "portal", error: "x", context: "test", operation: "none" })).rejects.toMatchObject({
      details: { status: 503 },
    });
    expect(await requestCount(sandbox, "/api/loggeroperations")).toBe(1);
  });

  it("does not retry a final 4xx", async () => {
    const { product } = clients(sandbox, { productJwt: "bad" });
    await expect(product.pairs()).rejects.toMatchObject({ details: { status: 401 } });
    expect(await requestCount(sandbox, "/api/filter-pairs")).toBe(1);
  });
});

describe("bad answers", () => {
  it("turns a malformed body into an upstream error, not a crash", async () => {
    await fault({ path: "/api/filter-pairs", kind: "malformed", times: 1 });
    const error = (await clients(sandbox, { productJwt })
      .product.pairs()
      .catch((e: unknown) => e)) as UpstreamError;
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.failure).toBe("malformed");
  });

  it("times out a silent upstream and retries the read", async () => {
    await fault({ path: "/api/today", kind: "timeout", times: 1 });
    const { createHttp } = await import("../../server/upstream/http.server");
    const { silentLog, FAST_RETRY } = await import("../support/sandbox");
    const { z } = await import("zod");
    const http = createHttp({ service: "product", baseUrl: `${sandbox.url}/api`, token: productJwt, log: silentLog, retry: FAST_RETRY });
    const body = await http.request({ method: "GET", path: "/today", schema: z.object({ today: z.string() }), timeoutMs: 300 });
    expect(body.today).toMatch(/^\d{4}-/);
    expect(await requestCount(sandbox, "/api/today")).toBe(2);
  });

  it("stops retrying when the browser goes away", async () => {
    await fault({ path: "/api/today", kind: "status", status: 503, times: -1 });
    const controller = new AbortController();
    const { product } = clients(
      sandbox,
      { productJwt },
      { signal: controller.signal, timeoutRetry: { retries: 3, minTimeoutMs: 500, maxRetryAfterMs: 500 } },
    );
    const pending = product.today().catch((e: unknown) => e);
    // The browser leaves once the first attempt reached the bank, while the client backs off to retry.
    await until(async () => (await requestCount(sandbox, "/api/today")) >= 1, { what: "the first attempt" });
    controller.abort();
    const error = (await pending) as UpstreamError;
    expect(error.failure).toBe("aborted");
    expect(await requestCount(sandbox, "/api/today")).toBe(1);
  });

  it("a page with many calls in flight puts one listener on the browser's signal, and its going away stops them all", async () => {
    await control(sandbox, "/__latency", { ms: 300 });
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    const controller = new AbortController();
    const { product } = clients(sandbox, { productJwt }, { signal: controller.signal });
    const pending = Promise.all(
      Array.from({ length: 25 }, () =>
        product.today().then(
          () => null,
          (e: unknown) => e as UpstreamError,
        ),
      ),
    );
    try {
      // Every call has reached the bank (which holds each 300 ms) before the signal is looked at.
      await until(async () => (await requestCount(sandbox, "/api/today")) === 25, { what: "the 25 calls to reach the bank" });
      expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
      controller.abort();
      expect((await pending).map((outcome) => outcome?.failure)).toEqual(Array(25).fill("aborted"));
      expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
      // Node's "possible EventTarget memory leak" warning, which goes to stderr rather than the JSON log.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((warning) => warning.name === "MaxListenersExceededWarning")).toEqual([]);
    } finally {
      controller.abort();
      await pending;
      process.off("warning", onWarning);
    }
  });

  it("adds the global latency to every upstream call", async () => {
    await control(sandbox, "/__latency", { ms: 150 });
    const started = performance.now();
    await clients(sandbox, { productJwt }).product.today();
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });
});

describe("the request's budget (docs/decisions/027)", () => {
  const todaySchema = z.object({ today: z.string() });
  /** A client whose budget runs on a clock the test moves: each attempt costs `attemptMs` of it. */
  function budgeted(options: { budgetMs: number; attemptMs?: number; retry?: RetryPolicy; now?: () => number }) {
    let fakeNow = 0;
    const clock = options.now ?? (() => fakeNow);
    const http = createHttp({
      service: "product",
      baseUrl: `${sandbox.url}/api`,
      token: productJwt,
      log: silentLog,
      retry: options.retry ?? { retries: 10, minTimeoutMs: 10, maxRetryAfterMs: 200 },
      budget: budgetFrom(clock(), options.budgetMs, clock),
      fetchImpl: (input, init) => {
        fakeNow += options.attemptMs ?? 0;
        return fetch(input, init);
      },
    });
    return http;
  }

  it("stops retrying when the back-off and one more attempt no longer fit what is left", async () => {
    await fault({ path: "/api/today", kind: "status", status: 503, times: -1 });
    // 1 s budget, 300 ms per attempt, 100 ms the least worth starting: the fourth would not fit.
    const http = budgeted({ budgetMs: 1_000, attemptMs: 300 });
    await expect(http.request({ method: "GET", path: "/today", schema: todaySchema })).rejects.toMatchObject({ details: { status: 503 } });
    expect(await requestCount(sandbox, "/api/today")).toBe(3);
  });

  it("clips an attempt's own time limit to what is left of the budget", async () => {
    await fault({ path: "/api/today", kind: "timeout", times: -1 });
    const http = budgeted({ budgetMs: 300, now: () => performance.now() });
    const started = performance.now();
    const error = (await http
      .request({ method: "GET", path: "/today", schema: todaySchema, timeoutMs: 10_000 })
      .catch((e: unknown) => e)) as UpstreamError;
    expect(error.failure).toBe("timeout");
    // Not the attempt's own 10 s: the 300 ms budget, with a generous margin for a busy machine.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await requestCount(sandbox, "/api/today")).toBe(1);
  });

  it("sends nothing once the budget is spent", async () => {
    let now = 0;
    const http = budgeted({ budgetMs: 1_000, now: () => now });
    now = 950;
    await expect(http.request({ method: "GET", path: "/today", schema: todaySchema })).rejects.toMatchObject({
      failure: "unavailable",
      details: { reason: "budget" },
    });
    expect(await requestCount(sandbox, "/api/today")).toBe(0);
  });
});

describe("the service's breaker (docs/decisions/027)", () => {
  const todaySchema = z.object({ today: z.string() });
  function guarded(breaker: CircuitBreaker, retry: RetryPolicy = NO_RETRY) {
    return createHttp({ service: "product", baseUrl: `${sandbox.url}/api`, token: productJwt, log: silentLog, retry, breaker });
  }
  const today = (http: ReturnType<typeof guarded>) =>
    http.request({ method: "GET", path: "/today", schema: todaySchema }).catch((e: unknown) => e as UpstreamError);

  it("opens after repeated 5xx, refuses calls without sending them, and closes after a good probe", async () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 3, openMs: 30_000 }, () => now);
    const http = guarded(breaker);
    await fault({ path: "/api/today", kind: "status", status: 500, times: 3 });
    for (let i = 0; i < 3; i += 1) expect(await today(http)).toMatchObject({ details: { status: 500 } });
    expect(breaker.state).toBe("open");

    expect(await today(http)).toMatchObject({ failure: "unavailable", details: { reason: "breaker" } });
    expect(await requestCount(sandbox, "/api/today")).toBe(3);

    now += 30_000;
    expect(await today(http)).toMatchObject({ today: expect.any(String) });
    expect(breaker.state).toBe("closed");
    expect(await requestCount(sandbox, "/api/today")).toBe(4);
  });

  it("counts timeouts and dropped connections, not 4xx business answers or malformed bodies", async () => {
    const breaker = new CircuitBreaker({ failureThreshold: 2, openMs: 30_000 }, () => 0);
    const http = guarded(breaker);
    await fault({ path: "/api/today", kind: "status", status: 404, times: 3 });
    await fault({ path: "/api/filter-pairs", kind: "malformed", times: 3 });
    for (let i = 0; i < 3; i += 1) await today(http);
    for (let i = 0; i < 3; i += 1)
      await http.request({ method: "GET", path: "/filter-pairs", schema: z.unknown().refine(() => false) }).catch(() => null);
    expect(breaker.state).toBe("closed");

    await fault({ path: "/api/today", kind: "drop", times: 1 });
    expect(await today(http)).toMatchObject({ failure: "network" });
    const timingOut = createHttp({
      service: "product",
      baseUrl: `${sandbox.url}/api`,
      token: productJwt,
      log: silentLog,
      retry: NO_RETRY,
      breaker,
      defaultTimeoutMs: 100,
    });
    await fault({ path: "/api/today", kind: "timeout", times: 1 });
    expect(await today(timingOut)).toMatchObject({ failure: "timeout" });
    expect(breaker.state).toBe("open");
  });

  it("holds every call for a 429's Retry-After, then lets one probe through", async () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 5, openMs: 30_000 }, () => now);
    const http = guarded(breaker, FAST_RETRY);
    await fault({ path: "/api/today", kind: "status", status: 429, retryAfter: 2, times: 1 });
    expect(await today(http)).toMatchObject({ details: { status: 429 } });
    expect(await today(http)).toMatchObject({ failure: "unavailable" });
    expect(await requestCount(sandbox, "/api/today")).toBe(1);
    now += 2_000;
    expect(await today(http)).toMatchObject({ today: expect.any(String) });
    expect(await requestCount(sandbox, "/api/today")).toBe(2);
  });

  it("stops a GET's retries as soon as the breaker opens", async () => {
    const breaker = new CircuitBreaker({ failureThreshold: 2, openMs: 30_000 }, () => 0);
    await fault({ path: "/api/today", kind: "status", status: 503, times: -1 });
    expect(await today(guarded(breaker, FAST_RETRY))).toMatchObject({ details: { status: 503 } });
    expect(await requestCount(sandbox, "/api/today")).toBe(2);
  });
});

describe("keyed POSTs (money) under a dropped connection", () => {
  it("never resends one whose outcome is unknown, and resends a GET", async () => {
    const http = createHttp({ service: "product", baseUrl: `${sandbox.url}/api`, token: productJwt, log: silentLog, retry: FAST_RETRY });
    await fault({ path: "/api/setoperation", kind: "drop", times: 1 });
    const error = (await http
      .request({ method: "POST", path: "/setoperation", body: {}, schema: z.unknown(), idempotencyKey: "clave-1" })
      .catch((e: unknown) => e)) as UpstreamError;
    expect(error.failure).toBe("network");
    expect(await requestCount(sandbox, "/api/setoperation")).toBe(1);

    await fault({ path: "/api/today", kind: "drop", times: 1 });
    await expect(http.request({ method: "GET", path: "/today", schema: z.object({ today: z.string() }) })).resolves.toBeTruthy();
    expect(await requestCount(sandbox, "/api/today")).toBe(2);
  });
});

describe("the upstream metrics (docs/decisions/040)", () => {
  const service = "product-metrics";
  const todaySchema = z.object({ today: z.string() });
  const http = (options: { retry?: RetryPolicy; breaker?: CircuitBreaker } = {}) =>
    createHttp({ service, baseUrl: `${sandbox.url}/api`, token: productJwt, log: silentLog, retry: FAST_RETRY, ...options });
  const attempts = (outcome: string) =>
    sampleOf("portal_upstream_call_duration_seconds", { upstream: service, outcome }, "portal_upstream_call_duration_seconds_count");
  const errors = (kind: string) => sampleOf("portal_upstream_errors_total", { upstream: service, kind });
  const retries = () => sampleOf("portal_upstream_retries_total", { upstream: service });

  it("time every attempt sent, and count the upstream's errors and the retries they caused", async () => {
    const before = {
      ok: await attempts("ok"),
      failed: await attempts("5xx"),
      errors: await errors("status_5xx"),
      retries: await retries(),
    };
    await fault({ path: "/api/today", kind: "status", status: 503, times: 2 });
    await expect(http().request({ method: "GET", path: "/today", schema: todaySchema })).resolves.toBeTruthy();
    expect(await attempts("ok")).toBe(before.ok + 1);
    expect(await attempts("5xx")).toBe(before.failed + 2);
    expect(await errors("status_5xx")).toBe(before.errors + 2);
    expect(await retries()).toBe(before.retries + 2);
  });

  it("count a call the open breaker kept from being sent", async () => {
    const before = await errors("breaker_open");
    const breaker = new CircuitBreaker({ failureThreshold: 1, openMs: 30_000 }, () => 0);
    await fault({ path: "/api/today", kind: "status", status: 500, times: 1 });
    const guarded = http({ retry: NO_RETRY, breaker });
    for (let call = 0; call < 2; call += 1) {
      await guarded.request({ method: "GET", path: "/today", schema: todaySchema }).catch(() => undefined);
    }
    expect(await errors("breaker_open")).toBe(before + 1);
    expect(await requestCount(sandbox, "/api/today")).toBe(1);
  });
});
