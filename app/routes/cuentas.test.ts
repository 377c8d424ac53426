import { describe, expect, it } from "vitest";

import { servedRoute } from "#server/http/served-route.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, formPost, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import { control } from "../../tests/support/sandbox";
import * as accounts from "./cuentas";
import * as recipients from "./destinatarios";

/** An alias that looks like a formula was stored upstream as is; the alias drawers refuse it. */
const world = sandboxedApp("alias-formula");

const rename = (path: string, route: typeof accounts | typeof recipients, id: string, alias: string) =>
  answerOf(() =>
    servedRoute(route).action({
      request: formPost(path, world.browser.cookie, { csrf: world.browser.csrf, intent: "alias", id, alias }),
      context,
      params: {},
    }),
  );

/** POSTs the sandbox received on a path: the alias writes (§7 POST /memberaccounts, /memberrecipients). */
const writes = async (path: string) => {
  const log = (await control(world.sandbox, `/__requests?path=${encodeURIComponent(path)}`, undefined, "GET")) as Array<{ method: string }>;
  return log.filter((entry) => entry.method === "POST").length;
};

const get = (path: string) => new Request(`${APP}${path}`, { headers: { cookie: world.browser.cookie } });

describe("alias drawers (accounts and recipients)", () => {
  it("refuse a formula with the form's message and send nothing upstream", async () => {
    const accountId =
      (await (await accounts.loader({ request: get("/cuentas"), context, params: {} })).json()).page?.accounts[0]?.idAccount ?? "";
    const recipientKey =
      (await (await recipients.loader({ request: get("/destinatarios"), context, params: {} })).json()).list?.[0]?.key ?? "";
    const before = await writes("/api/memberaccounts");
    const beforeRecipients = await writes("/api/memberrecipients");

    for (const [answer] of [
      [await rename("/cuentas", accounts, accountId, "=1+1")],
      [await rename("/destinatarios", recipients, recipientKey, "@SUM(A1:A9)")],
    ]) {
      expect(answer.status).toBe(400);
      expect((await answer.json()).result.error.alias).toEqual(["El alias no puede empezar con =, +, - ni @"]);
    }
    expect(await writes("/api/memberaccounts")).toBe(before);
    expect(await writes("/api/memberrecipients")).toBe(beforeRecipients);
  });
});

describe("an account's movements and the notification service", () => {
  it("hands the newest page read to POST /notifications/movements (§7)", async () => {
    const accountId =
      (await (await accounts.loader({ request: get("/cuentas"), context, params: {} })).json()).page?.accounts[0]?.idAccount ?? "";
    const before = await writes("/notifications-api/notifications/movements");
    const movements = await import("./cuentas_.$id");
    await movements.loader({ request: get(`/cuentas/${accountId}`), context, params: { id: accountId } });
    await expect.poll(() => writes("/notifications-api/notifications/movements")).toBe(before + 1);
  });
});
