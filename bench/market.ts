import { Agent, request } from "node:http";
import { gzipSync } from "node:zlib";

import { login, ms, percentile, startStack } from "./support";

/**
 * 'Mercados' with a year of daily points (decision 044): the server's render time (request to the
 * last byte, uncompressed, one keep-alive connection, after warm-up) and the HTML's size, for 5
 * pairs at 1A and at 1D, against the dashboard's. The daily closes come from the app's cache after
 * the first render of a pair; the day's series is asked for on every render, as in production.
 * BENCH_MARKET_RENDERS renders per page (default 60).
 */
const RENDERS = Number(process.env.BENCH_MARKET_RENDERS ?? 60);
const WARM_UP = 10;
const PAIRS = ["USDMXN", "EURMXN", "EURUSD", "GBPMXN", "USDJPY"];

function fetchPage(url: URL, agent: Agent, cookie: string): Promise<{ ms: number; html: Buffer }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { cookie } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        if (response.statusCode !== 200) reject(new Error(`${url.pathname}${url.search} answered ${response.statusCode}`));
        else resolve({ ms: performance.now() - started, html: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

async function measure(appUrl: string, cookie: string, paths: string[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  const sizes: number[] = [];
  const gzipped: number[] = [];
  for (const path of paths) {
    const url = new URL(path, appUrl);
    for (let i = 0; i < WARM_UP; i++) await fetchPage(url, agent, cookie);
    for (let i = 0; i < RENDERS; i++) {
      const page = await fetchPage(url, agent, cookie);
      times.push(page.ms);
      if (i === 0) {
        sizes.push(page.html.length);
        gzipped.push(gzipSync(page.html).length);
      }
    }
  }
  agent.destroy();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  return `p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}  HTML ${kb(mean(sizes))} (gzip ${kb(mean(gzipped))})`;
}

export async function marketPage() {
  const stack = await startStack(Number(process.env.BENCH_MARKET_PORT ?? 3293));
  try {
    const cookie = await login(stack.sandbox.url, stack.appUrl, "ana.admin");
    console.log(`server render, ${RENDERS} renders per page after ${WARM_UP} warm-up, one connection, uncompressed`);
    const dashboard = await measure(stack.appUrl, cookie, ["/"]);
    const year = await measure(
      stack.appUrl,
      cookie,
      PAIRS.map((pair) => `/comportamiento-de-mercado?par=${pair}&rango=1A`),
    );
    const day = await measure(
      stack.appUrl,
      cookie,
      PAIRS.map((pair) => `/comportamiento-de-mercado?par=${pair}&rango=1D`),
    );
    console.log(`  dashboard (/)                               ${dashboard}`);
    console.log(`  Mercados 1A, 5 pairs (≈260 daily points)    ${year}`);
    console.log(`  Mercados 1D, 5 pairs (5-minute points)      ${day}`);
  } finally {
    await stack.stop();
  }
}
