import { describe, expect, it } from "vitest";

import { servedRoute } from "#server/http/served-route.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, collaboratorBrowser, formPost, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import { control, loginAs, requestCount } from "../../tests/support/sandbox";
import * as route from "./configuracion_.colaboradores";

/** 'Permisos de colaboradores' (decision 058): administrators only, one schema, upstream failures keep the form. */
const world = sandboxedApp("colaboradores");
const PATH = "/configuracion/colaboradores";

type Browser = { cookie: string; csrf: string };

const load = (browser: Browser, query = "") =>
  answerOf(() =>
    servedRoute(route).loader({
      request: new Request(`${APP}${PATH}${query}`, { headers: { cookie: browser.cookie } }),
      context,
      params: {},
    }),
  );
const save = (browser: Browser, fields: Record<string, string>) =>
  answerOf(() =>
    servedRoute(route).action({
      request: formPost(`${PATH}?colaborador=2`, browser.cookie, { csrf: browser.csrf, intent: "guardar", id: "2", ...fields }),
      context,
      params: {},
    }),
  );
const updates = () => requestCount(world.sandbox, "/api/members/update-collaborator");

describe("the collaborators screen", () => {
  it("lists Carlos for Ana and opens his drawer with his permissions as the form's values", async () => {
    const body = await (await load(world.browser, "?colaborador=2")).json();
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0]).toMatchObject({ id: "2", name: "Carlos Hernández Soto", whatsapp: "+52 4771234567" });
    expect(body.drawer.initial).toEqual({ ownAccounts: "on", thirdAccounts: "", operationMode: "none" });
  });

  it("answers a collaborator 403 for the page and the post, and calls nobody to update", async () => {
    const carlos = await collaboratorBrowser(await loginAs(world.sandbox, "carlos.colaborador"));
    expect((await load(carlos)).status).toBe(403);
    const before = await updates();
    expect((await save(carlos, { thirdAccounts: "on", operationMode: "execute" })).status).toBe(403);
    expect(await updates()).toBe(before);
  });

  it("refuses a radio without third-party sending with 400, keeping the choice, without calling the product", async () => {
    const before = await updates();
    const response = await save(world.browser, { ownAccounts: "on", operationMode: "create" });
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error.operationMode).toEqual(["Activa el envío a cuentas de terceros para elegir esta opción."]);
    expect(result.initialValue).toMatchObject({ ownAccounts: "on", operationMode: "create" });
    expect(await updates()).toBe(before);
  });

  it("saves and redirects with the toast; an upstream failure answers §8's generic message and keeps the form", async () => {
    const saved = await save(world.browser, { thirdAccounts: "on", operationMode: "execute" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(PATH);

    await control(world.sandbox, "/__faults", { path: "/api/members/update-collaborator", kind: "status", status: 500, times: -1 });
    const failed = await save(world.browser, { ownAccounts: "on" });
    expect(failed.status).toBe(502);
    const { result } = await failed.json();
    expect(result.error[""]).toEqual(["Ha ocurrido un error, favor de intentarlo más tarde"]);
    expect(result.initialValue).toMatchObject({ ownAccounts: "on" });
  });
});

/** 'Solicitar Activación' asks for something only when the company lacks the feature. */
describe("the permissions feature request", () => {
  const requestActivation = (query = "") =>
    answerOf(() =>
      servedRoute(route).action({
        request: formPost(`${PATH}${query}`, world.browser.cookie, { csrf: world.browser.csrf, intent: "solicitar" }),
        context,
        params: {},
      }),
    );
  const sent = () => requestCount(world.sandbox, "/api/request-permission-rol");

  it("with the feature on, opens no modal and sends nothing to the bank", async () => {
    expect((await (await load(world.browser, "?dialogo=solicitar-activacion")).json()).requestDialog).toBe(false);
    const before = await sent();
    const answer = await requestActivation("?dialogo=solicitar-activacion");
    expect([answer.status, answer.headers.get("location")]).toEqual([302, PATH]);
    expect(await sent()).toBe(before);
  });

  it("with the feature off, opens the modal and sends the request", async () => {
    await control(world.sandbox, "/__company-settings/100234", { permissionsFeatureEnabled: false });
    expect((await (await load(world.browser, "?dialogo=solicitar-activacion")).json()).requestDialog).toBe(true);
    const before = await sent();
    expect((await requestActivation("?dialogo=solicitar-activacion")).status).toBe(302);
    expect(await sent()).toBe(before + 1);
  });
});
