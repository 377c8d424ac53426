import { describe, expect, it } from "vitest";

import { shouldRevalidate } from "./_index";

/** The router's arguments after a post to the dashboard with `intent`, answered with `actionResult`. */
function afterPost(intent: string, actionResult: unknown, defaultShouldRevalidate = true) {
  const url = new URL("http://localhost/?operacion=compra");
  const formData = new FormData();
  formData.set("intent", intent);
  return shouldRevalidate({
    currentUrl: url,
    currentParams: {},
    nextUrl: url,
    nextParams: {},
    formMethod: "POST",
    formData,
    actionResult,
    defaultShouldRevalidate,
  });
}

describe("the dashboard's data after a post (shouldRevalidate)", () => {
  it("is not loaded again after a quote: the calculator keeps its key, and what the person types", () => {
    expect(afterPost("cotizar", { result: { status: "success" }, quote: { left: "100.00" }, help: null })).toBe(false);
  });

  it("follows the router's default after a refused quote, a 'Confirmar' or a plan", () => {
    expect(afterPost("cotizar", { result: { status: "error" }, quote: null, help: null })).toBe(true);
    expect(afterPost("cotizar", undefined)).toBe(true);
    expect(afterPost("confirmar", { result: { status: "error" }, quote: { left: "100.00" }, help: null })).toBe(true);
    expect(afterPost("programar", { result: { status: "success" } })).toBe(true);
    expect(afterPost("confirmar", null, false)).toBe(false);
  });

  it("follows the router on a navigation", () => {
    const url = new URL("http://localhost/");
    const args = { currentUrl: url, currentParams: {}, nextUrl: new URL("http://localhost/?par=EURUSD"), nextParams: {} };
    expect(shouldRevalidate({ ...args, defaultShouldRevalidate: true })).toBe(true);
    expect(shouldRevalidate({ ...args, defaultShouldRevalidate: false })).toBe(false);
  });
});
