import type { ChildProcess } from "node:child_process";
import { fork } from "node:child_process";

import type { Figure, SettledMemory } from "./support";
import { figure, loadAverage, login, mb, ms, percentile, rssKb, settledMemory, startStack } from "./support";

/**
 * Live prices fanned out to many browsers (decision 042): SSE clients on /precios/stream?pair=USD/MXN,
 * held by child processes of their own (BENCH_FANOUT_PROCESSES, 2), grown to each step of
 * BENCH_SSE_STEPS (1,000, 5,000 and 10,000). At each step, BENCH_FANOUT_ROUNDS rounds (3), each:
 * - the app's memory per client: its resident memory after two forced full garbage collections
 *   (bench/gc-hook.mjs) over the same at the baseline (one dashboard page rendered and one client
 *   open: the process's and the pair's costs paid once), divided by the clients added since; with
 *   V8's heap and the array buffers per client beside it, to tell JavaScript objects from native
 *   memory, and the same counted from the cold app (before any page or client) for comparison;
 * - 10 s of ticks: the tick-to-client latency (the sandbox's tick time vs. when a client reads the
 *   event; same machine, same clock) as p50 / p99, and the resident memory per client while
 *   ticking without a forced collection (what decision 042 measured).
 * Then the upstream price sockets (1 for the pair, however many browsers). Targets: ≤ 16 kB per
 * client, p99 < 50 ms at 1k and < 250 ms at 10k.
 */
const STEPS = (process.env.BENCH_SSE_STEPS ?? "1000,5000,10000").split(",").map(Number);
const PROCESSES = Number(process.env.BENCH_FANOUT_PROCESSES ?? 2);
const ROUNDS = Number(process.env.BENCH_FANOUT_ROUNDS ?? 3);
const PAIR = "USD/MXN";
const SETTLE_MS = 3_000;
const MEASURE_MS = 10_000;

type Reply = {
  ready?: boolean;
  opened?: number;
  error?: string;
  histogram?: Array<[number, number]>;
  delivered?: number;
  starved?: number;
};

function ask(child: ChildProcess, message: object, until: (reply: Reply) => boolean): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const listen = (reply: Reply) => {
      if (reply.error) reject(new Error(reply.error));
      else if (until(reply)) {
        child.off("message", listen);
        resolve(reply);
      }
    };
    child.on("message", listen);
    child.send(message);
  });
}

/** p-th percentile of a histogram of whole milliseconds. */
function histogramPercentile(counts: Map<number, number>, p: number): number {
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (const latency of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(latency)!;
    if (seen >= rank) return latency;
  }
  return NaN;
}

async function upstreamSockets(sandboxUrl: string): Promise<number> {
  const response = await fetch(`${sandboxUrl}/__prices`);
  return ((await response.json()) as { sockets: number }).sockets;
}

const wait = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));
const median = (values: number[]) => percentile(values, 50);
const worst = (values: number[]) => values.reduce((a, b) => Math.max(a, b), -Infinity);
const kB = (value: number) => `${value.toFixed(1)} kB`;
const thousands = (count: number) => `${(count / 1000).toLocaleString("en")}k`;

/** The latency target of a step: < 50 ms up to 1k clients, < 250 ms at 10k (in between: the 10k one). */
const latencyTarget = (clients: number) => (clients <= 1000 ? 50 : 250);

