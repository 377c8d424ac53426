import { describe, expect, it } from "vitest";

import { exportHref } from "./history-links";

describe("exportHref", () => {
  it("carries the list's filters, not its page nor an open drawer's parameters, and names the format", () => {
    expect(exportHref("?tipo=compra&pagina=3&desde=2026-11-01&vista=x", "xlsx")).toBe(
      "/historial-operaciones/exportar?tipo=compra&desde=2026-11-01&formato=xlsx",
    );
    expect(exportHref("", "csv")).toBe("/historial-operaciones/exportar?formato=csv");
  });
});
