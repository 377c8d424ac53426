// The bank's books over the wire: an operation's money shows in both accounts' movements the moment
// it moves, a SPEI carries its clave de rastreo, a return gives the money back with its movement.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { until } from "../tests/support/wait";
import { DEMO_KEYS } from "./challenge";
import { signQuote } from "./price-signing";
import { type Sandbox, startSandbox } from "./server";
import { buyBody as buyOf, type Json, sandboxClient, transferBody } from "./test-support";

const NOW = new Date("2026-03-10T18:00:00.000Z");
const TODAY = "2026-03-10";

let sandbox: Sandbox;
const client = sandboxClient(() => sandbox);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appUrl: "http://app.test:3000", now: () => NOW, applyDelayMs: 0 });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await client.control("/__reset");
});

interface WireMovement {
  movement_id: string;
  movement_type: { id: number; description: string };
  amount: number;
  currency: string;
  flow: "IN" | "OUT";
  concept: string;
  counterparty: { name: string; account: string };
  reference: string;
  tracking_key: string | null;
  operation_id: number | null;
}

const clabeOf = (idAccount: string) => sandbox.state.accounts.find((account) => account.idAccount === idAccount)?.clabe ?? "";
const balance = (idAccount: string) => sandbox.state.accounts.find((account) => account.idAccount === idAccount)?.balance ?? NaN;

async function bankToken(userName: string): Promise<string> {
  const res = await fetch(`${sandbox.url}/banca/entrar?usuario=${userName}`, { redirect: "manual" });
  return new URL(res.headers.get("location") ?? "").searchParams.get("jwt") ?? "";
}

/** Today's movements of an account as the middleware lists them to the company's bank token. */
async function movementsOf(userName: string, idAccount: string): Promise<WireMovement[]> {
  const query = `initial_date=${TODAY}&final_date=${TODAY}&in_flow=true&include_detail=true&sheet=1&pages=100&sort=desc&type_group=transfer`;
  const res = await fetch(`${sandbox.url}/middleware/movements/v2/${clabeOf(idAccount)}/movements?${query}`, {
    headers: { authorization: `Bearer ${await bankToken(userName)}` },
  });
  return ((await res.json()) as { data: WireMovement[] }).data;
}

let keys = 0;
const newKey = () => `00000000-0000-4000-8000-${String(++keys).padStart(12, "0")}`;

function quote(pair: string) {
  const ts = NOW.getTime() - 1_000;
  const signed = { cp: pair, lpId: "LP-JPM", Buy: 17.1234, Sell: 17.2345, ts };
  return { lpId: "LP-JPM", sig: signQuote(sandbox.state.priceSecret, signed), ts, price: 17.2345, buy: 17.1234, sell: 17.2345, pair };
}

const buy = (): Json => buyOf(quote("USD/MXN"), { amountOrigin: 1000 });

const transfer = (overrides: Json = {}): Json => transferBody({ aditionalInformation: "Factura A-1207", ...overrides });

/** Creates the operation, answers the bank's challenge with `res`, reports it, and waits until it is no longer applying. */
async function operate(jwt: string, body: Json, res = "0"): Promise<Json> {
  const created = await client.post(jwt, "/api/setoperation", body, { "idempotency-key": newKey() });
  expect(created.status).toBe(201);
  const key = DEMO_KEYS.find((demo) => demo.outcome.res === res)?.key ?? "111111";
  await fetch(`${sandbox.url}/challenge`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ trk: String(created.body.trk), clave: key, action: "confirmar" }),
    redirect: "manual",
  });
  await client.post(jwt, "/api/processchallenge", { res, msg: "x", trk: created.body.trk });
  return until(
    async () => {
      const { body: view } = await client.get(jwt, `/api/operations/${String(created.body.id)}`);
      return view.status !== "applying" && view;
    },
    { everyMs: 5, what: `operation ${String(created.body.id)} to leave "applying"` },
  );
}

/** Every apply the sandbox scheduled has run: from here on, no money moves on its own. */
const settled = () => until(() => sandbox.pendingApplies() === 0, { what: "the sandbox's scheduled applies to run" });

