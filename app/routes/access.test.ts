import type { AppLoadContext } from "@remix-run/node";
import pino from "pino";
import { describe, expect, it } from "vitest";

import { resetForTests } from "#server/lifecycle.server";
import { getSession, requireAccess } from "#server/session/auth.server";
import { csrfTokenFor } from "#server/session/csrf.server";
import { bankTokenUsed, issueLoginState } from "#server/session/login-link.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, formPost, routeContext, sandboxedApp } from "../../tests/support/route-session";
import { bankTokenFor, requestCount } from "../../tests/support/sandbox";
import { loader as rootLoader } from "../root";
import { action, loader } from "./access";
import * as operation from "./historial-operaciones.$id._index";

/** Decision 098: the login the bank starts (every login in production, §2) continues in one calm click. */
const world = sandboxedApp("acceso-banco");

const cookiePair = (setCookie: string | null) => (setCookie ?? "").split(";")[0];
const get = (path: string, cookie = "") => new Request(`${APP}${path}`, { headers: cookie ? { cookie } : {} });

/** A load context whose log lines are kept, to see what a bank link leaves in the logs. */
function loggedContext() {
  const lines: string[] = [];
  const log = pino({ level: "debug" }, { write: (line: string) => void lines.push(line) });
  return { context: { ...routeContext, log } as AppLoadContext, lines };
}

const open = (token: string, cookie = "", context = routeContext) =>
  answerOf(() => loader({ request: get(`/access?jwt=${encodeURIComponent(token)}`, cookie), context, params: {} }));

/** 'Continuar como …': the page's form, posted with its token as a browser without a session posts it. */
async function continueWith(token: string, cookie = "") {
  const [csrf, csrfCookie] = await csrfTokenFor(get("/access", cookie));
  const cookies = [cookie, cookiePair(csrfCookie)].filter(Boolean).join("; ");
  const answer = await answerOf(() =>
    action({ request: formPost("/access", cookies, { csrf, jwt: token }), context: routeContext, params: {} }),
  );
  const session = answer.headers
    .getSetCookie()
    .map(cookiePair)
    .find((pair) => !pair.endsWith("="));
  return { answer, cookie: session ?? "" };
}

describe("a login the bank started (no state from this browser)", () => {
  it("names the person as §3 shows a name and the company, and opens nothing until the person continues", async () => {
    resetForTests("rateLimiters");
    const token = await bankTokenFor(world.sandbox, "ana.admin");
    const { context, lines } = loggedContext();
    const page = await open(token, "", context);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({
      as: { person: "Ana M.", company: "Importadora del Bajío" },
      replaces: null,
      cancelTo: "/login",
    });
    expect(page.headers.get("set-cookie")).toBeNull();
    expect(await bankTokenUsed(token)).toBe(false);
    // Who the link is for never reaches the logs, nor does the token.
    const logged = lines.join("\n");
    for (const personal of ["Ana", "Martínez", "ana.admin", "Importadora", token]) expect(logged).not.toContain(personal);
    expect(logged).toContain('"decision":"ask"');
  });

  it("signs in with one click, and the same link opens nothing again", async () => {
    resetForTests("rateLimiters");
    const token = await bankTokenFor(world.sandbox, "ana.admin");
    await open(token);
    const { answer, cookie } = await continueWith(token);
    expect([answer.status, answer.headers.get("location")]).toEqual([302, "/"]);
    expect((await requireAccess(get("/", cookie), routeContext)).data.user.userName).toBe("ana.admin");

    const again = await open(token);
    expect(again.headers.get("location")).toBe("/error");
    expect((await getSession(get("/error", cookiePair(again.headers.get("set-cookie"))))).get("errorReason")).toBe("used");
  });

  it("greets the new session once: its first page shows the welcome, a reload does not (§2, decision 112)", async () => {
    resetForTests("rateLimiters");
    const token = await bankTokenFor(world.sandbox, "ana.admin");
    const { cookie } = await continueWith(token);
    const pageOf = async (sessionCookie: string) => {
      const answer = await answerOf(() => rootLoader({ request: get("/", sessionCookie), context: routeContext, params: {} }));
      const next = answer.headers
        .getSetCookie()
        .map(cookiePair)
        .find((pair) => pair.startsWith("__portal_session="));
      return { welcome: ((await answer.json()) as { welcome: boolean }).welcome, cookie: next ?? sessionCookie };
    };
    const first = await pageOf(cookie);
    expect(first.welcome).toBe(true);
    expect((await pageOf(first.cookie)).welcome).toBe(false);
  });

  it("sends a token the bank does not know to the error page, without a session or a call to the product", async () => {
    resetForTests("rateLimiters");
    const productCalls = await requestCount(world.sandbox, "/api");
    const answer = await open("token-que-el-banco-no-conoce");
    expect(answer.headers.get("location")).toBe("/error");
    expect((await getSession(get("/error", cookiePair(answer.headers.get("set-cookie"))))).get("errorReason")).toBe("token");
    expect(await requestCount(world.sandbox, "/api")).toBe(productCalls);
  });
});

