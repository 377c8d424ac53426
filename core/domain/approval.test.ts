import { describe, expect, it } from "vitest";

import {
  approvalDecisionSchema,
  approvalNotice,
  canDecideApprovals,
  challengeHref,
  decisionIntent,
  decisionProblem,
  offersActivationRequest,
  showsApprovalsMenu,
  waitingForApproval,
} from "./approval";
import { OPERATION_STATUSES } from "./operation-status";

const KEY = "6f1c2a3e-8b9d-4c1e-9f0a-1b2c3d4e5f60";

describe("who decides (§6)", () => {
  it("lets an administrator approve or void, never a collaborator", () => {
    expect(canDecideApprovals({ profileType: "ADMINISTRADOR" })).toBe(true);
    expect(canDecideApprovals({ profileType: "COLABORADOR" })).toBe(false);
  });

  it("shows the approve menu only with the feature on and to an administrator", () => {
    expect(showsApprovalsMenu({ permissionsFeatureEnabled: true, administrator: true })).toBe(true);
    expect(showsApprovalsMenu({ permissionsFeatureEnabled: false, administrator: true })).toBe(false);
    expect(showsApprovalsMenu({ permissionsFeatureEnabled: true, administrator: false })).toBe(false);
  });
});

describe("which operations wait (§4 'Por aprobar')", () => {
  it("keeps the flagged operations still sent or validating, and nothing else", () => {
    const operations = OPERATION_STATUSES.flatMap((status) => [
      { id: `${status}-flag`, status, requires_admin_approval: true },
      { id: `${status}-plain`, status, requires_admin_approval: false },
    ]);
    expect(waitingForApproval(operations).map((operation) => operation.id)).toEqual(["sent-flag", "validating-flag"]);
  });

  it("lets an operation go once it is approved and challenged, or voided", () => {
    const waiting = { status: "sent" as const, requires_admin_approval: true };
    expect(waitingForApproval([waiting])).toHaveLength(1);
    for (const status of ["applying", "applied", "notApplied", "notAppliedByAdmin"] as const) {
      expect(waitingForApproval([{ ...waiting, status }])).toEqual([]);
    }
  });
});

describe("the decision form", () => {
  it("accepts the two intents with an operation id and a UUID key", () => {
    expect(approvalDecisionSchema.safeParse({ intent: "aprobar", id: "1002", idempotencyKey: KEY }).success).toBe(true);
    expect(approvalDecisionSchema.safeParse({ intent: "anular", id: "1002", idempotencyKey: KEY }).success).toBe(true);
  });

  it("refuses anything else", () => {
    for (const bad of [
      { intent: "borrar", id: "1002", idempotencyKey: KEY },
      { intent: "aprobar", id: "10a2", idempotencyKey: KEY },
      { intent: "aprobar", id: "1".repeat(13), idempotencyKey: KEY },
      { intent: "aprobar", id: "1002", idempotencyKey: "no-es-uuid" },
      { intent: "aprobar", id: "1002" },
      {},
    ]) {
      expect(approvalDecisionSchema.safeParse(bad).success).toBe(false);
    }
  });

  it("fingerprints the decision and the operation, so one key cannot approve one and void another", () => {
    const approve = decisionIntent({ intent: "aprobar", id: "1002", idempotencyKey: KEY });
    expect(approve).toBe("approve|1002");
    expect(decisionIntent({ intent: "anular", id: "1002", idempotencyKey: KEY })).not.toBe(approve);
    expect(decisionIntent({ intent: "aprobar", id: "1015", idempotencyKey: KEY })).not.toBe(approve);
  });
});

describe("the product's refusals", () => {
  it("reads the codes of PUT /operations", () => {
    expect(decisionProblem(409, "ALREADY_APPROVED")).toBe("alreadyApproved");
    expect(decisionProblem(409, "NOT_AWAITING_APPROVAL")).toBe("notWaiting");
    expect(decisionProblem(409, "OPERATION_NOT_PENDING")).toBe("notWaiting");
    expect(decisionProblem(422, "INSUFFICIENT_FUNDS")).toBe("funds");
    expect(decisionProblem(409, undefined)).toBe("notWaiting");
    expect(decisionProblem(500, undefined)).toBe("upstream");
    expect(decisionProblem(400, "INVALID_BODY")).toBe("upstream");
  });
});

describe("challengeHref", () => {
  it("adds the operation type to the product's challenge uri, and nothing else", () => {
    expect(challengeHref("http://banco.test/challenge/?trk=abc", "transfer")).toBe(
      "http://banco.test/challenge/?trk=abc&operation=transfer",
    );
    expect(challengeHref("http://banco.test/challenge/?trk=abc&operation=buy", "sell")).toBe(
      "http://banco.test/challenge/?trk=abc&operation=sell",
    );
  });
});

describe("offersActivationRequest", () => {
  it("offers 'Solicitar Activación' only to an administrator whose company is known to be without the feature", () => {
    expect(offersActivationRequest({ administrator: true, permissionsFeatureEnabled: false })).toBe(true);
    expect(offersActivationRequest({ administrator: true, permissionsFeatureEnabled: true })).toBe(false);
    expect(offersActivationRequest({ administrator: true, permissionsFeatureEnabled: null })).toBe(false);
    expect(offersActivationRequest({ administrator: false, permissionsFeatureEnabled: false })).toBe(false);
  });
});

describe("the detail's approval notice (§4 'Por aprobar', decision 092)", () => {
  it("says 'Por aprobar' only until an administrator approves", () => {
    for (const viewerDecides of [true, false]) {
      expect(approvalNotice({ awaitsApproval: true, approved: true, viewerDecides })).not.toBe("awaitingApproval");
    }
    expect(approvalNotice({ awaitsApproval: true, approved: false, viewerDecides: false })).toBe("awaitingApproval");
  });

  it("does not tell the administrator who decides that it went to 'the administrator': her decision card says it", () => {
    expect(approvalNotice({ awaitsApproval: true, approved: false, viewerDecides: true })).toBeNull();
  });

  it("leaves an approved one to the administrator's decision, and tells anyone else it was approved", () => {
    expect(approvalNotice({ awaitsApproval: true, approved: true, viewerDecides: true })).toBeNull();
    expect(approvalNotice({ awaitsApproval: true, approved: true, viewerDecides: false })).toBe("approved");
  });

  it("shows none once the operation no longer waits", () => {
    for (const approved of [true, false]) {
      for (const viewerDecides of [true, false]) {
        expect(approvalNotice({ awaitsApproval: false, approved, viewerDecides })).toBeNull();
      }
    }
  });
});
