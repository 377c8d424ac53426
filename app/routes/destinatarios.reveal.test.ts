import type { AppLoadContext } from "@remix-run/node";
import pino from "pino";
import { describe, expect, it } from "vitest";

import { servedRoute } from "#server/http/served-route.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { beatrizBrowser, routeContext, sandboxedApp } from "../../tests/support/route-session";
import { loginAs } from "../../tests/support/sandbox";
import * as recipients from "./destinatarios";

/** A recipient's full account in its drawer (decision 123): only on request, only the company's own. */
const world = sandboxedApp("recipient-account");

/** Recipient 501 of Ana's company and 511 of her other company, as the sandbox's seed numbers them. */
const TEXTIL_CLABE = "012580019283746509";
const GOLFO_CLABE = "002905700123459818";

async function pageOf(query: string, cookie = world.browser.cookie, context: AppLoadContext = routeContext) {
  const answer = await servedRoute(recipients).loader({
    request: new Request(`${APP}/destinatarios${query}`, { headers: { cookie } }),
    context,
    params: {},
  });
  return answer.text();
}

describe("a recipient's full account", () => {
  it("stays masked in the list and the drawer until asked", async () => {
    const text = await pageOf("?detalle=B3-501");
    expect(text).not.toContain(TEXTIL_CLABE);
    expect(JSON.parse(text)).toMatchObject({ detail: { key: "B3-501", last4: TEXTIL_CLABE.slice(-4) }, detailAccount: null });
  });

  it("is revealed with ?ver=cuenta and logged without the number or the recipient", async () => {
    const lines: string[] = [];
    const log = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
    const page = JSON.parse(await pageOf("?detalle=B3-501&ver=cuenta", world.browser.cookie, { ...routeContext, log } as AppLoadContext));
    expect(page.detailAccount).toBe(TEXTIL_CLABE);
    const revealed = lines.filter((line) => line.includes("recipient_account_revealed"));
    expect(revealed).toHaveLength(1);
    expect(revealed[0]).not.toContain(TEXTIL_CLABE);
    expect(revealed[0]).not.toContain("B3-501");
    expect(revealed[0]).not.toContain("Textil");
  });

  it("reveals nothing without a drawer open, or for another company's recipient", async () => {
    expect(JSON.parse(await pageOf("?ver=cuenta")).detailAccount).toBeNull();
    const other = await pageOf("?detalle=B3-511&ver=cuenta");
    expect(JSON.parse(other)).toMatchObject({ detail: null, detailAccount: null });
    expect(other).not.toContain(GOLFO_CLABE);
    const beatriz = await beatrizBrowser(await loginAs(world.sandbox, "beatriz.basica"));
    const hers = await pageOf("?detalle=B3-501&ver=cuenta", beatriz.cookie);
    expect(JSON.parse(hers)).toMatchObject({ detail: null, detailAccount: null });
    expect(hers).not.toContain(TEXTIL_CLABE);
  });
});
