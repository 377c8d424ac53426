import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { DEMO_KEYS } from "./challenge";
import { type Sandbox, startSandbox } from "./server";
import { type Json, sandboxClient, transferBody } from "./test-support";

/**
 * One token for several operations (decision 093): POST /api/operation-batches, its challenge page,
 * its one result and one outcome per operation, each with its own funds check; a collaborator's
 * file approved and signed by an administrator.
 */
const NOW = new Date("2026-03-10T18:00:00.000Z");
const APP_URL = "http://app.test:3000";

let sandbox: Sandbox;
const { call, get, post, productJwt, put } = sandboxClient(() => sandbox);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appUrl: APP_URL, now: () => NOW, applyDelayMs: 30 });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  await fetch(`${sandbox.url}/__reset`, { method: "POST" });
});

const MXN = "A-100234-01";
const USD = "A-100234-02";
const balance = (idAccount: string) => sandbox.state.accounts.find((account) => account.idAccount === idAccount)!.balance;
const statusOf = (id: number) => sandbox.state.operations.find((operation) => operation.id === id)!.status;

let keys = 0;
const newKey = () => `00000000-0000-4000-8000-${String(++keys).padStart(12, "0")}`;

/** A transfer to a recipient, as a row of a payment file registers it. */
async function registerTransfer(jwt: string, amount: number, currency: "MXN" | "USD" = "MXN"): Promise<number> {
  const answer = await post(
    jwt,
    "/api/setoperation",
    transferBody({
      amount,
      accountOrigin: { idCuenta: currency === "MXN" ? MXN : USD, idDivisa: currency },
      recipient: { idRecipient: currency === "MXN" ? 501 : 503 },
      aditionalInformation: "Factura",
    }),
    { "idempotency-key": newKey() },
  );
  expect(answer.status).toBe(201);
  return answer.body.id as number;
}

const createBatch = (jwt: string, operationIds: number[], key = newKey(), extra: Json = {}) =>
  post(jwt, "/api/operation-batches", { operationIds, ...extra }, { "idempotency-key": key });

/** The person types a demo key on the batch's challenge page; the bank sends the browser back to the app. */
async function answerPage(trk: string, key: string): Promise<URL> {
  const response = await fetch(`${sandbox.url}/challenge/batch`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ trk, clave: key, action: "confirmar" }),
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location") ?? "");
}

const AUTHORIZE = DEMO_KEYS.find((demo) => demo.outcome.res === "0")!.key;

describe("POST /api/operation-batches", () => {
  it("makes one batch per key with its count, totals per currency and challenge, whatever the number of concurrent posts", async () => {
    const ana = await productJwt("ana.admin");
    const ids = [await registerTransfer(ana, 100.1), await registerTransfer(ana, 200.2), await registerTransfer(ana, 50, "USD")];
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => createBatch(ana, ids, key, { reference: "carga-1", fileName: "pagos.xlsx" })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(sandbox.state.operationBatches.batches).toHaveLength(1);
    const batch = answers[0].body;
    expect(batch).toMatchObject({
      status: "pending",
      count: 3,
      reference: "carga-1",
      fileName: "pagos.xlsx",
      totals: [
        { currency: "MXN", count: 2, total: 300.3 },
        { currency: "USD", count: 1, total: 50 },
      ],
      createdBy: { memberId: 1, completeName: "Ana Martínez Ríos" },
      result: null,
    });
    expect(batch.uri).toBe(`${sandbox.url}/challenge/batch?trk=${batch.trk as string}`);

    // The same key for other operations is refused; another key for the same operations finds them held.
    expect((await createBatch(ana, ids.slice(0, 2), key)).body).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
    const again = await createBatch(ana, [ids[2]]);
    expect(again).toMatchObject({ status: 409, body: { code: "OPERATION_IN_BATCH" } });
  });

  it("puts an operation in one live batch only, when two keys race for it", async () => {
    const ana = await productJwt("ana.admin");
    const ids = [await registerTransfer(ana, 10), await registerTransfer(ana, 20)];
    const answers = await Promise.all([createBatch(ana, ids), createBatch(ana, [ids[1]]), createBatch(ana, ids)]);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.code === "OPERATION_IN_BATCH")).toBe(true);
    expect(sandbox.state.operationBatches.batches).toHaveLength(1);
  });

  it("refuses operations that no longer wait, another company's, and another member's", async () => {
    const ana = await productJwt("ana.admin");
    expect((await createBatch(ana, [1019])).body).toMatchObject({ code: "OPERATION_NOT_PENDING" });
    expect((await createBatch(ana, [1066])).status).toBe(404);
    expect((await createBatch(ana, [])).status).toBe(400);
    expect((await call("/api/operation-batches", { method: "POST" })).status).toBe(401);
    const mine = await registerTransfer(ana, 10);
    expect((await post(ana, "/api/operation-batches", { operationIds: [mine] })).body).toMatchObject({ code: "IDEMPOTENCY_KEY_REQUIRED" });
    // Carlos may execute here, but Ana's operation is hers to sign.
    sandbox.state.members.find((member) => member.memberId === 2)!.permissions = ["send_money_to_third_accounts", "can_execute_operations"];
    expect((await createBatch(await productJwt("carlos.colaborador"), [mine])).status).toBe(403);
    expect(sandbox.state.operationBatches.batches).toHaveLength(0);
  });
});

