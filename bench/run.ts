import { bodyFlood } from "./body-flood";
import { bundleSizes } from "./bundle";
import { dashboardCpu } from "./dashboard-cpu";
import { dashboardTtfb } from "./dashboard-ttfb";
import { excelUpload } from "./excel";
import { faults } from "./faults";
import { firstLoadBench } from "./first-load";
import { historyExport } from "./history-export";
import { impatientLoad } from "./impatient-load";
import { lighthouseBench } from "./lighthouse";
import { marketPage } from "./market";
import { multiplePayment } from "./multiple-payment";
import { notificationFanout } from "./notification-fanout";
import { priceFanout } from "./price-fanout";
import { receipts } from "./receipts";
import { FAILED_BENCHES, PERFORMANCE_FIGURES, SUMMARY_HEADING, summaryTable } from "./summary";
import type { Figure } from "./support";
import { loadAverage } from "./support";

/**
 * npm run bench: builds first (see package.json), then runs every bench (or those named:
 * `npx tsx bench/run.ts price-fanout receipts`) and prints their figures; at the end, every figure
 * of the performance table together (bench/summary.ts, decision 070). Never fails on time; a bench that fails is
 * reported and the others still run.
 */
const benches: Record<string, () => Promise<Figure[] | void>> = {
  "dashboard-ttfb": dashboardTtfb,
  "dashboard-cpu": dashboardCpu,
  "impatient-load": impatientLoad,
  bundle: bundleSizes,
  "price-fanout": priceFanout,
  "notification-fanout": notificationFanout,
  receipts,
  "excel-upload": excelUpload,
  "multiple-payment": multiplePayment,
  lighthouse: lighthouseBench,
  "first-load": firstLoadBench,
  market: marketPage,
  "body-flood": bodyFlood,
  "history-export": historyExport,
  // Minutes: every page in a fresh process under every fault, time-outs spending whole budgets.
  // BENCH_FAULTS=500,drop: those faults only (and the visits without one, which 429's comparison needs).
  faults: () => faults(process.env.BENCH_FAULTS?.split(",").filter(Boolean) ?? []),
};

const only = process.argv.slice(2);
const unknown = only.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(`unknown bench ${unknown.join(", ")}; the benches are: ${Object.keys(benches).join(", ")}`);
  process.exit(2);
}

const started = Date.now();
const figures: Figure[] = [];
const failed: string[] = [];
console.log(`load average at the start (1, 5, 15 min): ${loadAverage()}`);
for (const [name, run] of Object.entries(benches)) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  try {
    figures.push(...((await run()) ?? []));
  } catch (error) {
    failed.push(name);
    console.log(`  bench ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}

console.log(`\n${SUMMARY_HEADING} (${Math.round((Date.now() - started) / 60_000)} min; load average at the end ${loadAverage()}) ===`);
console.log(summaryTable(figures, only.length > 0 ? null : PERFORMANCE_FIGURES));
if (failed.length > 0) console.log(`${FAILED_BENCHES}${failed.join(", ")}`);
