import pino from "pino";

import { type SandboxOptions, startSandbox } from "../../sandbox/server";
import { graphqlClient } from "../../server/upstream/graphql.server";
import { createHttp } from "../../server/upstream/http.server";
import { notificationsClient } from "../../server/upstream/notifications.server";
import { partnerClient } from "../../server/upstream/partner.server";
import { productClient } from "../../server/upstream/product.server";
import { ratesClient } from "../../server/upstream/rates.server";
import type { RetryPolicy } from "../../server/upstream/retry";

export type TestSandbox = Awaited<ReturnType<typeof startSandbox>>;

export const silentLog = pino({ level: "silent" });

/** Fast back-off for tests: same shape as production (doubling), milliseconds instead of seconds. */
export const FAST_RETRY: RetryPolicy = { retries: 3, minTimeoutMs: 20, maxRetryAfterMs: 200 };

export function startTestSandbox(options: Partial<SandboxOptions> = {}) {
  return startSandbox({ port: 0, appUrl: "http://localhost:3999", ...options });
}

/** What the bank's portal hands the app: the token in the redirect to /access. */
export async function bankTokenFor(sandbox: TestSandbox, userName: string): Promise<string> {
  const response = await fetch(`${sandbox.url}/banca/entrar?usuario=${encodeURIComponent(userName)}`, { redirect: "manual" });
  const location = response.headers.get("location");
  if (response.status !== 302 || !location) throw new Error(`portal answered ${response.status}`);
  const token = new URL(location).searchParams.get("jwt");
  if (!token) throw new Error("no jwt in the portal redirect");
  return token;
}

export function clients(
  sandbox: TestSandbox,
  tokens: { bankToken?: string; productJwt?: string },
  options: { signal?: AbortSignal; timeoutRetry?: RetryPolicy } = {},
) {
  const common = { log: silentLog, retry: options.timeoutRetry ?? FAST_RETRY, signal: options.signal };
  return {
    partner: partnerClient(
      createHttp({
        ...common,
        service: "partner",
        baseUrl: `${sandbox.url}/partner`,
        token: tokens.bankToken ?? null,
        headers: { geolocation: "19.43,-99.13" },
      }),
    ),
    product: productClient(createHttp({ ...common, service: "product", baseUrl: `${sandbox.url}/api`, token: tokens.productJwt ?? null })),
    rates: ratesClient(createHttp({ ...common, service: "product", baseUrl: `${sandbox.url}/api`, token: tokens.productJwt ?? null })),
    graphql: graphqlClient(
      createHttp({ ...common, service: "graphql", baseUrl: `${sandbox.url}/graphql`, token: tokens.productJwt ?? "" }),
    ),
    notifications: notificationsClient(
      createHttp({ ...common, service: "notifications", baseUrl: `${sandbox.url}/notifications-api`, token: tokens.productJwt ?? null }),
    ),
  };
}

export async function control(sandbox: TestSandbox, path: string, body?: unknown, method = "POST") {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return response.status === 204 ? null : ((await response.json()) as unknown);
}

export async function requestCount(sandbox: TestSandbox, path: string): Promise<number> {
  const log = (await control(sandbox, `/__requests?path=${encodeURIComponent(path)}`, undefined, "GET")) as unknown[];
  return log.length;
}

/** Logs a demo user in the way the app does, returning both tokens. */
export async function loginAs(sandbox: TestSandbox, userName: string) {
  const bankToken = await bankTokenFor(sandbox, userName);
  const login = await clients(sandbox, { bankToken }).product.loginUser(bankToken);
  return { bankToken, productJwt: login.jwt, memberId: login.memberId };
}

/**
 * Sets Carlos's §6 permissions at the product, as Ana (his administrator) would: the app reads
 * them fresh on every check (decision 058), so this is what his next request is judged by.
 */
export async function setCollaboratorPermissions(sandbox: TestSandbox, names: string[]): Promise<void> {
  const ana = await loginAs(sandbox, "ana.admin");
  const headers = { authorization: `Bearer ${ana.productJwt}`, "content-type": "application/json" };
  const catalogue = (await (await fetch(`${sandbox.url}/api/permissions`, { headers })).json()) as Array<{ id: number; name: string }>;
  const permissions = catalogue.filter((permission) => names.includes(permission.name)).map((permission) => ({ id: permission.id }));
  const response = await fetch(`${sandbox.url}/api/members/update-collaborator/2`, {
    method: "PUT",
    headers,
    body: JSON.stringify({ permissions }),
  });
  if (!response.ok) throw new Error(`update-collaborator answered ${response.status}`);
}
