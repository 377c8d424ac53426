import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { until } from "../tests/support/wait";
import { type Sandbox, startSandbox } from "./server";
import { type Json, sandboxClient, transferBody } from "./test-support";

/**
 * One life per operation at the bank (decision 092): which of approve, void, the
 * challenge and 'pay now' wins when they meet, and that the loser changes nothing. Seed: 1002 (a
 * transfer) and 1015 (a buy) wait for approval in Importadora del Bajío, loaded by Carlos.
 */
const APPLY_DELAY_MS = 20;
let sandbox: Sandbox;
const { control, get, post, productJwt, put } = sandboxClient(() => sandbox);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appUrl: "http://app.test:3000", applyDelayMs: APPLY_DELAY_MS });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  await fetch(`${sandbox.url}/__reset`, { method: "POST" });
});

/** Every apply the sandbox scheduled has run: from here on, nothing more can change on its own. */
const settled = () => until(() => sandbox.pendingApplies() === 0, { what: "the sandbox's scheduled applies to run" });
const balances = () => Object.fromEntries(sandbox.state.accounts.map((account) => [account.idAccount, account.balance]));
const statusOf = (id: number) => sandbox.state.operations.find((operation) => operation.id === id)?.status;
const debitOf1002 = () => sandbox.state.operations.find((operation) => operation.id === 1002)?.amountOrigin ?? Number.NaN;

/** The bank's challenge page, as a browser posts it; answers the page's status and where it sends the browser. */
async function typeKey(trk: string, clave: string): Promise<{ status: number; location: string | null; text: string }> {
  const response = await fetch(`${sandbox.url}/challenge/`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ trk, clave, action: "confirmar" }),
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location"), text: await response.text() };
}

/** Approves as the administrator; answers the challenge's trk. */
const approve = async (jwt: string, id: number) => String((await put(jwt, "/api/operations", { id, action: "approve" })).body.trk);
const record = (jwt: string, trk: string, res = "0") => post(jwt, "/api/processchallenge", { res, msg: "Operación autorizada", trk });

