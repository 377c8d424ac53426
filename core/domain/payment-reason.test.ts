import { describe, expect, it } from "vitest";

import { reasonAndConcept, reasonText } from "./payment-reason";

const catalogue = [
  { IdPayConcept: 1, concept: "Pago a proveedores" },
  { IdPayConcept: 11, concept: " Importación de mercancías " },
  { IdPayConcept: 12, concept: "" },
];

describe("a reason's text (§3 conceptpays)", () => {
  it("is the catalogue's text for the id, trimmed; an unknown or empty entry has none", () => {
    expect(reasonText(catalogue, 1)).toBe("Pago a proveedores");
    expect(reasonText(catalogue, 11)).toBe("Importación de mercancías");
    expect(reasonText(catalogue, 12)).toBeNull();
    expect(reasonText(catalogue, 999)).toBeNull();
    expect(reasonText([], 1)).toBeNull();
  });
});

describe("'Motivo de pago' and 'Concepto' of an operation (decision 095)", () => {
  it("shows the product's reason and the typed concept, each under its own label", () => {
    expect(
      reasonAndConcept({
        conceptString: "Pago a proveedores",
        aditionalInformation: "Factura A-1207",
        request: { paymentReason: "Pago a proveedores", aditionalInformation: "Factura A-1207" },
      }),
    ).toEqual({ reason: "Pago a proveedores", concept: "Factura A-1207" });
  });

  it("takes the product's reason over a conceptString that carries something else", () => {
    // Operations made before the fix sent the typed concept as conceptString: the product's text of the id wins.
    expect(
      reasonAndConcept({
        conceptString: "Renta bodega León",
        aditionalInformation: "Renta bodega León",
        request: { paymentReason: "Pago de arrendamiento" },
      }),
    ).toEqual({ reason: "Pago de arrendamiento", concept: "Renta bodega León" });
  });

  it("falls back to conceptString for the reason and to the request's copy for the concept; blanks are nothing", () => {
    expect(reasonAndConcept({ conceptString: " Pago de nómina ", request: { aditionalInformation: "Quincena 22" } })).toEqual({
      reason: "Pago de nómina",
      concept: "Quincena 22",
    });
    expect(reasonAndConcept({ conceptString: "  ", aditionalInformation: "", request: { paymentReason: "" } })).toEqual({
      reason: null,
      concept: null,
    });
    expect(reasonAndConcept({})).toEqual({ reason: null, concept: null });
  });

  it("never shows the typed concept as the reason", () => {
    const { reason } = reasonAndConcept({ conceptString: null, aditionalInformation: "Pedido 4471", request: null });
    expect(reason).toBeNull();
  });
});
