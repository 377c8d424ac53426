import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";

import { hasFilters, historyFiltersSchema, operationsPageQuery, pageParam } from "./history-filters";

/** The messages of a submission that failed (undefined when it passed). */
function errorsOf(submission: { status?: string; error?: unknown }) {
  return submission.status === "success" ? undefined : submission.error;
}

const parse = (query: string) => parseWithZod(new URLSearchParams(query), { schema: historyFiltersSchema });

describe("history filters in the URL", () => {
  it("reads Spanish parameters", () => {
    const result = parse("tipo=compra&estado=pactada&desde=2026-11-01&hasta=2026-11-20&par=USD%2FMXN&buscar=Textil");
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({
      tipo: "compra",
      estado: "pactada",
      desde: "2026-11-01",
      hasta: "2026-11-20",
      par: "USD/MXN",
      buscar: "Textil",
    });
  });

  it("treats empty values as no filter", () => {
    const result = parse("tipo=&estado=&desde=&hasta=&par=&buscar=");
    expect(result.status === "success" && hasFilters(result.value)).toBe(false);
  });

  it("says what is wrong, in Spanish", () => {
    expect(errorsOf(parse("tipo=otra"))).toEqual({ tipo: ["Selecciona una opción válida"] });
    expect(errorsOf(parse("desde=2026-02-30"))).toEqual({ desde: ["Ingresa una fecha válida"] });
    // These threw while being checked (a 500), instead of getting their message.
    expect(errorsOf(parse("desde=9999-99-99&hasta=0000-00-00"))).toEqual({
      desde: ["Ingresa una fecha válida"],
      hasta: ["Ingresa una fecha válida"],
    });
    expect(errorsOf(parse("desde=1999-12-31&hasta=2100-01-01"))).toEqual({
      desde: ["Ingresa una fecha válida"],
      hasta: ["Ingresa una fecha válida"],
    });
    expect(errorsOf(parse("desde=2026-11-10&hasta=2026-11-01"))).toEqual({ hasta: ["La fecha final no puede ser anterior a la inicial."] });
    expect(errorsOf(parse(`buscar=${"x".repeat(101)}`))).toEqual({ buscar: ["Máximo 100 caracteres"] });
    expect(errorsOf(parse("par=usd"))).toEqual({ par: ["Selecciona una opción válida"] });
  });

  it("reads the page, and anything odd is page 1", () => {
    expect(pageParam("3")).toBe(3);
    for (const value of [null, "", "0", "-1", "2.5", "x", "99999"]) expect(pageParam(value)).toBe(1);
  });
});

describe("the upstream query", () => {
  it("maps type and v2 status to kinds and status codes", () => {
    expect(operationsPageQuery({}, 1)).toEqual({ page: 1, pageSize: 20 });
    expect(operationsPageQuery({ tipo: "venta" }, 2)).toEqual({ page: 2, pageSize: 20, operation: "sell" });
    expect(operationsPageQuery({ estado: "enviada" }, 1)).toMatchObject({ status: "applied,appliedNoReceipt,fixappliedNoReceipt" });
    expect(operationsPageQuery({ estado: "en-proceso" }, 1)).toMatchObject({ status: "sent,validating" });
    expect(operationsPageQuery({ estado: "anulada" }, 1)).toMatchObject({ status: "notApplied,notApplying,notAppliedByAdmin" });
    expect(operationsPageQuery({ estado: "cancelada" }, 1)).toMatchObject({ status: "notAppliedCan" });
    expect(operationsPageQuery({ estado: "devuelta" }, 1)).toMatchObject({ status: "returned" });
  });

  it("'Pactada' is buy/sell and 'Confirmada' transfers, both applying or fixApplying", () => {
    expect(operationsPageQuery({ estado: "pactada" }, 1)).toMatchObject({ status: "applying,fixApplying", operation: "buy,sell" });
    expect(operationsPageQuery({ estado: "confirmada" }, 1)).toMatchObject({ status: "applying,fixApplying", operation: "transfer" });
    expect(operationsPageQuery({ estado: "pactada", tipo: "venta" }, 1)).toMatchObject({ operation: "sell" });
  });

  it("a type and a status that cannot go together need no call", () => {
    expect(operationsPageQuery({ estado: "confirmada", tipo: "compra" }, 1)).toBeNull();
    expect(operationsPageQuery({ estado: "pactada", tipo: "transferencia" }, 1)).toBeNull();
  });

  it("passes dates, pair and text through", () => {
    expect(operationsPageQuery({ desde: "2026-11-01", hasta: "2026-11-20", par: "EUR/USD", buscar: "GFB" }, 1)).toEqual({
      page: 1,
      pageSize: 20,
      from: "2026-11-01",
      to: "2026-11-20",
      pair: "EUR/USD",
      search: "GFB",
    });
  });
});
