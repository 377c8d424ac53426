import type { Figure } from "./support";
import { figure, loadAverage, login, ms, percentile, startStack } from "./support";

/**
 * The dashboard's time to first byte with every upstream call slowed by 100 ms.
 * The loaders call their upstreams in parallel, so a page should cost about one call, not the
 * sum of its calls: the figure to watch is TTFB / single-call latency, kept at or below 1.3 (decision 071).
 * BENCH_TTFB_RUNS runs (5), each of 30 single calls and 30 dashboards (after 3 warm-up ones); each
 * run's ratio is its dashboard p50 over its single-call p50.
 */
const LATENCY_MS = 100;
const REQUESTS = 30;
const RUNS = Number(process.env.BENCH_TTFB_RUNS ?? 5);

export async function dashboardTtfb(): Promise<Figure[]> {
  const stack = await startStack(3290);
  try {
    const cookie = await login(stack.sandbox.url, stack.appUrl, "ana.admin");
    await fetch(`${stack.sandbox.url}/__latency`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ms: LATENCY_MS }),
    });

    // One upstream call on its own, as the app makes it (the partner's accounts).
    const bankToken = new URL(
      (await fetch(`${stack.sandbox.url}/banca/entrar?usuario=ana.admin`, { redirect: "manual" })).headers.get("location") ?? "",
    ).searchParams.get("jwt");
    const ratios: number[] = [];
    console.log(`dashboard TTFB with ${LATENCY_MS} ms upstream latency (${RUNS} runs of ${REQUESTS}; load average ${loadAverage()})`);
    for (let run = 0; run < RUNS; run += 1) {
      const single: number[] = [];
      for (let i = 0; i < REQUESTS; i += 1) {
        const started = performance.now();
        const response = await fetch(`${stack.sandbox.url}/partner/accounts`, {
          headers: { authorization: `Bearer ${bankToken}`, geolocation: "19.4,-99.1" },
        });
        await response.arrayBuffer();
        single.push(performance.now() - started);
      }

      const ttfb: number[] = [];
      for (let i = 0; i < REQUESTS + 3; i += 1) {
        const started = performance.now();
        const response = await fetch(`${stack.appUrl}/`, { headers: { cookie }, redirect: "manual" });
        const elapsed = performance.now() - started;
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`dashboard answered ${response.status}`);
        if (i >= 3) ttfb.push(elapsed); // the first requests warm up the JIT and the connection pool
      }

      const singleP50 = percentile(single, 50);
      const ttfbP50 = percentile(ttfb, 50);
      ratios.push(ttfbP50 / singleP50);
      console.log(
        `  run ${run + 1}: single upstream call p50 ${ms(singleP50)} p99 ${ms(percentile(single, 99))}; dashboard TTFB p50 ${ms(ttfbP50)} p99 ${ms(
          percentile(ttfb, 99),
        )}; ratio p50 ${(ttfbP50 / singleP50).toFixed(2)}x p99 ${(percentile(ttfb, 99) / singleP50).toFixed(2)}x (load average ${loadAverage()})`,
      );
    }
    const median = percentile(ratios, 50);
    console.log(
      `  ratio TTFB/single over ${RUNS} runs: median ${median.toFixed(2)}x, worst ${Math.max(...ratios).toFixed(2)}x  (target p50 ≤ 1.3x: ${
        median <= 1.3 ? "met" : "NOT met"
      })`,
    );
    return [
      figure({
        name: "dashboard time to first byte with 100 ms per upstream call",
        detail: "each run's TTFB p50 over one call's p50",
        unit: "× one call",
        decimals: 2,
        runs: ratios,
        target: "≤ 1.3 ×",
        meets: (value) => value <= 1.3,
      }),
    ];
  } finally {
    await stack.stop();
  }
}
