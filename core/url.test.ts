import { describe, expect, it } from "vitest";

import { REDIRECT_MAX_LENGTH, safeRedirectPath, withFragment, withoutParams, withParams } from "./url";

/** How a browser resolves a Location header against the app: the redirect must stay on the app. */
const APP = "https://portal.example.mx";
const staysOnTheApp = (location: string) => new URL(location, APP).origin === APP;

describe("safeRedirectPath", () => {
  it("keeps the app's own paths, with their query and fragment", () => {
    for (const path of [
      "/",
      "/cuentas",
      "/cuentas?drawer=notificaciones&ntab=no-leidas",
      "/historial-operaciones?tipo=compra&buscar=a+b#fila-3",
      "/destinatarios?q=Jos%C3%A9%20Luis",
      "/cuentas/A-100234-01?periodo=mes",
    ]) {
      expect(safeRedirectPath(path)).toBe(path);
    }
  });

  it("answers the parser's normalised, ASCII form", () => {
    expect(safeRedirectPath("/destinatarios?q=José")).toBe("/destinatarios?q=Jos%C3%A9");
    expect(safeRedirectPath("/a/../cuentas")).toBe("/cuentas");
    expect(safeRedirectPath('/cuentas?x="<a>"')).toBe("/cuentas?x=%22%3Ca%3E%22");
  });

  // Known open-redirect and header-injection vectors: each falls back, and none would leave the app.
  const VECTORS = [
    "//evil.example",
    "//evil.example/cuentas",
    "///evil.example",
    "/\\evil.example",
    "\\/\\/evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "\t//evil.example",
    " //evil.example",
    "/ /evil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%0d%0aSet-Cookie:%20x=1",
    "/cuentas%0d%0aLocation:%20https://evil.example",
    "/%2f/evil.example",
    "/%2F%2Fevil.example",
    "/%5c/evil.example",
    "/.//evil.example",
    "/./..//evil.example",
    "/%2e%2e//evil.example",
    "/a/..//evil.example",
    "https://evil.example",
    "https:evil.example",
    "https:/evil.example",
    "http://portal.invalid/cuentas",
    "HTTPS://evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "evil.example",
    "cuentas",
    "?next=//evil.example",
    "#/evil.example",
    "/a\r\nSet-Cookie: x=1",
    "/cuentas\u2028",
    "/cuentas\u2029x",
    "/cuentas\u0000",
    "/cuentas\u0085",
    "/cuentas\u00a0",
    "/cuentas\u200b",
    "/cuentas\u202e",
    "/cuentas\ufeff",
    "/cuentas\ud800",
    "/\u3000/evil.example",
    "/" + "a".repeat(REDIRECT_MAX_LENGTH),
    "",
  ];

  it.each(VECTORS.map((vector) => [JSON.stringify(vector).slice(0, 60), vector]))("refuses %s", (_, vector) => {
    expect(safeRedirectPath(vector)).toBe("/");
    expect(safeRedirectPath(vector, "/cuentas")).toBe("/cuentas");
  });

  it("never answers something a browser would take off the app, or a header could not carry", () => {
    for (const vector of VECTORS) {
      const target = safeRedirectPath(vector);
      expect(staysOnTheApp(target)).toBe(true);
      expect(target).toMatch(/^\/[\x21-\x7e]*$/);
    }
  });

  it("refuses what is not text", () => {
    for (const value of [null, undefined, 42, ["/cuentas"], { toString: () => "/cuentas" }, new File(["/"], "a.txt")]) {
      expect(safeRedirectPath(value)).toBe("/");
    }
  });

  it("accepts a target of exactly the maximum length", () => {
    const longest = `/${"a".repeat(REDIRECT_MAX_LENGTH - 1)}`;
    expect(safeRedirectPath(longest)).toBe(longest);
  });
});

describe("withParams / withoutParams", () => {
  it("sets and removes params, keeping the rest of the URL", () => {
    expect(withParams("/cuentas?grupo=todas", { editar: "A-1" })).toBe("/cuentas?grupo=todas&editar=A-1");
    expect(withoutParams("/cuentas?grupo=todas&editar=A-1", ["editar"])).toBe("/cuentas?grupo=todas");
  });

  it("answers as the URL parser does, asked once or again, also past the answers it keeps", () => {
    const parsed = {
      with: (href: string, params: Record<string, string>) => {
        const url = new URL(href, "http://portal.local");
        for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
        return `${url.pathname}${url.search}`;
      },
      without: (href: string, keys: string[]) => {
        const url = new URL(href, "http://portal.local");
        for (const key of keys) url.searchParams.delete(key);
        return `${url.pathname}${url.search}`;
      },
    };
    const hrefs = ["/", "/?operacion=compra&par=USDMXN", "/a/../b?x=1&x=2#frag", "/espacio con ñ?q=a b&r=%20", "/?a=1:2", "/?1:a=b"];
    const params: Record<string, string>[] = [{ par: "EURMXN" }, { x: "3", y: "á é" }, { "1:a": "b" }, { a: "1:2" }, { "": "" }];
    for (let round = 0; round < 2; round += 1) {
      for (const href of hrefs) {
        for (const set of params) expect(withParams(href, set)).toBe(parsed.with(href, set));
        for (const keys of [["x"], ["a", "1:a"], ["operacion"], []]) expect(withoutParams(href, keys)).toBe(parsed.without(href, keys));
      }
    }
    // Two inputs that would read alike joined without lengths stay apart.
    expect(withParams("/?", { a: "b" })).not.toBe(withParams("/", { "?a": "b" }));
    expect(withParams("/?", { a: "b" })).toBe(parsed.with("/?", { a: "b" }));
    expect(withParams("/", { "?a": "b" })).toBe(parsed.with("/", { "?a": "b" }));
    for (let i = 0; i < 2_100; i += 1) expect(withParams(`/p${i}`, { n: String(i) })).toBe(`/p${i}?n=${i}`);
    expect(withParams("/cuentas?grupo=todas", { editar: "A-1" })).toBe("/cuentas?grupo=todas&editar=A-1");
  });
});

describe("withFragment", () => {
  it("adds the result's fragment to the action, query kept", () => {
    expect(withFragment("/?index&operacion=compra", "cotizacion")).toBe("/?index&operacion=compra#cotizacion");
    expect(withFragment("/planner", "calendario")).toBe("/planner#calendario");
  });

  it("replaces a fragment already there", () => {
    expect(withFragment("/historial-operaciones#filtros", "resultados")).toBe("/historial-operaciones#resultados");
  });
});
