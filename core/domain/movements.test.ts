import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";

import type { Movement } from "./movements";
import {
  filterMovements,
  isNoMovementsAnswer,
  MOVEMENT_TYPE_IDS,
  movementFiltersSchema,
  movementTypeKey,
  movementTypeName,
  pageOf,
  periodRange,
} from "./movements";

const TODAY = "2026-03-18";
const parse = (query: string) => parseWithZod(new URLSearchParams(query), { schema: movementFiltersSchema(TODAY) });
const errors = (query: string) => {
  const submission = parse(query);
  return submission.status === "error" ? submission.error : {};
};

describe("movement type names (§3 catalogue)", () => {
  it("names every catalogue id", () => {
    const names = Object.fromEntries(MOVEMENT_TYPE_IDS.map((id) => [id, movementTypeName(id)]));
    expect(names).toEqual({
      1: "Cargo por compraventa de divisas",
      3: "Transferencia internacional",
      5: "Transferencia nacional recibida",
      13: "Cargo por compraventa de divisas",
      14: "Abono por compraventa de divisas",
      19: "SPEI recibido",
      40: "SPEI enviado",
      44: "Devolución SPEI",
      60: "Devolución del extranjero",
      73: "Abono entre cuentas",
      82: "SPID enviado",
      83: "Devolución SPID",
      84: "SPID recibido",
      88: "Traspaso entre cuentas propias",
      89: "Transferencia a terceros",
    });
  });

  it("reads an unknown id as a movement", () => {
    expect(movementTypeKey(999)).toBe("movements.types.other");
    expect(movementTypeName(999)).toBe("Movimiento");
    expect(movementTypeKey(40)).toBe("movements.types.40");
  });
});

describe("isNoMovementsAnswer (§8)", () => {
  it("treats the middleware's empty answers as no movements", () => {
    expect(isNoMovementsAnswer({ code: "ACCOUNTS_403" })).toBe(true);
    expect(isNoMovementsAnswer({ code: "accounts_0004" })).toBe(true);
    expect(isNoMovementsAnswer({ message: "No movements found." })).toBe(true);
    expect(isNoMovementsAnswer({ message: "Resource is restricted" })).toBe(true);
    expect(isNoMovementsAnswer({ message: "Error ESB Token" })).toBe(true);
  });

  it("keeps real failures as failures", () => {
    expect(isNoMovementsAnswer({ code: "ACCOUNTS_500", message: "Internal error" })).toBe(false);
    expect(isNoMovementsAnswer({})).toBe(false);
    expect(isNoMovementsAnswer({ code: null, message: null })).toBe(false);
  });
});

