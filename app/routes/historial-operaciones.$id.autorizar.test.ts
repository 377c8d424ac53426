import crypto from "node:crypto";

import { describe, expect, it } from "vitest";

import { servedRoute } from "#server/http/served-route.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, formPost, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import { loginAs } from "../../tests/support/sandbox";
import * as drawer from "./historial-operaciones.$id._index";
import * as authorise from "./historial-operaciones.$id.autorizar";
import * as transaction from "./transaction";

/**
 * 'Autorizar con mi token' in an operation's drawer (decision 093): an operation registered and
 * left before its challenge says so, and leads to the bank's challenge for it; one that no longer
 * waits is refused before anything reaches the bank.
 */
const world = sandboxedApp("historial-autorizar");

/** A transfer Ana registered and never confirmed (she closed the bank's page). */
async function waitingTransfer(): Promise<string> {
  const { productJwt } = await loginAs(world.sandbox, "ana.admin");
  const response = await fetch(`${world.sandbox.url}/api/setoperation`, {
    method: "POST",
    headers: { authorization: `Bearer ${productJwt}`, "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
    body: JSON.stringify({
      operation: "transfer",
      pair: "",
      amount: 125.5,
      amountOrigin: 125.5,
      amountDestiny: 125.5,
      total: 125.5,
      margin: "0",
      exchangeRate: 1,
      accountOrigin: { idCuenta: "A-100234-01", idDivisa: "MXN" },
      accountDestiny: null,
      recipient: { idRecipient: 501 },
      concept: 1,
      conceptString: "Pago a proveedores",
      aditionalInformation: "Factura 7",
      priceObject: null,
      calculatePlace: "left",
    }),
  });
  return String(((await response.json()) as { id: number }).id);
}

const open = (id: string) =>
  answerOf(() =>
    servedRoute(drawer).loader({
      request: new Request(`${APP}/historial-operaciones/${id}`, { headers: { cookie: world.browser.cookie } }),
      context,
      params: { id },
    }),
  );
const press = (id: string, key: string) =>
  answerOf(() =>
    servedRoute(authorise).action({
      request: formPost(`/historial-operaciones/${id}/autorizar`, world.browser.cookie, {
        csrf: world.browser.csrf,
        intent: "autorizar",
        idempotencyKey: key,
      }),
      context,
      params: { id },
    }),
  );
const batchPosts = () => world.sandbox.state.operationBatches.batches.length;

describe("an operation waiting for the token", () => {
  it("reads 'Por autorizar' and is authorised through the bank's challenge, once per key", async () => {
    const id = await waitingTransfer();
    const shown = await (await open(id)).json();
    expect(shown.detail).toMatchObject({ awaitingToken: true, statusLabelKey: "statusV2.awaitingToken" });
    expect(shown.authorise.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    const [first, second] = await Promise.all([press(id, shown.authorise.idempotencyKey), press(id, shown.authorise.idempotencyKey)]);
    expect(first.status).toBe(302);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(batchPosts()).toBe(1);
    // Another drawer (a new key) finds the same live batch instead of a second one.
    expect((await press(id, crypto.randomUUID())).headers.get("location")).toBe(first.headers.get("location"));
    expect(batchPosts()).toBe(1);

    const challenge = new URL(first.headers.get("location") ?? "");
    const page = await fetch(challenge, {
      method: "POST",
      body: new URLSearchParams({ trk: challenge.searchParams.get("trk") ?? "", clave: "123456" }),
      redirect: "manual",
    });
    const back = new URL(page.headers.get("location") ?? "");
    const landed = await answerOf(() =>
      servedRoute(transaction).loader({
        request: new Request(`${APP}${back.pathname}${back.search}`, { headers: { cookie: world.browser.cookie } }),
        context,
        params: {},
      }),
    );
    expect(landed.headers.get("location")).toBe(`/historial-operaciones/${id}`);
    const after = await (await open(id)).json();
    expect(after.detail).toMatchObject({ awaitingToken: false, status: "applied" });
    expect(after.authorise).toBeNull();
  });

  it("makes one batch when two drawers (two keys) post at the same moment, and both follow its challenge", async () => {
    const id = await waitingTransfer();
    const [first, second] = await Promise.all([press(id, crypto.randomUUID()), press(id, crypto.randomUUID())]);
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(new URL(first.headers.get("location") ?? "").pathname).toBe("/challenge/batch");
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(batchPosts()).toBe(1);
  });

  it("is refused with a toast, and nothing reaches the bank, once it no longer waits", async () => {
    const answer = await press("1019", crypto.randomUUID());
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/historial-operaciones/1019");
    expect(batchPosts()).toBe(0);
    expect((await press("99999999", crypto.randomUUID())).status).toBe(404);
  });
});
