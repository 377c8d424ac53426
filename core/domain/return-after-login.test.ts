import { describe, expect, it } from "vitest";

import { returnTarget, returnTargetOf } from "./return-after-login";

const page = (url: string, extra: Partial<{ method: string; fetchDest: string | null }> = {}) => ({
  method: "GET",
  fetchDest: "document",
  url: `http://portal.test${url}`,
  ...extra,
});

describe("the page to return to after the login", () => {
  it("keeps a pasted operation link with its query", () => {
    expect(returnTargetOf(page("/historial-operaciones/1019"))).toBe("/historial-operaciones/1019");
    expect(returnTargetOf(page("/historial-operaciones/1010?tipo=transferencia"))).toBe("/historial-operaciones/1010?tipo=transferencia");
    expect(returnTargetOf(page("/cuentas", { fetchDest: null }))).toBe("/cuentas");
  });

  it("remembers only a page the person opened, never a form post, a fetch or Remix's data request", () => {
    expect(returnTargetOf(page("/cuentas", { method: "POST" }))).toBeNull();
    expect(returnTargetOf(page("/notificaciones", { fetchDest: "empty" }))).toBeNull();
    expect(returnTargetOf(page("/cuentas?_data=routes%2Fcuentas"))).toBeNull();
  });

  it("does not remember the dashboard or the login's own pages", () => {
    for (const path of ["/", "/login", "/login/banco", "/access?jwt=x", "/wizard", "/error", "/logout", "/sesion-expirada"]) {
      expect(returnTargetOf(page(path))).toBeNull();
    }
  });

  it("refuses every target the redirect rule refuses", () => {
    for (const hostile of [
      "//evil.example",
      "https://evil.example/x",
      "/\\evil.example",
      "/%2f%2fevil.example",
      "/\t/evil.example",
      "/a\r\nSet-Cookie: x=1",
      "javascript:alert(1)",
      "/.//evil.example",
      "",
      null,
      42,
    ]) {
      expect(returnTarget(hostile)).toBeNull();
    }
  });

  it("drops a fragment", () => {
    expect(returnTarget("/cuentas/12#movimientos")).toBe("/cuentas/12");
  });
});