describe("movementFiltersSchema", () => {
  it("defaults to this month, all types, page 1", () => {
    const submission = parse("");
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ periodo: "mes", tipo: "todos", pagina: 1 });
  });

  it("accepts a range, a type and amounts", () => {
    const submission = parse("periodo=rango&desde=2026-01-01&hasta=2026-02-28&tipo=recibidos&montoDesde=100&montoHasta=1,500.50&pagina=3");
    expect(submission.status === "success" && submission.value).toMatchObject({
      periodo: "rango",
      desde: "2026-01-01",
      tipo: "recibidos",
      pagina: 3,
    });
  });

  it("needs both dates of a range, real dates, not in the future, in order, up to a year", () => {
    expect(errors("periodo=rango")).toEqual({ desde: ["Campo obligatorio"], hasta: ["Campo obligatorio"] });
    expect(errors("periodo=rango&desde=2026-02-30&hasta=2026-03-01")).toEqual({ desde: ["Ingresa una fecha válida"] });
    expect(errors("periodo=rango&desde=9999-99-99&hasta=0000-00-00")).toEqual({
      desde: ["Ingresa una fecha válida"],
      hasta: ["Ingresa una fecha válida"],
    });
    expect(errors("periodo=rango&desde=0001-01-01&hasta=0001-01-02")).toEqual({
      desde: ["Ingresa una fecha válida"],
      hasta: ["Ingresa una fecha válida"],
    });
    expect(errors("periodo=rango&desde=2026-03-01&hasta=2026-03-19")).toEqual({ hasta: ["Ingresa una fecha válida"] });
    expect(errors("periodo=rango&desde=2026-03-10&hasta=2026-03-01")).toEqual({
      hasta: ["La fecha final debe ser igual o posterior a la inicial"],
    });
    expect(errors("periodo=rango&desde=2024-01-01&hasta=2026-03-01")).toEqual({ hasta: ["Elige un rango de hasta un año"] });
  });

  it("refuses unknown options, bad amounts and an inverted amount range", () => {
    expect(errors("periodo=siglo&tipo=x")).toEqual({ periodo: ["Selecciona una opción válida"], tipo: ["Selecciona una opción válida"] });
    expect(errors("montoDesde=abc&montoHasta=-5")).toEqual({
      montoDesde: ["Ingresa un monto válido"],
      montoHasta: ["Ingresa un monto válido"],
    });
    expect(errors("montoDesde=1.555")).toEqual({ montoDesde: ["Ingresa un monto válido"] });
    expect(errors("montoDesde=500&montoHasta=100")).toEqual({ montoHasta: ["El monto hasta debe ser mayor o igual al monto desde"] });
  });

  it("turns a nonsense page into page 1", () => {
    const submission = parse("pagina=-3");
    expect(submission.status === "success" && submission.value.pagina).toBe(1);
  });
});

describe("periodRange (Mexico City dates)", () => {
  it("covers today, the last 7 days, this month and a range", () => {
    expect(periodRange({ periodo: "hoy" }, TODAY)).toEqual({ from: TODAY, to: TODAY });
    expect(periodRange({ periodo: "semana" }, TODAY)).toEqual({ from: "2026-03-12", to: TODAY });
    expect(periodRange({ periodo: "mes" }, TODAY)).toEqual({ from: "2026-03-01", to: TODAY });
    expect(periodRange({ periodo: "rango", desde: "2026-01-05", hasta: "2026-02-01" }, TODAY)).toEqual({
      from: "2026-01-05",
      to: "2026-02-01",
    });
    expect(periodRange({ periodo: "semana" }, "2026-03-03")).toEqual({ from: "2026-02-25", to: "2026-03-03" });
  });
});

describe("filterMovements and pageOf", () => {
  const movement = (id: number, amount: number, direction: "in" | "out"): Movement => ({
    id: String(id),
    date: "2026-03-10T16:00:00Z",
    typeId: direction === "in" ? 19 : 40,
    description: "",
    amount,
    currency: "MXN",
    direction,
    counterparty: "",
    reference: "",
    trackingKey: null,
  });
  const list = [movement(1, 100, "in"), movement(2, 250.5, "out"), movement(3, 1000, "in"), movement(4, 0.1, "out")];

  it("filters sent, received and amounts (inclusive, exact decimals)", () => {
    expect(filterMovements(list, { tipo: "recibidos" }).map((m) => m.id)).toEqual(["1", "3"]);
    expect(filterMovements(list, { tipo: "enviados" }).map((m) => m.id)).toEqual(["2", "4"]);
    expect(filterMovements(list, { tipo: "todos", montoDesde: "100", montoHasta: "250.50" }).map((m) => m.id)).toEqual(["1", "2"]);
    expect(filterMovements(list, { tipo: "todos", montoDesde: "0.10" }).map((m) => m.id)).toEqual(["1", "2", "3", "4"]);
  });

  it("pages, clamping the page into range", () => {
    const items = Array.from({ length: 45 }, (_, i) => i);
    expect(pageOf(items, 1)).toMatchObject({ page: 1, pages: 3, items: items.slice(0, 20) });
    expect(pageOf(items, 3).items).toEqual(items.slice(40));
    expect(pageOf(items, 9).page).toBe(3);
    expect(pageOf([], 2)).toEqual({ items: [], page: 1, pages: 1 });
  });
});
