import { describe, expect, it } from "vitest";

import type { RegistrationState } from "./payment-batch";
import { fileState, maySignPayments, rowStatus, rowTone, totalsText } from "./payment-batch";
import { approveFileSchema, authoriseFileSchema, authoriseOperationSchema } from "./payment-batch-form";

describe("maySignPayments", () => {
  it("lets administrators and collaborators who send sign; not those who only load", () => {
    expect(maySignPayments({ profileType: "ADMINISTRADOR", permissions: [] })).toBe(true);
    expect(maySignPayments({ profileType: "COLABORADOR", permissions: ["send_money_to_third_accounts", "can_execute_operations"] })).toBe(
      true,
    );
    expect(maySignPayments({ profileType: "COLABORADOR", permissions: ["send_money_to_third_accounts", "can_create_operations"] })).toBe(
      false,
    );
  });
});

describe("totalsText", () => {
  it("writes each currency's total as es-MX money, joined with commas and 'y'", () => {
    expect(
      totalsText([
        { currency: "MXN", total: "1234567.89" },
        { currency: "USD", total: 12000 },
      ]),
    ).toBe("$1,234,567.89 MXN y $12,000.00 USD");
    expect(totalsText([{ currency: "EUR", total: "10.5" }])).toBe("€10.50 EUR");
    expect(
      totalsText([
        { currency: "MXP", total: 1 },
        { currency: "USD", total: 2 },
        { currency: "EUR", total: 3 },
      ]),
    ).toBe("$1.00 MXN, $2.00 USD y €3.00 EUR");
  });
});

describe("rowStatus", () => {
  const row = (registration: RegistrationState | null, batch: Parameters<typeof rowStatus>[0]["batch"] = null) => ({
    valid: true,
    registering: false,
    registration,
    batch,
  });

  it("says a registered row waits for the token until the signed batch says what happened to it", () => {
    expect(rowStatus(row("registered"))).toBe("toAuthorise");
    expect(rowStatus(row("approval"))).toBe("toApprove");
    expect(rowStatus(row("registered", { result: null, reason: null }))).toBe("toAuthorise");
    expect(rowStatus(row("registered", { result: "sent", reason: null }))).toBe("sent");
    expect(rowStatus(row("approval", { result: "sent", reason: null }))).toBe("sent");
    expect(rowStatus(row("registered", { result: "failed", reason: "funds" }))).toBe("failedFunds");
    expect(rowStatus(row("registered", { result: "failed", reason: "challenge" }))).toBe("failedChallenge");
    expect(rowStatus(row("registered", { result: "skipped", reason: "notWaiting" }))).toBe("skipped");
  });

  it("keeps what registration said of the other rows", () => {
    expect(rowStatus({ ...row(null), valid: false })).toBe("invalid");
    expect(rowStatus(row(null))).toBe("ready");
    expect(rowStatus({ ...row(null), registering: true })).toBe("registering");
    expect(rowStatus(row("failed"))).toBe("notRegistered");
    expect(rowStatus(row("unknown"))).toBe("unknown");
    expect(rowStatus(row("notSent"))).toBe("notSent");
  });

  it("colours only money sent green", () => {
    expect(rowTone("sent")).toBe("good");
    expect(rowTone("toAuthorise")).toBe("pending");
    expect(rowTone("toApprove")).toBe("pending");
    expect(rowTone("skipped")).toBe("pending");
    expect(rowTone("failedFunds")).toBe("bad");
  });
});

describe("fileState", () => {
  const base = { finished: true, total: 45, registered: 45, approval: 0, batch: null };

  it("is amber while registered rows wait for the token, never green before money moves", () => {
    expect(fileState({ ...base, finished: false })).toBe("registering");
    expect(fileState(base)).toBe("toAuthorise");
    expect(fileState({ ...base, batch: { status: "pending", sent: 0 } })).toBe("toAuthorise");
    expect(fileState({ ...base, registered: 0, approval: 45 })).toBe("toApprove");
    expect(fileState({ ...base, registered: 0, approval: 45, batch: { status: "awaitingApproval", sent: 0 } })).toBe("toApprove");
  });

  it("is green when every row's money was sent, partial when some was, failed when none", () => {
    expect(fileState({ ...base, batch: { status: "processed", sent: 45 } })).toBe("sent");
    expect(fileState({ ...base, batch: { status: "processed", sent: 44 } })).toBe("partial");
    expect(fileState({ ...base, registered: 43, batch: { status: "processed", sent: 43 } })).toBe("partial");
    expect(fileState({ ...base, batch: { status: "processed", sent: 0 } })).toBe("failed");
    expect(fileState({ ...base, registered: 0 })).toBe("failed");
  });
});

describe("the authorise forms", () => {
  it("take only what their pages render, and refuse anything else", () => {
    const key = "00000000-0000-4000-8000-000000000001";
    expect(authoriseFileSchema.safeParse({ intent: "autorizar", carga: "abc", idempotencyKey: key }).success).toBe(true);
    expect(authoriseFileSchema.safeParse({ intent: "registrar", carga: "abc", idempotencyKey: key }).success).toBe(false);
    expect(authoriseFileSchema.safeParse({ intent: "autorizar", carga: "abc", idempotencyKey: "x" }).success).toBe(false);
    expect(authoriseOperationSchema.safeParse({ intent: "autorizar", idempotencyKey: key }).success).toBe(true);
    expect(approveFileSchema.safeParse({ intent: "aprobar-archivo", lote: "12", idempotencyKey: key }).success).toBe(true);
    expect(approveFileSchema.safeParse({ intent: "aprobar-archivo", lote: "12; drop", idempotencyKey: key }).success).toBe(false);
  });
});
