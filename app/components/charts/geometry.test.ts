import { describe, expect, it } from "vitest";

import { chartGeometry, nearestIndex, PLOT_HEIGHT, PLOT_WIDTH } from "./geometry";

describe("chart geometry", () => {
  const points = [
    { at: 0, rate: 17.1 },
    { at: 50, rate: 17.3 },
    { at: 100, rate: 17.2 },
  ];

  it("spans the plot's width in time and the nice rate domain in height", () => {
    const geometry = chartGeometry(points);
    expect(geometry?.xs).toEqual([0, PLOT_WIDTH / 2, PLOT_WIDTH]);
    // Domain 17.1–17.3: the low at the bottom, the high at the top.
    expect(geometry?.ys[0]).toBeCloseTo(PLOT_HEIGHT);
    expect(geometry?.ys[1]).toBeCloseTo(0);
    expect(geometry?.line.startsWith("M0,400")).toBe(true);
    expect(geometry?.rateTicks.map((tick) => [tick.label, Math.round(tick.percent)])).toEqual([
      ["17.10", 100],
      ["17.15", 75],
      ["17.20", 50],
      ["17.25", 25],
      ["17.30", 0],
    ]);
  });

  it("draws a single point as a flat line and nothing for none", () => {
    expect(chartGeometry([{ at: 0, rate: 1.08 }], 0, 10)?.line).toMatch(/^M0,[\d.]+L1000,[\d.]+$/);
    expect(chartGeometry([])).toBeNull();
  });

  it("finds the point nearest the pointer", () => {
    const xs = [0, 100, 300, 1000];
    expect(nearestIndex(xs, -5)).toBe(0);
    expect(nearestIndex(xs, 49)).toBe(0);
    expect(nearestIndex(xs, 51)).toBe(1);
    expect(nearestIndex(xs, 250)).toBe(2);
    expect(nearestIndex(xs, 5000)).toBe(3);
  });
});
