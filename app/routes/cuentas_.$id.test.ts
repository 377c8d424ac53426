import type { AppLoadContext } from "@remix-run/node";
import pino from "pino";
import { describe, expect, it } from "vitest";

import { servedRoute } from "#server/http/served-route.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, beatrizBrowser, routeContext, sandboxedApp } from "../../tests/support/route-session";
import { loginAs } from "../../tests/support/sandbox";
import * as movements from "./cuentas_.$id";

/** 'Ver CLABE' (decision 123): the full deposit data only on request, only for the company's own accounts. */
const world = sandboxedApp("deposit-data");

/** Ana's first account, and the first of her other company, as the sandbox's seed numbers them (bank 062). */
const ANA_CLABE = "062225001002340014";
const OTHER_COMPANY_CLABE = "062744001008710019";

function capturingContext() {
  const lines: string[] = [];
  const log = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
  return { context: { ...routeContext, log } as unknown as AppLoadContext, lines };
}

const open = (path: string, id: string, cookie = world.browser.cookie, context: AppLoadContext = routeContext) =>
  answerOf(() =>
    servedRoute(movements).loader({ request: new Request(`${APP}${path}`, { headers: { cookie } }), context, params: { id } }),
  );

describe("an account's deposit data", () => {
  it("stays masked until asked: the page's data never carries the full number", async () => {
    const answer = await open("/cuentas/A-100234-01", "A-100234-01");
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).not.toContain(ANA_CLABE);
    expect(JSON.parse(text)).toMatchObject({ deposit: null, account: { last4: ANA_CLABE.slice(-4), hasDeposit: true } });
  });

  it("reveals the CLABE, bank, currency and holder on ?ver=clabe, and logs that it did without the number", async () => {
    const { context, lines } = capturingContext();
    const answer = await open("/cuentas/A-100234-01?ver=clabe", "A-100234-01", world.browser.cookie, context);
    expect(answer.status).toBe(200);
    expect((await answer.json()).deposit).toEqual({
      clabe: ANA_CLABE,
      bank: "Afirme",
      currency: "MXN",
      holder: expect.stringMatching(/^Importadora del Bajío/),
      // A peso CLABE is paid by SPEI: the card names the rail by the account's currency.
      rail: "SPEI",
    });
    const revealed = lines.filter((line) => line.includes("deposit_data_revealed"));
    expect(revealed).toHaveLength(1);
    expect(revealed[0]).not.toContain(ANA_CLABE);
    expect(revealed[0]).not.toContain("A-100234-01");
    expect(revealed[0]).not.toContain("Importadora");
  });

  it("is a 404 for another company's account, even one the member has in another company", async () => {
    const answer = await open("/cuentas/A-100871-01?ver=clabe", "A-100871-01");
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain(OTHER_COMPANY_CLABE);
  });

  it("is a 404 for a member of another company asking for Ana's account", async () => {
    const beatriz = await beatrizBrowser(await loginAs(world.sandbox, "beatriz.basica"));
    const answer = await open("/cuentas/A-100234-01?ver=clabe", "A-100234-01", beatriz.cookie);
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain(ANA_CLABE);
  });
});
