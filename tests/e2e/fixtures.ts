import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { connect } from "node:net";

import { test as base } from "@playwright/test";

import { APP_NODE_ARGS } from "../../scripts/app-node-args.mjs";
import { SANDBOX_NODE_ARGS, sandboxEnv, sandboxProcessEnv, waitForHttp } from "../../scripts/sandbox-env.mjs";
import { until } from "../support/wait";
import { APP_PORT, APP_URL, SANDBOX_PORT, SANDBOX_URL } from "./ports";

export { expect } from "@playwright/test";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";

/** How long the app has to close (its receipt browser, its connections) after SIGTERM, as a container's stop. */
const STOP_GRACE_MS = 15_000;

/**
 * The sandbox as the tests want it: operations apply 300 ms after their challenge, so a test sees the new
 * balance quickly; no announcement and no overlay until a test sets one (announcements.spec.ts,
 * overlays.spec.ts), so they stay off the other tests' pages.
 */
const SANDBOX_TEST_ENV = {
  ...sandboxProcessEnv({ appPort: APP_PORT, sandboxPort: SANDBOX_PORT }),
  SANDBOX_APPLY_DELAY_MS: "300",
  SANDBOX_ANNOUNCEMENTS: "none",
  SANDBOX_OVERLAYS: "none",
};

const APP_TEST_ENV = {
  ...sandboxEnv({
    appPort: APP_PORT,
    sandboxPort: SANDBOX_PORT,
    sessionSecret: "e2e-secret-e2e-secret-e2e-secret-e2e",
    sessionDir: `test-results/.sessions-${APP_PORT}`,
  }),
  LOG_LEVEL: "warn",
  // One browser address logs in hundreds of times here; the limits are shown in tests/security.
  RATE_LIMITS: "login=100000/60,money=100000/60,email=100000/60,upload=100000/60,export=100000/60,contact=100000/60,destination=100000/60",
  // The bank-down notice is tested by failing the health check: look again every second, not every 5 min.
  HEALTH_CHECK_INTERVAL_MS: "1000",
  // Tests set the announcements they need: read them on every page.
  ANNOUNCEMENTS_CACHE_MS: "0",
};

/** Whether something listens on `port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Resolves once nothing listens on `port`: a worker that replaces one (after a failure, or for the other
 * project) may start while the one before is still closing its servers.
 */
async function portFree(port: number): Promise<void> {
  await until(async () => !(await listening(port)), { timeoutMs: STOP_GRACE_MS + 5_000, everyMs: 100, what: `port ${port} to be free` });
}

/** A server of the worker's pair: its output's errors go to the run's, and it ends as a container does. */
function serve(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
}

/** SIGTERM, then SIGKILL past the grace: the next worker on these ports must find them free. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * Every spec's `test`: the worker's own sandbox and built app start with the worker (decision 126) and stop
 * with it, and every page, context and request of the worker's tests goes to that app.
 */
export const test = base.extend<object, { servers: void }>({
  servers: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      await Promise.all([portFree(SANDBOX_PORT), portFree(APP_PORT)]);
      const sandbox = serve(SANDBOX_NODE_ARGS, SANDBOX_TEST_ENV);
      let app: ChildProcess | undefined;
      // A worker that exits without its teardown (the run interrupted) takes its servers with it.
      const orphaned = () => {
        app?.kill("SIGKILL");
        sandbox.kill("SIGKILL");
      };
      process.once("exit", orphaned);
      try {
        await waitForHttp(`${SANDBOX_URL}/banca`, 60_000);
        app = serve([...APP_NODE_ARGS, `${BUILD_DIR}/server/main.js`], APP_TEST_ENV);
        await waitForHttp(`${APP_URL}/healthcheck`, 60_000);
        await provide();
      } finally {
        process.off("exit", orphaned);
        if (app) await stop(app);
        await stop(sandbox);
      }
    },
    { scope: "worker", auto: true, timeout: 150_000 },
  ],
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide) => {
    await provide(APP_URL);
  },
});
