import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { vi } from "vitest";

import type { TestSandbox } from "./sandbox";

export const TEST_APP_URL = "http://portal.test";

/**
 * The app's environment pointed at an in-process sandbox, for tests that call loaders and
 * actions directly with real Requests; sessions go to a temporary folder. `restore()` undoes it.
 */
export async function pointAppAtSandbox(
  sandbox: TestSandbox,
  name: string,
  /** Settings a test file runs with (small time budgets, rate limits); read at the first parse. */
  overrides: Record<string, string> = {},
): Promise<{ restore: () => Promise<void> }> {
  const sessionDir = await mkdtemp(path.join(tmpdir(), `${name}-`));
  const socket = sandbox.url.replace("http", "ws");
  const env: Record<string, string> = {
    APP_URL: TEST_APP_URL,
    SESSION_SECRET: "secreto-de-pruebas-con-mas-de-32-caracteres",
    SESSION_DIR: sessionDir,
    PRODUCT_API_URL: `${sandbox.url}/api`,
    GRAPHQL_URL: `${sandbox.url}/graphql`,
    NOTIFICATIONS_API_URL: `${sandbox.url}/notifications-api`,
    PARTNER_API_URL: `${sandbox.url}/partner`,
    BANK_MIDDLEWARE_URL: `${sandbox.url}/middleware`,
    CHALLENGE_URL: `${sandbox.url}/challenge`,
    BANK_PORTAL_URL: `${sandbox.url}/banca`,
    NOTIFICATIONS_SOCKET_URL: `${socket}/notifications-socket`,
    PRICES_WS_URL: `${socket}/prices`,
  };
  for (const [key, value] of Object.entries({ ...env, ...overrides })) vi.stubEnv(key, value);
  return {
    async restore() {
      vi.unstubAllEnvs();
      await rm(sessionDir, { recursive: true, force: true });
    },
  };
}
