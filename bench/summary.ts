import type { Figure } from "./support";
import { percentile } from "./support";

/** The names of the performance table (decision 070), word for word: the summary says which were not measured. */
export const PERFORMANCE_FIGURES = [
  "dashboard time to first byte with 100 ms per upstream call",
  "app CPU per dashboard render (sandbox in its own process; read from `/proc/PID/stat`)",
  "app memory after 200 concurrent connections on the dashboard for 30 s",
  "live price clients: memory per SSE client",
  "live price clients: tick-to-browser p99",
  "JavaScript on first load of the dashboard",
  "receipt PDF on a warm browser",
  "Lighthouse, mobile profile, dashboard and history",
] as const;

/**
 * What bench/run.ts prints around the table, and a figure no bench gave; bench/smoke.ts reads a run's output by them.
 */
export const SUMMARY_HEADING = "=== summary: the performance table's figures";
export const FAILED_BENCHES = "benches that failed: ";
export const NOT_MEASURED = "not measured";

const format = (figure: Figure, value: number) =>
  Number.isFinite(value) ? `${value.toFixed(figure.decimals ?? 1)} ${figure.unit}`.trim() : "—";

/**
 * The summary table (Markdown, so it can be pasted into an issue): one row per figure and measure,
 * with the median of its runs, their p99 on the bad side (the worst run while there are fewer than
 * 100, which the column says), the target, the verdict on the median, and the load average when it was measured.
 * With `expected`, each name of the table that no bench gave is listed as not measured.
 */
export function summaryTable(figures: Figure[], expected: readonly string[] | null): string {
  const rows = [
    "| figure | measure | runs | median | p99 of the runs | target | verdict (median) | load average |",
    "|---|---|---|---|---|---|---|---|",
  ];
  const order = (figure: Figure) => {
    const index = (expected ?? PERFORMANCE_FIGURES).indexOf(figure.name);
    return index === -1 ? Infinity : index;
  };
  for (const figure of [...figures].sort((a, b) => order(a) - order(b))) {
    const runs = figure.runs.filter((value) => Number.isFinite(value));
    const median = runs.length ? percentile(runs, 50) : NaN;
    // The p99 on the bad side: the 1st percentile of a score.
    const p99 = runs.length ? percentile(runs, figure.higherIsBetter ? 1 : 99) : NaN;
    const spread = runs.length < 100 ? `${format(figure, p99)} (worst of ${runs.length})` : format(figure, p99);
    const verdict = !runs.length ? NOT_MEASURED : figure.meets(median) ? (figure.meets(p99) ? "met" : "met (worst run not)") : "NOT met";
    rows.push(
      `| ${figure.name} | ${figure.detail} | ${runs.length} | ${format(figure, median)} | ${spread} | ${figure.target} | ${verdict} | ${figure.load} |`,
    );
  }
  for (const name of expected ?? []) {
    if (!figures.some((figure) => figure.name === name)) rows.push(`| ${name} | — | 0 | — | — | — | ${NOT_MEASURED} | — |`);
  }
  return rows.join("\n");
}
