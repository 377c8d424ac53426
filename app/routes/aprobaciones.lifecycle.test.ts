import crypto from "node:crypto";

import { describe, expect, it } from "vitest";

import { servedRoute } from "#server/http/served-route.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, formPost, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import type { TestSandbox } from "../../tests/support/sandbox";
import { control, loginAs } from "../../tests/support/sandbox";
import * as list from "./aprobaciones";
import { loader as transactionLoader } from "./transaction";

/**
 * One life per operation through the app (decision 092): approve, void and the
 * bank's challenge result of one operation never cross, and a voided operation never moves money.
 * Seed: 1002 (a transfer) and 1015 (a buy) wait for Ana's approval in Importadora del Bajío.
 */
// Confirmed operations apply at once here, and a file of many decisions stays under the money rate limit.
const world = sandboxedApp("ciclo-de-vida", {}, { RATE_LIMITS: "money=100000/60" }, { applyDelayMs: 30 });
const PATH = "/aprobaciones";

const decide = (intent: "aprobar" | "anular", id: string) =>
  answerOf(() =>
    servedRoute(list).action({
      request: formPost(PATH, world.browser.cookie, { csrf: world.browser.csrf, intent, id, idempotencyKey: crypto.randomUUID() }),
      context,
      params: {},
    }),
  );

/** The bank's challenge page, as Ana's browser posts her key; answers where the bank sends her back. */
async function typeKey(challenge: string, clave: string): Promise<URL> {
  const trk = new URL(challenge).searchParams.get("trk") ?? "";
  const answered = await fetch(`${world.sandbox.url}/challenge/`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ trk, clave, action: "confirmar" }),
    redirect: "manual",
  });
  expect(answered.status).toBe(302);
  return new URL(answered.headers.get("location") ?? "");
}

const openTransaction = async (search: string) => {
  const response = await answerOf(() =>
    transactionLoader({
      request: new Request(`${APP}/transaction${search}`, { headers: { cookie: world.browser.cookie } }),
      context,
      params: {},
    }),
  );
  expect(response.status).toBe(200);
  return response.json();
};

const operation = (id: string) => world.sandbox.state.operations.find((candidate) => String(candidate.id) === id)!;
const balance = (idAccount: string) => world.sandbox.state.accounts.find((account) => account.idAccount === idAccount)?.balance ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function calls(sandbox: TestSandbox, method: string, path: string): Promise<number> {
  const log = (await control(sandbox, `/__requests?path=${encodeURIComponent(path)}`, undefined, "GET")) as Array<{
    method: string;
    path: string;
  }>;
  return log.filter((entry) => entry.method === method && entry.path === path).length;
}

/** Waits for the sandbox to apply a confirmed operation (its apply delay). */
async function settled(id: string) {
  await expect.poll(() => operation(id).status, { timeout: 10_000 }).toBe("applied");
}

