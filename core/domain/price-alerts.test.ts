import { describe, expect, it } from "vitest";

import {
  alertCalculatorHref,
  alertDistance,
  canCreateAlert,
  distanceFromPrice,
  MAX_PRICE_ALERTS,
  priceAlertSchema,
  showRate,
} from "./price-alerts";

const PAIRS = ["USD/MXN", "EUR/MXN"];
const parse = (input: Record<string, unknown>) => priceAlertSchema(PAIRS).safeParse(input);
const valid = { pair: "USD/MXN", operation: "buy", condition: "above", targetRate: "17.25" };
const messages = (input: Record<string, unknown>) => {
  const result = parse(input);
  return result.success ? {} : result.error.flatten().fieldErrors;
};

describe("the alert form schema", () => {
  it("takes a pair of the catalogue, buy or sell, above or below and a rate, kept with 6 decimals", () => {
    expect(parse(valid)).toEqual({ success: true, data: { ...valid, targetRate: "17.250000" } });
    expect(parse({ ...valid, operation: "sell", condition: "below", targetRate: " 1,150.123456 " }).data).toMatchObject({
      targetRate: "1150.123456",
    });
  });

  it("answers §5's 'Campo obligatorio' for what is missing", () => {
    expect(messages({})).toEqual({
      pair: ["Campo obligatorio"],
      operation: ["Campo obligatorio"],
      condition: ["Campo obligatorio"],
      targetRate: ["Campo obligatorio"],
    });
  });

  it("refuses a pair outside the catalogue and an unknown operation or condition", () => {
    expect(messages({ ...valid, pair: "GBP/MXN" })).toEqual({ pair: ["Selecciona un par de la lista"] });
    expect(messages({ ...valid, pair: "<script>" })).toEqual({ pair: ["Selecciona un par de la lista"] });
    expect(messages({ ...valid, operation: "transfer" })).toEqual({ operation: ["Selecciona una opción válida"] });
    expect(messages({ ...valid, condition: "equal" })).toEqual({ condition: ["Selecciona una opción válida"] });
  });

  it("refuses a rate that is not a positive number, and one with more than 6 decimals (§9)", () => {
    for (const targetRate of ["abc", "0", "-1", "1e3", "17.", ".5", "12345678", "1".repeat(30)]) {
      expect(messages({ ...valid, targetRate }), targetRate).toEqual({ targetRate: ["Ingresa un tipo de cambio válido"] });
    }
    expect(messages({ ...valid, targetRate: "17.1234567" })).toEqual({ targetRate: ["Ingresa un tipo de cambio con máximo 6 decimales"] });
    expect(parse({ ...valid, targetRate: "17.123456" }).success).toBe(true);
  });
});

describe("the 5-alert rule (§9)", () => {
  it("lets a member create alerts up to 5 and not beyond", () => {
    expect(MAX_PRICE_ALERTS).toBe(5);
    expect([0, 1, 4].every(canCreateAlert)).toBe(true);
    expect(canCreateAlert(5)).toBe(false);
    expect(canCreateAlert(6)).toBe(false);
  });
});

describe("what the list and the notifications show", () => {
  it("measures the target's distance from the current price with 6 decimals and a percent", () => {
    expect(distanceFromPrice(17.5, 17.25)).toEqual({ difference: "0.250000", percent: "1.45" });
    expect(distanceFromPrice("17", 17.25)).toEqual({ difference: "-0.250000", percent: "-1.45" });
    expect(distanceFromPrice(17.5, null)).toBeNull();
    expect(distanceFromPrice(17.5, 0)).toBeNull();
  });

  it("says a triggered alert reached its target instead of 'no price', and gives an active one's current price", () => {
    expect(alertDistance("triggered", 25, 17.1938)).toEqual({ kind: "reached" });
    expect(alertDistance("triggered", 25, null)).toEqual({ kind: "reached" });
    expect(alertDistance("active", 25, null)).toEqual({ kind: "noPrice" });
    expect(alertDistance("active", 25, 17.1938)).toEqual({
      kind: "distance",
      difference: "7.806200",
      percent: "45.40",
      current: "17.193800",
    });
  });

  it("leads a fired alert to the calculator with its pair and operation", () => {
    expect(alertCalculatorHref("USD/MXN")).toBe("/?operacion=compra&par=USD%2FMXN");
    expect(alertCalculatorHref("EUR/MXN", "sell")).toBe("/?operacion=venta&par=EUR%2FMXN");
  });

  it("shows rates with 6 decimals", () => {
    expect(showRate(17.25)).toBe("17.250000");
    expect(showRate("150.1234565")).toBe("150.123457");
  });
});
