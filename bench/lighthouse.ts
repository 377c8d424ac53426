import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import { login, startStack } from "./support";

/**
 * Lighthouse (mobile profile, performance only) on the pages issue 14 names: the dashboard, the
 * history and one operation's detail, signed in as Ana, against the built app and the sandbox on this
 * machine, with Debian's Chromium (CHROMIUM_PATH). Prints the score, LCP, CLS, TBT and FCP per page,
 * the median of RUNS runs. Targets: performance ≥ 95, LCP ≤ 1.2 s, CLS < 0.05. Asserts nothing.
 */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PAGES = [
  { name: "dashboard", path: "/" },
  { name: "history", path: "/historial-operaciones" },
  { name: "operation detail", path: "/historial-operaciones/1001" },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function lighthouseBench() {
  const stack = await startStack(3294);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-dev-shm-usage",
    ],
  });
  try {
    console.log(`Lighthouse ${RUNS}× per page, mobile profile (simulated slow 4G, 4× CPU), performance category; medians`);
    for (const page of PAGES) {
      const runs: Array<{ score: number; lcp: number; cls: number; tbt: number; fcp: number }> = [];
      for (let run = 0; run < RUNS; run++) {
        // A fresh session each run: the first page of a session reads its overlay and notices once.
        const cookie = await login(stack.sandbox.url, stack.appUrl, "ana.admin");
        const result = await lighthouse(`${stack.appUrl}${page.path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          formFactor: "mobile",
          screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
          extraHeaders: { Cookie: cookie },
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error("lighthouse returned no result");
        if (lhr.runtimeError) {
          console.log(`  ${page.name}: run ${run + 1} failed (${lhr.runtimeError.code}); not counted`);
          continue;
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcp: audit("largest-contentful-paint"),
          cls: audit("cumulative-layout-shift"),
          tbt: audit("total-blocking-time"),
          fcp: audit("first-contentful-paint"),
        });
      }
      if (runs.length === 0) {
        console.log(`  ${page.name.padEnd(17)} no run completed`);
        continue;
      }
      const score = median(runs.map((r) => r.score));
      const lcp = median(runs.map((r) => r.lcp));
      const cls = median(runs.map((r) => r.cls));
      console.log(
        `  ${page.name.padEnd(17)} performance ${String(score).padStart(3)}  LCP ${(lcp / 1000).toFixed(2)} s  CLS ${cls.toFixed(3)}  ` +
          `TBT ${Math.round(median(runs.map((r) => r.tbt)))} ms  FCP ${(median(runs.map((r) => r.fcp)) / 1000).toFixed(2)} s  ` +
          `(${runs.length}/${RUNS} runs; targets: ≥ 95 ${score >= 95 ? "met" : "NOT met"}, LCP ≤ 1.2 s ${lcp <= 1200 ? "met" : "NOT met"}, CLS < 0.05 ${cls < 0.05 ? "met" : "NOT met"})`,
      );
    }
  } finally {
    chrome.kill();
    await stack.stop();
  }
}
