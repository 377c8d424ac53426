import { describe, expect, it } from "vitest";

import type { LifecycleAction, LifecycleActor, LifecycleRefusal, OperationFacts, OperationPhase } from "./operation-lifecycle";
import {
  factsOf,
  holdsItsPayment,
  judge,
  judgePayNow,
  LIFECYCLE_ACTIONS,
  OPERATION_PHASES,
  phaseOf,
  shownStatus,
} from "./operation-lifecycle";
import { OPERATION_STATUSES } from "./operation-status";

const ANA: LifecycleActor = { memberId: "1", administrator: true };
const OTHER_ADMIN: LifecycleActor = { memberId: "7", administrator: true };
const CARLOS: LifecycleActor = { memberId: "2", administrator: false };

const facts = (overrides: Partial<OperationFacts>): OperationFacts => ({
  status: "sent",
  requiresAdminApproval: false,
  approvedBy: null,
  challengeResult: null,
  ...overrides,
});

/** One operation in each phase, as the product would describe it. */
const IN_PHASE: Record<OperationPhase, OperationFacts> = {
  awaitingApproval: facts({ requiresAdminApproval: true }),
  approved: facts({ requiresAdminApproval: true, approvedBy: "1" }),
  awaitingToken: facts({}),
  verifying: facts({ status: "validating" }),
  confirmed: facts({ status: "applying", challengeResult: "0" }),
  sent: facts({ status: "applied", challengeResult: "0" }),
  voided: facts({ status: "notAppliedByAdmin", requiresAdminApproval: true }),
  cancelled: facts({ status: "notApplied", challengeResult: "7" }),
  timedOut: facts({ status: "notApplied", challengeResult: "5" }),
  failed: facts({ status: "notApplied", challengeResult: "1" }),
  returned: facts({ status: "returned", challengeResult: "0" }),
};

describe("the phase of an operation", () => {
  it("is derived from the status, the approval flag, who approved and the recorded challenge result", () => {
    for (const phase of OPERATION_PHASES) expect(phaseOf(IN_PHASE[phase])).toBe(phase);
  });

  it("gives every status of §4 a phase, whatever the other facts", () => {
    for (const status of OPERATION_STATUSES) {
      for (const requiresAdminApproval of [false, true]) {
        for (const approvedBy of [null, "1"]) {
          for (const challengeResult of [null, "0", "1", "5", "7"]) {
            expect(OPERATION_PHASES).toContain(phaseOf({ status, requiresAdminApproval, approvedBy, challengeResult }));
          }
        }
      }
    }
  });

  it("reads 'sent' with a recorded result as being verified, not as waiting", () => {
    expect(phaseOf(facts({ challengeResult: "0" }))).toBe("verifying");
    expect(phaseOf(facts({ requiresAdminApproval: true, approvedBy: "1", challengeResult: "0" }))).toBe("verifying");
  });

  it("tells a cancellation and a time-out from other failures, and a cancelled status as cancelled", () => {
    expect(phaseOf(facts({ status: "notApplying", challengeResult: "7" }))).toBe("cancelled");
    expect(phaseOf(facts({ status: "notApplying" }))).toBe("failed");
    expect(phaseOf(facts({ status: "notAppliedCan" }))).toBe("cancelled");
    expect(phaseOf(facts({ status: "fixappliedNoReceipt" }))).toBe("sent");
    expect(phaseOf(facts({ status: "fixApplying" }))).toBe("confirmed");
  });

  it("reads the product's view", () => {
    expect(factsOf({ status: "sent", requires_admin_approval: true, approved_by: { id: "1" }, responseChallenge: null })).toEqual({
      status: "sent",
      requiresAdminApproval: true,
      approvedBy: "1",
      challengeResult: null,
    });
    expect(factsOf({ status: "applying", requires_admin_approval: false, responseChallenge: { res: "0" } })).toEqual({
      status: "applying",
      requiresAdminApproval: false,
      approvedBy: null,
      challengeResult: "0",
    });
  });
});

type Expected = "allowed" | LifecycleRefusal;

/** Every phase × action, for the approving administrator (Ana). */
const FOR_ANA: Record<OperationPhase, Record<LifecycleAction, Expected>> = {
  awaitingApproval: {
    approve: "allowed",
    void: "allowed",
    recordChallenge: "awaitingApproval",
    cancel: "awaitingApproval",
    authoriseWithToken: "allowed",
  },
  approved: {
    approve: "allowed",
    void: "alreadyApproved",
    recordChallenge: "allowed",
    cancel: "allowed",
    authoriseWithToken: "allowed",
  },
  awaitingToken: {
    approve: "noApprovalNeeded",
    void: "noApprovalNeeded",
    recordChallenge: "allowed",
    cancel: "allowed",
    authoriseWithToken: "allowed",
  },
  verifying: {
    approve: "verifying",
    void: "verifying",
    recordChallenge: "verifying",
    cancel: "verifying",
    authoriseWithToken: "verifying",
  },
  confirmed: { approve: "confirmed", void: "confirmed", recordChallenge: "allowed", cancel: "confirmed", authoriseWithToken: "confirmed" },
  sent: { approve: "sent", void: "sent", recordChallenge: "allowed", cancel: "sent", authoriseWithToken: "sent" },
  voided: { approve: "voided", void: "voided", recordChallenge: "voided", cancel: "voided", authoriseWithToken: "voided" },
  cancelled: { approve: "cancelled", void: "cancelled", recordChallenge: "allowed", cancel: "cancelled", authoriseWithToken: "cancelled" },
  timedOut: { approve: "timedOut", void: "timedOut", recordChallenge: "allowed", cancel: "timedOut", authoriseWithToken: "timedOut" },
  failed: { approve: "failed", void: "failed", recordChallenge: "allowed", cancel: "failed", authoriseWithToken: "failed" },
  returned: { approve: "returned", void: "returned", recordChallenge: "allowed", cancel: "returned", authoriseWithToken: "returned" },
};

