import { Agent, type IncomingMessage } from "node:http";

import { openEventStream } from "./support";

/**
 * A child process of bench/price-fanout.ts holding SSE clients of the price stream, so the clients'
 * own work does not share the bench's event loop. Told over IPC how many clients to open
 * (`{ open: n }`), when to measure (`{ measure: true|false }`) and to report (`{ report: true }`);
 * latencies are counted in a histogram of whole milliseconds, never kept one by one.
 */
const url = new URL(process.env.FANOUT_URL ?? "");
const cookie = process.env.FANOUT_COOKIE ?? "";
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
const responses: IncomingMessage[] = [];
const histogram = new Map<number, number>();
let measuring = false;
let delivered = 0;
const pricesPerClient: number[] = [];

async function open(count: number) {
  const BATCH = 100;
  for (let opened = 0; opened < count; opened += BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(BATCH, count - opened) }, async () => {
        const index = pricesPerClient.push(0) - 1;
        const response = await openEventStream(url, {
          agent,
          cookie,
          onEvent: (block, receivedAt) => {
            if (!block.startsWith("event: price\n")) return;
            pricesPerClient[index] += 1;
            if (!measuring) return;
            const ts = Number(/"ts":(\d+)/.exec(block)?.[1]);
            if (!Number.isFinite(ts)) return;
            const latency = Math.max(0, receivedAt - ts);
            histogram.set(latency, (histogram.get(latency) ?? 0) + 1);
            delivered += 1;
          },
          isReady: (block) => block.startsWith("event: status\n"),
        });
        responses.push(response);
      }),
    );
  }
}

process.on("message", (message: { open?: number; measure?: boolean; report?: boolean; stop?: boolean }) => {
  if (message.open !== undefined) {
    void open(message.open).then(
      () => process.send?.({ opened: responses.length }),
      (error: unknown) => process.send?.({ error: String(error) }),
    );
  }
  if (message.measure !== undefined) {
    measuring = message.measure;
    if (measuring) {
      histogram.clear();
      delivered = 0;
      pricesPerClient.fill(0);
    }
  }
  if (message.report) {
    process.send?.({
      histogram: [...histogram.entries()],
      delivered,
      starved: pricesPerClient.filter((count) => count === 0).length,
    });
  }
  if (message.stop) {
    for (const response of responses) response.destroy();
    agent.destroy();
    process.exit(0);
  }
});
process.send?.({ ready: true });
