import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach } from "vitest";

import { jwtExpiry } from "#core/domain/jwt";
import { resetForTests, runShutdownHooks } from "#server/lifecycle.server";
import { commitSession, getSession } from "#server/session/auth.server";
import { csrfTokenFor } from "#server/session/csrf.server";
import { issueLoginState } from "#server/session/login-link.server";
import type { SessionData } from "#server/session/types";

import * as access from "../../app/routes/access";
import type { SandboxOptions } from "../../sandbox/server";
import { pointAppAtSandbox, TEST_APP_URL } from "./app-env";
import type { TestSandbox } from "./sandbox";
import { bankTokenFor, control, loginAs, silentLog, startTestSandbox } from "./sandbox";

/** The load context the HTTP server hands every loader and action. */
export const routeContext = { log: silentLog, cspNonce: "", requestId: "prueba" } as unknown as AppLoadContext;

const cookiePair = (setCookie: string) => setCookie.split(";")[0];

interface Person {
  user: { userName: string; name: string; firstLastName: string; secondLastName: string; email: string };
  companies: Array<{ clientId: string; name: string; businessName: string; profileType: "ADMINISTRADOR" | "COLABORADOR" }>;
  companyId: string;
  memberId: string;
}

const ANA: Person = {
  user: { userName: "ana.admin", name: "Ana", firstLastName: "Martínez", secondLastName: "Ríos", email: "ana@example.test" },
  companies: [
    { clientId: "100234", name: "Importadora del Bajío", businessName: "Importadora del Bajío S.A. de C.V.", profileType: "ADMINISTRADOR" },
  ],
  companyId: "100234",
  memberId: "1",
};

/** Carlos, a collaborator of Ana's company (his §6 permissions are the product's: `setCollaboratorPermissions`). */
const CARLOS: Person = {
  user: {
    userName: "carlos.colaborador",
    name: "Carlos",
    firstLastName: "Hernández",
    secondLastName: "Soto",
    email: "carlos@example.test",
  },
  companies: [{ ...ANA.companies[0], profileType: "COLABORADOR" }],
  companyId: "100234",
  memberId: "2",
};

/** Beatriz, administrator of her own company with the Basic membership. */
const BEATRIZ: Person = {
  user: { userName: "beatriz.basica", name: "Beatriz", firstLastName: "López", secondLastName: "García", email: "beatriz@example.test" },
  companies: [
    {
      clientId: "200115",
      name: "Panificadora Santa Lucía",
      businessName: "Panificadora Santa Lucía S.A. de C.V.",
      profileType: "ADMINISTRADOR",
    },
  ],
  companyId: "200115",
  memberId: "3",
};

type Tokens = { bankToken?: string; productJwt: string; memberId?: string | number };

async function browserOf(person: Person, tokens: Tokens, extra: Partial<SessionData> = {}) {
  const session = await getSession(new Request(TEST_APP_URL));
  const now = Date.now();
  session.set("authState", "accessState");
  session.set("bankToken", tokens.bankToken ?? "no-usado");
  session.set("productJwt", tokens.productJwt);
  session.set("expiresAt", jwtExpiry(tokens.productJwt) ?? now);
  session.set("lastSeenAt", now);
  session.set("memberId", String(tokens.memberId ?? person.memberId));
  session.set("user", person.user);
  session.set("companies", person.companies as never);
  session.set("companyId", person.companyId);
  for (const [key, value] of Object.entries(extra)) session.set(key as keyof SessionData, value as never);
  const sessionCookie = cookiePair(await commitSession(session));
  // The form token is bound to the session: read it the way a rendered page gets it.
  const [csrf] = await csrfTokenFor(new Request(TEST_APP_URL, { headers: { cookie: sessionCookie } }));
  return { cookie: sessionCookie, csrf };
}

/**
 * What Ana's browser holds after logging in: the session cookie of an access session with her
 * tokens, and a CSRF cookie with its form token. For loader and action tests with real Requests.
 */
export function anaBrowser(tokens: { bankToken?: string; productJwt: string }, extra: Partial<SessionData> = {}) {
  return browserOf(ANA, { bankToken: tokens.bankToken, productJwt: tokens.productJwt }, extra);
}

/** The same for Carlos, a collaborator (log him in with `loginAs(sandbox, "carlos.colaborador")`). */
export function collaboratorBrowser(tokens: Tokens) {
  return browserOf(CARLOS, tokens);
}

/** The same for Beatriz, a Basic member (log her in with `loginAs(sandbox, "beatriz.basica")`). */
export function beatrizBrowser(tokens: Tokens) {
  return browserOf(BEATRIZ, tokens);
}

/** Runs a loader or action and returns its Response, thrown (redirects, 404s) or returned. */
export async function answerOf(run: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/**
 * The bank's link back for `userName`, opened by the browser that started the login (it holds the
 * login state's cookie): the answer of `/access` and the bank token the link spent.
 */
export async function followBankLink(sandbox: TestSandbox, userName: string, context: AppLoadContext = routeContext) {
  const bankToken = await bankTokenFor(sandbox, userName);
  const { state, cookie } = await issueLoginState();
  const request = new Request(`${TEST_APP_URL}/access?jwt=${encodeURIComponent(bankToken)}&state=${state}`, {
    headers: { cookie: cookie.split(";")[0] },
  });
  const answer = await answerOf(() => access.loader({ request, context, params: {} }));
  return { bankToken, answer };
}

export function formPost(path: string, cookie: string, fields: Record<string, string>): Request {
  return new Request(`${TEST_APP_URL}${path}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

/**
 * For a route test file: an in-process sandbox the app points at, reset before each test, and
 * Ana's freshly logged-in browser (`session` adds to her session, e.g. a Pro membership). Read
 * `world.sandbox` and `world.browser` inside the tests; `env` sets the app's configuration for the file.
 */
export function sandboxedApp(
  name: string,
  session: Partial<SessionData> = {},
  env: Record<string, string> = {},
  sandboxOptions: Partial<SandboxOptions> = {},
) {
  const world = {} as { sandbox: TestSandbox; browser: Awaited<ReturnType<typeof anaBrowser>> };
  let appEnv: Awaited<ReturnType<typeof pointAppAtSandbox>>;
  beforeAll(async () => {
    world.sandbox = await startTestSandbox(sandboxOptions);
    appEnv = await pointAppAtSandbox(world.sandbox, name, env);
  });
  afterAll(async () => {
    // What the app opened for the file (the receipt browser, sockets) is released as on a clean stop, before the
    // sandbox it talks to goes: a receipt browser left to die with the worker leaves its profile folder in /tmp.
    await runShutdownHooks();
    await world.sandbox.close();
    await appEnv.restore();
  });
  beforeEach(async () => {
    await control(world.sandbox, "/__reset");
    // A breaker opened by one test's faults must not refuse the next test's calls.
    resetForTests("upstream.breakers");
    world.browser = await anaBrowser(await loginAs(world.sandbox, "ana.admin"), session);
  });
  return world;
}
