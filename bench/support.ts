import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { openSync } from "node:fs";
import { readFile, rm, stat } from "node:fs/promises";
import { type Agent, type IncomingMessage, request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";

import { startSandbox } from "../sandbox/server";
import { APP_NODE_ARGS } from "../scripts/app-node-args.mjs";
import { SANDBOX_NODE_ARGS, sandboxEnv, sandboxProcessEnv, waitForHttp } from "../scripts/sandbox-env.mjs";

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The pages the performance table's Lighthouse figure names, which the browser benches load (names as printed). */
export const FIRST_LOAD_PAGES = [
  { name: "dashboard", path: "/" },
  { name: "history", path: "/historial-operaciones" },
  { name: "operation detail", path: "/historial-operaciones/1001" },
];

export interface StackOptions {
  gcHook?: boolean;
  appLog?: string;
  /**
   * The sandbox in a process of its own (as `npm run demo` runs it) instead of in the bench's: a bench whose
   * clients load the bench's own event loop (200 connections) would otherwise starve the upstream it measures
   * the app against, and the app's upstream calls would time out for the bench's sake, not the app's.
   */
  sandboxProcess?: boolean;
}

/** A sandbox running as its own process: only its address and a way to stop it. */
export interface SandboxProcess {
  port: number;
  url: string;
  close(): Promise<void>;
}

type SandboxOf<Options extends StackOptions> = Options extends { sandboxProcess: true } ? SandboxProcess : Sandbox;

/** Where a sandbox process listens, from the app's port (3292 → 3392). */
const SANDBOX_PORT_DISTANCE = 100;

async function startSandboxProcess(appPort: number, sandboxPort: number): Promise<SandboxProcess> {
  const child = spawn(process.execPath, SANDBOX_NODE_ARGS, {
    env: { ...process.env, ...sandboxProcessEnv({ appPort, sandboxPort }), SANDBOX_LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${sandboxPort}`;
  await waitForHttp(`${url}/banca`);
  return {
    port: sandboxPort,
    url,
    async close() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

/**
 * The sandbox (in the bench's process, or its own with `sandboxProcess`) and the built app as a child process, wired like the demo.
 * BENCH_PORT_OFFSET moves every bench's app port (3290–3298 by default) by that much, so two people
 * can run benches on one machine (e.g. 1370 → 4660–4668). `gcHook` preloads bench/gc-hook.mjs into
 * the app (with --expose-gc) for {@link settledMemory}.
 */
export async function startStack<Options extends StackOptions>(
  appPort: number,
  extraEnv: Record<string, string> = {},
  options: Options = {} as Options,
) {
  appPort += Number(process.env.BENCH_PORT_OFFSET ?? 0);
  const memoryFile = path.join(tmpdir(), `bench-memory-${process.pid}-${appPort}.json`);
  if (options.gcHook) extraEnv = { ...extraEnv, BENCH_MEMORY_FILE: memoryFile };
  const sandbox = (
    options.sandboxProcess
      ? await startSandboxProcess(appPort, appPort + SANDBOX_PORT_DISTANCE)
      : await startSandbox({ port: 0, appUrl: `http://localhost:${appPort}` })
  ) as SandboxOf<Options>;
  const env = {
    ...process.env,
    ...sandboxEnv({
      appPort,
      sandboxPort: sandbox.port,
      sessionSecret: "bench-secret-bench-secret-bench-secret",
      sessionDir: ".cache/bench-sessions",
    }),
    LOG_LEVEL: "warn",
    ...extraEnv,
  } as NodeJS.ProcessEnv;
  // BUILD_DIR as for `npm run build`, so a bench can run against a build beside the default one.
  // The app's node runs with the flags it runs with everywhere (scripts/app-node-args.mjs); BENCH_NODE_ARGS adds
  // flags after them (a later flag wins), e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
  const nodeArgs = [...APP_NODE_ARGS, ...(process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean)];
  if (options.gcHook) nodeArgs.push("--expose-gc", "--import", new URL("./gc-hook.mjs", import.meta.url).pathname);
  // BENCH_APP_LOG (or a bench's `appLog`): a file that receives the app's log (JSON lines at LOG_LEVEL warn): its
  // timeouts, refusals, breakers.
  const logPath = process.env.BENCH_APP_LOG ?? options.appLog;
  const logFile = logPath ? openSync(logPath, "a") : "ignore";
  const app: ChildProcess = spawn(process.execPath, [...nodeArgs, `${process.env.BUILD_DIR ?? "build"}/server/main.js`], {
    env,
    stdio: ["ignore", logFile, "inherit"],
  });
  const appUrl = `http://localhost:${appPort}`;
  await waitForHttp(`${appUrl}/healthcheck`);
  return {
    sandbox,
    app,
    appUrl,
    memoryFile,
    logPath,
    async stop() {
      app.kill("SIGTERM");
      await new Promise((resolve) => app.once("exit", resolve));
      await sandbox.close();
      await rm(memoryFile, { force: true });
    },
  };
}

export interface SettledMemory {
  /** Resident memory (kB) after two full garbage collections. */
  rssKb: number;
  /** V8's heap in use, external memory and array buffers (kB), after the same collections. */
  heapUsedKb: number;
  /** What V8 holds for its heap, used or not. */
  heapTotalKb: number;
  externalKb: number;
  arrayBuffersKb: number;
}

/**
 * The app's memory once its garbage is collected (a stack started with `gcHook`): SIGUSR2 makes
 * bench/gc-hook.mjs collect twice and write process.memoryUsage(); then the resident memory is read.
 */
export async function settledMemory(stack: { app: ChildProcess; memoryFile: string }): Promise<SettledMemory> {
  const asked = Date.now();
  stack.app.kill("SIGUSR2");
  for (let waited = 0; waited < 10_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const written = await stat(stack.memoryFile).catch(() => null);
    if (!written) continue;
    const usage = (await readFile(stack.memoryFile, "utf8").then(
      (text) => JSON.parse(text) as Record<string, number>,
      () => null,
    )) ?? { at: 0 };
    if (!(usage.at >= asked)) continue;
    const kb = (bytes: number) => bytes / 1024;
    return {
      rssKb: await rssKb(stack.app.pid!),
      heapUsedKb: kb(usage.heapUsed),
      heapTotalKb: kb(usage.heapTotal),
      externalKb: kb(usage.external),
      arrayBuffersKb: kb(usage.arrayBuffers),
    };
  }
  throw new Error("the app did not report its memory (started without gcHook?)");
}

/** The machine's load average (1, 5 and 15 min), as every figure is printed with it. */
export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

/**
 * Logs in like a browser: 'Ir a la banca en línea' (the app's login state in a cookie), the bank
 * portal with that state, then its link back; answers the session cookie.
 */
export async function login(sandboxUrl: string, appUrl: string, userName: string): Promise<string> {
  const leaving = await fetch(`${appUrl}/login/banco`, { redirect: "manual" });
  const stateCookie = leaving.headers.getSetCookie().map((c) => c.split(";")[0])[0] ?? "";
  const state = new URL(leaving.headers.get("location") ?? "").searchParams.get("state") ?? "";
  const portal = await fetch(`${sandboxUrl}/banca/entrar?usuario=${userName}&state=${state}`, { redirect: "manual" });
  const access = new URL(portal.headers.get("location") ?? "");
  const response = await fetch(`${appUrl}${access.pathname}${access.search}`, { redirect: "manual", headers: { cookie: stateCookie } });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("__portal_session="));
  if (!cookie || response.headers.get("location") !== "/")
    throw new Error(`login failed (${response.status} → ${response.headers.get("location")})`);
  return cookie;
}

export async function rssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? NaN);
}

