import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { HISTORY_OPERATIONS_PER_COMPANY } from "./history-seed";
import type { Sandbox } from "./server";
import { startSandbox } from "./server";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appUrl: "http://localhost:3999", now: () => new Date("2026-11-20T18:00:00Z") });
});
afterAll(() => sandbox.close());

const STATUSES = [
  "applied",
  "appliedNoReceipt",
  "applying",
  "fixappliedNoReceipt",
  "fixApplying",
  "notApplied",
  "notAppliedCan",
  "notApplying",
  "returned",
  "sent",
  "validating",
  "notAppliedByAdmin",
];

describe("seeded operation history", () => {
  it("gives every company with a product member at least 60 operations of every kind and status", () => {
    const byCompany = new Map<string, typeof sandbox.state.operations>();
    for (const operation of sandbox.state.operations)
      byCompany.set(operation.clientId, [...(byCompany.get(operation.clientId) ?? []), operation]);
    expect([...byCompany.keys()].sort()).toEqual(["100234", "100871", "200115", "300501"]);
    for (const operations of byCompany.values()) {
      expect(operations.length).toBe(HISTORY_OPERATIONS_PER_COMPANY);
      expect(operations.length).toBeGreaterThanOrEqual(60);
      expect(new Set(operations.map((operation) => operation.status))).toEqual(new Set(STATUSES));
      expect(new Set(operations.map((operation) => operation.operation))).toEqual(new Set(["buy", "sell", "transfer"]));
    }
  });

  it("has returned, directly cancelled, awaiting-approval and admin-voided operations with their traces", () => {
    const operations = sandbox.state.operations;
    const binnacle = (id: number) => sandbox.state.binnacles.filter((entry) => entry.operationId === id);
    expect(operations.filter((o) => o.status === "returned").every((o) => o.reasonReturned && o.referenceGFB)).toBe(true);
    expect(operations.filter((o) => o.status === "sent" && o.requiresAdminApproval).length).toBeGreaterThanOrEqual(8);
    expect(operations.filter((o) => o.status === "notAppliedByAdmin").every((o) => o.requiresAdminApproval)).toBe(true);
    // Carlos (a collaborator of 100234) is the one who needs approval there.
    expect(operations.filter((o) => o.clientId === "100234" && o.requiresAdminApproval).every((o) => o.memberId === 2)).toBe(true);
    const direct = operations
      .filter((o) => ["notApplied", "notAppliedCan"].includes(o.status))
      .filter((o) => {
        const entries = binnacle(o.id);
        return entries.length === 1 || entries.every((entry) => entry.status === "notApplied" || entry.status === "notAppliedCan");
      });
    expect(direct.length).toBeGreaterThanOrEqual(8);
    for (const operation of operations) expect(binnacle(operation.id).length).toBeGreaterThan(0);
    expect(operations.filter((o) => o.status === "applied" && o.referenceGFB).length).toBeGreaterThan(150);
    expect(operations.some((o) => o.status === "applied" && !o.referenceGFB)).toBe(true);
    expect(operations.filter((o) => o.operation === "transfer").every((o) => o.recipientId !== null)).toBe(true);
  });

  it("is restored by /__reset, with the outbox emptied", async () => {
    sandbox.state.operations.splice(0, 5);
    sandbox.state.outbox.push({
      id: 1,
      clientId: "100234",
      memberId: 1,
      template: "sendReceipts",
      to: ["a@b.mx"],
      data: {},
      attachments: [],
      at: "",
    });
    await fetch(`${sandbox.url}/__reset`, { method: "POST" });
    expect(sandbox.state.operations).toHaveLength(4 * HISTORY_OPERATIONS_PER_COMPANY);
    expect(sandbox.state.outbox).toEqual([]);
    expect(await (await fetch(`${sandbox.url}/__operations`)).json()).toEqual([]);
  });
});
