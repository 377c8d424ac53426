import { login, mb, ms, rssKb, startStack } from "./support";

/**
 * The operation history's export (decision 107) of a 10,000-operation history, as CSV and as XLSX:
 * time to the last byte and the app process's resident memory while it streams (peak minus the
 * level before the download). The sandbox seeds the long history itself
 * (SANDBOX_HISTORY_OPERATIONS, sandbox/README.md); the app reads it 100 operations a page.
 * BENCH_HISTORY_OPERATIONS changes the count; BENCH_HISTORY_APP_PORT the app's port.
 */
const OPERATIONS = Number(process.env.BENCH_HISTORY_OPERATIONS ?? 10_000);
const APP_PORT = Number(process.env.BENCH_HISTORY_APP_PORT ?? 3297);
const SAMPLE_MS = 10;

interface Download {
  ms: number;
  bytes: number;
  peakRssKb: number;
  baselineRssKb: number;
}

/** Reads the whole file as a browser would, sampling the app's resident memory meanwhile. */
async function download(appUrl: string, cookie: string, pid: number, query: string): Promise<Download> {
  const baselineRssKb = await rssKb(pid);
  let peakRssKb = baselineRssKb;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peakRssKb = Math.max(peakRssKb, await rssKb(pid));
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  const started = performance.now();
  const response = await fetch(`${appUrl}/historial-operaciones/exportar?${query}`, { headers: { cookie }, redirect: "manual" });
  if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status} ${response.headers.get("location")}`);
  let bytes = 0;
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength;
  const elapsed = performance.now() - started;
  sampling = false;
  await sampler;
  return { ms: elapsed, bytes, peakRssKb, baselineRssKb };
}

export async function historyExport(): Promise<void> {
  process.env.SANDBOX_HISTORY_OPERATIONS = String(OPERATIONS);
  const seeding = performance.now();
  const stack = await startStack(APP_PORT);
  try {
    console.log(`sandbox and app up in ${ms(performance.now() - seeding)} (${OPERATIONS} operations seeded per company)`);
    const cookie = await login(stack.sandbox.url, stack.appUrl, "ana.admin");
    const pid = stack.app.pid ?? 0;
    // Warm-up: routes, exceljs and the upstream client loaded before anything is measured.
    await download(stack.appUrl, cookie, pid, "formato=csv&buscar=1001");
    await download(stack.appUrl, cookie, pid, "formato=xlsx&buscar=1001");
    for (const format of ["csv", "xlsx"] as const) {
      const figures = await download(stack.appUrl, cookie, pid, `formato=${format}`);
      console.log(
        `${format.toUpperCase()} of ${OPERATIONS} operations: ${ms(figures.ms)}, ${(figures.bytes / 1024 / 1024).toFixed(2)} MB; ` +
          `app RSS ${mb(figures.baselineRssKb)} before, peak ${mb(figures.peakRssKb)} (+${mb(figures.peakRssKb - figures.baselineRssKb)})`,
      );
    }
  } finally {
    await stack.stop();
  }
}

if (process.argv[1]?.endsWith("history-export.ts")) await historyExport();
