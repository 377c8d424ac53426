import { readdir } from "node:fs/promises";

import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";

import { SESSION_ABSOLUTE_MS } from "#core/domain/session-timing";
import { resetForTests } from "#server/lifecycle.server";
import { takeRate } from "#server/rate-limit.server";
import { getSession, requireAccess } from "#server/session/auth.server";
import { csrfTokenFor } from "#server/session/csrf.server";
import { issueLoginState } from "#server/session/login-link.server";
import { getSessionStorage } from "#server/session/storage.server";

import * as dashboard from "../../app/routes/_index";
import * as access from "../../app/routes/access";
import * as company from "../../app/routes/empresa";
import * as extend from "../../app/routes/sesion.extender";
import { TEST_APP_URL as APP } from "../support/app-env";
import { answerOf, followBankLink, formPost, routeContext, sandboxedApp } from "../support/route-session";
import { bankTokenFor, clients, requestCount } from "../support/sandbox";
import { until } from "../support/wait";

/**
 * Decision 030 as tests, at the level of loaders and actions against the sandbox: the bank link
 * (login CSRF), no session before login, rate limits, the absolute cap, CSRF bound to the
 * session, and the old company's token revoked. The HTTP layer's refusals (413, cross-site 403,
 * Cache-Control) are driven over the wire in tests/e2e/security.spec.ts.
 */
const world = sandboxedApp("seguridad", {}, { RATE_LIMITS: "login=3/2,money=2/60" });
const fromClient = (clientIp: string) => ({ ...routeContext, clientIp }) as AppLoadContext;
const cookiePair = (setCookie: string | null) => (setCookie ?? "").split(";")[0];
const setCookies = (response: Response) =>
  response.headers
    .getSetCookie()
    .map(cookiePair)
    .filter((pair) => !pair.endsWith("="));
const get = (path: string, cookie = "") => new Request(`${APP}${path}`, { headers: cookie ? { cookie } : {} });
const sessionFiles = async () => (await readdir(process.env.SESSION_DIR!).catch(() => [])).filter((name) => name.endsWith(".json"));

async function signInWithState(userName: string) {
  const { bankToken, answer } = await followBankLink(world.sandbox, userName);
  return { bankToken, answer, cookie: setCookies(answer).join("; ") };
}

describe("the bank's link (login CSRF)", () => {
  it("signs in by itself only a browser that started the login, and each bank token opens one session", async () => {
    resetForTests("rateLimiters");
    const { bankToken, answer, cookie } = await signInWithState("ana.admin");
    expect([answer.status, answer.headers.get("location")]).toEqual([302, "/"]);
    const signedIn = await requireAccess(get("/", cookie), routeContext);
    expect(signedIn.data.user.userName).toBe("ana.admin");

    // The same token again, even from a browser that asked for a login: it opens nothing.
    const { state, cookie: stateCookie } = await issueLoginState();
    const replay = await answerOf(() =>
      access.loader({
        request: get(`/access?jwt=${encodeURIComponent(bankToken)}&state=${state}`, cookiePair(stateCookie)),
        context: routeContext,
        params: {},
      }),
    );
    expect(replay.headers.get("location")).toBe("/error");
    const error = await getSession(get("/error", setCookies(replay).join("; ")));
    expect(error.get("errorReason")).toBe("used");
  });

  it("never replaces a signed-in session from a link: it names both, and the session stays", async () => {
    resetForTests("rateLimiters");
    const attacker = await bankTokenFor(world.sandbox, "beatriz.basica");
    const bankCalls = await requestCount(world.sandbox, "/api");
    const answer = await answerOf(() =>
      access.loader({
        request: get(`/access?jwt=${encodeURIComponent(attacker)}`, world.browser.cookie),
        context: routeContext,
        params: {},
      }),
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      as: { person: "Beatriz L.", company: "Panificadora Santa Lucía" },
      replaces: { person: "Ana M.", company: "Importadora del Bajío" },
      cancelTo: "/",
    });
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect(await requestCount(world.sandbox, "/api")).toBe(bankCalls);
    expect((await requireAccess(get("/", world.browser.cookie), routeContext)).data.user.userName).toBe("ana.admin");
  });

  it("lets a guess from a link reach only the bank's 'whose is this token', never the product nor the disk", async () => {
    resetForTests("rateLimiters");
    const before = await sessionFiles();
    const productCalls = await requestCount(world.sandbox, "/api");
    const bankCalls = await requestCount(world.sandbox, "/partner");
    for (let n = 0; n < 3; n += 1) {
      const answer = await answerOf(() =>
        access.loader({ request: get(`/access?jwt=adivinanza-${n}`), context: routeContext, params: {} }),
      );
      expect(answer.headers.get("location")).toBe("/error");
    }
    expect(await requestCount(world.sandbox, "/api")).toBe(productCalls);
    expect(await requestCount(world.sandbox, "/partner")).toBe(bankCalls + 3);
    expect(await sessionFiles()).toEqual(before);

    // Confirmed, a bad token fails at the bank and still leaves no session file behind.
    const [csrf, csrfCookie] = await csrfTokenFor(get("/access"));
    const confirmed = await answerOf(() =>
      access.action({
        request: formPost("/access", cookiePair(csrfCookie), { csrf, jwt: "adivinanza-final" }),
        context: routeContext,
        params: {},
      }),
    );
    expect(confirmed.headers.get("location")).toBe("/error");
    expect(await sessionFiles()).toEqual(before);
  });
});