describe("approval, void and the challenge", () => {
  it("shows who approved an operation and when, once an administrator did", async () => {
    const ana = await productJwt("ana.admin");
    expect((await get(ana, "/api/operations/1002")).body).toMatchObject({ approved_by: null, approved_at: null });
    await put(ana, "/api/operations", { id: 1002, action: "approve" });
    const approved = (await get(ana, "/api/operations/1002")).body;
    expect(approved).toMatchObject({ status: "sent", approved_by: { id: 1, completeName: "Ana Martínez Ríos" } });
    expect(Date.parse(String(approved.approved_at))).not.toBeNaN();
  });

  it("refuses a void once the approving administrator typed the right key, and the operation then executes once", async () => {
    const ana = await productJwt("ana.admin");
    const before = balances();
    const trk = await approve(ana, 1002);
    expect((await typeKey(trk, "123456")).status).toBe(302);

    const voided = await put(ana, "/api/operations", { id: 1002, action: "void" });
    expect([voided.status, voided.body.code]).toEqual([409, "CHALLENGE_ANSWERED"]);
    expect(statusOf(1002)).toBe("sent");

    expect((await record(ana, trk)).body).toMatchObject({ operation: { status: "applying" } });
    await until(() => statusOf(1002) === "applied", { what: "the bank to apply operation 1002" });
    expect(statusOf(1002)).toBe("applied");
    expect(balances()["A-100234-01"]).toBeCloseTo((before["A-100234-01"] ?? 0) - debitOf1002(), 2);
  });

  it("lets a void before the key win: the challenge page and /processchallenge refuse it, and no money moves", async () => {
    const ana = await productJwt("ana.admin");
    const before = balances();
    const trk = await approve(ana, 1002);
    expect((await put(ana, "/api/operations", { id: 1002, action: "void" })).body).toMatchObject({
      operation: { status: "notAppliedByAdmin" },
    });

    const page = await fetch(`${sandbox.url}/challenge/?trk=${trk}`);
    expect(page.status).toBe(409);
    expect(await page.text()).toContain("La operación fue anulada; no se movió dinero.");
    const typed = await typeKey(trk, "123456");
    expect([typed.status, typed.location]).toEqual([409, null]);
    const refused = await record(ana, trk);
    expect([refused.status, refused.body.code]).toEqual([409, "OPERATION_NOT_PENDING"]);
    expect(refused.body.message).toBe("La operación fue anulada; no se movió dinero.");
    await settled();
    expect(statusOf(1002)).toBe("notAppliedByAdmin");
    expect(balances()).toEqual(before);
  });

  it("never records a result for an operation voided after a wrong key: it stays 'Anulada'", async () => {
    const ana = await productJwt("ana.admin");
    const trk = await approve(ana, 1002);
    expect((await typeKey(trk, "111111")).status).toBe(302);
    // A wrong key holds nothing that could move money: the void may still end it.
    expect((await put(ana, "/api/operations", { id: 1002, action: "void" })).status).toBe(200);
    const refused = await record(ana, trk, "1");
    expect([refused.status, refused.body.code]).toEqual([409, "OPERATION_NOT_PENDING"]);
    expect(statusOf(1002)).toBe("notAppliedByAdmin");
  });

  it("refuses a result for an operation the bank ended after its key was typed, moving nothing", async () => {
    const ana = await productJwt("ana.admin");
    const before = balances();
    const trk = await approve(ana, 1015);
    expect((await typeKey(trk, "123456")).status).toBe(302);
    // The bank's back office voids it meanwhile (another channel than the portal).
    await control("/__operations/1015/status", { status: "notAppliedByAdmin" });
    const refused = await record(ana, trk);
    expect([refused.status, refused.body.code]).toEqual([409, "OPERATION_NOT_PENDING"]);
    await settled();
    expect(statusOf(1015)).toBe("notAppliedByAdmin");
    expect(balances()).toEqual(before);
  });

  it("answers a challenge result and a void sent at the same moment with exactly one winner", async () => {
    const ana = await productJwt("ana.admin");
    const before = balances();
    const trk = await approve(ana, 1002);
    expect((await typeKey(trk, "123456")).status).toBe(302);
    const [voided, recorded] = await Promise.all([put(ana, "/api/operations", { id: 1002, action: "void" }), record(ana, trk)]);
    expect([voided.status, recorded.status]).toEqual([409, 200]);
    await until(() => statusOf(1002) === "applied", { what: "the bank to apply operation 1002" });
    expect(statusOf(1002)).toBe("applied");
    expect(balances()["A-100234-01"]).toBeCloseTo((before["A-100234-01"] ?? 0) - debitOf1002(), 2);
  });

  it("refuses to approve a voided operation", async () => {
    const ana = await productJwt("ana.admin");
    await put(ana, "/api/operations", { id: 1015, action: "void" });
    const refused = await put(ana, "/api/operations", { id: 1015, action: "approve" });
    expect([refused.status, refused.body.code]).toEqual([409, "OPERATION_VOIDED"]);
  });
});

/** Ana's weekly 12,500 MXN to Aceros y Perfiles (recipient 502): its earliest unpaid payment. */
function acerosPayment(): number {
  const unpaid = sandbox.state.scheduledPayments.events
    .filter((event) => event.clientId === "100234" && event.status !== "paid")
    .filter((event) => sandbox.state.scheduledPayments.schedules.find((s) => s.id === event.scheduleId)?.transfer.recipientId === 502)
    .sort((a, b) => a.dateToPay.localeCompare(b.dateToPay));
  if (!unpaid[0]) throw new Error("the seed has an unpaid payment to Aceros y Perfiles");
  return unpaid[0].id;
}

const payNow = (eventId: number, extra: Json = {}) =>
  transferBody({ amount: 12500, recipient: { idRecipient: 502 }, scheduledPaymentEvent: { id: eventId }, ...extra });

const setOperation = (jwt: string, body: unknown) => post(jwt, "/api/setoperation", body, { "idempotency-key": crypto.randomUUID() });

