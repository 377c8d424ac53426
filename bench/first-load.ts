import type { Browser } from "puppeteer-core";
import puppeteer from "puppeteer-core";

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";
import { FIRST_LOAD_PAGES, loadAverage, login, percentile, startStack } from "./support";

/**
 * A browser's first page as a phone on slow 4G meets it (decision 088): the slow 4G and 4× CPU of
 * Lighthouse's mobile profile applied for real through the DevTools protocol (what its "devtools"
 * throttling applies: 562.5 ms per request, 1.47 Mbit/s down, 0.66 up), a fresh browser per run with
 * a fresh session, the stylesheet inline as on any first page. For the dashboard, the history and an
 * operation's detail, the median and worst of BENCH_FIRST_LOAD_RUNS runs (5) of:
 * - the first contentful paint and the largest contentful paint, as the browser reports them;
 * - when the last of the scripts the page hydrates with had arrived;
 * - when React had hydrated the page (the body holds React's fiber): from then on its scripts enhance it.
 * What Lighthouse's simulation cannot say: what the scripts' priority costs the paint, and the
 * enhancement. Not one of the performance table's figures; no time is asserted.
 * BENCH_FIRST_LOAD_PORT: the app's port (3295).
 */
const RUNS = Number(process.env.BENCH_FIRST_LOAD_RUNS ?? 5);
const PORT = Number(process.env.BENCH_FIRST_LOAD_PORT ?? 3295);
/** Lighthouse's mobile slow 4G as its devtools throttling applies it (request latency, throughput in bytes per second). */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

type Run = { documentIn: number; firstContentfulPaint: number; largestContentfulPaint: number; scriptsIn: number; hydrated: number };

/**
 * Records, in the page, its largest contentful paint and the frame at which React had hydrated its body. A
 * string, not a function: the bench runs under tsx, whose compiled functions call a helper the page lacks.
 */
const WATCH_PAGE = `
  window.__lcp = 0;
  window.__hydrated = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  requestAnimationFrame(function check() {
    if (document.body && Object.keys(document.body).some((key) => key.startsWith("__reactFiber"))) window.__hydrated = performance.now();
    else requestAnimationFrame(check);
  });
`;

/** What the page recorded, once hydrated: times from the navigation's start. */
function readPage(): Run {
  const seen = window as unknown as { __lcp: number; __hydrated: number };
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
  const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
    (entry) => entry.initiatorType !== "fetch" && new URL(entry.name).pathname.endsWith(".js") && entry.startTime < seen.__hydrated,
  );
  return {
    documentIn: navigation.responseEnd,
    firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    largestContentfulPaint: seen.__lcp,
    scriptsIn: Math.max(...scripts.map((entry) => entry.responseEnd)),
    hydrated: seen.__hydrated,
  };
}

async function firstLoad(browser: Browser, url: string, cookie: string): Promise<Run> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const [name = "", ...value] = cookie.split(";")[0]!.split("=");
    await context.setCookie({ name, value: value.join("="), domain: "localhost", path: "/" });
    const cdp = await page.createCDPSession();
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.evaluateOnNewDocument(WATCH_PAGE);
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    await page.waitForFunction(() => (window as unknown as { __hydrated: number }).__hydrated > 0, { timeout: 60_000 });
    return await page.evaluate(readPage);
  } finally {
    await context.close();
  }
}

export async function firstLoadBench(): Promise<void> {
  const stack = await startStack(PORT);
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  try {
    console.log(
      `a browser's first page, applied slow 4G and 4× CPU, ${RUNS} runs per page: median (worst), ms from the navigation's start`,
    );
    console.log(`  load average (1, 5, 15 min) at the start: ${loadAverage()}`);
    for (const page of FIRST_LOAD_PAGES) {
      const runs: Run[] = [];
      for (let run = 0; run < RUNS; run++) {
        // A fresh session each run, as Lighthouse's bench does: the session's first page carries its notices.
        const cookie = await login(stack.sandbox.url, stack.appUrl, "ana.admin");
        runs.push(await firstLoad(browser, `${stack.appUrl}${page.path}`, cookie));
      }
      const of = (key: keyof Run) => {
        const values = runs.map((run) => run[key]);
        return `${Math.round(percentile(values, 50))} (${Math.round(Math.max(...values))})`;
      };
      console.log(
        `  ${page.name.padEnd(17)} document in ${of("documentIn")}  first contentful paint ${of("firstContentfulPaint")}  ` +
          `largest ${of("largestContentfulPaint")}  scripts in ${of("scriptsIn")}  hydrated ${of("hydrated")}`,
      );
    }
    console.log(`  load average (1, 5, 15 min) at the end: ${loadAverage()}`);
  } finally {
    await browser.close();
    await stack.stop();
  }
}
