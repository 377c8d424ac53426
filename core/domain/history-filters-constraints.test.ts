import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";

import { historyFiltersSchema } from "./history-filters";
import { historyFiltersConstraint } from "./history-filters-constraints";

describe("the history filters' constraints written out", () => {
  it("are what Conform reads from the schema, so server and browser render the same attributes", () => {
    expect(historyFiltersConstraint).toEqual(getZodConstraint(historyFiltersSchema));
  });
});
