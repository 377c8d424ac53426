import { describe, expect, it } from "vitest";

import type { SandboxContext } from "./context";
import { recordRequest, REQUEST_LOG_LIMIT } from "./faults";
import type { SandboxState } from "./types";

describe("the request log", () => {
  const at = new Date("2026-03-10T18:00:00.000Z");
  const context = () => ({ state: { requests: [] } as unknown as SandboxState, now: () => at }) as unknown as SandboxContext;

  it("keeps every call up to its bound, in order", () => {
    const ctx = context();
    for (let i = 0; i < REQUEST_LOG_LIMIT; i += 1) recordRequest(ctx, "GET", `/api/${i}`);
    expect(ctx.state.requests).toHaveLength(REQUEST_LOG_LIMIT);
    expect(ctx.state.requests[0]).toEqual({ method: "GET", path: "/api/0", at: at.toISOString() });
  });

  it("drops the oldest calls past its bound and never holds more than a batch over it", () => {
    const ctx = context();
    const calls = REQUEST_LOG_LIMIT * 3 + 17;
    let longest = 0;
    for (let i = 0; i < calls; i += 1) {
      recordRequest(ctx, "GET", `/api/${i}`);
      longest = Math.max(longest, ctx.state.requests.length);
    }
    expect(longest).toBeLessThanOrEqual(REQUEST_LOG_LIMIT * 1.1);
    expect(ctx.state.requests.length).toBeGreaterThanOrEqual(REQUEST_LOG_LIMIT);
    expect(ctx.state.requests.at(-1)!.path).toBe(`/api/${calls - 1}`);
    const first = Number(ctx.state.requests[0]!.path.slice("/api/".length));
    expect(ctx.state.requests.map((entry) => entry.path)).toEqual(Array.from({ length: calls - first }, (_, i) => `/api/${first + i}`));
  });
});
