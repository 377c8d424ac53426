import { describe, expect, it } from "vitest";

import { stylesheetDelivery, stylesheetVersion } from "./stylesheet-delivery";

const CSS = "body{color:red}";

describe("stylesheet delivery", () => {
  it("inlines the stylesheet for a browser that has not fetched this build's", () => {
    expect(stylesheetDelivery(undefined, "ABC123", CSS)).toEqual({ kind: "inline", css: CSS });
    expect(stylesheetDelivery("OLD999", "ABC123", CSS)).toEqual({ kind: "inline", css: CSS });
    expect(stylesheetDelivery(42, "ABC123", CSS)).toEqual({ kind: "inline", css: CSS });
  });

  it("links it for a browser that has it cached", () => {
    expect(stylesheetDelivery("ABC123", "ABC123", CSS)).toEqual({ kind: "link" });
  });

  it("links it when there is nothing safe to inline", () => {
    expect(stylesheetDelivery(undefined, "ABC123", null)).toEqual({ kind: "link" });
    expect(stylesheetDelivery(undefined, "ABC123", "")).toEqual({ kind: "link" });
    expect(stylesheetDelivery(undefined, "ABC123", 'a::after{content:"</style><script>"}')).toEqual({ kind: "link" });
    expect(stylesheetDelivery(undefined, "ABC123", "a{}</STYLE >")).toEqual({ kind: "link" });
  });

  it("reads the version from the file name's hash", () => {
    expect(stylesheetVersion("/build/_assets/tailwind-QG2VWBYQ.css")).toBe("QG2VWBYQ");
    expect(stylesheetVersion("/styles.css")).toBe("/styles.css");
  });
});