describe("one operation per scheduled payment", () => {
  it("refuses a second operation while the first holds the payment, and lets it be paid again once that one failed", async () => {
    const ana = await productJwt("ana.admin");
    const eventId = acerosPayment();
    const first = await setOperation(ana, payNow(eventId));
    expect(first.status).toBe(201);
    expect((await get(ana, `/api/scheduledpaymentevents/${eventId}`)).body).toMatchObject({
      status: expect.stringMatching(/^(scheduled|pending)$/) as unknown,
      operationInProgress: { id: first.body.id, status: "sent" },
    });

    const second = await setOperation(ana, payNow(eventId));
    expect([second.status, second.body.code, second.body.message]).toEqual([
      409,
      "SCHEDULED_PAYMENT_IN_PROGRESS",
      "Este pago ya se está procesando",
    ]);
    expect(sandbox.state.operations.filter((operation) => operation.scheduledPaymentEventId === eventId)).toHaveLength(1);

    // 'Cancelar' at the bank ends the first without money: the payment is free again.
    const trk = String(first.body.trk);
    expect((await typeKey(trk, "777777")).status).toBe(302);
    await record(ana, trk, "7");
    expect((await get(ana, `/api/scheduledpaymentevents/${eventId}`)).body).toMatchObject({ operationInProgress: null });
    expect((await setOperation(ana, payNow(eventId))).status).toBe(201);
  });

  it("creates one operation for two keys sent at the same moment", async () => {
    const ana = await productJwt("ana.admin");
    const eventId = acerosPayment();
    const answers = await Promise.all([setOperation(ana, payNow(eventId)), setOperation(ana, payNow(eventId))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(sandbox.state.operations.filter((operation) => operation.scheduledPaymentEventId === eventId)).toHaveLength(1);
  });

  it("shows the operation in progress on the payment's schedule and in the due list", async () => {
    const ana = await productJwt("ana.admin");
    const eventId = acerosPayment();
    const created = await setOperation(ana, payNow(eventId));
    const topten = (await get(ana, "/api/scheduledpaymentevents/topten")).body as Json[];
    expect(topten.find((event) => event.id === eventId)).toMatchObject({ operationInProgress: { id: created.body.id } });
    const schedules = (await get(ana, "/api/scheduledpayments")).body as Json[];
    const aceros = schedules.find((entry) => (entry.nextEvent as Json | null)?.id === eventId);
    expect(aceros).toMatchObject({ nextEvent: { operationInProgress: { id: created.body.id, status: "sent" } } });
  });

  it("refuses the challenge of an operation whose payment another operation paid meanwhile", async () => {
    const ana = await productJwt("ana.admin");
    const eventId = acerosPayment();
    const linked = await setOperation(ana, payNow(eventId));
    const linkedTrk = String(linked.body.trk);
    // Its key is typed, but its result not recorded yet (the browser has not come back).
    expect((await typeKey(linkedTrk, "123456")).status).toBe(302);
    const before = balances()["A-100234-01"] ?? 0;

    // Another operation to the same recipient, made without the link, pays it (§7 PUT /scheduledpaymentevents/{id}).
    const other = await setOperation(ana, payNow(eventId, { scheduledPaymentEvent: undefined }));
    expect((await typeKey(String(other.body.trk), "123456")).status).toBe(302);
    await record(ana, String(other.body.trk));
    expect((await put(ana, `/api/scheduledpaymentevents/${eventId}`, { operation: other.body.id, status: "paid" })).status).toBe(200);

    const page = await fetch(`${sandbox.url}/challenge/?trk=${linkedTrk}`);
    expect(page.status).toBe(409);
    expect(await page.text()).toContain("ya se pagó con otra operación");
    expect((await typeKey(linkedTrk, "123456")).status).toBe(409);
    const refused = await record(ana, linkedTrk);
    expect([refused.status, refused.body.code]).toEqual([409, "SCHEDULED_PAYMENT_EVENT_PAID"]);
    await settled();
    expect(balances()["A-100234-01"]).toBeCloseTo(before - 12_500, 2);
  });
});
