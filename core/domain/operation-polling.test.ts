import { describe, expect, it } from "vitest";

import { afterCheck, isCheckDue, isPolled, POLL_INTERVAL_MS, splitFxFolio, statusCheckFor } from "./operation-polling";
import { OPERATION_STATUSES } from "./operation-status";

describe("pending operations (§4 Polling)", () => {
  it("polls applying and appliedNoReceipt only", () => {
    expect(OPERATION_STATUSES.filter(isPolled)).toEqual(["appliedNoReceipt", "applying"]);
  });

  it("checks every 120 s (§9)", () => {
    expect(POLL_INTERVAL_MS).toBe(120_000);
    expect(isCheckDue(undefined, 1_000)).toBe(true);
    expect(isCheckDue(1_000, 1_000 + 119_999)).toBe(false);
    expect(isCheckDue(1_000, 1_000 + 120_000)).toBe(true);
  });

  it("splits an FX folio at the first '-'", () => {
    expect(splitFxFolio("4471301-1")).toEqual(["4471301", "1"]);
    expect(splitFxFolio("44-1-2")).toEqual(["44", "1-2"]);
    expect(splitFxFolio("4471301")).toBeNull();
    expect(splitFxFolio("-1")).toBeNull();
    expect(splitFxFolio("44-")).toBeNull();
    expect(splitFxFolio(null)).toBeNull();
  });

  it("checks FX by dil and transfers by crf, else trk", () => {
    expect(statusCheckFor("buy", { dil: "4471301-1", crf: null, trk: "t" })).toEqual({
      kind: "fx",
      idPortfolio: "4471301",
      idOperation: "1",
    });
    expect(statusCheckFor("sell", { dil: "bad" })).toBeNull();
    expect(statusCheckFor("transfer", { crf: "CRF1", trk: "t" })).toEqual({ kind: "transfer", corefolio: "CRF1" });
    expect(statusCheckFor("transfer", { crf: null, trk: "abc" })).toEqual({ kind: "transfer", corefolio: "abc" });
    expect(statusCheckFor("transfer", { crf: "", trk: "" })).toBeNull();
    expect(statusCheckFor("buy", null)).toBeNull();
  });

  it("reloads when the status changes or stays appliedNoReceipt; applied leaves the pending set", () => {
    expect(afterCheck("applying", "applied")).toEqual({ reload: true, stillPending: false });
    expect(afterCheck("applying", "applying")).toEqual({ reload: false, stillPending: true });
    expect(afterCheck("applying", "appliedNoReceipt")).toEqual({ reload: true, stillPending: true });
    expect(afterCheck("appliedNoReceipt", "appliedNoReceipt")).toEqual({ reload: true, stillPending: true });
    expect(afterCheck("applying", "notApplied")).toEqual({ reload: true, stillPending: false });
  });
});
