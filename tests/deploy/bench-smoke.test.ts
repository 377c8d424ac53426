import { describe, expect, it } from "vitest";

import { smokeProblems } from "../../bench/smoke";
import { PERFORMANCE_FIGURES } from "../../bench/summary";

/** A bench run's output as bench/run.ts prints it, with a summary row per name given. */
function output(rows: Array<[name: string, verdict: string]>, tail = "") {
  return [
    "load average at the start (1, 5, 15 min): 0.50 0.40 0.30",
    "\n=== bundle ===",
    "…",
    "\n=== summary: the performance table's figures (5 min; load average at the end 1.00 0.90 0.80) ===",
    "| figure | measure | runs | median | p99 of the runs | target | verdict (median) | load average |",
    "|---|---|---|---|---|---|---|---|",
    ...rows.map(([name, verdict]) => `| ${name} | a measure | 1 | 1 ms | 1 ms (worst of 1) | ≤ 3 ms | ${verdict} | 1.00 0.90 0.80 |`),
    tail,
  ].join("\n");
}

const every = PERFORMANCE_FIGURES.map((name, i): [string, string] => [name, i % 2 ? "met" : "NOT met"]);

describe("the bench smoke's reading of a whole bench run", () => {
  it("finds nothing wrong when every figure of the performance table was printed and measured, whatever its verdict", () => {
    expect(smokeProblems(output(every))).toEqual([]);
  });

  it("names a bench that failed, a figure not printed, a figure not measured, and a run without a summary", () => {
    const withoutCpu = every.filter(([name]) => !name.startsWith("app CPU"));
    const receiptsUnmeasured = withoutCpu.map(([name, verdict]): [string, string] => [
      name,
      name === "receipt PDF on a warm browser" ? "not measured" : verdict,
    ]);
    expect(smokeProblems(output(receiptsUnmeasured, "benches that failed: excel-upload, receipts"))).toEqual([
      "benches that failed: excel-upload, receipts",
      "not printed: app CPU per dashboard render (sandbox in its own process; read from `/proc/PID/stat`)",
      "not measured: receipt PDF on a warm browser",
    ]);
    expect(smokeProblems("load average at the start (1, 5, 15 min): 0.50 0.40 0.30\n\n=== bundle ===\n")).toEqual(["no summary printed"]);
  });
});
