import { describe, expect, it } from "vitest";

import { countsByState, paymentState, payTiming, scheduleState, upcomingDate } from "./payment-state";

const TODAY = "2026-11-28";

describe("paymentState", () => {
  it.each([
    ["paid", "2026-10-26", "paid"],
    ["paid", "2026-12-01", "paid"],
    ["pending", "2026-10-26", "overdue"],
    ["scheduled", "2026-10-26", "overdue"],
    ["scheduled", TODAY, "scheduled"],
    ["scheduled", "2026-12-01", "scheduled"],
  ] as const)("%s due %s is %s", (status, dateToPay, state) => {
    expect(paymentState({ status, dateToPay }, TODAY)).toBe(state);
  });

  it("takes the bank's word that a payment is overdue even when the day has not passed here", () => {
    expect(paymentState({ status: "pending", dateToPay: TODAY }, TODAY)).toBe("overdue");
  });
});

describe("scheduleState", () => {
  it("is overdue when the bank says so or when its next unpaid payment's day has passed", () => {
    expect(scheduleState({ status: "pending", nextEvent: { status: "pending", dateToPay: "2026-10-26" } }, TODAY)).toBe("overdue");
    expect(scheduleState({ status: "scheduled", nextEvent: { status: "scheduled", dateToPay: "2026-11-27" } }, TODAY)).toBe("overdue");
  });

  it("is scheduled while its next payment is ahead, paid once all are", () => {
    expect(scheduleState({ status: "scheduled", nextEvent: { status: "scheduled", dateToPay: TODAY } }, TODAY)).toBe("scheduled");
    expect(scheduleState({ status: "paid", nextEvent: null }, TODAY)).toBe("paid");
  });
});

describe("upcomingDate ('Próximo pago')", () => {
  it("never gives a past day", () => {
    expect(upcomingDate(["2026-10-26"], TODAY)).toBeNull();
    expect(upcomingDate(["2026-10-26", "2026-12-26"], TODAY)).toBe("2026-12-26");
  });

  it("gives today or the nearest day ahead", () => {
    expect(upcomingDate([null, "2026-12-26", TODAY], TODAY)).toBe(TODAY);
    expect(upcomingDate([undefined, null], TODAY)).toBeNull();
  });
});

describe("countsByState", () => {
  it("counts a passed day's unpaid payments as overdue", () => {
    expect(countsByState({ scheduled: 1, pending: 2, paid: 3 }, "2026-11-27", TODAY)).toEqual({ overdue: 3, scheduled: 0, paid: 3 });
  });

  it("keeps today's and later days' scheduled payments scheduled", () => {
    expect(countsByState({ scheduled: 2, pending: 0, paid: 1 }, TODAY, TODAY)).toEqual({ overdue: 0, scheduled: 2, paid: 1 });
  });
});

describe("payTiming ('Pagar ahora' against the payment's day)", () => {
  it("is nothing on its day, early before it and overdue after it, in calendar days", () => {
    expect(payTiming("2026-11-30", "2026-11-30")).toBeNull();
    expect(payTiming("2026-12-07", "2026-11-30")).toEqual({ kind: "early", days: 7 });
    expect(payTiming("2026-12-01", "2026-11-30")).toEqual({ kind: "early", days: 1 });
    expect(payTiming("2026-11-23", "2026-11-30")).toEqual({ kind: "overdue", days: 7 });
  });

  it("counts across a month's and a year's end", () => {
    expect(payTiming("2027-01-02", "2026-12-30")).toEqual({ kind: "early", days: 3 });
    expect(payTiming("2026-02-27", "2026-03-02")).toEqual({ kind: "overdue", days: 3 });
  });
});
