import { describe, expect, it } from "vitest";

import { PERMISSIONS } from "#core/domain/permissions";
import { servedRoute } from "#server/http/served-route.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, collaboratorBrowser, formPost, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import { control, loginAs, requestCount, setCollaboratorPermissions } from "../../tests/support/sandbox";
import * as recipients from "./destinatarios";

/**
 * Who may delete a company recipient (decision 028): administrators and collaborators allowed
 * to send to third-party accounts. A collaborator without that permission once could.
 */
const world = sandboxedApp("destinatarios-eliminar");

type Browser = { cookie: string; csrf: string };

async function listAs(browser: Browser, query = "") {
  const response = await servedRoute(recipients).loader({
    request: new Request(`${APP}/destinatarios${query}`, { headers: { cookie: browser.cookie } }),
    context,
    params: {},
  });
  return response.json();
}

const deleteAs = (browser: Browser, id: string) =>
  answerOf(() =>
    servedRoute(recipients).action({
      request: formPost("/destinatarios", browser.cookie, { csrf: browser.csrf, intent: "eliminar", id }),
      context,
      params: {},
    }),
  );

/** A recipient the back office holds for the company: deleting it is a status update (§4). */
async function backofficeKey(): Promise<string> {
  const { list } = await listAs(world.browser);
  const key = list?.find((recipient: { key: string }) => recipient.key.startsWith("BO-"))?.key;
  if (!key) throw new Error("the sandbox has a pending back-office recipient for Ana's company");
  return key;
}

const carlos = async (permissions: string[]) => {
  await setCollaboratorPermissions(world.sandbox, permissions);
  return collaboratorBrowser(await loginAs(world.sandbox, "carlos.colaborador"));
};
const statusUpdates = () => requestCount(world.sandbox, "/api/backoffice-recipients");

describe("deleting a company recipient (decision 028)", () => {
  it("an administrator sees the control and deletes", async () => {
    const key = await backofficeKey();
    const page = await listAs(world.browser, `?eliminar=${key}`);
    expect(page.canDelete).toBe(true);
    expect(page.deleting?.key).toBe(key);
    const response = await deleteAs(world.browser, key);
    expect(response.status).toBe(302);
    expect((await listAs(world.browser)).list?.some((recipient: { key: string }) => recipient.key === key)).toBe(false);
  });

  it("a collaborator without third-party sending sees no control, and a forged post is a 403 that calls nobody", async () => {
    const key = await backofficeKey();
    const browser = await carlos([PERMISSIONS.ownAccounts, PERMISSIONS.executeOperations]);
    const page = await listAs(browser, `?eliminar=${key}`);
    expect(page.canDelete).toBe(false);
    expect(page.deleting).toBeNull();
    const before = await statusUpdates();
    const response = await deleteAs(browser, key);
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("No tienes permiso para eliminar destinatarios. Pide a un administrador de tu empresa que lo haga.");
    expect(await statusUpdates()).toBe(before);
    expect((await listAs(world.browser)).list?.some((recipient: { key: string }) => recipient.key === key)).toBe(true);
  });

  it("a collaborator allowed to send to third parties may delete", async () => {
    const key = await backofficeKey();
    const browser = await carlos([PERMISSIONS.thirdAccounts]);
    expect((await listAs(browser)).canDelete).toBe(true);
    expect((await deleteAs(browser, key)).status).toBe(302);
  });

  it("permissions are read fresh (decision 058): a revocation judges the very next request of the same session", async () => {
    const key = await backofficeKey();
    const browser = await carlos([PERMISSIONS.thirdAccounts]);
    expect((await listAs(browser)).canDelete).toBe(true);
    await setCollaboratorPermissions(world.sandbox, [PERMISSIONS.ownAccounts]);
    expect((await listAs(browser)).canDelete).toBe(false);
    expect((await deleteAs(browser, key)).status).toBe(403);
  });

  it("an unreadable profile grants a collaborator nothing (fail closed)", async () => {
    const key = await backofficeKey();
    const browser = await carlos([PERMISSIONS.thirdAccounts]);
    await control(world.sandbox, "/__faults", { path: "/api/profiles", kind: "status", status: 404, times: -1 });
    expect((await deleteAs(browser, key)).status).toBe(403);
  });
});

describe("'Enviar dinero' and the row's detail (decision 053)", () => {
  it("is offered to those who may send to third parties, for authorized recipients only, the back office's included (§4)", async () => {
    const admin = await listAs(world.browser);
    expect(admin.canSend).toBe(true);
    const sendable = (admin.list ?? []).filter((recipient: { canSend: boolean }) => recipient.canSend);
    expect(sendable.length).toBeGreaterThan(0);
    expect(sendable.every((recipient: { status: string }) => recipient.status === "authorized")).toBe(true);
    expect(sendable.some((recipient: { source: string }) => recipient.source === "BO")).toBe(true);
    const limited = await carlos([PERMISSIONS.ownAccounts, PERMISSIONS.createOperations]);
    expect((await listAs(limited)).canSend).toBe(false);
  });

  it("opens a recipient's detail by its key and ignores another company's", async () => {
    const key = await backofficeKey();
    const page = await listAs(world.browser, `?detalle=${key}`);
    expect(page.detail).toMatchObject({ key, status: "authorized", canSend: true, ref: `bo-${key.slice(3)}` });
    expect((await listAs(world.browser, "?detalle=B3-999999")).detail).toBeNull();
  });
});
