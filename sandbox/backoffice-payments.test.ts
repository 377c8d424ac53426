import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { until } from "../tests/support/wait";
import { type Sandbox, startSandbox } from "./server";
import { type Json, sandboxClient, transferBody } from "./test-support";

const NOW = new Date("2026-03-10T18:00:00.000Z");
const APPLY_DELAY_MS = 20;

let sandbox: Sandbox;
const { call, get, post, productJwt, put } = sandboxClient(() => sandbox);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appUrl: "http://app.test:3000", now: () => NOW, applyDelayMs: APPLY_DELAY_MS });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  await fetch(`${sandbox.url}/__reset`, { method: "POST" });
});

let keyCounter = 0;
const newKey = () => `00000000-0000-4000-9000-${String(++keyCounter).padStart(12, "0")}`;
const balance = (idAccount: string) => sandbox.state.accounts.find((account) => account.idAccount === idAccount)?.balance;

/** 2,500 MXN from Ana's 'Operativa MXN' to a recipient, named as §3's receiverTypeData says. */
function transferTo(recipient: Json): Json {
  return transferBody({ amount: 2500, recipient, aditionalInformation: "Factura 88" });
}

const HIDALGO = { idRecipient: 9001, receiverTypeData: "BO" };

/** The person answers the bank's challenge page with the demo key 123456; the page's result, as the app receives it. */
async function confirmOnChallenge(trk: string): Promise<{ res: string; msg: string }> {
  const answer = await fetch(`${sandbox.url}/challenge`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ trk, clave: "123456", action: "confirmar" }),
    redirect: "manual",
  });
  const back = new URL(answer.headers.get("location") ?? "");
  return { res: back.searchParams.get("res") ?? "", msg: back.searchParams.get("msg") ?? "" };
}

describe("/setoperation to a back-office recipient (§3 receiverTypeData BO, §4, decision 097)", () => {
  it("books it, shows the recipient's name and bank on the operation and the challenge page, and moves the money once confirmed", async () => {
    const jwt = await productJwt("ana.admin");
    const before = balance("A-100234-01")!;
    const created = await post(jwt, "/api/setoperation", transferTo(HIDALGO), { "idempotency-key": newKey() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: "sent", requires_admin_approval: false });
    const [id, trk] = [Number(created.body.id), String(created.body.trk)];

    const page = await (await fetch(`${sandbox.url}/challenge/?trk=${trk}`)).text();
    expect(page).toContain("Comercializadora Hidalgo S.A. de C.V.");
    expect(page).toContain("8769");

    const result = await confirmOnChallenge(trk);
    expect(result.res).toBe("0");
    expect((await post(jwt, "/api/processchallenge", { ...result, trk })).status).toBe(200);
    const operation = await until(
      async () => {
        const answer = await get(jwt, `/api/operations/${id}`);
        return answer.body.status === "applied" && answer;
      },
      { what: "the bank to apply the payment" },
    );
    expect(operation.body).toMatchObject({
      status: "applied",
      recipient: { idRecipient: 9001, nombreCompleto: "Comercializadora Hidalgo S.A. de C.V.", receiverTypeData: "BO" },
      bank: "Banorte",
      request: { currencyReceive: "MXN" },
    });
    expect(balance("A-100234-01")).toBeCloseTo(before - 2500, 2);
    // The books: one SPEI sending (40) to the recipient's CLABE, with its clave de rastreo.
    const movements = sandbox.state.movements.filter((movement) => movement.operationId === id);
    expect(movements).toEqual([
      expect.objectContaining({
        idAccount: "A-100234-01",
        typeId: 40,
        amount: 2500,
        counterpartyName: "Comercializadora Hidalgo S.A. de C.V.",
        trackingKey: expect.stringMatching(/^FXN062\d{18}$/),
      }),
    ]);
  });

  it("reads the same number without receiverTypeData as one of the bank's recipients: none has it", async () => {
    const jwt = await productJwt("ana.admin");
    const answer = await post(jwt, "/api/setoperation", transferTo({ idRecipient: 9001 }), { "idempotency-key": newKey() });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: "RECIPIENT_NOT_FOUND" });
  });

  it("keeps a bank recipient and a back-office one with the same number apart, under one key too", async () => {
    const jwt = await productJwt("ana.admin");
    const key = newKey();
    const bank = await post(jwt, "/api/setoperation", transferTo({ idRecipient: 501 }), { "idempotency-key": key });
    expect(bank.status).toBe(201);
    const loaded = await post(jwt, "/api/setoperation", transferTo({ idRecipient: 501, receiverTypeData: "BO" }), {
      "idempotency-key": key,
    });
    expect(loaded.status).toBe(422);
    expect(loaded.body).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
  });

  it("refuses another company's back-office recipient as missing", async () => {
    const beatriz = await productJwt("beatriz.basica");
    const theirs = await post(
      beatriz,
      "/api/backoffice-recipients",
      {
        recipientType: "pmn",
        companyName: "Harinas del Centro S.A. de C.V.",
        alias: "Harinas",
        email: "pagos@harinas.mx",
        currency: "MXN",
        accountClabe: "072180004512398769",
        bank: "Banorte",
      },
      { "idempotency-key": newKey() },
    );
    expect(theirs.status).toBe(201);
    const ana = await productJwt("ana.admin");
    const answer = await post(ana, "/api/setoperation", transferTo({ idRecipient: theirs.body.id, receiverTypeData: "BO" }), {
      "idempotency-key": newKey(),
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: "RECIPIENT_NOT_FOUND" });
  });

  it("refuses one the back office deleted, and nothing is booked", async () => {
    const jwt = await productJwt("ana.admin");
    expect((await put(jwt, "/api/backoffice-recipients/9001/status", { status: "deleted" })).status).toBe(200);
    const operations = sandbox.state.operations.length;
    const answer = await post(jwt, "/api/setoperation", transferTo(HIDALGO), { "idempotency-key": newKey() });
    expect(answer.status).toBe(404);
    expect(sandbox.state.operations.length).toBe(operations);
  });

  it("still names the recipient of an operation once the back office deleted it", async () => {
    const jwt = await productJwt("ana.admin");
    const created = await post(jwt, "/api/setoperation", transferTo(HIDALGO), { "idempotency-key": newKey() });
    expect((await put(jwt, "/api/backoffice-recipients/9001/status", { status: "deleted" })).status).toBe(200);
    const operation = await get(jwt, `/api/operations/${String(created.body.id)}`);
    expect(operation.body).toMatchObject({ recipient: { nombreCompleto: "Comercializadora Hidalgo S.A. de C.V." }, bank: "Banorte" });
  });

  it("asks the same permission as any third-party recipient (§6)", async () => {
    const carlos = await productJwt("carlos.colaborador");
    const answer = await post(carlos, "/api/setoperation", transferTo(HIDALGO), { "idempotency-key": newKey() });
    expect(answer.status).toBe(403);
  });

  it("refuses a source §3 does not pay through this call", async () => {
    const jwt = await productJwt("ana.admin");
    const answer = await call("/api/setoperation", {
      method: "POST",
      headers: { authorization: `Bearer ${jwt}`, "content-type": "application/json", "idempotency-key": newKey() },
      body: JSON.stringify(transferTo({ idRecipient: 9001, receiverTypeData: "LEGACY" })),
    });
    expect(answer.status).toBe(400);
  });
});
