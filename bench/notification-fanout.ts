import { Agent, type IncomingMessage } from "node:http";

import type { Figure } from "./support";
import { extremes, figure, loadAverage, login, mb, ms, openEventStream, percentile, rssKb, settledMemory, startStack } from "./support";

/**
 * Live notifications fanned out (decision 031): MEMBERS members, each with one tab on /eventos, so the
 * app holds one upstream notification socket per member; the sandbox pushes one notification per
 * member per second, in ROUNDS rounds (BENCH_NOTIFY_ROUNDS, 3) of MEASURE_S seconds (BENCH_SECONDS, 10).
 * Figures: push-to-browser latency (the push's time travels in the notification's copy, which the
 * toast carries; same machine, same clock), per round; the app's resident memory per member, after
 * forced garbage collections (bench/gc-hook.mjs) between rounds, over the same once all members
 * are logged in; and the upstream sockets the sandbox sees (one per member).
 * Target p99 < 100 ms and < 30 KB per member.
 */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000);
const MEASURE_S = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_NOTIFY_ROUNDS ?? 3);
const LOGIN_BATCH = 10;
const CONNECT_BATCH = 50;
/** Pushes go out in slices through each second, so the load is even. */
const SLICE_MS = 10;

interface Tab {
  response: IncomingMessage | null;
  toasts: number;
}

const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

