import crypto from "node:crypto";

import { beforeEach, describe, expect, it } from "vitest";

import { servedRoute } from "#server/http/served-route.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, collaboratorBrowser, formPost, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import type { TestSandbox } from "../../tests/support/sandbox";
import { control, loginAs } from "../../tests/support/sandbox";
import * as list from "./aprobaciones";
import * as detail from "./historial-operaciones.$id._index";

/**
 * The administrator's approvals (decision 060): the list of what waits, the decision from the list
 * and from the operation drawer, once per key, and nothing at all for a collaborator, however sent.
 * Seed (sandbox/CONTRACT.md): in 100234, 1002 (transfer) and 1015 (buy) wait for approval,
 * loaded by Carlos; 1066 is Logística Pacífico Norte's (100871).
 */
const world = sandboxedApp("aprobaciones");
const PATH = "/aprobaciones";
// The app keeps a form key's outcome for a day (decision 029): every test takes fresh keys.
let KEY = "";
let OTHER_KEY = "";
beforeEach(() => {
  KEY = crypto.randomUUID();
  OTHER_KEY = crypto.randomUUID();
});

type Browser = { cookie: string; csrf: string };

const loadList = (browser: Browser, query = "") =>
  answerOf(() =>
    servedRoute(list).loader({
      request: new Request(`${APP}${PATH}${query}`, { headers: { cookie: browser.cookie } }),
      context,
      params: {},
    }),
  );
const decideInList = (browser: Browser, fields: Record<string, string>) =>
  answerOf(() =>
    servedRoute(list).action({ request: formPost(PATH, browser.cookie, { csrf: browser.csrf, ...fields }), context, params: {} }),
  );
const loadDetail = (browser: Browser, id: string) =>
  answerOf(() =>
    servedRoute(detail).loader({
      request: new Request(`${APP}/historial-operaciones/${id}`, { headers: { cookie: browser.cookie } }),
      context,
      params: { id },
    }),
  );
const decideInDrawer = (browser: Browser, id: string, fields: Record<string, string>) =>
  answerOf(() =>
    servedRoute(detail).action({
      request: formPost(`/historial-operaciones/${id}?index`, browser.cookie, { csrf: browser.csrf, id, ...fields }),
      context,
      params: { id },
    }),
  );

async function decisions(sandbox: TestSandbox): Promise<number> {
  const log = (await control(sandbox, "/__requests?path=/api/operations", undefined, "GET")) as Array<{ method: string; path: string }>;
  return log.filter((entry) => entry.method === "PUT" && entry.path === "/api/operations").length;
}

async function statusOf(sandbox: TestSandbox, id: string): Promise<string> {
  const ana = await loginAs(sandbox, "ana.admin");
  const response = await fetch(`${sandbox.url}/api/operations/${id}`, { headers: { authorization: `Bearer ${ana.productJwt}` } });
  return ((await response.json()) as { status: string }).status;
}

describe("the approvals list", () => {
  it("shows Ana what Carlos loaded, with who, amounts, accounts and the decision's keys", async () => {
    const response = await loadList(world.browser);
    expect(response.status).toBe(200);
    const body = await response.json();
    const ids = body.rows.map((row: { id: string }) => row.id);
    expect(ids).toContain("1002");
    expect(ids).toContain("1015");
    const transfer = body.rows.find((row: { id: string }) => row.id === "1002");
    expect(transfer).toMatchObject({ kind: "transfer", operator: "Carlos Hernández Soto", detailHref: "/historial-operaciones/1002" });
    expect(transfer.amount.total).toMatch(/\$[\d,]+\.\d{2} MXN/);
    expect(transfer.origin.masked).toMatch(/^•••• \d{4}$/);
    expect(transfer.idempotencyKey).not.toBe(transfer.voidKey);
    expect(body.voiding).toBeNull();

    const dialog = await (await loadList(world.browser, "?dialogo=anular-operacion&operacion=1002")).json();
    expect(dialog.voiding).toMatchObject({ id: "1002", amount: transfer.amount.total });
  });

  it("answers a collaborator 403 for the page, the list's posts and the drawer's posts, and asks the product nothing", async () => {
    const carlos = await collaboratorBrowser(await loginAs(world.sandbox, "carlos.colaborador"));
    expect((await loadList(carlos)).status).toBe(403);
    expect((await decideInList(carlos, { intent: "aprobar", id: "1002", idempotencyKey: KEY })).status).toBe(403);
    expect((await decideInList(carlos, { intent: "anular", id: "1002", idempotencyKey: KEY })).status).toBe(403);
    expect((await decideInDrawer(carlos, "1002", { intent: "aprobar", idempotencyKey: KEY })).status).toBe(403);
    expect((await decideInDrawer(carlos, "1002", { intent: "anular", idempotencyKey: OTHER_KEY })).status).toBe(403);
    expect(await decisions(world.sandbox)).toBe(0);
    expect(await statusOf(world.sandbox, "1002")).toBe("sent");

    // His drawer shows 'Por aprobar' without the administrator's decision.
    const drawer = await (await loadDetail(carlos, "1002")).json();
    expect(drawer.detail.approval).toBe(true);
    expect(drawer.decision).toBeNull();
  });
});

