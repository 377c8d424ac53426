import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import { APP_NODE_ARGS } from "../../scripts/app-node-args.mjs";
import { SANDBOX_NODE_ARGS, sandboxEnv, sandboxProcessEnv, waitForHttp } from "../../scripts/sandbox-env.mjs";

export interface AppInstance {
  name: string;
  port: number;
  url: string;
  /** Its process id (a BullMQ worker's name ends with it: decision 067). */
  pid: number;
  /** SIGTERM, as Docker stops a container; resolves with how it ended and how long it took. */
  stop(): Promise<{ code: number | null; signal: string | null; ms: number }>;
  /** Ends it as a crash would (SIGKILL): nothing is closed, nothing handed back. */
  kill(): Promise<void>;
}

/**
 * The built app (`npm run build`) in a process of its own, on `port`, against the sandbox, with
 * `env` on top (REDIS_URL, APP_URL of the front it sits behind, limits). Ready when this resolves.
 */
export async function startAppInstance(options: {
  name: string;
  port: number;
  sandboxPort: number;
  env: Record<string, string>;
  buildDir?: string;
}): Promise<AppInstance> {
  const sessionDir = await mkdtemp(path.join(tmpdir(), `instancia-${options.name}-`));
  const child: ChildProcess = spawn("node", [...APP_NODE_ARGS, path.join(options.buildDir ?? "build", "server", "main.js")], {
    env: {
      ...process.env,
      ...sandboxEnv({
        appPort: options.port,
        sandboxPort: options.sandboxPort,
        sessionSecret: "instancias-secreto-instancias-secreto-!!",
        sessionDir,
      }),
      LOG_LEVEL: "warn",
      ...options.env,
    } as NodeJS.ProcessEnv,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://localhost:${options.port}`;
  await waitForHttp(`${url}/healthcheck`, 30_000);
  return {
    name: options.name,
    port: options.port,
    url,
    pid: child.pid ?? 0,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
      await rm(sessionDir, { recursive: true, force: true });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return { code: child.exitCode, signal: child.signalCode, ms: 0 };
      const startedAt = Date.now();
      const exited = new Promise<{ code: number | null; signal: string | null; ms: number }>((resolve) =>
        child.once("exit", (code, signal) => resolve({ code, signal, ms: Date.now() - startedAt })),
      );
      child.kill("SIGTERM");
      const ended = await exited;
      await rm(sessionDir, { recursive: true, force: true });
      return ended;
    },
  };
}

export interface SandboxProcess {
  url: string;
  /** SIGTERM; resolves once it has exited. */
  stop(): Promise<void>;
  /** SIGKILL at once, for a process that is exiting and cannot wait. */
  kill(): void;
}

/**
 * The sandbox in a process of its own, as the demo and compose run it, on `port` for the app on `appPort`,
 * with `env` on top (its apply delay, announcements, a fixed clock). Ready when this resolves.
 */
export async function startSandboxProcess(options: {
  port: number;
  appPort: number;
  env: Record<string, string>;
}): Promise<SandboxProcess> {
  const child: ChildProcess = spawn(process.execPath, SANDBOX_NODE_ARGS, {
    env: { ...process.env, ...sandboxProcessEnv({ appPort: options.appPort, sandboxPort: options.port }), ...options.env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  const url = `http://localhost:${options.port}`;
  try {
    await waitForHttp(`${url}/banca`, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop, kill: () => child.kill("SIGKILL") };
}

export interface RoundRobin {
  url: string;
  /** Which instance answered each request, in order, as `name path`. */
  served: string[];
  close(): Promise<void>;
}

/**
 * The smallest front a cluster has: every request goes to the next instance in turn, with its
 * headers and body as they came and the answer streamed back (Server-Sent Events included), plus
 * `X-Served-By` naming the instance. A request with `X-Instance: <name>` goes to that instance, so a
 * test's own requests land where it says whatever else the browser sends meanwhile.
 */
export async function startRoundRobin(port: number, instances: AppInstance[]): Promise<RoundRobin> {
  let next = 0;
  const served: string[] = [];
  const server = http.createServer((request, response) => {
    // A test that must know which instance answers names it in X-Instance; the rest take turns.
    const pinned = instances.find((instance) => instance.name === request.headers["x-instance"]);
    const target = pinned ?? instances[next++ % instances.length];
    served.push(`${target.name} ${request.url ?? ""}`);
    const upstream = http.request(
      { host: "127.0.0.1", port: target.port, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-served-by": target.name });
        answer.pipe(response);
      },
    );
    upstream.on("error", () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    response.on("close", () => upstream.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://localhost:${port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Cluster {
  instances: AppInstance[];
  front: RoundRobin;
  /** A new instance with the cluster's configuration (one killed, started again); the test puts it in `instances`. */
  startInstance(name: string, port: number): Promise<AppInstance>;
  /** Stops the front, then the instances as Docker would. */
  close(): Promise<void>;
}

/**
 * Two instances "a" and "b" on one Redis behind a round-robin front on `frontPort`, as compose runs
 * them: `APP_URL` is the front's, and every rate limit out of the way unless `rateLimits` says.
 */
export async function startCluster(options: {
  redisUrl: string;
  sandboxPort: number;
  buildDir: string;
  ports: [number, number];
  frontPort: number;
  rateLimits?: string;
}): Promise<Cluster> {
  const env = {
    REDIS_URL: options.redisUrl,
    APP_URL: `http://localhost:${options.frontPort}`,
    RATE_LIMITS: options.rateLimits ?? "login=100000/60,money=100000/60,email=100000/60,upload=100000/60,export=100000/60",
    ANNOUNCEMENTS_CACHE_MS: "0",
  };
  const startInstance = (name: string, port: number) =>
    startAppInstance({ name, port, sandboxPort: options.sandboxPort, env, buildDir: options.buildDir });
  const instances = await Promise.all([startInstance("a", options.ports[0]), startInstance("b", options.ports[1])]);
  const front = await startRoundRobin(options.frontPort, instances);
  return {
    instances,
    front,
    startInstance,
    async close() {
      await front.close();
      await Promise.all(instances.map((instance) => instance.stop()));
    },
  };
}
