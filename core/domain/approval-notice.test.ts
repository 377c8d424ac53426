import { describe, expect, it } from "vitest";

import { approvalNotice, approvalNoticeId } from "./approval-notice";

const transfer = { id: "1002", amount: "$12,000.00 MXN", payee: "Aceros y Perfiles de Querétaro S.A. de C.V." };

describe("approvalNotice", () => {
  it("shows no notice without the parameter", () => {
    expect(approvalNotice(null, transfer)).toBeNull();
    expect(approvalNotice("", transfer)).toBeNull();
  });

  it("names the operation, its amount and its payee as looked up by its number", () => {
    expect(approvalNotice("1002", transfer)).toEqual({ id: "1002", amount: "$12,000.00 MXN", payee: transfer.payee });
    expect(approvalNotice("1003", { id: "1003", amount: "$100.00 USD", payee: null })).toEqual({
      id: "1003",
      amount: "$100.00 USD",
      payee: null,
    });
  });

  it("names the operation alone when it could not be looked up, and never another operation's amount", () => {
    expect(approvalNotice("1002", null)).toEqual({ id: "1002", amount: null, payee: null });
    expect(approvalNotice("1257", transfer)).toEqual({ id: "1257", amount: null, payee: null });
  });

  it("shows nothing of an address value that is not an operation number", () => {
    expect(approvalNotice("Llama al 5555", transfer)).toEqual({ id: null, amount: null, payee: null });
    expect(approvalNotice("1002 ", transfer)).toEqual({ id: null, amount: null, payee: null });
    expect(approvalNoticeId("1002 ")).toBeNull();
    expect(approvalNoticeId(null)).toBeNull();
    expect(approvalNoticeId("1002")).toBe("1002");
  });
});
