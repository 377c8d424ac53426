import { describe, expect, it } from "vitest";

import { membershipSchema } from "./graphql.server";
import { membershipDetailsSchema } from "./membership.server";

const membership = {
  name: "Pro",
  freeTrial: false,
  currency: "MXN",
  amount: 499,
  status: "active",
};

describe("membershipSchema (decision 076: membershipId checked without a union)", () => {
  it("takes Básica (1) and Pro (2), typed as such", () => {
    expect(membershipSchema.parse({ ...membership, membershipId: 1 }).membershipId).toBe(1);
    expect(membershipSchema.parse({ ...membership, membershipId: 2 }).membershipId).toBe(2);
  });

  it.each([0, 3, "2", null, undefined, 2.5])("refuses membershipId %s", (membershipId) => {
    const result = membershipSchema.safeParse({ ...membership, membershipId });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["membershipId"]);
  });

  it("keeps the check in the membership API's answer, which extends it", () => {
    const answer = { ...membership, proPrice: { amount: 499, taxRate: 0.16, currency: "MXN" } };
    expect(membershipDetailsSchema.safeParse({ ...answer, membershipId: 2 }).success).toBe(true);
    expect(membershipDetailsSchema.safeParse({ ...answer, membershipId: 5 }).success).toBe(false);
  });
});