export async function notificationFanout(): Promise<Figure[]> {
  const stack = await startStack(3293, { RATE_LIMITS: `login=${MEMBERS * 4}/300` }, { gcHook: true });
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const tabs: Tab[] = [];
  const latencies: number[] = [];
  let measuring = false;
  try {
    // The bench's members: copies of ana.admin (same company and permissions), each its own member.
    const { state } = stack.sandbox;
    const ana = state.bankUsers.find((user) => user.userName === "ana.admin");
    const anaMember = state.members.find((member) => member.userName === "ana.admin");
    if (!ana || !anaMember) throw new Error("the sandbox seeds ana.admin");
    const members = Array.from({ length: MEMBERS }, (_, i) => ({ userName: `banco.prueba.${i}`, memberId: 900_000 + i }));
    for (const { userName, memberId } of members) {
      state.bankUsers.push({ ...ana, userName });
      state.members.push({ ...structuredClone(anaMember), userName, memberId });
    }

    const loginStarted = performance.now();
    const cookies: string[] = [];
    for (let i = 0; i < MEMBERS; i += LOGIN_BATCH) {
      const batch = members.slice(i, i + LOGIN_BATCH);
      cookies.push(...(await Promise.all(batch.map(({ userName }) => login(stack.sandbox.url, stack.appUrl, userName)))));
    }
    const loginMs = performance.now() - loginStarted;

    const pid = stack.app.pid!;
    const rssIdle = await rssKb(pid);
    const idle = await settledMemory(stack);
    const url = new URL("/eventos", stack.appUrl);

    /** One tab's live channel: ready once the member's upstream socket is up. */
    const open = async (cookie: string): Promise<Tab> => {
      const tab: Tab = { response: null, toasts: 0 };
      tab.response = await openEventStream(url, {
        agent,
        cookie,
        onEvent: (block, receivedAt) => {
          if (!block.startsWith("event: toast\n")) return;
          tab.toasts += 1;
          // The copy is the push's epoch ms; the toast's description carries it.
          const sentAt = Number(/"description":"(\d+)"/.exec(block)?.[1]);
          if (measuring && Number.isFinite(sentAt)) latencies.push(receivedAt - sentAt);
        },
        isReady: (block) => block.startsWith("event: connection\n") && block.includes('"online":true'),
      });
      return tab;
    };

    const connectStarted = performance.now();
    for (let i = 0; i < MEMBERS; i += CONNECT_BATCH) {
      tabs.push(...(await Promise.all(cookies.slice(i, i + CONNECT_BATCH).map(open))));
    }
    const connectMs = performance.now() - connectStarted;
    const sockets = ((await (await fetch(`${stack.sandbox.url}/__notification-sockets`)).json()) as { sockets: number }).sockets;
    await sleep(1_000);
    const rssConnected = await rssKb(pid);

    // One push per member per second, spread over the second in slices; a forced GC between rounds.
    const settled: number[] = [];
    const p99s: number[] = [];
    let pushed = 0;
    let rssLoaded = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      settled.push(((await settledMemory(stack)).rssKb - idle.rssKb) / MEMBERS);
      await sleep(500);
      const roundStart = latencies.length;
      measuring = true;
      let next = 0;
      let sent = 0;
      const pushStarted = Date.now();
      while (Date.now() - pushStarted < MEASURE_S * 1000) {
        // As many as are due by now: MEMBERS per second.
        const due = Math.floor(((Date.now() - pushStarted) * MEMBERS) / 1000);
        for (; sent < due; sent++) {
          const member = members[next];
          next = (next + 1) % MEMBERS;
          stack.sandbox.notify({
            memberId: member.memberId,
            module: "receiver",
            type: "info",
            status: "authorized",
            title: "Destinatario activo",
            copy: String(Date.now()),
          });
        }
        if (round === 0 && !rssLoaded && Date.now() - pushStarted > (MEASURE_S * 1000) / 2) rssLoaded = await rssKb(pid);
        await sleep(SLICE_MS);
      }
      pushed += sent;
      await sleep(1_000);
      measuring = false;
      p99s.push(percentile(latencies.slice(roundStart), 99));
    }

    const received = tabs.reduce((sum, tab) => sum + tab.toasts, 0);
    const starved = tabs.filter((tab) => tab.toasts === 0).length;
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const { min, max } = extremes(latencies);
    // The larger of "tabs open" and "while pushing" over the logged-in baseline (RSS lags the heap).
    const perMemberKb = (Math.max(rssConnected, rssLoaded) - rssIdle) / MEMBERS;
    const load = loadAverage();
    console.log(
      `notification fan-out: ${MEMBERS} members with one tab each, ${ROUNDS} rounds of ${MEASURE_S} s of one push per member per second (load average ${load})`,
    );
    console.log(`  logged in all members in   ${ms(loginMs)}`);
    console.log(`  opened all tabs in         ${ms(connectMs)} (each until its upstream socket was up)`);
    console.log(
      `  upstream sockets           ${sockets} for ${MEMBERS} members (expected one per member: ${sockets === MEMBERS ? "yes" : "NO"})`,
    );
    console.log(`  pushes sent / toasts read  ${pushed} / ${received} (tabs that heard nothing: ${starved})`);
    console.log(
      `  push → browser latency     min ${ms(min)}  p50 ${ms(p50)}  p99 ${ms(p99)}  max ${ms(max)}; each round's p99 ${p99s.map(ms).join(", ")}  (target p99 < 100 ms: ${p99 < 100 ? "met" : "NOT met"})`,
    );
    console.log(
      `  app resident memory        logged in ${mb(rssIdle)}  tabs open ${mb(rssConnected)}  pushing ${mb(rssLoaded)}  (+${perMemberKb.toFixed(1)} kB per member; target < 30 KB: ${perMemberKb < 30 ? "met" : "NOT met"})`,
    );
    const settledMedian = percentile(settled, 50);
    console.log(
      `  after forced GC            ${settled.map((kb) => `${kb.toFixed(1)} kB`).join(", ")} per member over logged-in (median ${settledMedian.toFixed(1)} kB; target < 30 KB: ${settledMedian < 30 ? "met" : "NOT met"})`,
    );
    // Not in the performance table (decision 031's targets), but the same live channel: in the summary too.
    return [
      figure({
        name: "live notifications: memory per member with one tab",
        detail: `${MEMBERS} members, resident memory after forced GC`,
        unit: "kB",
        runs: settled,
        target: "< 30 kB",
        meets: (value) => value < 30,
        load,
      }),
      figure({
        name: "live notifications: push-to-browser p99",
        detail: `${MEMBERS} members, each round's p99`,
        unit: "ms",
        decimals: 0,
        runs: p99s,
        target: "< 100 ms",
        meets: (value) => value < 100,
        load,
      }),
    ];
  } finally {
    for (const tab of tabs) tab.response?.destroy();
    agent.destroy();
    await stack.stop();
  }
}
