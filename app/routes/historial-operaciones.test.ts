import { describe, expect, it } from "vitest";

import { servedRoute } from "#server/http/served-route.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, beatrizBrowser, formPost, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import { control, loginAs } from "../../tests/support/sandbox";
import * as history from "./historial-operaciones";
import * as sharePreview from "./historial-operaciones.$id.vista-previa";

const world = sandboxedApp("historial-filtros");

const open = (query: string, cookie = world.browser.cookie) =>
  answerOf(() =>
    servedRoute(history).loader({
      request: new Request(`${APP}/historial-operaciones?${query}`, { headers: { cookie } }),
      context,
      params: {},
    }),
  );

describe("the history's filters (loader)", () => {
  // These dates answered 500 ("Invalid time value") while being checked.
  it.each(["desde=9999-99-99", "hasta=0000-00-00", "desde=2026-13-01&hasta=-1", "desde=0001-01-01"])(
    "%s: the page renders with the Spanish message and the list unfiltered",
    async (query) => {
      const response = await open(`tipo=compra&${query}`);
      expect(response.status).toBe(200);
      const { list } = await response.json();
      const messages = Object.values(list.lastResult.error as Record<string, string[]>).flat();
      expect(messages).toContain("Ingresa una fecha válida");
      expect(list.filtered).toBe(false);
      expect(list.rows.length).toBeGreaterThan(0);
    },
  );

  it("filters by a real range", async () => {
    const response = await open("desde=2026-01-01&hasta=2026-12-31");
    const { list } = await response.json();
    expect(list.lastResult).toBeNull();
    expect(list.filtered).toBe(true);
  });
});

describe("the link to the portfolio (loader)", () => {
  it("is offered to a Pro member and not to a Basic one: the plan is read on the server", async () => {
    expect((await (await open("")).json()).portfolio).toBe(true);
    const beatriz = await beatrizBrowser(await loginAs(world.sandbox, "beatriz.basica"));
    expect((await (await open("", beatriz.cookie)).json()).portfolio).toBe(false);
  });
});

describe("sharing by e-mail (action)", () => {
  // Found by the fuzz run (tests/security/fuzz.test.ts): an address with a control character passed the form and was refused by
  // the product API, which the page answered as a failed send (502).
  it("refuses an address with a control character with the §5 message, and sends nothing", async () => {
    const { list } = await (await open("")).json();
    const id = String(list.rows[0].id);
    const response = await answerOf(() =>
      servedRoute(sharePreview).action({
        request: formPost(`/historial-operaciones/${id}/vista-previa`, world.browser.cookie, {
          csrf: world.browser.csrf,
          intent: "send",
          estimatedArrival: "on",
          email: "ana@example.test\u0007",
        }),
        context,
        params: { id },
      }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).result.error.email).toEqual(["*Debes de ingresar un email valido."]);
    expect(await control(world.sandbox, "/__outbox", undefined, "GET")).toEqual([]);
  });
});
