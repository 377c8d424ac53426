import { describe, expect, it } from "vitest";

import { servedRoute } from "#server/http/served-route.server";
import { themeOf } from "#server/session/theme.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, formPost, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import * as theme from "./tema";

const world = sandboxedApp("tema");

async function post(fields: Record<string, string>, csrf = world.browser.csrf) {
  return answerOf(() =>
    servedRoute(theme).action({ request: formPost("/tema", world.browser.cookie, { csrf, ...fields }), context, params: {} }),
  );
}

/** What the next page reads from the cookie the answer set. */
async function themeAfter(answer: Response) {
  const cookie = answer.headers.get("set-cookie")?.split(";")[0] ?? "";
  return themeOf(new Request(`${APP}/`, { headers: { cookie } }));
}

describe("'Apariencia' (POST /tema)", () => {
  it("stores the choice in its own cookie and goes back to the page, drawer included", async () => {
    const back = "/cuentas?drawer=configuracion&tab=datos";
    const answer = await post({ tema: "oscuro", redirectTo: back });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(back);
    expect(answer.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    expect(answer.headers.get("set-cookie")).toMatch(/SameSite=Lax/i);
    expect(await themeAfter(answer)).toBe("oscuro");
    expect(await themeAfter(await post({ tema: "sistema", redirectTo: back }))).toBe("sistema");
  });

  it("changes nothing for a choice that is not one of the three", async () => {
    const answer = await post({ tema: "negro", redirectTo: "/cuentas" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/cuentas");
    expect(answer.headers.get("set-cookie")).toBeNull();
  });

  it.each(["//evil.example", "/\t/evil.example", "https:evil.example", "/a\r\nSet-Cookie: x=1"])(
    "goes to the dashboard instead of %j",
    async (target) => {
      const answer = await post({ tema: "claro", redirectTo: target });
      expect(answer.headers.get("location")).toBe("/");
    },
  );

  it("refuses a post without the page's CSRF token", async () => {
    const answer = await post({ tema: "oscuro", redirectTo: "/" }, "otro");
    expect(answer.status).toBe(403);
    expect(answer.headers.get("set-cookie")).toBeNull();
  });

  it("reads a missing or tampered cookie as 'Según el sistema'", async () => {
    expect(await themeOf(new Request(`${APP}/`))).toBe("sistema");
    expect(await themeOf(new Request(`${APP}/`, { headers: { cookie: "__portal_tema=%%%" } }))).toBe("sistema");
  });
});