describe("the batch's challenge and its result", () => {
  it("shows the count and totals, records one result, sends each row once and moves nothing on a repeat", async () => {
    const ana = await productJwt("ana.admin");
    const ids = [await registerTransfer(ana, 1000), await registerTransfer(ana, 2500.5), await registerTransfer(ana, 75, "USD")];
    const batch = (await createBatch(ana, ids, newKey(), { fileName: "pagos.xlsx" })).body;
    const before = { mxn: balance(MXN), usd: balance(USD) };

    const shown = await (await fetch(batch.uri as string)).text();
    expect(shown).toContain("<h1>Autoriza 3 pagos</h1>");
    expect(shown).toContain("<dt>Total MXN</dt><dd>$3,500.50 MXN</dd>");
    expect(shown).toContain("<dt>Total USD</dt><dd>$75.00 USD</dd>");
    expect(shown).toContain("pagos.xlsx");

    // A result the page never gave is refused, and nothing moves.
    const forged = await post(ana, "/api/operation-batches/processchallenge", { res: "0", msg: "Operación autorizada", trk: batch.trk });
    expect(forged).toMatchObject({ status: 409, body: { code: "CHALLENGE_MISMATCH" } });
    expect(ids.map(statusOf)).toEqual(["sent", "sent", "sent"]);

    const back = await answerPage(batch.trk as string, AUTHORIZE);
    expect(back.pathname).toBe("/transaction");
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ trk: batch.trk, batch: String(batch.id), res: "0" });
    const result = { res: "0", msg: back.searchParams.get("msg"), trk: batch.trk };
    const answers = await Promise.all([1, 2, 3].map(() => post(ana, "/api/operation-batches/processchallenge", result)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers[0].body).toMatchObject({ status: "processed", summary: { sent: 3, failed: 0, skipped: 0 }, uri: null });
    expect((answers[0].body.operations as Json[]).map((row) => row.result)).toEqual(["sent", "sent", "sent"]);
    expect(ids.map(statusOf)).toEqual(["applied", "applied", "applied"]);
    expect(balance(MXN)).toBeCloseTo(before.mxn - 3500.5, 2);
    expect(balance(USD)).toBeCloseTo(before.usd - 75, 2);

    // The page is no longer signable, and the batch reads back the same.
    expect((await fetch(batch.uri as string)).status).toBe(409);
    expect((await get(ana, `/api/operation-batches/${batch.id as number}`)).body).toEqual(answers[0].body);
    expect(balance(MXN)).toBeCloseTo(before.mxn - 3500.5, 2);
  });

  it("fails a row its account cannot pay and sends the others", async () => {
    const ana = await productJwt("ana.admin");
    const ids = [await registerTransfer(ana, 300), await registerTransfer(ana, 500), await registerTransfer(ana, 100)];
    const batch = (await createBatch(ana, ids)).body;
    // Money left the account meanwhile: 650 pays the first and the third, not the second.
    sandbox.state.accounts.find((account) => account.idAccount === MXN)!.balance = 650;
    await answerPage(batch.trk as string, AUTHORIZE);
    const answer = await post(ana, "/api/operation-batches/processchallenge", { res: "0", msg: "Operación autorizada", trk: batch.trk });
    expect((answer.body.operations as Json[]).map((row) => [row.result, row.reason])).toEqual([
      ["sent", null],
      ["failed", "funds"],
      ["sent", null],
    ]);
    expect(answer.body.summary).toEqual({ sent: 2, failed: 1, skipped: 0 });
    expect(ids.map(statusOf)).toEqual(["applied", "notApplied", "applied"]);
    expect(balance(MXN)).toBe(250);
  });

  it("fails every waiting row when the token is refused, moving nothing", async () => {
    const ana = await productJwt("ana.admin");
    const ids = [await registerTransfer(ana, 10), await registerTransfer(ana, 20)];
    const batch = (await createBatch(ana, ids)).body;
    const before = balance(MXN);
    const back = await answerPage(batch.trk as string, "111111");
    const answer = await post(ana, "/api/operation-batches/processchallenge", {
      res: back.searchParams.get("res"),
      msg: back.searchParams.get("msg"),
      trk: batch.trk,
    });
    expect(answer.body).toMatchObject({ status: "processed", summary: { sent: 0, failed: 2, skipped: 0 } });
    expect(ids.map(statusOf)).toEqual(["notApplied", "notApplied"]);
    expect(balance(MXN)).toBe(before);
  });
});

