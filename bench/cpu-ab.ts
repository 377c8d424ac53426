import { Agent, request } from "node:http";
import { loadavg } from "node:os";

import { cpuMs, login, percentile, startStack, stylesheetCookie } from "./support";

/**
 * Two builds' CPU per dashboard render, side by side (decision 074): `npx tsx bench/cpu-ab.ts DIR_A DIR_B`
 * (each a `BUILD_DIR` of `npm run build`). Both apps run at once, each with its sandbox, and take turns
 * in short blocks of renders on one keep-alive connection (BENCH_AB_BLOCKS blocks of BENCH_AB_RENDERS,
 * 20 × 50 by default, after 30 warm-up renders each), so a machine whose load changes while the bench
 * runs weighs on both alike; a change of a few per cent is lost in the noise of two runs taken one
 * after the other. Prints each build's median and worst block (app CPU from /proc/PID/stat, user +
 * system, per render) and the ratio of the medians. Ports: 3296 and 3297 plus BENCH_PORT_OFFSET.
 * BENCH_AB_ENV_B: `KEY=VALUE` pairs, space-separated, for B's app only, so one build can be measured
 * against itself with a setting changed (tracing on against off: docs/decisions/105).
 */
const BLOCKS = Number(process.env.BENCH_AB_BLOCKS ?? 20);
const PER_BLOCK = Number(process.env.BENCH_AB_RENDERS ?? 50);
function render(url: URL, agent: Agent, cookie: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { cookie, "accept-encoding": "gzip" } }, (response) => {
      response.resume();
      response.on("end", () => (response.statusCode === 200 ? resolve() : reject(new Error(`dashboard answered ${response.statusCode}`))));
    });
    req.on("error", reject);
    req.end();
  });
}

const envB = Object.fromEntries(
  (process.env.BENCH_AB_ENV_B ?? "")
    .split(" ")
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
);

async function side(buildDir: string, port: number, env: Record<string, string> = {}) {
  process.env.BUILD_DIR = buildDir;
  const stack = await startStack(port, env);
  const session = await login(stack.sandbox.url, stack.appUrl, "ana.admin");
  const url = new URL("/", stack.appUrl);
  // The stylesheet's cookie, as a browser keeps it after its first page (decision 068).
  const css = await stylesheetCookie(url, session);
  return {
    buildDir,
    stack,
    url,
    cookie: `${session}; ${css}`,
    agent: new Agent({ keepAlive: true, maxSockets: 1 }),
    blocks: [] as number[],
  };
}

const [dirA, dirB] = process.argv.slice(2);
if (!dirA || !dirB) {
  console.error("usage: npx tsx bench/cpu-ab.ts BUILD_DIR_A BUILD_DIR_B");
  process.exit(2);
}
const sides = [await side(dirA, 3296), await side(dirB, 3297, envB)];
try {
  console.log(
    `load average at the start ${loadavg()
      .map((v) => v.toFixed(2))
      .join(" ")}`,
  );
  for (const s of sides) for (let i = 0; i < 30; i += 1) await render(s.url, s.agent, s.cookie);
  for (let block = 0; block < BLOCKS; block += 1) {
    // Alternate who goes first, so neither always follows the other's garbage.
    for (const s of block % 2 === 0 ? sides : [...sides].reverse()) {
      const pid = s.stack.app.pid!;
      const before = await cpuMs(pid);
      for (let i = 0; i < PER_BLOCK; i += 1) await render(s.url, s.agent, s.cookie);
      s.blocks.push(((await cpuMs(pid)) - before) / PER_BLOCK);
    }
  }
  console.log(
    `load average at the end ${loadavg()
      .map((v) => v.toFixed(2))
      .join(" ")}`,
  );
  for (const s of sides) {
    const mean = s.blocks.reduce((a, b) => a + b, 0) / s.blocks.length;
    console.log(
      `  ${s.buildDir.padEnd(24)} CPU per render: median ${percentile(s.blocks, 50).toFixed(2)} ms  mean ${mean.toFixed(2)} ms  worst ${Math.max(...s.blocks).toFixed(2)} ms  (${BLOCKS} blocks of ${PER_BLOCK})`,
    );
  }
  console.log(`  B / A (medians) ${(percentile(sides[1].blocks, 50) / percentile(sides[0].blocks, 50)).toFixed(3)}`);
} finally {
  for (const s of sides) {
    s.agent.destroy();
    await s.stack.stop();
  }
}
