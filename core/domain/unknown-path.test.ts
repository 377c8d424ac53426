import { describe, expect, it } from "vitest";

import { tellsUnknownPath } from "./unknown-path";

const visit = { method: "GET", pathname: "/cuentass", fetchDest: "document", accept: "text/html,application/xhtml+xml" };

describe("the toast of a mistyped address (decision 124)", () => {
  it("is told for an address a person typed or followed, and for the app's own navigation", () => {
    expect(tellsUnknownPath(visit)).toBe(true);
    expect(tellsUnknownPath({ ...visit, fetchDest: "empty", accept: "*/*" })).toBe(true);
    expect(tellsUnknownPath({ ...visit, fetchDest: null })).toBe(true);
  });

  it("is not told for the files a browser asks for by itself, nor for other methods", () => {
    expect(tellsUnknownPath({ ...visit, pathname: "/favicon.ico", fetchDest: "image", accept: "image/*" })).toBe(false);
    expect(tellsUnknownPath({ ...visit, pathname: "/apple-touch-icon.png" })).toBe(false);
    expect(tellsUnknownPath({ ...visit, fetchDest: "script", accept: "*/*" })).toBe(false);
    expect(tellsUnknownPath({ ...visit, fetchDest: null, accept: "image/webp,*/*" })).toBe(false);
    expect(tellsUnknownPath({ ...visit, method: "POST" })).toBe(false);
    expect(tellsUnknownPath({ ...visit, method: "HEAD" })).toBe(false);
  });
});
