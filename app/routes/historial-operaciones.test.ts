import { describe, expect, it } from "vitest";

import { servedRoute } from "#server/session/partner-session.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import * as history from "./historial-operaciones";

const world = sandboxedApp("historial-filtros");

const open = (query: string) =>
  answerOf(() =>
    servedRoute(history).loader({
      request: new Request(`${APP}/historial-operaciones?${query}`, { headers: { cookie: world.browser.cookie } }),
      context,
      params: {},
    }),
  );

describe("the history's filters (loader)", () => {
  // Issue 13: these dates answered 500 ("Invalid time value") while being checked.
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
