import { describe, expect, it } from "vitest";

import { exportedAtText, exportFileBase, exportHeaderRows, filtersSummary, HISTORY_EXPORT_COLUMNS } from "./history-export";

// 18:05 UTC on 29 November is 12:05 in Mexico City (UTC-6, no daylight saving since 2022).
const AT = new Date("2026-11-29T18:05:09Z");

describe("the history export's header block", () => {
  it("names every filter as the screen labels it, or says there are none", () => {
    expect(filtersSummary({})).toBe("Sin filtros: todas las operaciones");
    expect(
      filtersSummary({
        tipo: "transferencia",
        estado: "devuelta",
        desde: "2026-11-01",
        hasta: "2026-11-29",
        par: "USD/MXN",
        buscar: "Textil",
      }),
    ).toBe(
      'Tipo de operación: Transferencia; Estatus: Devuelta; Desde: 2026-11-01; Hasta: 2026-11-29; Par de divisas: USD/MXN; Buscar: "Textil"',
    );
  });

  it("states the company, the filters and the export time on Mexico City's clock above the column names", () => {
    expect(exportHeaderRows({ companyName: "Importadora del Bajío", filters: { tipo: "compra" }, exportedAt: AT })).toEqual([
      ["Historial de operaciones"],
      ["Empresa", "Importadora del Bajío"],
      ["Filtros", "Tipo de operación: Compra"],
      ["Exportado el", "29/11/2026 12:05:09 (hora del centro de México)"],
      [],
      [...HISTORY_EXPORT_COLUMNS],
    ]);
    expect(exportedAtText(new Date("2026-12-01T05:30:00Z"))).toBe("30/11/2026 23:30:00 (hora del centro de México)");
  });

  it("names the file by the export's Mexico City day and minute", () => {
    expect(exportFileBase(AT)).toBe("historial-operaciones_2026-11-29_1205");
  });
});
