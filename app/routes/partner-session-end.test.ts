import { describe, expect, it } from "vitest";

import { servedRoute } from "#server/http/served-route.server";
import { EXPIRED_PATH } from "#server/session/partner-session.server";
import { PartnerSessionEnded } from "#server/upstream/errors";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, formPost, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import { control, requestCount } from "../../tests/support/sandbox";
import * as dashboard from "./_index";
import * as exportRoute from "./cuentas_.$id_.exportar";
import * as extend from "./sesion.extender";

const world = sandboxedApp("sesion-socio");

const get = (path: string) => new Request(`${APP}${path}`, { headers: { cookie: world.browser.cookie } });
const partnerAnswers = (path: string, status: number) => control(world.sandbox, "/__faults", { path, kind: "status", status, times: 1 });

describe("a partner-session end (§4)", () => {
  it("is raised as PartnerSessionEnded and marks the session, so no further partner call is made", async () => {
    await partnerAnswers("/partner/accounts", 401);
    await expect(dashboard.loader({ request: get("/"), context, params: {} })).rejects.toBeInstanceOf(PartnerSessionEnded);

    const partnerCalls = await requestCount(world.sandbox, "/partner");
    expect(partnerCalls).toBeGreaterThan(0);
    const next = await answerOf(() => dashboard.loader({ request: get("/"), context, params: {} }));
    expect(next.headers.get("location")).toBe(EXPIRED_PATH);
    expect(await requestCount(world.sandbox, "/partner")).toBe(partnerCalls);
  });

  it("becomes the expired-session redirect for a page's loader", async () => {
    await partnerAnswers("/partner/accounts", 410);
    const page = await answerOf(() => servedRoute(dashboard).loader({ request: get("/"), context, params: {} }));
    expect([page.status, page.headers.get("location")]).toEqual([302, EXPIRED_PATH]);
  });

  it("becomes the expired-session redirect for a resource route (the movements export)", async () => {
    await partnerAnswers("/partner/accounts", 401);
    const request = get("/cuentas/1/exportar");
    const file = await answerOf(() => servedRoute(exportRoute).loader({ request, context, params: { id: "1" } }));
    expect([file.status, file.headers.get("location")]).toEqual([302, EXPIRED_PATH]);
  });

  it("becomes the expired-session redirect for an action ('Continuar' on the expiry warning)", async () => {
    await partnerAnswers("/partner/users/refreshSession", 410);
    const request = formPost("/sesion/extender", world.browser.cookie, { csrf: world.browser.csrf, redirectTo: "/" });
    const extended = await answerOf(() => servedRoute(extend).action({ request, context, params: {} }));
    expect([extended.status, extended.headers.get("location")]).toEqual([302, EXPIRED_PATH]);
  });
});
