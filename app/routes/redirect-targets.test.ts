import { describe, expect, it } from "vitest";

import { servedRoute } from "#server/http/served-route.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, formPost, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import * as accounts from "./cuentas";
import * as recipients from "./destinatarios";
import * as notifications from "./notificaciones";
import * as extend from "./sesion.extender";

/**
 * A `redirectTo` / `volver` with CR, LF or U+2028 answered 500 (the Location header
 * could not carry it), and "/\t/evil.example" was sent as is, which a browser follows off-site.
 * Every action that goes back to a page the form names now answers a same-site path or its
 * fallback.
 */
const world = sandboxedApp("destinos-de-regreso");

const HOSTILE = [
  "/a\r\nSet-Cookie: x=1",
  "/cuentas\u2028",
  "/cuentas\u2029",
  "/\t/evil.example",
  "/\\evil.example",
  "//evil.example",
  "/%0d%0aSet-Cookie:%20x=1",
  "/.//evil.example",
  "https:evil.example",
  "javascript:alert(1)",
];

type Action = (args: { request: Request; context: typeof context; params: Record<string, string> }) => Promise<Response>;

async function post(action: Action, path: string, fields: Record<string, string>) {
  return answerOf(() =>
    action({ request: formPost(path, world.browser.cookie, { csrf: world.browser.csrf, ...fields }), context, params: {} }),
  );
}

const firstAccount = async () => {
  const response = await accounts.loader({
    request: new Request(`${APP}/cuentas`, { headers: { cookie: world.browser.cookie } }),
    context,
    params: {},
  });
  return (await response.json()).page?.accounts[0]?.idAccount ?? "";
};

const firstFavoritableRecipient = async () => {
  const response = await recipients.loader({
    request: new Request(`${APP}/destinatarios`, { headers: { cookie: world.browser.cookie } }),
    context,
    params: {},
  });
  return (await response.json()).list?.find((recipient) => recipient.canFavorite)?.key ?? "";
};

/** The target as a test name: controls and separators spelled out. */
const shown = (target: string) => JSON.stringify(target).replace(/[\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16)}`);

describe("redirect targets named by a form", () => {
  it.each(HOSTILE.map((target) => [shown(target), target]))(
    "%s: 'Marcar como leída', 'Continuar' and the favourite stars answer a same-site redirect, never a 500",
    async (_, target) => {
      const account = await firstAccount();
      const recipient = await firstFavoritableRecipient();
      const answers = [
        await post(servedRoute(notifications).action, "/notificaciones", { intent: "leer-todas", redirectTo: target }),
        await post(servedRoute(extend).action, "/sesion/extender", { redirectTo: target }),
        await post(servedRoute(accounts).action, "/cuentas?grupo=todas", {
          intent: "favorito",
          id: account,
          favorite: "true",
          volver: target,
        }),
        await post(servedRoute(recipients).action, "/destinatarios?origen=todos", {
          intent: "favorito",
          id: recipient,
          favorite: "true",
          volver: target,
        }),
      ];
      expect(answers.map((answer) => [answer.status, answer.headers.get("location")])).toEqual([
        [302, "/"],
        [302, "/"],
        [302, "/cuentas?grupo=todas"],
        [302, "/destinatarios?origen=todos"],
      ]);
    },
  );

  it("keeps a same-site target, drawer and filters included", async () => {
    const back = "/cuentas?drawer=notificaciones&ntab=no-leidas";
    const answer = await post(servedRoute(notifications).action, "/notificaciones", { intent: "leer-todas", redirectTo: back });
    expect(answer.headers.get("location")).toBe(back);
  });
});
