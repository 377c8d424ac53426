import { describe, expect, it } from "vitest";

import { chartGeometry, nearestIndex, PLOT_HEIGHT, PLOT_WIDTH, volumeBars } from "./geometry";

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

  it("spaces the points equally by session when asked, a weekend gap included", () => {
    const friday = { at: 200, rate: 17.2 };
    const monday = { at: 500, rate: 17.1 };
    const geometry = chartGeometry([...points, friday, monday], undefined, undefined, [], true);
    expect(geometry?.xs).toEqual([0, 250, 500, 750, 1000]);
    // An instant between two points sits between them.
    expect(geometry?.x(350)).toBe(875);
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

describe("volumeBars", () => {
  it("gives each value a band and scales heights against a round maximum", () => {
    const { bars, max } = volumeBars(["0", "1500.50", "730", "0"]);
    expect(max).toBe(1600);
    expect(bars).toHaveLength(4);
    expect(bars[0].height).toBe(0);
    expect(bars[1].height).toBeCloseTo(93.78, 1);
    expect(bars[2].height).toBeCloseTo(45.63, 1);
    // Bands in order, inside the plot, with room between them.
    for (let i = 1; i < bars.length; i += 1) expect(bars[i].left).toBeGreaterThan(bars[i - 1].left + bars[i - 1].width);
    expect(bars[3].left + bars[3].width).toBeLessThanOrEqual(100);
  });
  it("draws an empty year flat, never dividing by zero", () => {
    const { bars, max } = volumeBars(["0", "0"]);
    expect(max).toBe(1);
    expect(bars.every((bar) => bar.height === 0)).toBe(true);
  });
});
