import { describe, expect, it } from "vitest";

import { servedRoute } from "#server/http/served-route.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import {
  answerOf,
  beatrizBrowser,
  collaboratorBrowser,
  formPost,
  routeContext as context,
  sandboxedApp,
} from "../../tests/support/route-session";
import { control, loginAs, requestCount } from "../../tests/support/sandbox";
import * as market from "./comportamiento-de-mercado";
import * as route from "./membresias";

/** /membresias (decision 061): the plan as the product holds it now, administrators only for changes, no 500s. */
const world = sandboxedApp("membresias");
const PATH = "/membresias";
const KEY = "0b5a1c3e-2d4f-4a6b-8c7d-9e0f1a2b3c4d";

type Browser = { cookie: string; csrf: string };

const load = (browser: Browser, query = "") =>
  answerOf(() =>
    servedRoute(route).loader({
      request: new Request(`${APP}${PATH}${query}`, { headers: { cookie: browser.cookie } }),
      context,
      params: {},
    }),
  );
const post = (browser: Browser, fields: Record<string, string>, query = "") =>
  answerOf(() =>
    servedRoute(route).action({
      request: formPost(`${PATH}${query}`, browser.cookie, { csrf: browser.csrf, ...fields }),
      context,
      params: {},
    }),
  );
const openMarket = (browser: Browser) =>
  answerOf(() =>
    servedRoute(market).loader({
      request: new Request(`${APP}/comportamiento-de-mercado`, { headers: { cookie: browser.cookie } }),
      context,
      params: {},
    }),
  );
const calls = (path: string) => requestCount(world.sandbox, `/api/membership/${path}`);

