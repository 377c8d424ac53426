import { describe, expect, it } from "vitest";

import { compactIban, ibanCountry, ibanProblem } from "./iban";

describe("ibanProblem", () => {
  it("accepts IBANs of several countries, as printed or compact", () => {
    expect(ibanProblem("DE89 3704 0044 0532 0130 00")).toBeNull();
    expect(ibanProblem("GB29NWBK60161331926819")).toBeNull();
    expect(ibanProblem("es91 2100 0418 4502 0005 1332")).toBeNull();
    expect(ibanProblem("FR14-2004-1010-0505-0001-3M02-606")).toBeNull();
    expect(ibanProblem("CH9300762011623852957")).toBeNull();
  });

  it("calls a typo a check-digit problem", () => {
    expect(ibanProblem("DE89 3704 0044 0532 0130 01")).toBe("checkDigits");
    expect(ibanProblem("GB29NWBK60161331926818")).toBe("checkDigits");
    // Two digits swapped.
    expect(ibanProblem("DE89 3704 0044 0532 0103 00")).toBe("checkDigits");
  });

  it("calls anything not shaped like an IBAN a format problem", () => {
    expect(ibanProblem("370400440532013000")).toBe("format");
    expect(ibanProblem("DE8937040044")).toBe("format");
    expect(ibanProblem("D189370400440532013000")).toBe("format");
    expect(ibanProblem("DE89 3704 0044 0532 0130 00 1234 5678 9012 34")).toBe("format");
    expect(ibanProblem("DE89 3704 0044 0532 0130 0!")).toBe("format");
    expect(ibanProblem("")).toBe("format");
  });
});

describe("compactIban and ibanCountry", () => {
  it("drop blanks and hyphens and read the country", () => {
    expect(compactIban(" de89 3704-0044 0532 0130 00 ")).toBe("DE89370400440532013000");
    expect(ibanCountry("gb29 nwbk 6016 1331 9268 19")).toBe("GB");
  });
});
