import { describe, expect, it } from "vitest";

import { approvalAmounts, approvalCounts } from "./approval-card";

describe("an approval card's amounts", () => {
  it("leads a buy with what it buys, then what it pays and the rate", () => {
    const card = { amount: "€35,000.00 EUR", rate: "1.092400", total: "$38,234.00 USD" };
    expect(approvalAmounts("buy", card)).toEqual({
      lead: { verb: "buys", value: "€35,000.00 EUR" },
      counter: { verb: "pays", value: "$38,234.00 USD" },
      rate: "1.092400",
    });
  });

  it("leads a sale with what it sells, then what it receives and the rate", () => {
    const card = { amount: "$1,875.00 USD", rate: "17.237474", total: "$32,320.26 MXN" };
    expect(approvalAmounts("sell", card)).toEqual({
      lead: { verb: "sells", value: "$1,875.00 USD" },
      counter: { verb: "receives", value: "$32,320.26 MXN" },
      rate: "17.237474",
    });
  });

  it("leads a transfer with its total alone", () => {
    expect(approvalAmounts("transfer", { amount: "$12,000.00 MXN", rate: null, total: "$12,000.00 MXN" })).toEqual({
      lead: { verb: null, value: "$12,000.00 MXN" },
      counter: null,
      rate: null,
    });
  });
});

describe("the approvals list's count", () => {
  it("counts an approved operation apart from those waiting for approval", () => {
    expect(approvalCounts([{ approvedBy: null }, { approvedBy: { name: "Ana", byMe: true } }])).toEqual({ toApprove: 1, approved: 1 });
    expect(approvalCounts([{ approvedBy: null }, { approvedBy: null }])).toEqual({ toApprove: 2, approved: 0 });
    expect(approvalCounts([])).toEqual({ toApprove: 0, approved: 0 });
  });
});
