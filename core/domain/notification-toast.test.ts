import { describe, expect, it } from "vitest";

import { chooseToast, nextCount, toastKindFor, type ToastSource, toneOf, uncountedChange } from "./notification-toast";

const n = (module: string, type: ToastSource["type"], status: string | null = null, extra: Partial<ToastSource> = {}): ToastSource => ({
  id: extra.id ?? `${module}-${type}-${status}`,
  module,
  type,
  status,
  detail: extra.detail ?? null,
});

describe("toastKindFor (§4 Toast selection)", () => {
  it.each([
    // operation
    ["operation", "info", "sent", null, "operationRegistered"],
    ["operation", "info", "applying", null, "operationConfirmed"],
    ["operation", "info", "applied", { operationType: "transfer" }, "operationConfirmed"],
    ["operation", "info", "applied", { operationType: "buy" }, "invoiceAvailable"],
    ["operation", "info", "applied", { operationType: "sell" }, "invoiceAvailable"],
    ["operation", "info", "appliedNoReceipt", null, "moneySent"],
    ["operation", "error", "returned", null, "operationReturned"],
    ["operation", "error", "notApplied", null, "operationVoided"],
    ["operation", "error", "notAppliedByAdmin", null, "operationVoided"],
    ["operation", "pending", "validating", null, "operationInProcess"],
    ["operation", "pending", null, null, "operationInProcess"],
    // receivers
    ["receiver", "info", "authorized", null, "receiverActivated"],
    ["receiver", "error", "rejected", null, "receiverRejected"],
    // planner: a forgotten payment is pending, shown as info
    ["planner", "info", null, null, "plannerReminder"],
    ["planner", "pending", null, null, "plannerForgotten"],
    // back-office receiver
    ["borecipient", "info", null, null, "backofficeLoaded"],
    ["borecipient", "pending", null, null, "backofficePending"],
    ["borecipient", "info", "authorized", null, "backofficeRegistered"],
    // movements
    ["movement", "info", null, [{ type: "in", amount: 10 }], "movementReceived"],
    ["movement", "info", null, [{ type: "in" }, { type: "in" }], "movementGroup"],
    // the rest
    ["operationsToBeApproved", "pending", null, { name: "Carlos", count: 2 }, "operationsToBeApproved"],
    ["permissions", "info", null, null, "permissionsUpdated"],
    ["profileUpdate", "info", null, null, "profileUpdated"],
  ] as const)("%s / %s / %s (%j) → %s", (module, type, status, detail, kind) => {
    expect(toastKindFor(n(module, type, status, { detail }))).toBe(kind);
  });

  it("reads the status from the detail when the notification has none", () => {
    expect(toastKindFor(n("operation", "info", null, { detail: { status: "appliedNoReceipt" } }))).toBe("moneySent");
  });

  it("raises none for announcements (they are banners) or modules it does not know", () => {
    expect(toastKindFor(n("announcement", "info"))).toBeNull();
    expect(toastKindFor(n("algo-nuevo", "info"))).toBeNull();
    expect(toastKindFor(n("receiver", "pending"))).toBeNull();
  });

  it("the back office's group notice has the virtual id -1", () => {
    expect(toastKindFor(n("borecipient", "info", null, { id: "-1" }))).toBe("backofficeGroup");
  });

  it("errors look like errors, a forgotten payment like info", () => {
    expect(toneOf("operationVoided")).toBe("error");
    expect(toneOf("operationReturned")).toBe("error");
    expect(toneOf("plannerForgotten")).toBe("info");
    expect(toneOf("receiverActivated")).toBe("success");
  });
});

describe("chooseToast (one toast for what arrived together)", () => {
  it("shows the newest that raises a toast", () => {
    const chosen = chooseToast([
      n("receiver", "info", "authorized", { id: "1" }),
      n("operation", "error", "returned", { id: "2" }),
      n("announcement", "info", null, { id: "3" }),
    ]);
    expect(chosen).toMatchObject({ id: "2", kind: "operationReturned", tone: "error" });
  });

  it("collapses 4 or more of one group into a summary with id -1", () => {
    const five = Array.from({ length: 5 }, (_, i) => n("receiver", "info", "authorized", { id: String(i) }));
    expect(chooseToast(five)).toEqual({ id: "-1", group: "receivers", count: 5, tone: "success" });
    const three = five.slice(0, 3);
    expect(chooseToast(three)).toMatchObject({ id: "2", kind: "receiverActivated" });
    const changed = [
      n("operation", "info", "sent", { id: "a" }),
      n("operation", "info", "applying", { id: "b" }),
      n("operation", "info", "appliedNoReceipt", { id: "c" }),
      n("operation", "pending", null, { id: "d" }),
    ];
    expect(chooseToast(changed)).toMatchObject({ id: "-1", group: "operations", count: 4 });
    const voided = Array.from({ length: 4 }, (_, i) => n("operation", "error", "notApplied", { id: `v${i}` }));
    expect(chooseToast(voided)).toMatchObject({ id: "-1", group: "voided", tone: "error" });
  });

  it("lets an operations-to-be-approved notification overwrite whatever was chosen (§4 keeps that reading)", () => {
    const approval = n("operationsToBeApproved", "pending", null, { id: "9", detail: { name: "Carlos", count: 2 } });
    expect(chooseToast([approval, n("operation", "error", "returned", { id: "10" })])).toMatchObject({
      id: "9",
      kind: "operationsToBeApproved",
    });
    const five = Array.from({ length: 5 }, (_, i) => n("receiver", "info", "authorized", { id: String(i) }));
    expect(chooseToast([...five, approval])).toMatchObject({ id: "9", kind: "operationsToBeApproved" });
  });

  it("is null when nothing raises a toast", () => {
    expect(chooseToast([])).toBeNull();
    expect(chooseToast([n("announcement", "info")])).toBeNull();
  });
});

describe("nextCount (the bell)", () => {
  it("adds, subtracts never below 0, and sets", () => {
    expect(nextCount(2, { op: "add", by: 3 })).toBe(5);
    expect(nextCount(2, { op: "subtract", by: 5 })).toBe(0);
    expect(nextCount(7, { op: "set", to: 0 })).toBe(0);
    expect(nextCount(7, { op: "add", by: -4 })).toBe(7);
  });
});

describe("uncountedChange", () => {
  it("adds only the notifications the page has not counted yet", () => {
    const counted = new Set(["7", "8"]);
    expect(uncountedChange({ op: "add", by: 3, ids: ["7", "8", "9"] }, counted)).toEqual({ op: "add", by: 1 });
    expect(uncountedChange({ op: "add", by: 2, ids: ["7", "8"] }, counted)).toEqual({ op: "add", by: 0 });
  });

  it("leaves an add without ids, a subtract and a set as they are", () => {
    const counted = new Set(["7"]);
    expect(uncountedChange({ op: "add", by: 2 }, counted)).toEqual({ op: "add", by: 2 });
    expect(uncountedChange({ op: "subtract", by: 1 }, counted)).toEqual({ op: "subtract", by: 1 });
    expect(uncountedChange({ op: "set", to: 0 }, counted)).toEqual({ op: "set", to: 0 });
  });
});

describe("a fired price alert (decision 045)", () => {
  it("raises its own info toast", () => {
    const kind = toastKindFor({ id: "9", module: "priceAlert", type: "info", status: "triggered", detail: { pair: "USD/MXN" } });
    expect(kind).toBe("priceAlertTriggered");
    expect(toneOf(kind!)).toBe("info");
  });
});
