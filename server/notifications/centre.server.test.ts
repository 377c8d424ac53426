import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { TestSandbox } from "../../tests/support/sandbox";
import { bankTokenFor, clients, control, loginAs, requestCount, silentLog as log, startTestSandbox } from "../../tests/support/sandbox";
import { loadNotificationCentre, unreadSummary } from "./centre.server";

let sandbox: TestSandbox;
let client: ReturnType<typeof clients>["notifications"];
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await control(sandbox, "/__reset");
  const { productJwt } = await loginAs(sandbox, "ana.admin");
  client = clients(sandbox, { productJwt }).notifications;
  await control(sandbox, "/__requests", undefined, "DELETE");
});

const at = (path: string) => new URL(path, "http://portal.test");
const load = (path: string) => loadNotificationCentre({ client, log }, at(path));
const failNotifications = () =>
  control(sandbox, "/__faults", { path: "/notifications-api/notifications", kind: "status", status: 503, times: -1 });

describe("loadNotificationCentre", () => {
  it("fetches nothing when the URL does not open the centre", async () => {
    expect(await load("/cuentas?drawer=configuracion")).toBeNull();
    expect(await requestCount(sandbox, "/notifications-api")).toBe(0);
  });

  it("lists the first 50, newest first, with time ago, unread count and the links of the drawer", async () => {
    const centre = await load("/cuentas?drawer=notificaciones");
    expect(centre).not.toBeNull();
    if (!centre) return;
    expect(centre).toMatchObject({ tab: "todas", category: "", unreadCount: 7, empty: null });
    expect(centre.items).toHaveLength(50);
    expect(centre.items[0]).toMatchObject({ read: false, anchor: null, timeAgo: expect.stringMatching(/^hace \d+ minutos?$/) });
    expect(centre.items.at(-1)?.timeAgo).toMatch(/^hace \d+ (días?|mes(es)?)$/);
    expect(centre.items[0].createdAtText).toMatch(/^\d\d\/\d\d\/20\d\d \d\d:\d\d$/);
    expect(centre.categories).toContain("operationsToBeApproved");
    expect(centre.links).toEqual({
      here: "/cuentas?drawer=notificaciones",
      close: "/cuentas",
      todas: "/cuentas?drawer=notificaciones&ntab=todas",
      noLeidas: "/cuentas?drawer=notificaciones&ntab=no-leidas",
      all: "/cuentas?drawer=notificaciones&ntab=todas",
      loadMore: "/cuentas?drawer=notificaciones&npag=2#notificaciones-pagina-2",
    });
  });

  it("leads an 'Operaciones por aprobar' notice to the approvals (decision 060)", async () => {
    const centre = await load("/cuentas?drawer=notificaciones&ncat=operationsToBeApproved");
    expect(centre?.items.length).toBeGreaterThan(0);
    for (const item of centre?.items ?? []) expect(item).toMatchObject({ module: "operationsToBeApproved", href: "/aprobaciones" });
  });

  it("shows pages 1..n after 'Cargar más', fetched in parallel, and stops offering more at the end", async () => {
    const centre = await load("/?drawer=notificaciones&npag=2");
    expect(centre?.items).toHaveLength(62);
    expect(new Set(centre?.items.map((item) => item.id)).size).toBe(62);
    expect(centre?.items[50].anchor).toBe("notificaciones-pagina-2");
    expect(centre?.items.filter((item) => item.anchor)).toHaveLength(1);
    expect(centre?.links.loadMore).toBeNull();
    expect(await requestCount(sandbox, "/notifications-api/notifications?order=DESC&page=1&take=50")).toBe(1);
    expect(await requestCount(sandbox, "/notifications-api/notifications?order=DESC&page=2&take=50")).toBe(1);
  });

  it("lists only unread ones under 'No leídas' and keeps the category across tabs", async () => {
    const centre = await load("/?drawer=notificaciones&ntab=no-leidas&ncat=operation&npag=2");
    expect(centre?.tab).toBe("no-leidas");
    expect(centre?.category).toBe("operation");
    expect(centre?.items.length).toBeGreaterThan(0);
    expect(centre?.items.every((item) => !item.read && item.module === "operation")).toBe(true);
    expect(centre?.links.todas).toBe("/?drawer=notificaciones&ntab=todas&ncat=operation");
    // The filtered empty list leads to every notification: no tab filter, no category.
    expect(centre?.links.all).toBe("/?drawer=notificaciones&ntab=todas");
    expect(centre?.links.close).toBe("/");
  });

  it("keeps every other param in the category form and drops the category and the page count", async () => {
    const centre = await load("/cuentas/A-1?tab=datos&drawer=notificaciones&ntab=no-leidas&ncat=operation&npag=3");
    expect(centre?.filter).toEqual({
      action: "/cuentas/A-1",
      hidden: [
        { name: "tab", value: "datos" },
        { name: "drawer", value: "notificaciones" },
        { name: "ntab", value: "no-leidas" },
      ],
    });
  });

  it("reads an unknown category as all of them", async () => {
    const centre = await load("/?drawer=notificaciones&ncat=nada");
    expect(centre?.category).toBe("");
    expect(centre?.items).toHaveLength(50);
  });

  it("says 'filtered' when a filter leaves nothing", async () => {
    const centre = await load("/?drawer=notificaciones&ncat=permissions");
    expect(centre).toMatchObject({ items: [], empty: "filtered", unreadCount: 7, links: { loadMore: null } });
  });

  it("says 'none' for a member without notifications", async () => {
    const bankToken = await bankTokenFor(sandbox, "nuevo.usuario");
    const { product } = clients(sandbox, { bankToken });
    await product.createUser({
      externalToken: bankToken,
      evidence: { termsAcceptedAt: new Date().toISOString(), termsVersion: "t" },
      provider: "test",
    });
    await product.setMembership({ idMembership: 1, externalToken: bankToken });
    const { jwt } = await product.loginUser(bankToken);
    const centre = await loadNotificationCentre(
      { client: clients(sandbox, { productJwt: jwt }).notifications, log },
      at("/?drawer=notificaciones"),
    );
    expect(centre).toMatchObject({ items: [], empty: "none", unreadCount: 0 });
  });

  it("turns an upstream failure into the load-error state, with this URL to reload", async () => {
    await failNotifications();
    const centre = await load("/?drawer=notificaciones&ntab=no-leidas");
    expect(centre).toMatchObject({ items: [], empty: "error", unreadCount: 0 });
    expect(centre?.links.here).toBe("/?drawer=notificaciones&ntab=no-leidas");
    expect(centre?.links.loadMore).toBeNull();
  });

  it("is the load error when any of the pages fails", async () => {
    await control(sandbox, "/__faults", {
      path: "/notifications-api/notifications?order=DESC&page=2",
      kind: "status",
      status: 500,
      times: -1,
    });
    expect((await load("/?drawer=notificaciones&npag=2"))?.empty).toBe("error");
  });
});

describe("unreadSummary", () => {
  it("reads the member's unread total and the newest unread, newest first, in one request", async () => {
    const summary = await unreadSummary({ client, log });
    expect(summary.count).toBe(7);
    expect(summary.recent).toHaveLength(7);
    expect(summary.recent.every((notification) => !notification.read)).toBe(true);
    const times = summary.recent.map((notification) => notification.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(await requestCount(sandbox, "/notifications-api/notifications?order=DESC&page=1&take=10&read=false")).toBe(1);
  });

  it("is 0 and nothing when the service fails", async () => {
    await failNotifications();
    expect(await unreadSummary({ client, log })).toEqual({ count: 0, recent: [] });
  });
});
