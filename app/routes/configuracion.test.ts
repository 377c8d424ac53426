import { describe, expect, it } from "vitest";

import { servedRoute } from "#server/http/served-route.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import * as route from "./configuracion";

/** '/configuracion' opens the settings drawer on its tab (decision 059, §2 "/configuracion: profile"). */
const world = sandboxedApp("configuracion");

const load = (query: string, cookie: string | null) =>
  answerOf(() =>
    servedRoute(route).loader({
      request: new Request(`${APP}/configuracion${query}`, { headers: cookie ? { cookie } : {} }),
      context,
      params: {},
    }),
  );

describe("/configuracion", () => {
  it("opens the drawer on the user's data, or on the tab named", async () => {
    expect((await load("", world.browser.cookie)).headers.get("location")).toBe("/?drawer=configuracion&tab=datos");
    expect((await load("?tab=empresas", world.browser.cookie)).headers.get("location")).toBe("/?drawer=configuracion&tab=empresas");
    expect((await load("?tab=%3Cscript%3E", world.browser.cookie)).headers.get("location")).toBe("/?drawer=configuracion&tab=datos");
  });

  it("signed out, does not open anything: the guard answers first", async () => {
    const answer = await load("", null);
    expect(answer.headers.get("location") ?? "").not.toContain("drawer=configuracion");
  });
});
