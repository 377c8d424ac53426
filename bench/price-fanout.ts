import type { ChildProcess } from "node:child_process";
import { fork } from "node:child_process";
import { loadavg } from "node:os";

import { login, mb, ms, percentile, rssKb, startStack } from "./support";

/**
 * Live prices fanned out to many browsers (issue 14): SSE clients on /precios/stream?pair=USD/MXN,
 * held by child processes of their own (BENCH_FANOUT_PROCESSES, 2), grown to each step of
 * BENCH_SSE_STEPS (1,000, 5,000 and 10,000). At each step, measured for 10 s, twice: the
 * tick-to-client latency (the sandbox's tick time vs. when a client reads the event; same machine,
 * same clock) as p50 / p99, the app's resident memory per client over its idle memory, and the
 * upstream price sockets (1 for the pair, however many browsers). Targets: ≤ 16 kB per client,
 * p99 < 50 ms at 1k and < 250 ms at 10k.
 */
const STEPS = (process.env.BENCH_SSE_STEPS ?? "1000,5000,10000").split(",").map(Number);
const PROCESSES = Number(process.env.BENCH_FANOUT_PROCESSES ?? 2);
const PAIR = "USD/MXN";
const SETTLE_MS = 3_000;
const MEASURE_MS = 10_000;
const ROUNDS = 2;

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

export async function priceFanout() {
  const stack = await startStack(3291);
  const children: ChildProcess[] = [];
  try {
    const cookie = await login(stack.sandbox.url, stack.appUrl, "ana.admin");
    const pid = stack.app.pid!;
    await wait(1_000);
    const rssIdle = await rssKb(pid);
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
    console.log(
      `price fan-out on ${PAIR}, ticks every 250 ms, clients in ${PROCESSES} processes (load average ${loadavg()
        .map((v) => v.toFixed(2))
        .join(" ")})`,
    );
    console.log(`  idle app memory ${mb(rssIdle)}`);

    let clients = 0;
    for (const step of STEPS) {
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
      const perClient: number[] = [];
      let starved = 0;
      let delivered = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const child of children) child.send({ measure: true });
        await wait(MEASURE_MS / 2);
        perClient.push(((await rssKb(pid)) - rssIdle) / clients);
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
      const sockets = await upstreamSockets(stack.sandbox.url);
      const median = (values: number[]) => percentile(values, 50);
      console.log(
        `  ${String(step).padStart(6)} clients: tick → client p50 ${ms(median(p50s))} (worst ${ms(Math.max(...p50s))}), p99 ${ms(median(p99s))} (worst ${ms(
          Math.max(...p99s),
        )}); memory per client ${median(perClient).toFixed(1)} kB (worst ${Math.max(...perClient).toFixed(1)} kB); ${(
          delivered /
          ROUNDS /
          step /
          (MEASURE_MS / 1000)
        ).toFixed(2)} prices/s per client, ${starved} without any; upstream sockets ${sockets}`,
      );
    }
    console.log(`  targets: ≤ 16 kB per client; p99 < 50 ms at 1k, < 250 ms at 10k; 1 upstream socket`);
  } finally {
    for (const child of children) child.kill();
    await stack.stop();
  }
}
