import { describe, expect, it } from "vitest";

import { approvalNotice } from "./approval-notice";

const recent = [
  { id: "1003", amount: "$4,750.25 MXN" },
  { id: "1002", amount: "$2,500.00 MXN" },
];

describe("approvalNotice", () => {
  it("shows no notice without the parameter", () => {
    expect(approvalNotice(null, recent)).toBeNull();
    expect(approvalNotice("", recent)).toBeNull();
  });

  it("names the operation and its amount when the latest operations hold it", () => {
    expect(approvalNotice("1002", recent)).toEqual({ id: "1002", amount: "$2,500.00 MXN" });
  });

  it("names the operation without an amount when the page does not hold it", () => {
    expect(approvalNotice("1257", recent)).toEqual({ id: "1257", amount: null });
    expect(approvalNotice("1002", null)).toEqual({ id: "1002", amount: null });
  });

  it("shows nothing of an address value that is not an operation number", () => {
    expect(approvalNotice("Llama al 5555", recent)).toEqual({ id: null, amount: null });
    expect(approvalNotice("1002 ", recent)).toEqual({ id: null, amount: null });
  });
});