describe("rate limits", () => {
  it("refuses the fourth bank link from one address within the window with a 429 and Retry-After, not others, and recovers", async () => {
    resetForTests("rateLimiters");
    const tries = async (clientIp: string) =>
      answerOf(() => access.loader({ request: get(`/access?jwt=intento-${clientIp}`), context: fromClient(clientIp), params: {} }));
    for (let n = 0; n < 3; n += 1) expect((await tries("203.0.113.7")).headers.get("location")).toBe("/error");
    const refused = await tries("203.0.113.7");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toMatchObject({ reason: "rateLimit" });
    expect((await tries("198.51.100.4")).status).toBe(302);
    // The window passes: the address is let through again.
    await until(async () => (await tries("203.0.113.7")).status === 302, {
      timeoutMs: 4_000,
      everyMs: 250,
      what: "the rate window to pass",
    });
  });

  it("answers a member's 'Confirmar' past the money limit with the form, a Spanish message and no operation", async () => {
    resetForTests("rateLimiters");
    expect(await takeRate("money", { member: "1" })).toBeNull();
    expect(await takeRate("money", { member: "1" })).toBeNull();
    const creates = await requestCount(world.sandbox, "/api/setoperation");
    const request = formPost("/", world.browser.cookie, {
      csrf: world.browser.csrf,
      operation: "transfer",
      origin: "1",
      destination: "2",
      amount: "100.00",
      reason: "1",
      idempotencyKey: crypto.randomUUID(),
    });
    const answer = await answerOf(() => dashboard.action({ request, context: routeContext, params: {} }));
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await answer.json()) as { result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } };
    expect(JSON.stringify(body.result.error)).toContain("Hiciste muchas solicitudes en poco tiempo");
    expect(body.result.initialValue).toMatchObject({ amount: "100.00" });
    expect(await requestCount(world.sandbox, "/api/setoperation")).toBe(creates);
  });
});

describe("sessions", () => {
  it("end 12 hours after login, whatever the token says", async () => {
    const storage = getSessionStorage();
    const session = await storage.getSession(world.browser.cookie);
    session.set("startedAt", Date.now() - SESSION_ABSOLUTE_MS - 1);
    session.set("expiresAt", Date.now() + 24 * 3_600_000);
    const cookie = cookiePair(await storage.commitSession(session));
    const answer = await answerOf(() => requireAccess(get("/", cookie), routeContext).then(() => new Response("dentro")));
    expect(answer.status).toBe(302);
  });

  it("refuse 'Continuar' near the cap without asking the bank for a new token", async () => {
    const storage = getSessionStorage();
    const session = await storage.getSession(world.browser.cookie);
    session.set("startedAt", Date.now() - SESSION_ABSOLUTE_MS + 30_000);
    session.set("expiresAt", Date.now() + 3 * 3_600_000);
    await storage.commitSession(session);
    const refreshes = await requestCount(world.sandbox, "/partner/users/refreshSession");
    const request = formPost("/sesion/extender", world.browser.cookie, { csrf: world.browser.csrf, redirectTo: "/cuentas" });
    const answer = await answerOf(() => extend.action({ request, context: routeContext, params: {} }));
    expect(answer.headers.get("location")).toBe("/cuentas");
    expect(await requestCount(world.sandbox, "/partner/users/refreshSession")).toBe(refreshes);
    const next = await getSession(get("/cuentas", world.browser.cookie));
    expect(JSON.stringify(next.data)).toContain("duración máxima de 12 horas");
  });

  it("revoke the old company's bank token at company change", async () => {
    resetForTests("rateLimiters");
    const { bankToken, cookie } = await signInWithState("ana.admin");
    const signedIn = await requireAccess(get("/", cookie), routeContext);
    const other = signedIn.data.companies.find((c) => c.clientId !== signedIn.data.companyId);
    expect(other).toBeDefined();
    const [csrf] = await csrfTokenFor(get("/", cookie));
    const answer = await answerOf(() =>
      company.action({ request: formPost("/empresa", cookie, { csrf, clientId: other!.clientId }), context: routeContext, params: {} }),
    );
    expect(answer.headers.get("location")).toBe("/");
    await expect(clients(world.sandbox, { bankToken }).partner.getCompanies()).rejects.toMatchObject({
      details: { code: "SESSION_ENDED" },
    });
  });
});

describe("CSRF bound to the session", () => {
  it("refuses another session's token and a planted anonymous token with the 403 page's reason", async () => {
    const otherSession = await signInWithState("beatriz.basica");
    const [foreignToken] = await csrfTokenFor(get("/", otherSession.cookie));
    const [tossedToken, tossedCookie] = await csrfTokenFor(get("/"));
    for (const [csrf, cookie] of [
      [foreignToken, world.browser.cookie],
      [tossedToken, `${world.browser.cookie}; ${cookiePair(tossedCookie)}`],
      ["", world.browser.cookie],
    ] as const) {
      const request = formPost("/sesion/extender", cookie, { csrf, redirectTo: "/" });
      const answer = await answerOf(() => extend.action({ request, context: routeContext, params: {} }));
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual({ reason: "csrf" });
    }
  });
});
