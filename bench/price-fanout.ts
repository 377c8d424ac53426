import { Agent, type IncomingMessage } from "node:http";

import { extremes, login, mb, ms, openEventStream, percentile, rssKb, startStack } from "./support";

/**
 * Live prices fanned out to many browsers: 1,000 SSE clients on /precios/stream?pair=USD/MXN.
 * Figures: tick-to-client latency (the sandbox's tick ts vs. the time the client reads the
 * event; same machine, same clock), the app's resident memory, and the number of upstream price
 * sockets (must stay 1 for the pair, however many browsers). Target p99 < 100 ms.
 */
const CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 1_000);
const PAIR = "USD/MXN";
const WARM_UP_MS = 2_000;
const MEASURE_MS = 10_000;
const CONNECT_BATCH = 100;

interface Client {
  response: IncomingMessage | null;
  prices: number;
  statuses: number;
}

async function upstreamSockets(sandboxUrl: string): Promise<number> {
  const response = await fetch(`${sandboxUrl}/__prices`);
  return ((await response.json()) as { sockets: number }).sockets;
}

export async function priceFanout() {
  const stack = await startStack(3291);
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const clients: Client[] = [];
  let measuring = false;
  const latencies: number[] = [];
  try {
    const cookie = await login(stack.sandbox.url, stack.appUrl, "ana.admin");
    const pid = stack.app.pid!;
    const rssIdle = await rssKb(pid);
    const url = new URL(`/precios/stream?pair=${encodeURIComponent(PAIR)}`, stack.appUrl);

    /** One SSE client: ready once its first event (the status) has arrived. */
    const open = async (): Promise<Client> => {
      const client: Client = { response: null, prices: 0, statuses: 0 };
      client.response = await openEventStream(url, {
        agent,
        cookie,
        onEvent: (block, receivedAt) => {
          if (block.startsWith("event: price\n")) {
            client.prices += 1;
            // The payload starts {"pair":"USD/MXN","ts":<epoch ms>,...
            const ts = Number(/"ts":(\d+)/.exec(block)?.[1]);
            if (measuring && Number.isFinite(ts)) latencies.push(receivedAt - ts);
          } else if (block.startsWith("event: status\n")) {
            client.statuses += 1;
          }
        },
        isReady: (block) => block.startsWith("event: status\n"),
      });
      return client;
    };

    const connectStarted = performance.now();
    for (let i = 0; i < CLIENTS; i += CONNECT_BATCH) {
      const batch = await Promise.all(Array.from({ length: Math.min(CONNECT_BATCH, CLIENTS - i) }, open));
      clients.push(...batch);
    }
    const connectMs = performance.now() - connectStarted;

    await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
    measuring = true;
    const pricesBefore = clients.reduce((sum, c) => sum + c.prices, 0);
    await new Promise((resolve) => setTimeout(resolve, MEASURE_MS / 2));
    const rssLoaded = await rssKb(pid);
    const sockets = await upstreamSockets(stack.sandbox.url);
    await new Promise((resolve) => setTimeout(resolve, MEASURE_MS / 2));
    measuring = false;
    const delivered = clients.reduce((sum, c) => sum + c.prices, 0) - pricesBefore;
    const starved = clients.filter((c) => c.prices === 0).length;

    for (const client of clients) client.response?.destroy();
    agent.destroy();

    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(`price fan-out: ${CLIENTS} SSE clients on ${PAIR}, ${MEASURE_MS / 1000} s measured (ticks every 250 ms)`);
    console.log(`  connected all clients in  ${ms(connectMs)}`);
    console.log(
      `  price events delivered    ${delivered} (${(delivered / CLIENTS / (MEASURE_MS / 1000)).toFixed(2)}/s per client; clients with no price: ${starved})`,
    );
    console.log(
      `  latency spread            min ${ms(extremes(latencies).min)}  p10 ${ms(percentile(latencies, 10))}  p90 ${ms(percentile(latencies, 90))}`,
    );
    console.log(
      `  tick → client latency     p50 ${ms(p50)}  p99 ${ms(p99)}  max ${ms(extremes(latencies).max)}  (target p99 < 100 ms: ${p99 < 100 ? "met" : "NOT met"})`,
    );
    console.log(
      `  app resident memory       idle ${mb(rssIdle)}  with ${CLIENTS} clients ${mb(rssLoaded)}  (+${((rssLoaded - rssIdle) / CLIENTS).toFixed(1)} kB per client)`,
    );
    console.log(`  upstream price sockets    ${sockets} for 1 pair (expected 1: ${sockets === 1 ? "yes" : "NO"})`);
  } finally {
    for (const client of clients) client.response?.destroy();
    agent.destroy();
    await stack.stop();
  }
}
