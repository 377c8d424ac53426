import { connect } from "node:net";

import { test as base } from "@playwright/test";

import { type AppInstance, startAppInstance, startSandboxProcess } from "../support/instances";
import { until } from "../support/wait";
import { APP_PORT, APP_URL, SANDBOX_PORT } from "./ports";

export { expect } from "@playwright/test";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";

/** How long a replaced worker's app may take to close (its receipt browser, its connections), as a container's stop. */
const STOP_GRACE_MS = 15_000;

/**
 * The sandbox as the tests want it: operations apply 300 ms after their challenge, so a test sees the new
 * balance quickly; no announcement and no overlay until a test sets one (announcements.spec.ts,
 * overlays.spec.ts), so they stay off the other tests' pages.
 */
const SANDBOX_TEST_ENV = {
  SANDBOX_APPLY_DELAY_MS: "300",
  SANDBOX_ANNOUNCEMENTS: "none",
  SANDBOX_OVERLAYS: "none",
};

const APP_TEST_ENV = {
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
      const sandbox = await startSandboxProcess({ port: SANDBOX_PORT, appPort: APP_PORT, env: SANDBOX_TEST_ENV });
      let app: AppInstance | undefined;
      // A worker that exits without its teardown (the run interrupted) takes its servers with it.
      const orphaned = () => {
        void app?.kill();
        sandbox.kill();
      };
      process.once("exit", orphaned);
      try {
        app = await startAppInstance({ name: "e2e", port: APP_PORT, sandboxPort: SANDBOX_PORT, buildDir: BUILD_DIR, env: APP_TEST_ENV });
        await provide();
      } finally {
        process.off("exit", orphaned);
        await app?.stop();
        await sandbox.stop();
      }
    },
    { scope: "worker", auto: true, timeout: 150_000 },
  ],
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide) => {
    await provide(APP_URL);
  },
});