describe("a collaborator's file", () => {
  it("waits for an administrator, who approves it and signs it with one token; a row voided meanwhile is skipped", async () => {
    const carlosMember = sandbox.state.members.find((member) => member.memberId === 2)!;
    carlosMember.permissions = ["send_money_to_third_accounts", "can_create_operations"];
    const carlos = await productJwt("carlos.colaborador");
    const ids = [await registerTransfer(carlos, 40), await registerTransfer(carlos, 60), await registerTransfer(carlos, 80)];
    const loaded = await createBatch(carlos, ids, newKey(), { reference: "carga-carlos", fileName: "carlos.csv" });
    expect(loaded).toMatchObject({ status: 201, body: { status: "awaitingApproval", uri: null, count: 3 } });
    const batch = loaded.body;

    // Nobody signs it before an administrator approves it; Carlos cannot approve it.
    expect((await fetch(`${sandbox.url}/challenge/batch?trk=${batch.trk as string}`)).status).toBe(409);
    expect((await put(carlos, `/api/operation-batches/${batch.id as number}`, { action: "approve" })).status).toBe(403);

    const ana = await productJwt("ana.admin");
    const waiting = await get(ana, "/api/operation-batches?status=awaitingApproval");
    expect(waiting.body.map((entry) => entry.id)).toEqual([batch.id]);
    expect(waiting.body[0]).toMatchObject({ createdBy: { completeName: "Carlos Hernández Soto" }, fileName: "carlos.csv" });

    // Ana voids one row on its own before approving the file.
    expect((await put(ana, "/api/operations", { id: ids[1], action: "void" })).status).toBe(200);
    const approved = await put(ana, `/api/operation-batches/${batch.id as number}`, { action: "approve" });
    expect(approved.body).toMatchObject({ status: "pending", approvedBy: { memberId: 1 } });
    expect(approved.body.uri).toContain("/challenge/batch?trk=");
    // Approving twice answers the same challenge; the collaborator is never given it.
    expect((await put(ana, `/api/operation-batches/${batch.id as number}`, { action: "approve" })).body.uri).toBe(approved.body.uri);
    expect((await get(carlos, `/api/operation-batches/${batch.id as number}`)).body.uri).toBeNull();
    expect(await (await fetch(approved.body.uri as string)).text()).toContain("<h1>Aprueba y autoriza 3 pagos</h1>");

    await answerPage(batch.trk as string, AUTHORIZE);
    const result = { res: "0", msg: "Operación autorizada", trk: batch.trk };
    expect((await post(carlos, "/api/operation-batches/processchallenge", result)).status).toBe(403);
    const answer = await post(ana, "/api/operation-batches/processchallenge", result);
    expect((answer.body.operations as Json[]).map((row) => [row.result, row.status])).toEqual([
      ["sent", "applied"],
      ["skipped", "notAppliedByAdmin"],
      ["sent", "applied"],
    ]);
    expect(sandbox.state.operations.find((operation) => operation.id === ids[0])!.approvedBy).toBe(1);
  });

  it("answers SGN-001 where the bank requires a second signature, approving nothing", async () => {
    sandbox.state.members.find((member) => member.memberId === 2)!.permissions = ["send_money_to_third_accounts", "can_create_operations"];
    const carlos = await productJwt("carlos.colaborador");
    const batch = (await createBatch(carlos, [await registerTransfer(carlos, 40)])).body;
    sandbox.state.companies.find((company) => company.clientId === "100234")!.secondSignatureRequired = true;
    const ana = await productJwt("ana.admin");
    const answer = await put(ana, `/api/operation-batches/${batch.id as number}`, { action: "approve" });
    expect(answer).toMatchObject({ status: 422, body: { code: "SGN-001" } });
    expect((await get(ana, `/api/operation-batches/${batch.id as number}`)).body).toMatchObject({ status: "awaitingApproval" });
  });
});
