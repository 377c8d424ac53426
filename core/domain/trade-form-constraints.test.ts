import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";

import { exchangeFields, transferFields } from "./trade-form";
import { exchangeConstraint, transferConstraint } from "./trade-form-constraints";

describe("the calculator's constraints written out", () => {
  it("are what Conform reads from the schemas, so server and browser render the same attributes", () => {
    expect(exchangeConstraint).toEqual(getZodConstraint(exchangeFields));
    expect(transferConstraint).toEqual(getZodConstraint(transferFields));
  });
});
