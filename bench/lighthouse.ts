import { loadavg } from "node:os";

import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import type { Figure } from "./support";
import { figure, login, startStack } from "./support";

/**
 * Lighthouse (mobile profile, performance only) on the pages issue 14 names: the dashboard, the
 * history and one operation's detail, signed in as Ana, against the built app and the sandbox on this
 * machine, with Debian's Chromium (CHROMIUM_PATH). Prints the score, LCP, CLS, TBT and FCP per page,
 * the median of RUNS runs. Targets: performance ≥ 95, LCP ≤ 1.2 s, CLS < 0.05. Asserts nothing.
 */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** The app's port: BENCH_LIGHTHOUSE_PORT lets two people run the bench on one machine. */
const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3294);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PAGES = [
  { name: "dashboard", path: "/" },
  { name: "history", path: "/historial-operaciones" },
  { name: "operation detail", path: "/historial-operaciones/1001" },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A fresh browser per run: a cookie left by an earlier run's session (ended by the per-member limit) would redirect the page. */
function launchChromium() {
  return chromeLauncher.launch({
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
}

export async function lighthouseBench() {
  const stack = await startStack(PORT);
  try {
    const load = () =>
      loadavg()
        .map((value) => value.toFixed(2))
        .join(" / ");
    console.log(`Lighthouse ${RUNS}× per page, mobile profile (simulated slow 4G, 4× CPU), performance category; medians`);
    console.log(`  load average (1 / 5 / 15 min) at the start: ${load()}`);
    const figures: Figure[] = [];
    for (const page of PAGES) {
      const runs: Array<{ score: number; lcp: number; cls: number; tbt: number; fcp: number }> = [];
      const flagged = new Map<string, number>();
      const lcpElements = new Set<string>();
      for (let run = 0; run < RUNS; run++) {
        // A fresh session each run: the first page of a session reads its overlay and notices once.
        const cookie = await login(stack.sandbox.url, stack.appUrl, "ana.admin");
        const chrome = await launchChromium();
        const result = await lighthouse(`${stack.appUrl}${page.path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          formFactor: "mobile",
          screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
          extraHeaders: { Cookie: cookie },
        }).finally(() => chrome.kill());
        const lhr = result?.lhr;
        if (!lhr) throw new Error("lighthouse returned no result");
        if (lhr.runtimeError) {
          console.log(`  ${page.name}: run ${run + 1} failed (${lhr.runtimeError.code}); not counted`);
          continue;
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        // What Lighthouse says would save time (its opportunities), kept at the worst seen.
        for (const [id, result] of Object.entries(lhr.audits)) {
          const details = result.details as { type?: string; overallSavingsMs?: number } | undefined;
          if (details?.type === "opportunity" && (details.overallSavingsMs ?? 0) > 0 && (result.score ?? 1) < 1)
            flagged.set(id, Math.max(flagged.get(id) ?? 0, details.overallSavingsMs ?? 0));
        }
        lcpElements.add(lcpElementOf(lhr.audits["largest-contentful-paint-element"]?.details));
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
      // The figures as data, for bench/run.ts's summary.
      const name = "Lighthouse, mobile profile, dashboard and history";
      figures.push(
        figure({
          name,
          detail: `${page.name}: performance`,
          unit: "",
          decimals: 0,
          higherIsBetter: true,
          runs: runs.map((r) => r.score),
          target: "≥ 95",
          meets: (v) => v >= 95,
        }),
        figure({
          name,
          detail: `${page.name}: LCP`,
          unit: "s",
          decimals: 2,
          runs: runs.map((r) => r.lcp / 1000),
          target: "≤ 1.2 s",
          meets: (v) => v <= 1.2,
        }),
        figure({
          name,
          detail: `${page.name}: CLS`,
          unit: "",
          decimals: 3,
          runs: runs.map((r) => r.cls),
          target: "< 0.05",
          meets: (v) => v < 0.05,
        }),
      );
      console.log(`  ${"".padEnd(17)} LCP element: ${[...lcpElements].join(" | ")}`);
      if (flagged.size > 0) {
        const list = [...flagged].sort((a, b) => b[1] - a[1]).map(([id, savings]) => `${id} ~${Math.round(savings)} ms`);
        console.log(`  ${"".padEnd(17)} flagged: ${list.join(", ")}`);
      }
    }
    console.log(`  load average (1 / 5 / 15 min) at the end: ${load()}`);
    return figures;
  } finally {
    await stack.stop();
  }
}

/** The LCP element as Lighthouse names it (its selector and the start of its markup). */
function lcpElementOf(details: unknown): string {
  type Node = { selector?: string; snippet?: string };
  const table = (details as { items?: Array<{ items?: Array<{ node?: Node }> }> } | undefined)?.items?.[0];
  const node = table?.items?.[0]?.node;
  if (!node) return "unknown";
  return `${node.selector ?? "?"} ${(node.snippet ?? "").slice(0, 80)}`;
}
