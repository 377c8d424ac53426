import { describe, expect, it } from "vitest";

import errors from "#core/locales/es-MX/errors.json";

import { SHARED_PART_DOWN } from "./domain/shared-part";
import { errorTextKey, notFoundSubject } from "./error-texts";

describe("errorTextKey", () => {
  it("chooses the Spanish text of each status the app answers", () => {
    expect(errorTextKey(404)).toBe("notFound");
    expect(errorTextKey(403)).toBe("forbidden");
    expect(errorTextKey(403, "csrf")).toBe("crossSite");
    expect(errorTextKey(400)).toBe("badRequest");
    expect(errorTextKey(413)).toBe("tooLarge");
    expect(errorTextKey(429)).toBe("tooManyRequests");
    expect([502, 503, 504].map((status) => errorTextKey(status))).toEqual(["upstream", "upstream", "upstream"]);
    expect(errorTextKey(500)).toBe("generic");
  });

  it("says a shared part is down, not the bank, for a 503 with that reason", () => {
    expect(errorTextKey(503, SHARED_PART_DOWN)).toBe("sharedPartDown");
    expect(errorTextKey(502, SHARED_PART_DOWN)).toBe("upstream");
    expect(errors[errorTextKey(503, SHARED_PART_DOWN)].title).toBe("El portal no está disponible por un momento");
  });

  it("names only texts that exist", () => {
    for (const status of [400, 403, 404, 413, 429, 500, 502, 503, 504]) {
      const key = errorTextKey(status, "csrf");
      expect(errors[key].title).toBeTruthy();
      expect(errors[key].description).toBeTruthy();
    }
  });
});

describe("notFoundSubject", () => {
  it("names the operation a 404 did not find, with its number only when it is one", () => {
    expect(notFoundSubject(404, { notFound: "operation", id: "999999" })).toEqual({ kind: "operation", id: "999999" });
    expect(notFoundSubject(404, { notFound: "operation", id: "<b>1</b>" })).toEqual({ kind: "operation", id: null });
    expect(notFoundSubject(404, { notFound: "operation" })).toEqual({ kind: "operation", id: null });
  });

  it("names an account the company does not have", () => {
    expect(notFoundSubject(404, { notFound: "account", folio: "x" })).toEqual({ kind: "account" });
  });

  it("leaves any other answer to the generic text", () => {
    expect(notFoundSubject(404, "Operación no encontrada")).toBeNull();
    expect(notFoundSubject(404, { folio: "x" })).toBeNull();
    expect(notFoundSubject(404, null)).toBeNull();
    expect(notFoundSubject(403, { notFound: "account" })).toBeNull();
  });

  it("has its texts", () => {
    expect(errors.notFound.operation.title).toContain("{{id}}");
    expect(errors.notFound.account.title).toContain("{{company}}");
  });
});
