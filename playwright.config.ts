import { availableParallelism } from "node:os";

import { defineConfig, devices } from "@playwright/test";

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";

/**
 * End-to-end tests against the built app and the sandbox, each journey twice: with JavaScript
 * and without. Each worker starts a sandbox and an app of its own (tests/e2e/fixtures.ts, decision
 * 126) on ports of its own (tests/e2e/ports.ts; apart from the demo's, so both can run at once),
 * so the tests of one worker reset and fault their sandbox without meeting another's. Inside a
 * worker, files and their tests run one after another. A worker keeps about two cores busy (its
 * browser; its app and sandbox), so there is one worker per two cores unless E2E_WORKERS says.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? Math.max(1, Math.floor(availableParallelism() / 2)));

const launchOptions = {
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
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
});