const verdictOf = (action: LifecycleAction, operation: OperationFacts, actor: LifecycleActor): Expected => {
  const verdict = judge(action, operation, actor);
  return verdict.allowed ? "allowed" : verdict.refusal;
};

describe("the status every screen shows", () => {
  it("names what a waiting operation waits for: an approval is 'Por aprobar', a key 'Por autorizar', both outlined", () => {
    const approval = { labelKey: "statusV2.awaitingApproval", outcome: "pending", awaitingPerson: true };
    const key = { labelKey: "statusV2.awaitingToken", outcome: "pending", awaitingPerson: true };
    expect(shownStatus(IN_PHASE.awaitingApproval, "transfer")).toEqual(approval);
    expect(shownStatus(IN_PHASE.approved, "transfer")).toEqual(key);
    expect(shownStatus(IN_PHASE.awaitingToken, "buy")).toEqual(key);
  });

  it("gives the others their §4 status, by kind, never as waiting for a person", () => {
    expect(shownStatus(IN_PHASE.verifying, "transfer")).toEqual({
      labelKey: "statusV2.inProcess",
      outcome: "pending",
      awaitingPerson: false,
    });
    expect(shownStatus(IN_PHASE.confirmed, "transfer")).toEqual({
      labelKey: "statusV2.confirmed",
      outcome: "success",
      awaitingPerson: false,
    });
    expect(shownStatus(IN_PHASE.confirmed, "buy")).toEqual({ labelKey: "statusV2.agreed", outcome: "success", awaitingPerson: false });
    expect(shownStatus(IN_PHASE.voided, "transfer")).toEqual({ labelKey: "statusV2.voided", outcome: "failed", awaitingPerson: false });
    // 'sent' with a recorded result is being verified: the bank, not a person, holds it.
    expect(shownStatus(facts({ challengeResult: "0" }), "transfer").awaitingPerson).toBe(false);
  });
});

describe("what may happen to an operation now", () => {
  it.each(OPERATION_PHASES)("answers every action in phase %s", (phase) => {
    for (const action of LIFECYCLE_ACTIONS) {
      expect({ action, verdict: verdictOf(action, IN_PHASE[phase], ANA) }).toEqual({ action, verdict: FOR_ANA[phase][action] });
    }
  });

  it("lets only an administrator decide what waits for approval", () => {
    expect(verdictOf("approve", IN_PHASE.awaitingApproval, CARLOS)).toBe("notAdministrator");
    expect(verdictOf("void", IN_PHASE.awaitingApproval, CARLOS)).toBe("notAdministrator");
    expect(verdictOf("authoriseWithToken", IN_PHASE.awaitingApproval, CARLOS)).toBe("awaitingApproval");
  });

  it("keeps an approved operation for the administrator who approved it", () => {
    expect(verdictOf("approve", IN_PHASE.approved, OTHER_ADMIN)).toBe("alreadyApproved");
    expect(verdictOf("void", IN_PHASE.approved, OTHER_ADMIN)).toBe("alreadyApproved");
    expect(verdictOf("recordChallenge", IN_PHASE.approved, OTHER_ADMIN)).toBe("notApprover");
    expect(verdictOf("cancel", IN_PHASE.approved, CARLOS)).toBe("notApprover");
    expect(verdictOf("authoriseWithToken", IN_PHASE.approved, OTHER_ADMIN)).toBe("notApprover");
  });

  it("lets anyone record the token for an operation that waits for it, and no one decide it", () => {
    expect(verdictOf("recordChallenge", IN_PHASE.awaitingToken, CARLOS)).toBe("allowed");
    expect(verdictOf("approve", IN_PHASE.awaitingToken, ANA)).toBe("noApprovalNeeded");
  });

  it("refuses a challenge result for a failure the bank has not recorded (nothing to show again)", () => {
    expect(verdictOf("recordChallenge", facts({ status: "notApplied" }), ANA)).toBe("failed");
    expect(verdictOf("recordChallenge", facts({ status: "notAppliedCan" }), ANA)).toBe("cancelled");
    expect(verdictOf("recordChallenge", facts({ status: "validating" }), ANA)).toBe("verifying");
  });

  it("says in Spanish why, naming what happened to the money", () => {
    const voided = judge("recordChallenge", IN_PHASE.voided, ANA);
    expect(voided).toEqual({ allowed: false, refusal: "voided", message: "Esta operación ya fue anulada; no se envió dinero." });
    const approved = judge("void", IN_PHASE.approved, ANA);
    expect(approved).toMatchObject({ message: "Esta operación ya fue aprobada y espera la clave del administrador." });
  });
});

describe("what holds a scheduled payment", () => {
  it("is an operation that may still move money or already did", () => {
    const holding = OPERATION_PHASES.filter(holdsItsPayment);
    expect(holding).toEqual(["awaitingApproval", "approved", "awaitingToken", "verifying", "confirmed", "sent"]);
  });

  it("lets 'pay now' through only for an unpaid payment with no operation under way", () => {
    expect(judgePayNow({ status: "scheduled", operationInProgress: null })).toEqual({ allowed: true });
    expect(judgePayNow({ status: "pending", operationInProgress: null })).toEqual({ allowed: true });
    expect(judgePayNow({ status: "pending", operationInProgress: { id: "1270" } })).toEqual({
      allowed: false,
      refusal: "paymentInProgress",
      message: "Este pago ya se está procesando.",
    });
    expect(judgePayNow({ status: "paid", operationInProgress: null })).toMatchObject({ refusal: "paymentPaid" });
  });
});
