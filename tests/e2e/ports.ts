/**
 * Where this Playwright worker's own sandbox and app listen (decision 126). Each worker has a pair of
 * its own, so tests that reset the sandbox or fault it never meet another worker's: E2E_APP_PORT and
 * E2E_SANDBOX_PORT (3110 and 4110) for the first worker, 20 more for each next one. A spec that
 * starts servers of its own (a cluster, a clock pair) takes the ports just above its worker's app
 * (APP_PORT + 1 … + 8), inside the worker's band of 20.
 */
const BAND = 20;
const lane = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3110) + lane * BAND;
export const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4110) + lane * BAND;
export const APP_URL = `http://localhost:${APP_PORT}`;
export const SANDBOX_URL = `http://localhost:${SANDBOX_PORT}`;