describe("an applied operation in the bank's movements", () => {
  it("a buy: the FX charge on the origin and the FX credit on the destination, at once, with its reference", async () => {
    const jwt = await client.productJwt("ana.admin");
    const operation = await operate(jwt, buy());
    expect(operation.status).toBe("applied");
    const [charge] = (await movementsOf("ana.admin", "A-100234-01")).filter((movement) => movement.operation_id === operation.id);
    const [credit] = (await movementsOf("ana.admin", "A-100234-02")).filter((movement) => movement.operation_id === operation.id);
    expect(charge).toMatchObject({
      movement_type: { id: 13, description: "CARGO COMPRAVENTA DIVISAS" },
      flow: "OUT",
      amount: 17234.5,
      currency: "MXN",
      concept: "Compra de USD/MXN",
      reference: operation.referenceGFB,
      counterparty: { name: "Importadora del Bajío S.A. de C.V.", account: clabeOf("A-100234-02") },
      tracking_key: null,
    });
    expect(credit).toMatchObject({
      movement_type: { id: 14 },
      flow: "IN",
      amount: 1000,
      currency: "USD",
      reference: operation.referenceGFB,
    });
    expect(balance("A-100234-01")).toBe(2441696.05);
    expect(balance("A-100234-02")).toBe(185250.1);
  });

  it("a SPEI: a clave de rastreo on the operation and on its movement; its return gives the money back once", async () => {
    const jwt = await client.productJwt("ana.admin");
    const operation = await operate(jwt, transfer());
    expect(operation.speiTrackingKey).toMatch(/^FXN06220260310\d{10}$/);
    const sent = (await movementsOf("ana.admin", "A-100234-01")).filter((movement) => movement.operation_id === operation.id);
    expect(sent).toEqual([
      expect.objectContaining({
        movement_type: { id: 40, description: "SPEI ENVIADO" },
        flow: "OUT",
        amount: 5000,
        concept: "Factura A-1207",
        counterparty: { name: "Proveedora Textil del Norte S.A. de C.V.", account: "012580019283746509" },
        tracking_key: operation.speiTrackingKey,
      }),
    ]);
    expect(balance("A-100234-01")).toBe(2453930.55);
    // What Banxico's CEP asks, as the bank gives it: the day it left, its key, both banks, the full CLABE, the amount.
    expect(operation.spei).toEqual({
      trackingKey: operation.speiTrackingKey,
      operationDate: TODAY,
      senderBank: "BASE",
      receiverBank: expect.any(String),
      beneficiaryAccount: "012580019283746509",
      amount: 5000,
    });

    for (let time = 0; time < 2; time++) {
      expect((await client.control(`/__operations/${String(operation.id)}/status`, { status: "returned" })).status).toBe(200);
    }
    const all = (await movementsOf("ana.admin", "A-100234-01")).filter((movement) => movement.operation_id === operation.id);
    expect(all.map((movement) => [movement.movement_type.id, movement.flow, movement.amount, movement.tracking_key])).toEqual([
      [44, "IN", 5000, operation.speiTrackingKey],
      [40, "OUT", 5000, operation.speiTrackingKey],
    ]);
    expect(balance("A-100234-01")).toBe(2458930.55);
  });

  it("abroad: an international transfer without clave de rastreo, returned from abroad", async () => {
    const jwt = await client.productJwt("ana.admin");
    const operation = await operate(
      jwt,
      transfer({
        amount: 700,
        amountOrigin: 700,
        amountDestiny: 700,
        total: 700,
        accountOrigin: { idCuenta: "A-100234-02", idDivisa: "USD" },
        recipient: { idRecipient: 503 },
      }),
    );
    expect(operation.speiTrackingKey).toBeNull();
    expect(operation.spei).toBeNull();
    await client.control(`/__operations/${String(operation.id)}/status`, { status: "returned" });
    const movements = (await movementsOf("ana.admin", "A-100234-02")).filter((movement) => movement.operation_id === operation.id);
    expect(movements.map((movement) => [movement.movement_type.id, movement.flow, movement.tracking_key])).toEqual([
      [60, "IN", null],
      [3, "OUT", null],
    ]);
  });

  it("between own accounts: a traspaso out and an abono in; accounts of two currencies are refused", async () => {
    const jwt = await client.productJwt("paula.prueba");
    const own = transfer({
      accountOrigin: { idCuenta: "A-300501-01", idDivisa: "MXN" },
      accountDestiny: { idCuenta: "A-300501-02", idDivisa: "MXP" },
      recipient: null,
    });
    const operation = await operate(jwt, own);
    expect(operation.status).toBe("applied");
    const out = (await movementsOf("paula.prueba", "A-300501-01")).filter((movement) => movement.operation_id === operation.id);
    const into = (await movementsOf("paula.prueba", "A-300501-02")).filter((movement) => movement.operation_id === operation.id);
    expect(out.map((movement) => [movement.movement_type.id, movement.flow, movement.amount])).toEqual([[88, "OUT", 5000]]);
    expect(into.map((movement) => [movement.movement_type.id, movement.flow, movement.amount])).toEqual([[73, "IN", 5000]]);

    const dollars = { ...own, accountDestiny: { idCuenta: "A-300501-03", idDivisa: "USD" } };
    const refused = await client.post(jwt, "/api/setoperation", dollars, { "idempotency-key": newKey() });
    expect([refused.status, refused.body.code]).toEqual([422, "INVALID_DESTINATION"]);
  });

  it("a failed challenge, or an origin emptied before it applies, leaves no movement", async () => {
    const jwt = await client.productJwt("ana.admin");
    const failed = await operate(jwt, buy(), "1");
    expect(failed.status).toBe("notApplied");
    const created = await client.post(jwt, "/api/setoperation", transfer({ amount: 2_400_000, amountOrigin: 2_400_000 }), {
      "idempotency-key": newKey(),
    });
    const drained = await operate(jwt, transfer({ amount: 100_000, amountOrigin: 100_000, aditionalInformation: "" }));
    expect(drained.status).toBe("applied");
    await fetch(`${sandbox.url}/challenge`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ trk: String(created.body.trk), clave: "123456", action: "confirmar" }),
      redirect: "manual",
    });
    await client.post(jwt, "/api/processchallenge", { res: "0", msg: "x", trk: created.body.trk });
    await settled();
    expect((await client.get(jwt, `/api/operations/${String(created.body.id)}`)).body.status).toBe("notApplied");
    const ids = (await movementsOf("ana.admin", "A-100234-01")).map((movement) => movement.operation_id);
    expect(ids).not.toContain(failed.id);
    expect(ids).not.toContain(created.body.id);
    expect(ids.filter((id) => id === drained.id)).toHaveLength(1);
  });

  it("a return the receiving account can no longer pay back is refused and changes nothing", async () => {
    const jwt = await client.productJwt("ana.admin");
    const bought = await operate(jwt, buy());
    const dollars = balance("A-100234-02");
    // The dollars bought leave again, so reversing the buy would overdraw the dollar account.
    await operate(
      jwt,
      transfer({
        amount: dollars - 10,
        amountOrigin: dollars - 10,
        accountOrigin: { idCuenta: "A-100234-02", idDivisa: "USD" },
        recipient: { idRecipient: 503 },
      }),
    );
    const before = { movements: sandbox.state.movements.length, pesos: balance("A-100234-01") };
    const answer = await client.control(`/__operations/${String(bought.id)}/status`, { status: "returned" });
    expect([answer.status, answer.body.code]).toEqual([409, "RETURN_NOT_POSSIBLE"]);
    expect((await client.get(jwt, `/api/operations/${String(bought.id)}`)).body.status).toBe("applied");
    expect(sandbox.state.movements).toHaveLength(before.movements);
    expect(balance("A-100234-01")).toBe(before.pesos);
    expect(balance("A-100234-02")).toBe(10);
  });

  it("an operation approved by the administrator moves its money once, even confirmed twice at the same moment", async () => {
    const carlos = await client.productJwt("carlos.colaborador");
    const ana = await client.productJwt("ana.admin");
    await fetch(`${sandbox.url}/api/members/update-collaborator/2`, {
      method: "PUT",
      headers: { authorization: `Bearer ${ana}`, "content-type": "application/json" },
      body: JSON.stringify({ permissions: [{ id: 1 }, { id: 2 }, { id: 3 }] }),
    });
    const created = await client.post(carlos, "/api/setoperation", transfer(), { "idempotency-key": newKey() });
    expect(created.body.requires_admin_approval).toBe(true);
    const approved = await client.put(ana, "/api/operations", { id: created.body.id, action: "approve" });
    await fetch(`${sandbox.url}/challenge`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ trk: String(approved.body.trk), clave: "123456", action: "confirmar" }),
      redirect: "manual",
    });
    await Promise.all([1, 2].map(() => client.post(ana, "/api/processchallenge", { res: "0", msg: "x", trk: approved.body.trk })));
    await settled();
    const movements = (await movementsOf("ana.admin", "A-100234-01")).filter((movement) => movement.operation_id === created.body.id);
    expect(movements.map((movement) => [movement.movement_type.id, movement.amount])).toEqual([[40, 5000]]);
  });
});

describe("the Pro fee", () => {
  it("is a 'CARGO FX' movement of the account it is charged to", async () => {
    const jwt = await client.productJwt("beatriz.basica");
    const beatriz = sandbox.state.members.find((member) => member.userName === "beatriz.basica");
    if (beatriz) beatriz.trialUsed = true;
    const before = balance("A-200115-01");
    expect((await client.put(jwt, "/api/membership/upgrade", { membershipId: 2 })).status).toBe(200);
    const [fee] = (await movementsOf("beatriz.basica", "A-200115-01")).filter((movement) => movement.concept.startsWith("Membresía"));
    expect(fee).toMatchObject({ movement_type: { id: 1, description: "CARGO FX" }, flow: "OUT", amount: 578.84, operation_id: null });
    expect(balance("A-200115-01")).toBeCloseTo(before - 578.84, 2);
  });
});
