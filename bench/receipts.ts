import { execFileSync } from "node:child_process";

import type { Figure } from "./support";
import { figure, loadAverage, login, ms, percentile, startStack } from "./support";

/**
 * 'Comprobante FXN' generation, end to end (GET /historial-operaciones/:id/comprobante:
 * the operation's upstream calls, the HTML, Chromium's PDF), after a warm-up, one at a time and
 * 10 at a time. Also counts the Chromium processes the app runs: one browser, however many
 * receipts are asked for at once. Target (decision 043): p50 under 150 ms on a warm browser. The
 * sequential block runs BENCH_RECEIPT_RUNS times (3); each run's p50 is one value of the figure.
 */
const WARM_UP = 3;
const SEQUENTIAL = 30;
const RUNS = Number(process.env.BENCH_RECEIPT_RUNS ?? 3);
const BATCH = 10;
const BATCHES = 4;
// Applied operations of Importadora del Bajío in the seeded history (sandbox/history-seed.ts).
const OPERATION_IDS = ["1019", "1020", "1021", "1022", "1023", "1024"];

/** Chromium processes under the app: main browser processes (no --type=) and all of them. */
function chromiumProcesses(appPid: number): { browsers: number; total: number } {
  const table = execFileSync("ps", ["-eo", "pid=,ppid=,args="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => {
      const [pid, ppid, ...args] = line.trim().split(/\s+/);
      return { pid: Number(pid), ppid: Number(ppid), args: args.join(" ") };
    });
  const descendants = new Set<number>([appPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of table) {
      if (descendants.has(row.ppid) && !descendants.has(row.pid)) {
        descendants.add(row.pid);
        grew = true;
      }
    }
  }
  const chromium = table.filter((row) => row.pid !== appPid && descendants.has(row.pid) && /chrom/i.test(row.args));
  if (process.env.BENCH_DEBUG) console.log(chromium.map((row) => `${row.pid} ${row.ppid} ${row.args.slice(0, 120)}`).join("\n"));
  // The browser itself: the chromium executable without --type= (zygotes, renderers, utilities and crashpad are helpers).
  const browsers = chromium.filter((row) => /\/chromium$/.test(row.args.split(" ")[0]) && !row.args.includes("--type="));
  return { browsers: browsers.length, total: chromium.length };
}

export async function receipts(): Promise<Figure[]> {
  // The download limit is for people; a bench asks for a hundred receipts in a minute.
  const stack = await startStack(3298, { RATE_LIMITS: "export=100000/60" });
  try {
    const cookie = await login(stack.sandbox.url, stack.appUrl, "ana.admin");
    const appPid = stack.app.pid ?? 0;
    const before = chromiumProcesses(appPid);

    async function receipt(index: number): Promise<number> {
      const id = OPERATION_IDS[index % OPERATION_IDS.length];
      const started = performance.now();
      const response = await fetch(`${stack.appUrl}/historial-operaciones/${id}/comprobante`, { headers: { cookie }, redirect: "manual" });
      const body = Buffer.from(await response.arrayBuffer());
      const elapsed = performance.now() - started;
      if (
        response.status !== 200 ||
        response.headers.get("content-type") !== "application/pdf" ||
        body.subarray(0, 5).toString() !== "%PDF-"
      ) {
        throw new Error(
          `receipt ${id} answered ${response.status} ${response.headers.get("content-type")} ${response.headers.get("location") ?? ""}`,
        );
      }
      return elapsed;
    }

    const cold = await receipt(0);
    for (let i = 1; i < WARM_UP; i += 1) await receipt(i);

    const sequential: number[] = [];
    const runP50s: number[] = [];
    const runLoads: string[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const times: number[] = [];
      for (let i = 0; i < SEQUENTIAL; i += 1) times.push(await receipt(i));
      sequential.push(...times);
      runP50s.push(percentile(times, 50));
      runLoads.push(loadAverage());
    }

    const concurrent: number[] = [];
    let busiest = chromiumProcesses(appPid);
    for (let batch = 0; batch < BATCHES; batch += 1) {
      const running = Promise.all(Array.from({ length: BATCH }, (_, i) => receipt(batch * BATCH + i)));
      await new Promise((resolve) => setTimeout(resolve, 40));
      const during = chromiumProcesses(appPid);
      if (during.total > busiest.total || during.browsers > busiest.browsers) busiest = during;
      concurrent.push(...(await running));
    }
    const after = chromiumProcesses(appPid);

    console.log(
      `receipt PDF over HTTP (operation, binnacle, accounts, settlement + HTML + Chromium), cores: ${(await import("node:os")).availableParallelism()}, load average ${(
        await import("node:os")
      )
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(" ")}`,
    );
    console.log(`  first receipt (launches Chromium)   ${ms(cold)}`);
    console.log(
      `  sequential, ${RUNS}× ${SEQUENTIAL} after warm-up  p50 ${ms(percentile(sequential, 50))}  p95 ${ms(percentile(sequential, 95))}  p99 ${ms(
        percentile(sequential, 99),
      )}; each run's p50: ${runP50s.map(ms).join(", ")} (load average ${runLoads.join(" / ")})`,
    );
    console.log(
      `  ${BATCH} at a time, ${BATCHES} batches          p50 ${ms(percentile(concurrent, 50))}  p95 ${ms(percentile(concurrent, 95))}  (per receipt)`,
    );
    console.log(
      `  chromium browser processes: before ${before.browsers}, busiest ${busiest.browsers}, after ${after.browsers}` +
        `  (all chromium processes: busiest ${busiest.total}, after ${after.total})`,
    );
    const p50 = percentile(runP50s, 50);
    console.log(`  target p50 < 150 ms (decision 043): ${p50 < 150 ? "met" : "NOT met"} (median of the runs' p50 ${ms(p50)})`);
    return [
      figure({
        name: "receipt PDF on a warm browser",
        detail: `each run's p50 of ${SEQUENTIAL} sequential receipts`,
        unit: "ms",
        decimals: 0,
        runs: runP50s,
        target: "p50 < 150 ms",
        meets: (value) => value < 150,
        load: runLoads.at(-1),
      }),
    ];
  } finally {
    await stack.stop();
  }
}