describe("the issue's reproduction: approve, answer the challenge, void, open /transaction", () => {
  it("refuses the void once Ana approved (nothing reaches the bank), and the operation then executes exactly once", async () => {
    const origin = operation("1002").accountOrigin.idCuenta;
    const before = balance(origin);
    const approved = await decide("aprobar", "1002");
    expect(approved.status).toBe(302);
    const back = await typeKey(approved.headers.get("location") ?? "", "123456");
    // The list says it waits for Ana's key, and offers her no void.
    const listed = await (
      await servedRoute(list).loader({
        request: new Request(`${APP}${PATH}`, { headers: { cookie: world.browser.cookie } }),
        context,
        params: {},
      })
    ).json();
    expect(listed.rows?.find((row) => row.id === "1002")?.approvedBy).toEqual({ name: "Ana Martínez Ríos", byMe: true });

    const voided = await decide("anular", "1002");
    expect(voided.status).toBe(409);
    expect((await voided.json()).refusal).toEqual({
      kind: "lifecycle",
      id: "1002",
      message: "Esta operación ya fue aprobada y espera la clave del administrador.",
    });
    expect(await calls(world.sandbox, "PUT", "/api/operations")).toBe(1);
    expect(operation("1002").status).toBe("sent");

    const result = await openTransaction(back.search);
    expect(result.outcome).toEqual({ kind: "success" });
    expect(result.refusal).toBeNull();
    await settled("1002");
    expect(balance(origin)).toBeCloseTo(before - operation("1002").amountOrigin, 2);
  });

  it("shows the refusal, not 'Operación autorizada', for an operation voided before its key, and moves nothing", async () => {
    const origin = operation("1002").accountOrigin.idCuenta;
    const before = balance(origin);
    const approved = await decide("aprobar", "1002");
    const challenge = approved.headers.get("location") ?? "";
    // Voided at the bank by another channel while Ana is on the challenge page (the portal itself would not send it).
    const ana = await loginAs(world.sandbox, "ana.admin");
    const voidedAtTheBank = await fetch(`${world.sandbox.url}/api/operations`, {
      method: "PUT",
      headers: { authorization: `Bearer ${ana.productJwt}`, "content-type": "application/json" },
      body: JSON.stringify({ id: 1002, action: "void" }),
    });
    expect(voidedAtTheBank.status).toBe(200);
    // The bank's page refuses her key; the return address she could still open is refused too.
    expect((await fetch(challenge)).status).toBe(409);
    const trk = new URL(challenge).searchParams.get("trk") ?? "";
    const processed = await calls(world.sandbox, "POST", "/api/processchallenge");
    const result = await openTransaction(
      `?${new URLSearchParams({ trk, ope: "1002", operation: "transfer", res: "0", msg: "Operación autorizada", retries: "0" })}`,
    );
    expect(result.refusal).toEqual({
      kind: "voided",
      operationId: "1002",
      message: "Esta operación ya fue anulada; no se envió dinero.",
      // The result names the operation it refused.
      named: { kind: "transfer", amount: "$12,000.00 MXN" },
    });
    expect(await calls(world.sandbox, "POST", "/api/processchallenge")).toBe(processed);
    await sleep(300);
    expect(operation("1002").status).toBe("notAppliedByAdmin");
    expect(balance(origin)).toBe(before);
  });

  it("keeps an operation 'Anulada' when the answer of a wrong key comes back after the void", async () => {
    const approved = await decide("aprobar", "1015");
    const back = await typeKey(approved.headers.get("location") ?? "", "111111");
    const ana = await loginAs(world.sandbox, "ana.admin");
    await fetch(`${world.sandbox.url}/api/operations`, {
      method: "PUT",
      headers: { authorization: `Bearer ${ana.productJwt}`, "content-type": "application/json" },
      body: JSON.stringify({ id: 1015, action: "void" }),
    });
    const result = await openTransaction(back.search);
    expect(result.refusal).toMatchObject({ kind: "voided", operationId: "1015" });
    expect(operation("1015").status).toBe("notAppliedByAdmin");
  });

  it("still shows the success when /transaction is opened again after it", async () => {
    const approved = await decide("aprobar", "1002");
    const back = await typeKey(approved.headers.get("location") ?? "", "123456");
    expect((await openTransaction(back.search)).outcome).toEqual({ kind: "success" });
    await settled("1002");
    const again = await openTransaction(back.search);
    expect(again.outcome).toEqual({ kind: "success" });
    expect(again.refusal ?? null).toBeNull();
  });
});

describe("decisions at the same moment", () => {
  it.each([
    ["approve first", ["aprobar", "anular"] as const],
    ["void first", ["anular", "aprobar"] as const],
  ])("approve ⇄ void (%s): exactly one wins, the other is told why", async (_, intents) => {
    const answers = await Promise.all(intents.map((intent) => decide(intent, "1015")));
    const won = answers.filter((answer) => answer.status === 302);
    const lost = answers.filter((answer) => answer.status === 409);
    expect([won.length, lost.length]).toEqual([1, 1]);
    const refusal = (await lost[0]!.json()).refusal;
    if (operation("1015").status === "notAppliedByAdmin") {
      expect(refusal.message).toBe("Esta operación ya fue anulada; no se envió dinero.");
      expect(operation("1015").approvedBy ?? null).toBeNull();
    } else {
      expect(operation("1015")).toMatchObject({ status: "sent", approvedBy: 1 });
      expect(refusal.message).toBe("Esta operación ya fue aprobada y espera la clave del administrador.");
    }
    expect(await calls(world.sandbox, "PUT", "/api/operations")).toBe(1);
  });

  it.each([
    ["void first", true],
    ["challenge first", false],
  ])("challenge result ⇄ void (%s): the key Ana typed wins, the void changes nothing, money moves once", async (_, voidFirst) => {
    const origin = operation("1002").accountOrigin.idCuenta;
    const before = balance(origin);
    const approved = await decide("aprobar", "1002");
    const back = await typeKey(approved.headers.get("location") ?? "", "123456");
    const voiding = () => decide("anular", "1002");
    const recording = () => openTransaction(back.search);
    const [voided, recorded] = voidFirst
      ? await Promise.all([voiding(), recording()])
      : await Promise.all([recording(), voiding()]).then(([result, answer]) => [answer, result] as const);
    expect(voided.status).toBe(409);
    expect(recorded.outcome).toEqual({ kind: "success" });
    await settled("1002");
    expect(balance(origin)).toBeCloseTo(before - operation("1002").amountOrigin, 2);
    expect(await calls(world.sandbox, "PUT", "/api/operations")).toBe(1);
  });
});
