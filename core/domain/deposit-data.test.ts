import { describe, expect, it } from "vitest";

import { depositData, depositRail, hasDepositData, revealRequested } from "./deposit-data";

describe("depositData", () => {
  it("gives the full CLABE, the bank its first digits name, the currency and the holder", () => {
    expect(depositData({ clabe: "062225001002340019", currency: "MXN", holder: " Importadora del Bajío " })).toEqual({
      clabe: "062225001002340019",
      bank: "Afirme",
      currency: "MXN",
      holder: "Importadora del Bajío",
      rail: "SPEI",
    });
  });

  it("shows MXP as MXN and keeps only the digits of the CLABE", () => {
    expect(depositData({ clabe: "062 225 00100234001 9", currency: "mxp", holder: "X" })).toMatchObject({
      clabe: "062225001002340019",
      currency: "MXN",
    });
  });

  it("leaves the bank empty for a code outside the list", () => {
    expect(depositData({ clabe: "999225001002340019", currency: "USD", holder: "X" })?.bank).toBe("");
  });

  it("has none for a currency without national deposit data (§9: MXP, USD, EUR)", () => {
    expect(depositData({ clabe: "062225001002340019", currency: "CAD", holder: "X" })).toBeNull();
    expect(["MXN", "MXP", "USD", "EUR", "CAD", "GBP"].map(hasDepositData)).toEqual([true, true, true, true, false, false]);
  });
});

describe("depositRail", () => {
  it("names SPEI for pesos and SPID for dollars, the rails a CLABE receives in each", () => {
    expect(["MXN", "mxp", " USD "].map(depositRail)).toEqual(["SPEI", "SPEI", "SPID"]);
    expect(depositData({ clabe: "062225001002340027", currency: "USD", holder: "X" })?.rail).toBe("SPID");
  });

  it("names no rail where the spec gives none, rather than a wrong one", () => {
    expect(["EUR", "CAD", ""].map(depositRail)).toEqual([null, null, null]);
    expect(depositData({ clabe: "062225001002340027", currency: "EUR", holder: "X" })?.rail).toBeNull();
  });
});

describe("revealRequested", () => {
  it("asks only with the exact word", () => {
    expect(revealRequested("clabe", "clabe")).toBe(true);
    expect(revealRequested("CLABE", "clabe")).toBe(false);
    expect(revealRequested("cuenta", "clabe")).toBe(false);
    expect(revealRequested(null, "cuenta")).toBe(false);
  });
});
