import { describe, expect, it } from "vitest";

import { buildCalculatorPrefill, parseCalculatorPrefill, recipientDestination, recipientOf, typedAmount } from "./calculator-prefill";

describe("the calculator prefill", () => {
  it("reads the Spanish URL keys into typed fields", () => {
    const params = new URLSearchParams(
      "operacion=compra&par=USD/MXN&derecha=1000.00&lado=derecha&origen=A-1&destino=A-2&motivo=3&concepto=Renta",
    );
    expect(parseCalculatorPrefill(params)).toEqual({
      typed: "right",
      right: "1000.00",
      origin: "A-1",
      destination: "A-2",
      reason: "3",
      concept: "Renta",
    });
  });

  it("survives a round trip and leaves a link's other parameters alone", () => {
    const prefill = { typed: "left" as const, left: "250.50", origin: "A-1", destination: recipientDestination(501), reason: "7" };
    const params = buildCalculatorPrefill(prefill, new URLSearchParams({ operacion: "venta" }));
    expect(params.get("operacion")).toBe("venta");
    expect(params.get("izquierda")).toBe("250.50");
    expect(params.get("destino")).toBe("r:501");
    expect(params.has("lado")).toBe(false);
    expect(parseCalculatorPrefill(params)).toEqual(prefill);
    expect(parseCalculatorPrefill(buildCalculatorPrefill({ typed: "right", right: "9" })).typed).toBe("right");
  });

  it("ignores empty, blank and unknown values and cuts long ones", () => {
    const params = new URLSearchParams({ izquierda: "", monto: "   ", lado: "arriba", concepto: "x".repeat(200), otro: "1" });
    expect(parseCalculatorPrefill(params)).toEqual({ typed: "left", concept: "x".repeat(64) });
  });

  it("tells a recipient from an own account in the destination", () => {
    expect(recipientOf(recipientDestination("501"))).toBe("501");
    expect(recipientOf("A-100234-01")).toBeNull();
  });

  it("gives the amount on the side that was typed", () => {
    expect(typedAmount({ typed: "left", left: "1", right: "2" })).toBe("1");
    expect(typedAmount({ typed: "right", left: "1", right: "2" })).toBe("2");
  });
});
