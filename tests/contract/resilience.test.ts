import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { UpstreamError } from "../../server/upstream/errors";
import type { TestSandbox } from "../support/sandbox";
import { clients, control, loginAs, requestCount, startTestSandbox } from "../support/sandbox";

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

  it("retries a GET after 429, honouring Retry-After", async () => {
    await fault({ path: "/api/conceptpays", kind: "status", status: 429, retryAfter: 0, times: 1 });
    await expect(clients(sandbox, { productJwt }).product.conceptPays()).resolves.not.toHaveLength(0);
    expect(await requestCount(sandbox, "/api/conceptpays")).toBe(2);
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
    setTimeout(() => controller.abort(), 100);
    const error = (await pending) as UpstreamError;
    expect(error.failure).toBe("aborted");
    expect(await requestCount(sandbox, "/api/today")).toBe(1);
  });

  it("adds the global latency to every upstream call", async () => {
    await control(sandbox, "/__latency", { ms: 150 });
    const started = performance.now();
    await clients(sandbox, { productJwt }).product.today();
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });
});
