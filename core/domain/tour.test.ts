import { describe, expect, it } from "vitest";

import { DASHBOARD_TOUR_STEPS, tourBesideOverlay, tourStepOf, tourView } from "./tour";

describe("tourStepOf", () => {
  it("reads steps 1 to 4", () => {
    expect(DASHBOARD_TOUR_STEPS).toHaveLength(4);
    expect([1, 2, 3, 4].map((step) => tourStepOf(String(step)))).toEqual([1, 2, 3, 4]);
  });

  it("ignores anything else", () => {
    for (const param of [null, "", "0", "5", "-1", "1.5", "uno", "99", "001", " 1"]) expect(tourStepOf(param)).toBeNull();
  });
});

describe("tourView", () => {
  it("invites a member who has not seen the tour", () => {
    expect(tourView(null, [])).toEqual({ kind: "invite" });
    expect(tourView(null, ["otro"])).toEqual({ kind: "invite" });
  });

  it("says nothing to a member who has seen it, or when the tours could not be read", () => {
    expect(tourView(null, ["dashboard"])).toEqual({ kind: "none" });
    expect(tourView(null, null)).toEqual({ kind: "none" });
  });

  it("shows the asked step, with its neighbours, to anyone", () => {
    expect(tourView("1", [])).toEqual({ kind: "step", step: 1, of: 4, target: "prices", previous: null, next: 2 });
    expect(tourView("2", ["dashboard"])).toEqual({ kind: "step", step: 2, of: 4, target: "calculator", previous: 1, next: 3 });
    expect(tourView("4", null)).toEqual({ kind: "step", step: 4, of: 4, target: "history", previous: 3, next: null });
  });
});

describe("tourBesideOverlay", () => {
  const step = tourView("2", []);

  it("holds the invitation back while a session overlay shows, and lets it come after", () => {
    expect(tourBesideOverlay({ kind: "invite" }, true)).toEqual({ kind: "none" });
    expect(tourBesideOverlay({ kind: "invite" }, false)).toEqual({ kind: "invite" });
  });

  it("never hides a step the person asked for", () => {
    expect(tourBesideOverlay(step, true)).toBe(step);
  });
});
