import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { pointAppAtSandbox, TEST_APP_URL as APP } from "../../tests/support/app-env";
import { anaBrowser, answerOf, routeContext as context } from "../../tests/support/route-session";
import type { TestSandbox } from "../../tests/support/sandbox";
import { clients, control, loginAs, startTestSandbox } from "../../tests/support/sandbox";
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

const browser = () => anaBrowser({ productJwt });

async function post(fields: Record<string, string>, withCsrf = true) {
  const { cookie, csrf } = await browser();
  const body = new URLSearchParams(withCsrf ? { csrf, ...fields } : fields);
  const request = new Request(`${APP}/notificaciones`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  return answerOf(() => action({ request, context, params: {} }));
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
