import { rm, stat } from "node:fs/promises";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import { cpuMs, loadAverage, login, logMessages, percentile, startStack, stylesheetCookie } from "./support";

/**
 * The dashboard under more people than the app can serve, who do not wait for ever (decision 087):
 * BENCH_IMPATIENT_CONNECTIONS browsers (200) ask for their dashboard again and again for
 * BENCH_IMPATIENT_SECONDS (20 s); each gives up on a page after BENCH_IMPATIENT_PATIENCE_MS
 * (1,500 ms: it closes the connection, as a reload or a click elsewhere does) and asks again at once.
 *
 * Prints, per run, the pages answered per second (the only ones anybody reads), the pages given up
 * on, what the app counted as abandoned (`portal_http_requests_abandoned_total`, which must match),
 * the app's CPU per answered page and the answered pages' p50 / p99; then what the app logged at
 * warn level meanwhile (a browser leaving is no upstream failure and must not be logged as one).
 * Not one of the performance table's figures; no time is asserted.
 */
const CONNECTIONS = Number(process.env.BENCH_IMPATIENT_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.BENCH_IMPATIENT_SECONDS ?? 20);
const PATIENCE_MS = Number(process.env.BENCH_IMPATIENT_PATIENCE_MS ?? 1_500);
const RUNS = Number(process.env.BENCH_IMPATIENT_RUNS ?? 3);
const METRICS_TOKEN = "bench-metrics-token-0123456789-0123456789";
/** The sum of one counter's series in the app's /metrics. */
async function counter(appUrl: string, name: string): Promise<number> {
  const text = await fetch(`${appUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((response) =>
    response.text(),
  );
  return text
    .split("\n")
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
}

/** One page: its time when answered, or null when the browser gave up on it first. A page not answered 200 fails the bench. */
function page(url: URL, agent: Agent, cookie: string): Promise<number | null> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { cookie, "accept-encoding": "gzip" } }, (response) => {
      response.resume();
      response.on("end", () => {
        clearTimeout(patience);
        if (response.statusCode === 200) resolve(performance.now() - started);
        else reject(new Error(`the dashboard answered ${response.statusCode}`));
      });
    });
    const patience = setTimeout(() => {
      req.destroy();
      resolve(null);
    }, PATIENCE_MS);
    req.on("error", () => undefined);
    req.end();
  });
}

export async function impatientLoad(): Promise<void> {
  const appLog = path.join(tmpdir(), `bench-impatient-${process.pid}.log`);
  const stack = await startStack(3299, { METRICS_TOKEN }, { appLog, sandboxProcess: true });
  try {
    const pid = stack.app.pid!;
    const session = await login(stack.sandbox.url, stack.appUrl, "ana.admin");
    const url = new URL("/", stack.appUrl);
    // The browser has the stylesheet already (its cookie), as every page after a first one.
    const css = await stylesheetCookie(url, session);
    const cookie = `${session}; ${css}`;
    console.log(
      `${CONNECTIONS} browsers on the dashboard for ${SECONDS} s, each giving up on a page after ${PATIENCE_MS} ms and asking again (load average ${loadAverage()})`,
    );
    const warm = new Agent({ keepAlive: true });
    for (let i = 0; i < 30; i += 1) await page(url, warm, cookie);
    warm.destroy();
    const logFrom = stack.logPath ? (await stat(stack.logPath)).size : 0;
    for (let run = 1; run <= RUNS; run += 1) {
      const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
      const abandonedBefore = await counter(stack.appUrl, "portal_http_requests_abandoned_total");
      const cpuBefore = await cpuMs(pid);
      const until = Date.now() + SECONDS * 1000;
      const answered: number[] = [];
      let givenUp = 0;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (Date.now() < until) {
            const time = await page(url, agent, cookie);
            if (time === null) givenUp += 1;
            else answered.push(time);
          }
        }),
      );
      const cpu = (await cpuMs(pid)) - cpuBefore;
      agent.destroy();
      // The last pages given up on are counted when the app sees their connections close.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const abandoned = (await counter(stack.appUrl, "portal_http_requests_abandoned_total")) - abandonedBefore;
      console.log(
        `  run ${run}: ${(answered.length / SECONDS).toFixed(0)} pages answered per second (${answered.length}), ${givenUp} given up on, ${abandoned} counted abandoned by the app; app CPU ${(cpu / Math.max(1, answered.length)).toFixed(1)} ms per answered page; answered p50 ${percentile(answered, 50).toFixed(0)} ms, p99 ${percentile(answered, 99).toFixed(0)} ms`,
      );
    }
    const said = stack.logPath ? await logMessages(stack.logPath, logFrom) : new Map<string, number>();
    console.log(
      `  the app's warnings meanwhile: ${said.size === 0 ? "none" : [...said].map(([message, count]) => `${message} × ${count}`).join(", ")}`,
    );
  } finally {
    await stack.stop();
    await rm(appLog, { force: true });
  }
}
