import path from "node:path";
import { pathToFileURL } from "node:url";

import { type AppInstance, startAppInstance, startSandboxProcess } from "./instances";

const PRELOAD = `--import ${pathToFileURL(path.resolve("tests/support/fixed-clock.mjs")).href}`;

export interface ClockPair {
  app: AppInstance;
  sandboxUrl: string;
  /** Stops the app, then the sandbox. */
  close(): Promise<void>;
}

/**
 * An app and a sandbox of their own whose clocks both start at `at` (an ISO instant) and run on
 * from there (tests/support/fixed-clock.mjs, decision 113). Both, since the bank's tokens carry the
 * sandbox's time and the app ends a session when its token's expiry is past: an app alone days
 * ahead would find every session over. The browser keeps its own clock: the session's timers
 * follow the server's (`serverNow`), and a cookie the app sets expires days later, not earlier.
 * Instants later than the real one, then, so no cookie is born expired.
 */
export async function startClockPair(options: { at: string; appPort: number; sandboxPort: number; buildDir: string }): Promise<ClockPair> {
  const sandbox = await startSandboxProcess({
    port: options.sandboxPort,
    appPort: options.appPort,
    // No announcement and no overlay until a test sets one, as in tests/e2e/fixtures.ts.
    env: { SANDBOX_ANNOUNCEMENTS: "none", SANDBOX_OVERLAYS: "none", NODE_OPTIONS: PRELOAD, FIXED_CLOCK_AT: options.at },
  });
  try {
    const app = await startAppInstance({
      name: "reloj",
      port: options.appPort,
      sandboxPort: options.sandboxPort,
      buildDir: options.buildDir,
      env: {
        NODE_OPTIONS: PRELOAD,
        FIXED_CLOCK_AT: options.at,
        ANNOUNCEMENTS_CACHE_MS: "0",
        RATE_LIMITS: "login=100000/60,money=100000/60,email=100000/60,upload=100000/60,export=100000/60",
      },
    });
    return {
      app,
      sandboxUrl: sandbox.url,
      async close() {
        await app.stop();
        await sandbox.stop();
      },
    };
  } catch (error) {
    await sandbox.stop();
    throw error;
  }
}