describe("/membresias", () => {
  it("shows Ana's Pro with the fee, its tax and the total, the dates and the account", async () => {
    const response = await load(world.browser);
    expect(response.status).toBe(200);
    const body = await response.json();
    // Her trial is spent: another upgrade would be charged at once (decision 143).
    expect(body.view.upgrade).toEqual({ kind: "today" });
    expect(body.view).toMatchObject({
      name: "Pro",
      state: "active",
      trialDays: null,
      price: { fee: "$499.00 MXN", tax: "$79.84 MXN", total: "$578.84 MXN", rate: "16 %" },
    });
    expect(body.view.lastPayment).toMatch(/^\d{1,2} de [a-z]+ de \d{4}$/);
    expect(body.view.nextPayment).toMatch(/^\d{1,2} de [a-z]+ de \d{4}$/);
    expect(body.view.account).toMatch(/•••• \d{4}$/);
    expect(body.offered.map((offer: { action: string }) => offer.action)).toEqual(["cancelar", "cuenta"]);
    expect(body.dialog).toBeNull();
  });

  it("lets a collaborator see the plan but answers 403 to its modals and its posts, calling nobody", async () => {
    const carlos = await collaboratorBrowser(await loginAs(world.sandbox, "carlos.colaborador"));
    const page = await load(carlos);
    expect(page.status).toBe(200);
    expect((await page.json()).offered).toEqual([]);
    expect((await load(carlos, "?dialogo=cancelar")).status).toBe(403);
    const before = await calls("cancel");
    expect((await post(carlos, { intent: "cancelar" }, "?dialogo=cancelar")).status).toBe(403);
    expect(await calls("cancel")).toBe(before);
  });

  it("answers malformed input with 400 and the schema's messages, never a 500", async () => {
    const unknown = await post(world.browser, { intent: "borrar" });
    expect(unknown.status).toBe(400);
    const empty = await post(world.browser, { intent: "cuenta", accountId: "   " }, "?dialogo=cuenta");
    expect(empty.status).toBe(400);
    expect((await empty.json()).result.error.accountId).toEqual(["Campo obligatorio"]);
    const odd = await post(world.browser, { intent: "cuenta", accountId: "../../x<script>" }, "?dialogo=cuenta");
    expect(odd.status).toBe(400);
    expect((await odd.json()).result.initialValue).toMatchObject({ accountId: "../../x<script>" });
    expect((await post(world.browser, { intent: "mejorar", idempotencyKey: "no-es-una-llave" })).status).toBe(400);
    expect((await post(world.browser, {})).status).toBe(400);
    expect((await load(world.browser, "?dialogo=%00%ff")).status).toBe(200);
  });

  it("cancels to pendingcancel, which offers resume, and resumes", async () => {
    const cancelled = await post(world.browser, { intent: "cancelar" }, "?dialogo=cancelar");
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get("location")).toBe(PATH);
    const after = await (await load(world.browser, "?dialogo=reanudar")).json();
    expect(after.view.state).toBe("pendingcancel");
    expect(after.offered.map((offer: { action: string }) => offer.action)).toEqual(["reanudar"]);
    expect(after.dialog).toBe("reanudar");
    // A cancelled Pro is not offered to cancel again: the modal does not open.
    expect((await (await load(world.browser, "?dialogo=cancelar")).json()).dialog).toBeNull();
    expect((await post(world.browser, { intent: "reanudar" }, "?dialogo=reanudar")).status).toBe(302);
    expect((await (await load(world.browser)).json()).view.state).toBe("active");
  });

  it("refuses another company's or a dollar account for the fee, and keeps what was chosen", async () => {
    const refused = await post(world.browser, { intent: "cuenta", accountId: "A-100234-02" }, "?dialogo=cuenta");
    expect(refused.status).toBe(422);
    const { result } = await refused.json();
    expect(result.error[""]).toEqual(["Esa cuenta no es una cuenta en pesos de tu empresa."]);
    expect(result.initialValue).toMatchObject({ accountId: "A-100234-02" });
    expect((await post(world.browser, { intent: "cuenta", accountId: "A-100234-01" }, "?dialogo=cuenta")).status).toBe(302);
  });

  it("shows §8's generic message inside the modal when the product fails", async () => {
    await control(world.sandbox, "/__faults", { path: "/api/membership/cancel", kind: "status", status: 500, times: -1 });
    const failed = await post(world.browser, { intent: "cancelar" }, "?dialogo=cancelar");
    expect(failed.status).toBe(502);
    expect((await failed.json()).result.error[""]).toEqual(["Ha ocurrido un error, favor de intentarlo más tarde"]);
  });

  it("upgrades Beatriz once per key, and the market opens on her very next request", async () => {
    const beatriz = await beatrizBrowser(await loginAs(world.sandbox, "beatriz.basica"));
    expect((await openMarket(beatriz)).headers.get("location")).toBe("/");
    const page = await (await load(beatriz, "?dialogo=mejorar")).json();
    expect(page.view.state).toBe("basic");
    expect(page.dialog).toBe("mejorar");
    expect(page.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(page.accounts.map((account: { idAccount: string }) => account.idAccount)).toContain("A-200115-01");
    // Her first Pro: the dialog promises the trial and a first charge 30 days on, not a charge today (decision 143).
    expect(page.view.upgrade).toMatchObject({ kind: "trial", days: 30 });
    expect(page.view.upgrade.firstCharge).toMatch(/^\d{1,2} de [a-z]+ de \d{4}$/);

    const before = await calls("upgrade");
    // Without the terms ticked the action refuses it, and nothing reaches the product.
    const unticked = await post(beatriz, { intent: "mejorar", idempotencyKey: KEY, accountId: "A-200115-01" }, "?dialogo=mejorar");
    expect(unticked.status).toBe(400);
    expect((await unticked.json()).result.error.terms).toEqual(["Debes aceptar los Términos y Condiciones para continuar."]);
    expect(await calls("upgrade")).toBe(before);
    const fields = { intent: "mejorar", idempotencyKey: KEY, accountId: "A-200115-01", terms: "on" };
    const first = await post(beatriz, fields, "?dialogo=mejorar");
    const again = await post(beatriz, fields, "?dialogo=mejorar");
    expect(first.status).toBe(302);
    expect(again.status).toBe(302);
    expect(await calls("upgrade")).toBe(before + 1);
    // The same key with another account is refused, not sent.
    expect((await post(beatriz, { ...fields, accountId: "A-200115-02" }, "?dialogo=mejorar")).status).toBe(422);

    const now = await (await load(beatriz)).json();
    expect(now.view).toMatchObject({ name: "Pro", state: "trial" });
    expect(now.view.trialDays).toBeGreaterThan(0);
    expect((await openMarket(beatriz)).status).toBe(200);
  });

  it("never resends an upgrade whose answer was lost: it says so and the page tells what happened", async () => {
    const beatriz = await beatrizBrowser(await loginAs(world.sandbox, "beatriz.basica"));
    await control(world.sandbox, "/__faults", { path: "/api/membership/upgrade", kind: "drop", times: -1 });
    const before = await calls("upgrade");
    const lost = await post(
      beatriz,
      { intent: "mejorar", idempotencyKey: "7d3e9f10-5a2b-4c8d-9e1f-2a3b4c5d6e7f", terms: "on" },
      "?dialogo=mejorar",
    );
    expect(lost.status).toBe(302);
    expect(lost.headers.get("location")).toBe(PATH);
    expect(await calls("upgrade")).toBe(before + 1);
  });
});