describe("approving", () => {
  it("sends Ana to the bank's challenge with the operation type, once per key however often it is posted", async () => {
    const [first, second] = await Promise.all([
      decideInList(world.browser, { intent: "aprobar", id: "1002", idempotencyKey: KEY }),
      decideInList(world.browser, { intent: "aprobar", id: "1002", idempotencyKey: KEY }),
    ]);
    expect(first.status).toBe(302);
    const location = new URL(first.headers.get("location") ?? "");
    expect(location.pathname).toBe("/challenge/");
    expect(location.searchParams.get("trk")).toBeTruthy();
    expect(location.searchParams.get("operation")).toBe("transfer");
    expect(location.searchParams.has("jwt")).toBe(false);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(await decisions(world.sandbox)).toBe(1);

    // The same key for another decision is refused, and nothing reaches the product.
    const reused = await decideInList(world.browser, { intent: "anular", id: "1002", idempotencyKey: KEY });
    expect(reused.status).toBe(422);
    expect((await reused.json()).refusal).toMatchObject({ kind: "problem", problem: "reused" });
    expect(await decisions(world.sandbox)).toBe(1);
  });

  it("offers the decision in the drawer to Ana only while the operation waits", async () => {
    const waiting = await (await loadDetail(world.browser, "1002")).json();
    expect(waiting.decision).toMatchObject({ voiding: false });
    const done = await (await loadDetail(world.browser, "1019")).json();
    expect(done.decision).toBeNull();
  });

  it("answers §8's mancomunación with its help when the bank requires a second signature, changing nothing", async () => {
    await control(world.sandbox, "/__company-settings/100234", { secondSignatureRequired: true });
    const response = await decideInDrawer(world.browser, "1002", { intent: "aprobar", idempotencyKey: KEY });
    expect(response.status).toBe(422);
    expect((await response.json()).refusal).toEqual({ kind: "help", id: "1002", topic: "jointSignatureInsufficient", target: "bank" });
    expect(await statusOf(world.sandbox, "1002")).toBe("sent");
  });

  it("is a 404 for another company's operation, and a 400 for a malformed or mismatched form", async () => {
    expect((await decideInList(world.browser, { intent: "aprobar", id: "1066", idempotencyKey: KEY })).status).toBe(404);
    expect((await decideInList(world.browser, { intent: "aprobar", id: "10<script>", idempotencyKey: KEY })).status).toBe(400);
    expect((await decideInList(world.browser, { intent: "pagar", id: "1002", idempotencyKey: KEY })).status).toBe(400);
    expect((await decideInList(world.browser, { intent: "aprobar", id: "1002", idempotencyKey: "x" })).status).toBe(400);
    const mismatched = await answerOf(() =>
      servedRoute(detail).action({
        request: formPost("/historial-operaciones/1002?index", world.browser.cookie, {
          csrf: world.browser.csrf,
          id: "1015",
          intent: "aprobar",
          idempotencyKey: KEY,
        }),
        context,
        params: { id: "1002" },
      }),
    );
    expect(mismatched.status).toBe(400);
  });

  it("never resends a decision whose answer was lost: the notice, and one call", async () => {
    await control(world.sandbox, "/__faults", { path: "/api/operations", method: "PUT", kind: "drop", times: 1 });
    const response = await decideInList(world.browser, { intent: "aprobar", id: "1002", idempotencyKey: KEY });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(PATH);
    expect(await decisions(world.sandbox)).toBe(1);
  });
});

describe("voiding", () => {
  it("leaves the operation 'Anulada' and shows its detail, from the list or the drawer", async () => {
    const fromList = await decideInList(world.browser, { intent: "anular", id: "1015", idempotencyKey: KEY });
    expect(fromList.status).toBe(302);
    expect(fromList.headers.get("location")).toBe("/historial-operaciones/1015");
    expect(await statusOf(world.sandbox, "1015")).toBe("notAppliedByAdmin");
    const shown = await (await loadDetail(world.browser, "1015")).json();
    expect(shown.detail).toMatchObject({ voidedByAdmin: true, approval: false, statusLabelKey: "statusV2.voided" });
    expect(shown.decision).toBeNull();

    const fromDrawer = await decideInDrawer(world.browser, "1002", { intent: "anular", idempotencyKey: OTHER_KEY });
    expect(fromDrawer.headers.get("location")).toBe("/historial-operaciones/1002");
    expect(await statusOf(world.sandbox, "1002")).toBe("notAppliedByAdmin");

    // Nothing waits any more.
    expect((await (await loadList(world.browser)).json()).rows).toEqual([]);
  });

  it("says so when the operation no longer waits", async () => {
    await decideInList(world.browser, { intent: "anular", id: "1015", idempotencyKey: KEY });
    const late = await decideInList(world.browser, { intent: "aprobar", id: "1015", idempotencyKey: OTHER_KEY });
    expect(late.status).toBe(409);
    expect((await late.json()).refusal).toEqual({
      kind: "lifecycle",
      id: "1015",
      message: "Esta operación ya fue anulada; no se envió dinero.",
    });
    // The void was the only decision that reached the product.
    expect(await decisions(world.sandbox)).toBe(1);
  });
});
