import { describe, expect, it } from "vitest";

import { currencySymbol, displayCurrency, formatMoney, formatRate, formatRateBetween, maskAccount } from "./money";

describe("formatMoney", () => {
  it("uses es-MX grouping, 2 decimals, the symbol and the code", () => {
    expect(formatMoney(1234567.891, "MXN")).toBe("$1,234,567.89 MXN");
    expect(formatMoney(0, "USD")).toBe("$0.00 USD");
    expect(formatMoney(15.5, "EUR")).toBe("€15.50 EUR");
  });

  it("rounds half cents away from zero", () => {
    expect(formatMoney(1.005, "USD")).toBe("$1.01 USD");
    expect(formatMoney(-2.675, "USD")).toBe("-$2.68 USD");
  });

  it("shows MXP as MXN", () => {
    expect(formatMoney(10, "MXP")).toBe("$10.00 MXN");
    expect(displayCurrency("mxp")).toBe("MXN");
  });

  it("knows every symbol of §9", () => {
    expect(["AUD", "CAD", "MXN", "USD"].map(currencySymbol)).toEqual(["$", "$", "$", "$"]);
    expect(currencySymbol("EUR")).toBe("€");
    expect(currencySymbol("GBP")).toBe("£");
    expect(currencySymbol("JPY")).toBe("¥");
    expect(currencySymbol("CNY")).toBe("¥");
    expect(currencySymbol("CHF")).toBe("₣");
    expect(currencySymbol("XYZ")).toBe("");
  });
});

describe("formatRate", () => {
  it("keeps 6 decimals", () => {
    expect(formatRate(17.1234567)).toBe("17.123457");
    expect(formatRate(20)).toBe("20.000000");
  });
});

describe("maskAccount", () => {
  it("hides all but the last 4 digits", () => {
    expect(maskAccount("012180001234567897")).toBe("•••• 7897");
    expect(maskAccount("0121 8000 1234 5678 97")).toBe("•••• 7897");
  });

  it("leaves very short numbers alone", () => {
    expect(maskAccount("123")).toBe("123");
  });
});

describe("formatRateBetween", () => {
  it("says which currency the rate prices, in the other", () => {
    expect(formatRateBetween(17.2374741, "USD", "MXN")).toBe("1 USD = 17.237474 MXN");
    expect(formatRateBetween(1.0924, "EUR", "USD")).toBe("1 EUR = 1.092400 USD");
    expect(formatRateBetween(17.5, "USD", "MXP")).toBe("1 USD = 17.500000 MXN");
  });
});
