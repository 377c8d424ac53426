import { describe, expect, it } from "vitest";

import { ibanCountryIfValid } from "./iban";

describe("ibanCountryIfValid", () => {
  it("reads the country of a whole IBAN, blanks and case ignored", () => {
    expect(ibanCountryIfValid("DE89 3704 0044 0532 0130 00")).toBe("DE");
    expect(ibanCountryIfValid("gb29nwbk60161331926819")).toBe("GB");
    expect(ibanCountryIfValid("FR1420041010050500013M02606")).toBe("FR");
  });

  it("answers null for a typo or anything not shaped like an IBAN", () => {
    expect(ibanCountryIfValid("DE89 3704 0044 0532 0130 01")).toBeNull();
    expect(ibanCountryIfValid("370400440532013000")).toBeNull();
    expect(ibanCountryIfValid("DE8937040044")).toBeNull();
    expect(ibanCountryIfValid("")).toBeNull();
  });
});