/** /proc/PID/stat counts CPU time in clock ticks: 100 per second on Linux. */
const TICK_MS = 10;

/** A process's CPU time so far (ms), user and system (kernel: socket writes to the sandbox on this machine included). */
export async function cpuTimes(pid: number): Promise<{ user: number; system: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces): utime is the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { user: Number(fields[11]) * TICK_MS, system: Number(fields[12]) * TICK_MS };
}

/** A process's CPU time so far (ms), user and system together. */
export async function cpuMs(pid: number): Promise<number> {
  const { user, system } = await cpuTimes(pid);
  return user + system;
}

/** The page once, as a browser's first page: answers the stylesheet's cookie it sets. */
export function stylesheetCookie(url: URL, cookie: string, acceptEncoding = "gzip"): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { cookie, "accept-encoding": acceptEncoding } }, (response) => {
      response.resume();
      const set = (response.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).find((c) => /^(__Host-)?_*portal_css=/.test(c));
      response.on("end", () => (set ? resolve(set) : reject(new Error("the page set no stylesheet cookie"))));
    });
    req.on("error", reject);
    req.end();
  });
}

export const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

/**
 * One Server-Sent Events client as a bench needs it: every event block goes to `onEvent` with the
 * time it was read; the promise resolves with the response once `isReady` says a block shows the
 * stream is live.
 */
export function openEventStream(
  url: URL,
  options: { agent: Agent; cookie: string; onEvent: (block: string, receivedAt: number) => void; isReady: (block: string) => boolean },
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: options.agent, headers: { cookie: options.cookie, accept: "text/event-stream" } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`${url.pathname} answered ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding("utf8");
      let buffer = "";
      let ready = false;
      response.on("data", (chunk: string) => {
        const receivedAt = Date.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          options.onEvent(block, receivedAt);
          if (!ready && options.isReady(block)) {
            ready = true;
            resolve(response);
          }
        }
      });
      response.on("error", () => undefined);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Summary statistics without spreading a large array into Math.min / Math.max. */
export function extremes(values: number[]) {
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return { min, max };
}

/**
 * One figure of the performance table as a bench hands it to bench/run.ts, which prints them all
 * together at the end: one value per run (a run's own median or p99, as `name` says), summarised as
 * the median and the p99 of the runs (with fewer than 100 runs the p99 is the worst run).
 */
export interface Figure {
  /** The issue table's name, word for word. */
  name: string;
  /** Which measure of it: "at 1,000 clients", "sequential, 300 renders"… */
  detail: string;
  unit: string;
  decimals?: number;
  runs: number[];
  /** The target as the issue words it. */
  target: string;
  /** A score: the worst run is the lowest (by default the highest is: a time, a size). */
  higherIsBetter?: boolean;
  /** Whether a value meets the target; the verdict is taken on the median of the runs. */
  meets: (value: number) => boolean;
  /** Load average (1, 5, 15 min) when measured. */
  load: string;
}

export function figure(input: Omit<Figure, "load"> & { load?: string }): Figure {
  return { ...input, load: input.load ?? loadAverage() };
}

/** How many lines of the app's log (a stack's `logPath`, JSON lines) carry each message, from byte `from` on. */
export async function logMessages(logPath: string, from = 0): Promise<Map<string, number>> {
  const text = (await readFile(logPath)).subarray(from).toString("utf8");
  const counts = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const { msg } = JSON.parse(line) as { msg?: unknown };
      if (typeof msg === "string") counts.set(msg, (counts.get(msg) ?? 0) + 1);
    } catch {
      // A line cut by the app's exit.
    }
  }
  return counts;
}
