// The app's environment when its upstreams are the built-in sandbox: one place for the demo,
// the end-to-end tests and the benchmarks.

/** How node starts the sandbox as a process of its own (the demo, the benches; Playwright's webServer and compose.yaml spell it out). */
export const SANDBOX_NODE_ARGS = ["--import", "tsx", "sandbox/main.ts"];

export function sandboxEnv({ appPort, sandboxPort, sessionSecret, sessionDir = ".sessions" }) {
  const sandbox = `http://localhost:${sandboxPort}`;
  const socket = `ws://localhost:${sandboxPort}`;
  return {
    NODE_ENV: "production",
    PORT: String(appPort),
    APP_URL: `http://localhost:${appPort}`,
    SESSION_SECRET: sessionSecret,
    SESSION_DIR: sessionDir,
    PRODUCT_API_URL: `${sandbox}/api`,
    GRAPHQL_URL: `${sandbox}/graphql`,
    NOTIFICATIONS_API_URL: `${sandbox}/notifications-api`,
    NOTIFICATIONS_SOCKET_URL: `${socket}/notifications-socket`,
    PARTNER_API_URL: `${sandbox}/partner`,
    BANK_MIDDLEWARE_URL: `${sandbox}/middleware`,
    PRICES_WS_URL: `${socket}/prices`,
    CHALLENGE_URL: `${sandbox}/challenge`,
    BANK_PORTAL_URL: `${sandbox}/banca`,
    // paula.prueba's company is under the special rule of SPEC §6 in the demo.
    SPECIAL_RULE_COMPANY_IDS: "300501",
    NEW_FEATURE_COMPANY_IDS: "100234",
  };
}

export function sandboxProcessEnv({ appPort, sandboxPort }) {
  return {
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_HOST: "127.0.0.1",
    APP_URL: `http://localhost:${appPort}`,
    // The app allows forms to post (and redirect) to CHALLENGE_URL only: the same origin here.
    SANDBOX_CHALLENGE_URL: `http://localhost:${sandboxPort}/challenge`,
  };
}

/** Resolves when `url` answers 2xx, or rejects after `timeoutMs`. */
export async function waitForHttp(url, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