export async function priceFanout(): Promise<Figure[]> {
  // The app caps live streams per session and per instance (decision 100); the bench's clients share one
  // session and reach the largest step, so it raises both: it measures what the fan-out costs, not where an
  // operator would stop it.
  const largest = String(Math.max(...STEPS));
  const stack = await startStack(3291, { LIVE_STREAMS_PER_SESSION: largest, LIVE_STREAMS_PER_INSTANCE: largest }, { gcHook: true });
  const children: ChildProcess[] = [];
  const figures: Figure[] = [];
  try {
    const cookie = await login(stack.sandbox.url, stack.appUrl, "ana.admin");
    const pid = stack.app.pid!;
    await wait(1_000);
    const cold = await settledMemory(stack);
    const url = new URL(`/precios/stream?pair=${encodeURIComponent(PAIR)}`, stack.appUrl).href;
    for (let i = 0; i < PROCESSES; i += 1) {
      const child = fork(new URL("./fanout-clients.ts", import.meta.url).pathname, [], {
        execArgv: ["--import", "tsx"],
        env: { ...process.env, FANOUT_URL: url, FANOUT_COOKIE: cookie },
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      children.push(child);
      await new Promise((resolve) => child.once("message", resolve));
    }
    // Memory per client is what each client adds (decision 083). The baseline is therefore the app as a
    // person's first visit leaves it: one dashboard page rendered (its code compiled, its texts and caches
    // loaded) and one live client, which opens the pair's one upstream price socket. Those are costs of the
    // process and of the pair, paid once whatever the number of clients. The figure counted from the cold
    // app is printed beside it.
    await (await fetch(`${stack.appUrl}/`, { headers: { cookie }, redirect: "manual" })).arrayBuffer();
    await ask(children[0]!, { open: 1 }, (reply) => reply.opened !== undefined);
    await wait(SETTLE_MS);
    const idle = await settledMemory(stack);
    const rssIdle = await rssKb(pid);
    console.log(
      `price fan-out on ${PAIR}, ticks every 250 ms, clients in ${PROCESSES} processes, ${ROUNDS} rounds of ${MEASURE_MS / 1000} s per step (load average ${loadAverage()})`,
    );
    console.log(
      `  app memory with one client, after a dashboard page: ${mb(rssIdle)}; after forced GC ${mb(idle.rssKb)} (V8 heap in use ${mb(idle.heapUsedKb)}, held ${mb(
        idle.heapTotalKb,
      )}); cold, before any page or client, after forced GC ${mb(cold.rssKb)}`,
    );

    let clients = 1;
    for (const step of STEPS) {
      // A page now and then, as a person's tab shows one: a session idle for 10 min takes no new streams.
      const page = await fetch(`${stack.appUrl}/`, { headers: { cookie }, redirect: "manual" });
      await page.arrayBuffer();
      if (page.status !== 200) throw new Error(`the bench's session is over (the dashboard answered ${page.status})`);
      const more = step - clients;
      await Promise.all(
        children.map((child, i) => {
          const share = Math.floor(more / PROCESSES) + (i < more % PROCESSES ? 1 : 0);
          return ask(child, { open: share }, (reply) => reply.opened !== undefined);
        }),
      );
      clients = step;
      await wait(SETTLE_MS);
      const p50s: number[] = [];
      const p99s: number[] = [];
      const settled: SettledMemory[] = [];
      const ticking: number[] = [];
      let starved = 0;
      let delivered = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        // Between rounds, never while measuring latency: a forced collection of the whole heap stops the app.
        settled.push(await settledMemory(stack));
        await wait(1_000);
        for (const child of children) child.send({ measure: true });
        await wait(MEASURE_MS / 2);
        ticking.push(((await rssKb(pid)) - rssIdle) / (clients - 1));
        await wait(MEASURE_MS / 2);
        const replies = await Promise.all(children.map((child) => ask(child, { report: true }, (reply) => reply.histogram !== undefined)));
        for (const child of children) child.send({ measure: false });
        const merged = new Map<number, number>();
        for (const reply of replies)
          for (const [latency, count] of reply.histogram!) merged.set(latency, (merged.get(latency) ?? 0) + count);
        p50s.push(histogramPercentile(merged, 50));
        p99s.push(histogramPercentile(merged, 99));
        starved = Math.max(
          starved,
          replies.reduce((sum, reply) => sum + (reply.starved ?? 0), 0),
        );
        delivered += replies.reduce((sum, reply) => sum + (reply.delivered ?? 0), 0);
      }
      const load = loadAverage();
      const sockets = await upstreamSockets(stack.sandbox.url);
      // The clients added since the baseline's one.
      const added = clients - 1;
      const perClient = settled.map((memory) => (memory.rssKb - idle.rssKb) / added);
      const fromCold = settled.map((memory) => (memory.rssKb - cold.rssKb) / clients);
      const heapPerClient = settled.map((memory) => ((memory.heapUsedKb - idle.heapUsedKb) * 1024) / added);
      const heapTotalPerClient = settled.map((memory) => ((memory.heapTotalKb - idle.heapTotalKb) * 1024) / added);
      const buffersPerClient = settled.map((memory) => ((memory.arrayBuffersKb - idle.arrayBuffersKb) * 1024) / added);
      console.log(
        `  ${String(step).padStart(6)} clients (load average ${load}): tick → client p50 ${ms(median(p50s))} (worst ${ms(worst(p50s))}), p99 ${ms(
          median(p99s),
        )} (worst ${ms(worst(p99s))}); ${(delivered / ROUNDS / step / (MEASURE_MS / 1000)).toFixed(2)} prices/s per client, ${starved} without any; upstream sockets ${sockets}`,
      );
      console.log(
        `  ${"".padStart(6)}         memory per client after forced GC ${kB(median(perClient))} (worst ${kB(worst(perClient))}): V8 heap in use ${(
          median(heapPerClient) / 1024
        ).toFixed(
          1,
        )} kB (held ${(median(heapTotalPerClient) / 1024).toFixed(1)} kB), array buffers ${median(buffersPerClient).toFixed(0)} B, outside V8's heap ${kB(
          median(perClient) - median(heapTotalPerClient) / 1024 - median(buffersPerClient) / 1024,
        )}; while ticking, no forced GC ${kB(median(ticking))} (worst ${kB(worst(ticking))}); counted from the cold app ${kB(median(fromCold))}`,
      );
      figures.push(
        figure({
          name: "live price clients: memory per SSE client",
          detail: `at ${thousands(step)} clients, resident memory after forced GC, per client added to the first`,
          unit: "kB",
          decimals: 1,
          runs: perClient,
          target: "≤ 16 kB",
          meets: (value) => value <= 16,
          load,
        }),
        figure({
          name: "live price clients: tick-to-browser p99",
          detail: `at ${thousands(step)} clients, each round's p99`,
          unit: "ms",
          decimals: 0,
          runs: p99s,
          target: `< ${latencyTarget(step)} ms`,
          meets: (value) => value < latencyTarget(step),
          load,
        }),
      );
    }
    console.log(`  targets: ≤ 16 kB per client; p99 < 50 ms at 1k, < 250 ms at 10k; 1 upstream socket`);
    return figures;
  } finally {
    for (const child of children) child.kill();
    await stack.stop();
  }
}
