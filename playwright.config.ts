import { defineConfig, devices } from "@playwright/test";

import { APP_NODE_ARGS } from "./scripts/app-node-args.mjs";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";
import { sandboxEnv, sandboxProcessEnv } from "./scripts/sandbox-env.mjs";

/**
 * End-to-end tests against the built app and the sandbox, each journey twice: with JavaScript
 * and without. Ports differ from the demo's so both can run at once. Serial: the sandbox's
 * state is shared and reset between tests.
 */
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3110);
export const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4110);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

const launchOptions = {
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${APP_PORT}`,
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
    trace: "retain-on-failure",
    launchOptions,
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 }, launchOptions } },
    {
      name: "sin-js",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 }, javaScriptEnabled: false, launchOptions },
    },
  ],
  webServer: [
    {
      command: "node --import tsx sandbox/main.ts",
      url: `http://localhost:${SANDBOX_PORT}/banca`,
      // Operations apply 300 ms after their challenge, so a test sees the new balance quickly.
      // No announcement and no overlay until a test sets one (announcements.spec.ts, overlays.spec.ts): they stay off
      // the other tests' pages.
      env: {
        ...sandboxProcessEnv({ appPort: APP_PORT, sandboxPort: SANDBOX_PORT }),
        SANDBOX_APPLY_DELAY_MS: "300",
        SANDBOX_ANNOUNCEMENTS: "none",
        SANDBOX_OVERLAYS: "none",
      },
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `node ${APP_NODE_ARGS.join(" ")} ${BUILD_DIR}/server/main.js`,
      url: `http://localhost:${APP_PORT}/healthcheck`,
      env: {
        ...sandboxEnv({
          appPort: APP_PORT,
          sandboxPort: SANDBOX_PORT,
          sessionSecret: "e2e-secret-e2e-secret-e2e-secret-e2e",
          sessionDir: `test-results/.sessions-${APP_PORT}`,
        }),
        LOG_LEVEL: "warn",
        // One browser address logs in hundreds of times here; the limits are shown in tests/security.
        RATE_LIMITS:
          "login=100000/60,money=100000/60,email=100000/60,upload=100000/60,export=100000/60,contact=100000/60,destination=100000/60",
        // The bank-down notice is tested by failing the health check: look again every second, not every 5 min.
        HEALTH_CHECK_INTERVAL_MS: "1000",
        // Tests set the announcements they need: read them on every page.
        ANNOUNCEMENTS_CACHE_MS: "0",
      },
      reuseExistingServer: false,
      // Stopped as a container is (SIGTERM), not killed: the app closes its receipt browser, whose profile folder
      // would otherwise stay behind in /tmp on every run.
      gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
