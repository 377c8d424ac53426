import pino from "pino";
import { describe, expect, it } from "vitest";

import type { PortfolioPeriod } from "#core/domain/portfolio";

import { loadContactView } from "../contact/contact.server";
import { loadPortfolioOperations } from "../portfolio/portfolio.server";
import type { AccessContext } from "../session/auth.server";
import { membershipIdOrNull } from "../session/membership.server";
import type { ContactClient } from "./contact.server";
import { UpstreamError } from "./errors";
import { warnUpstreamFailure } from "./failure-log.server";

function capturedLog() {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { log, lines };
}

const timedOut = () => new UpstreamError("product", "timeout", "Tiempo agotado");
const cut = () => new UpstreamError("product", "aborted", "La solicitud fue cancelada.");

describe("warnUpstreamFailure", () => {
  it("warns with the caller's fields and message when an upstream failed", () => {
    const { log, lines } = capturedLog();
    warnUpstreamFailure(log, timedOut(), { event: "something_unavailable", failure: "timeout" }, "something failed");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, event: "something_unavailable", failure: "timeout", msg: "something failed" });
  });

  it("says nothing of a call cut because the browser left", () => {
    const { log, lines } = capturedLog();
    warnUpstreamFailure(log, cut(), { event: "something_unavailable" }, "something failed");
    expect(lines).toEqual([]);
  });
});

describe("the reads that fall back when an upstream fails", () => {
  it("membership: null either way; a warning only when the product failed", async () => {
    for (const [error, warnings] of [
      [timedOut(), 1],
      [cut(), 0],
    ] as const) {
      const { log, lines } = capturedLog();
      const access = { api: { membership: { current: () => Promise.reject(error) } }, log } as unknown as AccessContext;
      expect(await membershipIdOrNull(access)).toBeNull();
      expect(lines).toHaveLength(warnings);
      if (warnings) expect(lines[0]).toMatchObject({ level: 40, event: "membership_unreadable", failure: "timeout" });
    }
  });

  it("contact data: 'unavailable' either way; a warning only when the product failed", async () => {
    for (const [error, warnings] of [
      [timedOut(), 1],
      [cut(), 0],
    ] as const) {
      const { log, lines } = capturedLog();
      const api = { profile: () => Promise.reject(error) } as unknown as ContactClient;
      expect(await loadContactView(api, "7", new URL("http://portal.test/"), log)).toEqual({ unavailable: true });
      expect(lines).toHaveLength(warnings);
      if (warnings) expect(lines[0]).toMatchObject({ level: 40, event: "contact_profile_unavailable", failure: "timeout" });
    }
  });

  it("portfolio: not ok either way; a warning only when the product failed", async () => {
    const period = { kind: "buy", pair: "USDMXN", yearFrom: "2026-01-01", yearTo: "2026-12-31" } as unknown as PortfolioPeriod;
    for (const [error, warnings] of [
      [timedOut(), 1],
      [cut(), 0],
    ] as const) {
      const { log, lines } = capturedLog();
      const access = { api: { operations: { page: () => Promise.reject(error) } }, log } as unknown as AccessContext;
      expect(await loadPortfolioOperations(access, period)).toEqual({ ok: false });
      expect(lines).toHaveLength(warnings);
      if (warnings) expect(lines[0]).toMatchObject({ level: 40, event: "portfolio_unavailable", failure: "timeout" });
    }
  });
});
