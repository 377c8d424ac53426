import { describe, expect, it } from "vitest";

import { accountNumberKind, readingGroups } from "./account-number";

describe("accountNumberKind", () => {
  it("calls a national 18-digit number a CLABE", () => {
    expect(accountNumberKind("012580019283746509", true)).toBe("clabe");
  });

  it("does not call an international 18-digit number a CLABE", () => {
    expect(accountNumberKind("012580019283746509", false)).toBe("account");
  });

  it("recognises an IBAN, with or without blanks", () => {
    expect(accountNumberKind("DE89 3704 0044 0532 0130 00", false)).toBe("iban");
    expect(accountNumberKind("de89370400440532013000", false)).toBe("iban");
  });

  it("calls anything else an account number", () => {
    expect(accountNumberKind("123456789", false)).toBe("account");
    expect(accountNumberKind("12345678901234567", true)).toBe("account");
  });
});

describe("readingGroups", () => {
  it("splits into groups of four from the left and keeps every character", () => {
    expect(readingGroups("062225001002340027")).toEqual(["0622", "2500", "1002", "3400", "27"]);
    expect(readingGroups("062225001002340027").join("")).toBe("062225001002340027");
  });

  it("ignores blanks already in the value and gives nothing for an empty one", () => {
    expect(readingGroups("DE89 3704 0044")).toEqual(["DE89", "3704", "0044"]);
    expect(readingGroups("")).toEqual([]);
  });
});
