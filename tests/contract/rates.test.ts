import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { resetForTests } from "#server/lifecycle.server";

import { rateSeries } from "../../server/market/rate-series.server";
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
  await control(sandbox, "/__requests", undefined, "DELETE");
  resetForTests("upstream.cache");
  ({ productJwt } = await loginAs(sandbox, "ana.admin"));
});

describe("rate history client (decision 044)", () => {
  it("reads the day every 5 minutes and a year of daily closes, parsed", async () => {
    const { rates } = clients(sandbox, { productJwt });
    const [day, year] = await Promise.all([rates.rateHistory("USD/MXN", "1D"), rates.rateHistory("USD/MXN", "1A")]);
    expect(day).toMatchObject({ pair: "USD/MXN", range: "1D", interval: "5m" });
    expect(day.points.length).toBeGreaterThan(0);
    expect(year.interval).toBe("1d");
    expect(year.points.length).toBeGreaterThan(250);
  });

  it("retries a 503 like every GET, and turns a malformed body into an upstream error", async () => {
    await control(sandbox, "/__faults", { path: "/api/rate-history", kind: "status", status: 503, times: 1 });
    await expect(clients(sandbox, { productJwt }).rates.rateHistory("EUR/MXN", "1S")).resolves.toMatchObject({ range: "1S" });
    expect(await requestCount(sandbox, "/api/rate-history")).toBe(2);
    await control(sandbox, "/__faults", { path: "/api/rate-history", kind: "malformed", times: 1 });
    await expect(clients(sandbox, { productJwt }).rates.rateHistory("EUR/MXN", "1S")).rejects.toMatchObject({ name: "UpstreamError" });
  });

  it("keeps daily closes for the day but asks for the intraday series every time, ending both at the current price", async () => {
    const api = clients(sandbox, { productJwt });
    const first = await rateSeries(api, "USD/MXN", "1M");
    const second = await rateSeries(api, "USD/MXN", "1M");
    const log = (await control(sandbox, "/__requests?path=%2Fapi%2Frate-history", undefined, "GET")) as Array<{
      url?: string;
      path?: string;
    }>;
    const ranges = log.map((entry) => new URL(entry.url ?? entry.path ?? "", sandbox.url).searchParams.get("range"));
    expect(ranges.filter((range) => range === "1M")).toHaveLength(1);
    expect(ranges.filter((range) => range === "1D")).toHaveLength(2);
    const day = await rateSeries(api, "USD/MXN", "1D");
    expect(first.points.at(-1)?.rate).toBe(day.points.at(-1)?.rate);
    expect(second.points.length).toBe(first.points.length);
    expect(first.from).toBe(first.points[0].at);
  });
});
