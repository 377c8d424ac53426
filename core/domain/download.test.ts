import { describe, expect, it } from "vitest";

import { attachmentDisposition } from "./download";

describe("attachmentDisposition", () => {
  it("a plain ASCII name: only filename, as before", () => {
    expect(attachmentDisposition("historial-operaciones_2026-11-28_1806.csv")).toBe(
      'attachment; filename="historial-operaciones_2026-11-28_1806.csv"',
    );
    expect(attachmentDisposition("comprobante_compra_4472219-1.pdf")).toBe('attachment; filename="comprobante_compra_4472219-1.pdf"');
  });

  it("accents and spaces: an ASCII fallback and the UTF-8 name (RFC 5987)", () => {
    expect(attachmentDisposition("resultado-Pagos Tesorería noviembre.xlsx")).toBe(
      "attachment; filename=\"resultado-Pagos-Tesoreria-noviembre.xlsx\"; filename*=UTF-8''resultado-Pagos%20Tesorer%C3%ADa%20noviembre.xlsx",
    );
    expect(attachmentDisposition("Año 2026 (ñ) it's*.csv")).toBe(
      "attachment; filename=\"Ano-2026-n-it-s.csv\"; filename*=UTF-8''A%C3%B1o%202026%20%28%C3%B1%29%20it%27s.csv",
    );
  });

  it("no name breaks out of the header or names a path", () => {
    const header = attachmentDisposition('../../etc/"passwd"\r\nSet-Cookie: a=b.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toMatch(/^attachment; filename="[A-Za-z0-9_.-]+\.pdf"; filename\*=UTF-8''[A-Za-z0-9%!._~-]+$/);
    expect(header).not.toContain("/");
    expect(header).not.toContain("..");
    expect(attachmentDisposition("\u202Egpj.exe")).toBe('attachment; filename="gpj.exe"');
  });

  it("an empty or all-symbol name still downloads under a name", () => {
    expect(attachmentDisposition("")).toBe('attachment; filename="archivo"');
    expect(attachmentDisposition("???.csv")).toBe('attachment; filename="archivo.csv"');
    expect(attachmentDisposition("€€€.xlsx")).toBe(
      "attachment; filename=\"archivo.xlsx\"; filename*=UTF-8''%E2%82%AC%E2%82%AC%E2%82%AC.xlsx",
    );
  });

  it("a long name is cut, the extension kept", () => {
    const header = attachmentDisposition(`${"a".repeat(500)}.csv`);
    expect(header).toBe(`attachment; filename="${"a".repeat(120)}.csv"`);
  });
});
