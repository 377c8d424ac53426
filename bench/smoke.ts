import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

import { FAILED_BENCHES, NOT_MEASURED, PERFORMANCE_FIGURES, SUMMARY_HEADING } from "./summary";

/**
 * `npm test`'s check that `npm run bench` still runs to its end and prints every figure of the performance table: every
 * bench against the built app, at sizes small enough for CI. It judges no figure and asserts no time: the sizes are
 * too small to mean anything, and a machine's speed is not a test's business. It fails when:
 * - the benches have not ended within LIMIT_MS (20 minutes, or BENCH_SMOKE_MINUTES): a process held open, as the
 *   spreadsheet parser's spare worker once held the excel-upload bench's;
 * - a bench fails;
 * - a name of the table is missing or not measured.
 * Needs `npm run build`.
 */
const LIMIT_MS = Number(process.env.BENCH_SMOKE_MINUTES ?? 20) * 60_000;

/** Each bench's smallest run that still exercises all its code: one run, a few clients, a second or two of load. */
const SMALL: Record<string, string> = {
  BENCH_TTFB_RUNS: "1",
  BENCH_CPU_RUNS: "1",
  BENCH_LOAD_SECONDS: "2",
  BENCH_LOAD_CONNECTIONS: "20",
  BENCH_IMPATIENT_SECONDS: "2",
  BENCH_IMPATIENT_RUNS: "1",
  BENCH_SSE_STEPS: "50,100",
  BENCH_FANOUT_ROUNDS: "1",
  BENCH_FANOUT_PROCESSES: "1",
  BENCH_MEMBERS: "20",
  BENCH_SECONDS: "1",
  BENCH_NOTIFY_ROUNDS: "1",
  BENCH_RECEIPT_RUNS: "1",
  BENCH_EXCEL_ROWS: "20",
  BENCH_EXCEL_RUNS: "2",
  BENCH_MP_RUNS: "2",
  BENCH_MP_PROCESSES: "1",
  BENCH_LIGHTHOUSE_RUNS: "1",
  BENCH_FIRST_LOAD_RUNS: "1",
  BENCH_MARKET_RENDERS: "2",
  BENCH_FAULTS: "500",
};

/** What is wrong with a whole bench run's output, from its summary (bench/run.ts); nothing when all is there. */
export function smokeProblems(output: string): string[] {
  const problems: string[] = [];
  const failed = output.split("\n").find((line) => line.startsWith(FAILED_BENCHES));
  if (failed) problems.push(failed);
  const summary = output.split(SUMMARY_HEADING)[1];
  if (summary === undefined) return [...problems, "no summary printed"];
  for (const name of PERFORMANCE_FIGURES) {
    const rows = summary.split("\n").filter((line) => line.startsWith(`| ${name} |`));
    if (rows.length === 0) problems.push(`not printed: ${name}`);
    else if (rows.some((row) => row.includes(`| ${NOT_MEASURED} |`))) problems.push(`not measured: ${name}`);
  }
  return problems;
}

async function main(): Promise<void> {
  const run = fileURLToPath(new URL("./run.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", run], {
    env: { ...process.env, ...SMALL },
    stdio: ["ignore", "pipe", "pipe"],
    // A process group of its own, so a run past the limit is stopped with every process it started.
    detached: true,
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // The group has ended already.
    }
  };
  // Its own group does not hear a Ctrl-C: it is passed on, so the apps and sandboxes stop as they do when deployed.
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.once(signal, () => {
      signalGroup("SIGTERM");
      process.exit(code);
    });
  }
  let overdue = false;
  const limit = setTimeout(() => {
    overdue = true;
    signalGroup("SIGKILL");
  }, LIMIT_MS);
  const code = await new Promise<number | null>((resolve) => child.once("exit", (exitCode) => resolve(exitCode)));
  clearTimeout(limit);

  const problems = smokeProblems(output);
  if (overdue) problems.unshift(`the benches had not ended after ${LIMIT_MS / 60_000} minutes`);
  else if (code !== 0) problems.unshift(`bench/run.ts exited ${code}`);
  if (problems.length > 0) {
    console.log(output);
    console.error(`\n✗ npm run bench, small sizes:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  // The figures of runs this small mean nothing, so they are not printed here.
  console.log(
    `npm run bench, small sizes: every bench ended and printed all ${PERFORMANCE_FIGURES.length} figures of the performance table.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
