import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { jwtExpiry } from "#core/domain/jwt";
import { commitSession, getSession } from "#server/session/auth.server";
import { getCsrf } from "#server/session/csrf.server";

import { pointAppAtSandbox, TEST_APP_URL as APP } from "../../tests/support/app-env";
import type { TestSandbox } from "../../tests/support/sandbox";
import { clients, control, loginAs, silentLog, startTestSandbox } from "../../tests/support/sandbox";
import { action, loader } from "./notificaciones";

let sandbox: TestSandbox;
let appEnv: Awaited<ReturnType<typeof pointAppAtSandbox>>;
let productJwt: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  appEnv = await pointAppAtSandbox(sandbox, "notificaciones");
});

afterAll(async () => {
  await sandbox.close();
  await appEnv.restore();
});

beforeEach(async () => {
  await control(sandbox, "/__reset");
  ({ productJwt } = await loginAs(sandbox, "ana.admin"));
});

const context = { log: silentLog, cspNonce: "", requestId: "prueba" } as unknown as AppLoadContext;
const cookiePair = (setCookie: string) => setCookie.split(";")[0];

/** An access session for Ana and a matching CSRF cookie, as the browser would hold them. */
async function browser() {
  const session = await getSession(new Request(APP));
  const now = Date.now();
  session.set("authState", "accessState");
  session.set("bankToken", "no-usado");
  session.set("productJwt", productJwt);
  session.set("expiresAt", jwtExpiry(productJwt) ?? now);
  session.set("lastSeenAt", now);
  session.set("memberId", "1");
  session.set("user", { userName: "ana.admin", name: "Ana", firstLastName: "Martínez", secondLastName: "Ríos", email: "ana@example.test" });
  session.set("companies", [
    { clientId: "100234", name: "Importadora del Bajío", businessName: "Importadora del Bajío S.A. de C.V.", profileType: "ADMINISTRADOR" },
  ]);
  session.set("companyId", "100234");
  const sessionCookie = cookiePair(await commitSession(session));
  const [csrf, csrfCookie] = await getCsrf().commitToken(new Request(APP));
  return { cookie: [sessionCookie, csrfCookie ? cookiePair(csrfCookie) : ""].filter(Boolean).join("; "), csrf };
}

async function post(fields: Record<string, string>, withCsrf = true) {
  const { cookie, csrf } = await browser();
  const body = new URLSearchParams(withCsrf ? { csrf, ...fields } : fields);
  const request = new Request(`${APP}/notificaciones`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  try {
    return await action({ request, context, params: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const unreadNow = async () => (await clients(sandbox, { productJwt }).notifications.list()).meta.unreadCount;
const BACK = "/cuentas?drawer=notificaciones&ntab=no-leidas";

describe("POST /notificaciones", () => {
  it("marks one notification read and goes back to the drawer", async () => {
    const [first] = (await clients(sandbox, { productJwt }).notifications.list({ unreadOnly: true })).data;
    const response = await post({ intent: "leer", id: first.id, redirectTo: BACK });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(BACK);
    expect(await unreadNow()).toBe(6);
  });

  it("marks all read", async () => {
    const response = await post({ intent: "leer-todas", redirectTo: BACK });
    expect(response.headers.get("location")).toBe(BACK);
    expect(await unreadNow()).toBe(0);
  });

  it("never redirects off the site", async () => {
    const response = await post({ intent: "leer-todas", redirectTo: "//evil.example/x" });
    expect(response.headers.get("location")).toBe("/");
  });

  it("goes back quietly when the notification no longer exists", async () => {
    const response = await post({ intent: "leer", id: "999999", redirectTo: BACK });
    expect(response.headers.get("location")).toBe(BACK);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("goes back with an error toast when the service fails", async () => {
    await control(sandbox, "/__faults", { path: "/notifications-api/notifications/read-all", kind: "status", status: 400, times: -1 });
    const response = await post({ intent: "leer-todas", redirectTo: BACK });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(BACK);
    expect(response.headers.get("set-cookie")).toContain("__portal_session=");
  });

  it("refuses a form without the CSRF token or with an unknown intent", async () => {
    expect((await post({ intent: "leer-todas" }, false)).status).toBe(403);
    expect((await post({ intent: "borrar" })).status).toBe(400);
    expect((await post({ intent: "leer" })).status).toBe(400);
    expect(await unreadNow()).toBe(7);
  });

  it("sends someone without a session to the login flow", async () => {
    const request = new Request(`${APP}/notificaciones`, { method: "POST", body: new URLSearchParams({ intent: "leer-todas" }) });
    const response = await action({ request, context, params: {} }).catch((thrown: unknown) => thrown as Response);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/access");
  });
});

describe("GET /notificaciones", () => {
  it("redirects to the dashboard", () => {
    const response = loader();
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });
});
