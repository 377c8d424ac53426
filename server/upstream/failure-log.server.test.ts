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

type Log = ReturnType<typeof capturedLog>["log"];
const PERIOD = { kind: "buy", pair: "USDMXN", yearFrom: "2026-01-01", yearTo: "2026-12-31" } as unknown as PortfolioPeriod;

/** Each read that falls back when the product fails: how it is made to fail, its fallback and its warning's event. */
const reads: Array<{ read: string; run: (fail: () => Promise<never>, log: Log) => Promise<unknown>; fallback: unknown; event: string }> = [
  {
    read: "membership",
    run: (fail, log) => membershipIdOrNull({ api: { membership: { current: fail } }, log } as unknown as AccessContext),
    fallback: null,
    event: "membership_unreadable",
  },
  {
    read: "contact data",
    run: (fail, log) => loadContactView({ profile: fail } as unknown as ContactClient, "7", new URL("http://portal.test/"), log),
    fallback: { unavailable: true },
    event: "contact_profile_unavailable",
  },
  {
    read: "portfolio",
    run: (fail, log) => loadPortfolioOperations({ api: { operations: { page: fail } }, log } as unknown as AccessContext, PERIOD),
    fallback: { ok: false },
    event: "portfolio_unavailable",
  },
];

describe.each(reads)("the $read read, when the product fails", ({ run, fallback, event }) => {
  it("falls back and warns when the product timed out", async () => {
    const { log, lines } = capturedLog();
    expect(await run(() => Promise.reject(timedOut()), log)).toEqual(fallback);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, event, failure: "timeout" });
  });

  it("falls back without a warning when the call was cut because the browser left", async () => {
    const { log, lines } = capturedLog();
    expect(await run(() => Promise.reject(cut()), log)).toEqual(fallback);
    expect(lines).toEqual([]);
  });
});