describe("a bank link in a browser that holds a session", () => {
  it("says plainly whose session it would close, and the session stays until the person continues", async () => {
    resetForTests("rateLimiters");
    const other = await bankTokenFor(world.sandbox, "carlos.colaborador");
    const page = await open(other, world.browser.cookie);
    expect(await page.json()).toMatchObject({
      as: { person: "Carlos H.", company: "Importadora del Bajío" },
      replaces: { person: "Ana M.", company: "Importadora del Bajío" },
      cancelTo: "/",
    });
    expect(page.headers.get("set-cookie")).toBeNull();
    expect((await requireAccess(get("/", world.browser.cookie), routeContext)).data.user.userName).toBe("ana.admin");
    expect(await bankTokenUsed(other)).toBe(false);
  });

  it("asks when the link is the same person's for another company", async () => {
    resetForTests("rateLimiters");
    const token = await bankTokenFor(world.sandbox, "ana.admin");
    const change = await fetch(`${world.sandbox.url}/partner/users/companyChange?clientId=100871`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, geolocation: "19.4326,-99.1332" },
    });
    const elsewhere = ((await change.json()) as { data: { token: string } }).data.token;
    expect(await (await open(elsewhere, world.browser.cookie)).json()).toMatchObject({
      as: { person: "Ana M.", company: "Logística Pacífico Norte" },
      replaces: { person: "Ana M.", company: "Importadora del Bajío" },
    });
  });

  it("signs the same person in again without a page when the link is theirs, in the same company", async () => {
    resetForTests("rateLimiters");
    const token = await bankTokenFor(world.sandbox, "ana.admin");
    const answer = await open(token, world.browser.cookie);
    expect([answer.status, answer.headers.get("location")]).toEqual([302, "/"]);
    expect(await bankTokenUsed(token)).toBe(true);
  });
});

/** Decision 109: a pasted link survives the bank's round trip. */
describe("a page asked for while signed out", () => {
  const opened = (path: string, headers: Record<string, string> = {}) =>
    answerOf(() =>
      operation.loader({
        request: new Request(`${APP}${path}`, { headers: { "sec-fetch-dest": "document", ...headers } }),
        context: routeContext,
        params: { id: "1019" },
      }),
    );
  const returnCookieOf = (answer: Response) =>
    answer.headers
      .getSetCookie()
      .map(cookiePair)
      .find((pair) => pair.includes("portal_login_return")) ?? "";

  it("is where the login started from this browser lands", async () => {
    resetForTests("rateLimiters");
    const guarded = await opened("/historial-operaciones/1019?tipo=compra");
    expect([guarded.status, guarded.headers.get("location")]).toEqual([302, "/access"]);
    const remembered = returnCookieOf(guarded);
    expect(remembered).not.toBe("");

    const { state, cookie } = await issueLoginState();
    const token = await bankTokenFor(world.sandbox, "ana.admin");
    const cookies = [cookiePair(cookie), remembered].join("; ");
    const answer = await answerOf(() =>
      loader({ request: get(`/access?jwt=${encodeURIComponent(token)}&state=${state}`, cookies), context: routeContext, params: {} }),
    );
    expect([answer.status, answer.headers.get("location")]).toEqual([302, "/historial-operaciones/1019?tipo=compra"]);
    // Used once: the next login lands on the dashboard.
    expect(answer.headers.getSetCookie().some((line) => line.includes("portal_login_return=") && /Max-Age=0/i.test(line))).toBe(true);
  });

  it("is where 'Continuar como …' of a login the bank started lands", async () => {
    resetForTests("rateLimiters");
    const remembered = returnCookieOf(await opened("/historial-operaciones/1019"));
    const token = await bankTokenFor(world.sandbox, "ana.admin");
    await open(token, remembered);
    const { answer } = await continueWith(token, remembered);
    expect([answer.status, answer.headers.get("location")]).toEqual([302, "/historial-operaciones/1019"]);
  });

  it("is not remembered from a data request or a fetch, and the dashboard forgets an older one", async () => {
    expect(returnCookieOf(await opened("/historial-operaciones/1019?_data=routes%2Fhistorial-operaciones.%24id._index"))).toBe("");
    expect(returnCookieOf(await opened("/historial-operaciones/1019", { "sec-fetch-dest": "empty" }))).toBe("");
    const remembered = returnCookieOf(await opened("/historial-operaciones/1019"));
    const dashboard = await answerOf(() =>
      operation.loader({ request: get("/", remembered), context: routeContext, params: { id: "1019" } }),
    );
    expect(dashboard.headers.getSetCookie().some((line) => line.includes("portal_login_return=") && /Max-Age=0/i.test(line))).toBe(true);
  });
});
