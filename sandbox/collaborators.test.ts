import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { until } from "../tests/support/wait";
import { PERMISSIONS_UPDATED_TITLE, SECOND_SIGNATURE_MESSAGE } from "./collaborators";
import { signQuote } from "./price-signing";
import { type Sandbox, startSandbox } from "./server";
import { buyBody, type Json, sandboxClient, transferBody } from "./test-support";

const NOW = new Date("2026-03-10T18:00:00.000Z");
const APPLY_DELAY_MS = 30;

let sandbox: Sandbox;
const { call, control, get, post, productJwt, put } = sandboxClient(() => sandbox);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appUrl: "http://app.test:3000", now: () => NOW, applyDelayMs: APPLY_DELAY_MS });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  await fetch(`${sandbox.url}/__reset`, { method: "POST" });
});

/** The bank applies an operation `APPLY_DELAY_MS` after its challenge; waits until it did. */
const appliedOperation = (id: unknown) =>
  until(() => sandbox.state.operations.find((operation) => operation.id === id)?.status === "applied", {
    what: `the bank to apply operation ${String(id)}`,
  });
const balance = (idAccount: string) => sandbox.state.accounts.find((account) => account.idAccount === idAccount)?.balance;
const notificationsOf = (memberId: number) => sandbox.state.notifications.filter((notification) => notification.memberId === memberId);

let keyCounter = 0;

/** Carlos buys 1,000 USD into "Pagos USD" from "Operativa MXN": own accounts, so he may load it. */
async function carlosLoadsABuy(jwt: string): Promise<Json> {
  const quote = { cp: "USD/MXN", lpId: "LP-JPM", Buy: 17.1234, Sell: 17.2345, ts: NOW.getTime() - 1_000 };
  const priceObject = {
    lpId: quote.lpId,
    sig: signQuote(sandbox.state.priceSecret, quote),
    ts: quote.ts,
    price: quote.Sell,
    buy: quote.Buy,
    sell: quote.Sell,
    pair: "USD/MXN",
  };
  const body = buyBody(priceObject, { aditionalInformation: "" });
  const answer = await post(jwt, "/api/setoperation", body, {
    "idempotency-key": `00000000-0000-4000-8000-${String(++keyCounter).padStart(12, "0")}`,
  });
  expect(answer.status).toBe(201);
  expect(answer.body.requires_admin_approval).toBe(true);
  return answer.body;
}

async function answerChallenge(trk: string, clave: string): Promise<number> {
  const response = await fetch(`${sandbox.url}/challenge`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ trk, clave, action: "confirmar" }),
    redirect: "manual",
  });
  return response.status;
}

describe("every call of decision 052 needs a member's jwt", () => {
  it.each([
    ["GET", "/api/permissions"],
    ["GET", "/api/permissions/has-permissions-enabled"],
    ["GET", "/api/members/my-collaborators"],
    ["PUT", "/api/members/update-collaborator/2"],
    ["PUT", "/api/members/1"],
    ["POST", "/api/request-permission-rol"],
    ["PUT", "/api/operations"],
    ["POST", "/api/profiles"],
    ["POST", "/api/profiles/verification"],
    ["POST", "/api/profiles/activate-channel"],
    ["PUT", "/api/confirmationclients/modify?channel=email&data=a%40b.mx"],
    ["PUT", "/api/confirmationclients/resend?channel=email"],
    ["GET", "/api/membership"],
    ["PUT", "/api/membership/upgrade"],
    ["PUT", "/api/membership/cancel"],
    ["PUT", "/api/membership/resume"],
    ["PUT", "/api/membership/payment-account"],
  ])("%s %s -> 401 without one, and with a forged one", async (method, path) => {
    expect((await call(path, { method })).status).toBe(401);
    expect((await call(path, { method, headers: { authorization: "Bearer forged.jwt.value" } })).status).toBe(401);
  });
});

describe("permissions catalogue and feature flag", () => {
  it("lists the permissions and answers the flag per company, switchable by the control", async () => {
    const ana = await productJwt("ana.admin");
    expect((await get(ana, "/api/permissions")).body).toEqual([
      { id: 1, name: "send_money_to_own_accounts" },
      { id: 2, name: "send_money_to_third_accounts" },
      { id: 3, name: "can_create_operations" },
      { id: 4, name: "can_execute_operations" },
    ]);
    expect((await get(ana, "/api/permissions/has-permissions-enabled")).body).toEqual({ hasPermissionsFeatureEnabled: true });
    const beatriz = await productJwt("beatriz.basica");
    expect((await get(beatriz, "/api/permissions/has-permissions-enabled")).body).toEqual({ hasPermissionsFeatureEnabled: false });
    expect((await control("/__company-settings/200115", { permissionsFeatureEnabled: true })).body).toMatchObject({
      permissionsFeatureEnabled: true,
      secondSignatureRequired: false,
    });
    expect((await get(beatriz, "/api/permissions/has-permissions-enabled")).body.hasPermissionsFeatureEnabled).toBe(true);
    expect((await control("/__company-settings/999999", { permissionsFeatureEnabled: true })).status).toBe(404);
    expect((await control("/__company-settings/200115", { other: true })).status).toBe(400);
    expect((await call("/api/permissions")).status).toBe(401);
  });
});

describe("collaborators", () => {
  it("lists the company's collaborators for an administrator", async () => {
    const { status, body } = await get(await productJwt("ana.admin"), "/api/members/my-collaborators");
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        id: 2,
        completeName: "Carlos Hernández Soto",
        profile_type: "COLABORADOR",
        email: "carlos.hernandez@importadorabajio.com.mx",
        emailVerified: false,
        phone: "524771234567",
        phoneVerified: true,
        permissions: [
          { id: 1, name: "send_money_to_own_accounts" },
          { id: 3, name: "can_create_operations" },
        ],
      },
    ]);
    // Ana's other company has no collaborator.
    expect((await get(await productJwt("ana.admin", "100871"), "/api/members/my-collaborators")).body).toEqual([]);
  });

  it("refuses every admin-only call to a collaborator, and every call without a jwt", async () => {
    const carlos = await productJwt("carlos.colaborador");
    expect((await get(carlos, "/api/members/my-collaborators")).status).toBe(403);
    expect((await put(carlos, "/api/members/update-collaborator/2", { permissions: [{ id: 4 }] })).status).toBe(403);
    expect(
      (await post(carlos, "/api/request-permission-rol", { username: "carlos.colaborador", companyName: "Importadora del Bajío" })).status,
    ).toBe(403);
    expect((await put(carlos, "/api/operations", { id: 1002, action: "approve" })).status).toBe(403);
    expect((await put(carlos, "/api/operations", { id: 1002, action: "void" })).status).toBe(403);
    expect(sandbox.state.members.find((member) => member.memberId === 2)?.permissions).toEqual([
      "send_money_to_own_accounts",
      "can_create_operations",
    ]);
    expect((await call("/api/members/my-collaborators")).status).toBe(401);
    expect((await call("/api/operations", { method: "PUT" })).status).toBe(401);
  });

  it("updates a collaborator's permissions by id and tells them, once per real change", async () => {
    const ana = await productJwt("ana.admin");
    const before = notificationsOf(2).length;
    const updated = await put(ana, "/api/members/update-collaborator/2", { permissions: [{ id: 1 }, { id: 2 }, { id: 4 }] });
    expect(updated.status).toBe(200);
    expect(updated.body.permissions).toEqual([
      { id: 1, name: "send_money_to_own_accounts" },
      { id: 2, name: "send_money_to_third_accounts" },
      { id: 4, name: "can_execute_operations" },
    ]);
    const notices = notificationsOf(2);
    expect(notices).toHaveLength(before + 1);
    expect(notices.at(-1)).toMatchObject({
      module: "permissions",
      type: "info",
      read: false,
      title: PERMISSIONS_UPDATED_TITLE,
      detail: { permissions: ["send_money_to_own_accounts", "send_money_to_third_accounts", "can_execute_operations"] },
    });
    // His profile (what the app reads on each request) has the new permissions at once.
    const carlos = await productJwt("carlos.colaborador");
    const profile = (await get(carlos, "/api/profiles?member=2")).body[0];
    expect((profile.permissions as Json[]).map((permission) => permission.id)).toEqual([1, 2, 4]);
    // The same set again changes nothing and tells nobody.
    await put(ana, "/api/members/update-collaborator/2", { permissions: [{ id: 4 }, { id: 2 }, { id: 1 }] });
    expect(notificationsOf(2)).toHaveLength(before + 1);
  });

  it("refuses unknown permission ids, both operation radios at once, a non-collaborator and a bad body", async () => {
    const ana = await productJwt("ana.admin");
    expect((await put(ana, "/api/members/update-collaborator/2", { permissions: [{ id: 9 }] })).body.code).toBe("INVALID_PERMISSIONS");
    expect((await put(ana, "/api/members/update-collaborator/2", { permissions: [{ id: 3 }, { id: 4 }] })).body.code).toBe(
      "INVALID_PERMISSIONS",
    );
    expect((await put(ana, "/api/members/update-collaborator/2", { permissions: "all" })).status).toBe(400);
    // Ana herself (an administrator), a member of another company, and no one.
    for (const id of ["1", "3", "77"]) {
      expect((await put(ana, `/api/members/update-collaborator/${id}`, { permissions: [] })).status).toBe(404);
    }
    expect((await put(await productJwt("beatriz.basica"), "/api/members/update-collaborator/2", { permissions: [] })).status).toBe(404);
  });

  it("taking third-party sending away makes the collaborator's next payment to a recipient a 403", async () => {
    const ana = await productJwt("ana.admin");
    await put(ana, "/api/members/update-collaborator/2", { permissions: [{ id: 1 }, { id: 2 }, { id: 3 }] });
    const carlos = await productJwt("carlos.colaborador");
    const transfer = transferBody();
    expect((await post(carlos, "/api/setoperation", transfer, { "idempotency-key": "10000000-0000-4000-8000-000000000001" })).status).toBe(
      201,
    );
    await put(ana, "/api/members/update-collaborator/2", { permissions: [{ id: 1 }, { id: 3 }] });
    // The same jwt: permissions are the member's, read on every call, not the login's.
    const refused = await post(carlos, "/api/setoperation", transfer, { "idempotency-key": "10000000-0000-4000-8000-000000000002" });
    expect(refused).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
  });
});

describe("terms and the permission-activation request", () => {
  it("PUT /members/{id} records the member's own terms acceptance", async () => {
    const ana = await productJwt("ana.admin");
    expect((await put(ana, "/api/members/1", { tyc_acepted: true })).body).toEqual({
      id: 1,
      userName: "ana.admin",
      tyc_acepted: true,
      tyc_acepted_at: NOW.toISOString(),
    });
    expect((await put(ana, "/api/members/2", { tyc_acepted: true })).status).toBe(403);
    expect((await put(ana, "/api/members/1", { tyc_acepted: false })).status).toBe(400);
  });

  it("POST /request-permission-rol keeps one request per administrator and company", async () => {
    const beatriz = await productJwt("beatriz.basica");
    const body = { username: "beatriz.basica", companyName: "Panificadora Santa Lucía S.A. de C.V." };
    expect((await post(beatriz, "/api/request-permission-rol", body)).status).toBe(201);
    expect((await post(beatriz, "/api/request-permission-rol", body)).status).toBe(200);
    expect((await post(beatriz, "/api/request-permission-rol", { ...body, username: "ana.admin" })).status).toBe(403);
    expect((await post(beatriz, "/api/request-permission-rol", { ...body, companyName: "Importadora del Bajío" })).status).toBe(400);
    expect((await post(beatriz, "/api/request-permission-rol", {})).status).toBe(400);
    expect((await call("/__permission-requests")).body).toEqual([
      expect.objectContaining({ memberId: 3, username: "beatriz.basica", clientId: "200115", companyName: body.companyName }),
    ]);
  });
});

describe("administrator approval (PUT /operations)", () => {
  it("approves a collaborator's operation, which executes once through the administrator's own challenge", async () => {
    const carlos = await productJwt("carlos.colaborador");
    const ana = await productJwt("ana.admin");
    const loaded = await carlosLoadsABuy(carlos);
    const trk = String(loaded.trk);
    // Not approved yet: no challenge for anyone.
    expect((await fetch(`${sandbox.url}/challenge/?trk=${trk}`)).status).toBe(409);
    expect((await post(ana, "/api/processchallenge", { res: "0", msg: "Operación autorizada", trk })).body.code).toBe("APPROVAL_REQUIRED");

    const approved = await put(ana, "/api/operations", { id: loaded.id, action: "approve" });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ trk, uri: `${sandbox.url}/challenge/?trk=${trk}`, operation: { id: loaded.id, status: "sent" } });
    // Approving twice answers the same, and adds nothing.
    expect((await put(ana, "/api/operations", { id: loaded.id, action: "approve" })).body).toEqual(approved.body);

    const mxn = balance("A-100234-01") ?? 0;
    const usd = balance("A-100234-02") ?? 0;
    expect((await fetch(`${sandbox.url}/challenge/?trk=${trk}`)).status).toBe(200);
    expect(await answerChallenge(trk, "123456")).toBe(302);
    // The collaborator cannot use the administrator's challenge.
    expect((await post(carlos, "/api/processchallenge", { res: "0", msg: "Operación autorizada", trk })).status).toBe(403);
    const result = await post(ana, "/api/processchallenge", { res: "0", msg: "Operación autorizada", trk });
    expect(result.body).toMatchObject({ operation: { status: "applying" } });
    await appliedOperation(loaded.id);
    expect((await post(ana, "/api/processchallenge", { res: "0", msg: "Operación autorizada", trk })).body).toMatchObject({
      operation: { status: "applied" },
    });
    expect(balance("A-100234-01")).toBeCloseTo(mxn - 17234.5, 2);
    expect(balance("A-100234-02")).toBeCloseTo(usd + 1000, 2);
    // Once applied there is nothing left to approve or void.
    expect((await put(ana, "/api/operations", { id: loaded.id, action: "approve" })).body.code).toBe("OPERATION_NOT_PENDING");
    expect((await put(ana, "/api/operations", { id: loaded.id, action: "void" })).body.code).toBe("OPERATION_NOT_PENDING");
    // The collaborator heard of it.
    expect(notificationsOf(2).map((notification) => notification.status)).toEqual(expect.arrayContaining(["applying", "applied"]));
    const binnacle = (await get(ana, `/api/binnacles?operation=${String(loaded.id)}`)).body.map((entry) => entry.status);
    expect(binnacle).toEqual(["sent", "approved", "challenge", "applying", "applied"]);
  });

  it("voids a waiting operation: notAppliedByAdmin, the collaborator is told, and it can no longer be approved", async () => {
    const carlos = await productJwt("carlos.colaborador");
    const ana = await productJwt("ana.admin");
    const loaded = await carlosLoadsABuy(carlos);
    const mxn = balance("A-100234-01");
    const voided = await put(ana, "/api/operations", { id: loaded.id, action: "void" });
    expect(voided).toMatchObject({ status: 200, body: { operation: { status: "notAppliedByAdmin" } } });
    expect((await put(ana, "/api/operations", { id: loaded.id, action: "void" })).body).toMatchObject({
      operation: { status: "notAppliedByAdmin" },
    });
    expect(notificationsOf(2).at(-1)).toMatchObject({
      module: "operation",
      type: "error",
      status: "notAppliedByAdmin",
      title: "Operación anulada",
    });
    expect((await get(carlos, `/api/operations/${String(loaded.id)}`)).body.status).toBe("notAppliedByAdmin");
    expect((await put(ana, "/api/operations", { id: loaded.id, action: "approve" })).body.code).toBe("OPERATION_VOIDED");
    expect(balance("A-100234-01")).toBe(mxn);
    expect((await fetch(`${sandbox.url}/challenge/?trk=${String(loaded.trk)}`)).status).toBe(409);
  });

  it("refuses another company's operation (404), one that waits for no one (409) and a bad body (400)", async () => {
    const ana = await productJwt("ana.admin");
    // 1066 waits for approval in Logística Pacífico Norte, not in Ana's session company.
    expect((await put(ana, "/api/operations", { id: 1066, action: "approve" })).status).toBe(404);
    expect((await put(await productJwt("beatriz.basica"), "/api/operations", { id: 1002, action: "void" })).status).toBe(404);
    expect((await put(ana, "/api/operations", { id: 1019, action: "approve" })).body.code).toBe("NOT_AWAITING_APPROVAL");
    expect((await put(ana, "/api/operations", { id: 1002, action: "pay" })).status).toBe(400);
    expect((await put(ana, "/api/operations", { action: "approve" })).status).toBe(400);
  });

  it("a seeded operation waiting for approval executes too, debiting its origin once", async () => {
    const ana = await productJwt("ana.admin");
    const waiting = (await get(ana, "/api/operations/1002")).body;
    expect(waiting).toMatchObject({ status: "sent", requires_admin_approval: true, member: { completeName: "Carlos Hernández Soto" } });
    const origin = (waiting.accountOrigin as { idCuenta: string }).idCuenta;
    const before = balance(origin) ?? 0;
    const approved = await put(ana, "/api/operations", { id: 1002, action: "approve" });
    expect(approved.status).toBe(200);
    const trk = String(approved.body.trk);
    expect(await answerChallenge(trk, "123456")).toBe(302);
    await post(ana, "/api/processchallenge", { res: "0", msg: "Operación autorizada", trk });
    await appliedOperation(1002);
    await post(ana, "/api/processchallenge", { res: "0", msg: "Operación autorizada", trk });
    expect((await get(ana, "/api/operations/1002")).body.status).toBe("applied");
    expect(balance(origin)).toBeCloseTo(before - Number(waiting.amountOrigin), 2);
  });

  it("refuses to approve without the funds, changing nothing", async () => {
    const carlos = await productJwt("carlos.colaborador");
    const ana = await productJwt("ana.admin");
    const loaded = await carlosLoadsABuy(carlos);
    const origin = sandbox.state.accounts.find((account) => account.idAccount === "A-100234-01");
    if (origin) origin.balance = 100;
    const refused = await put(ana, "/api/operations", { id: loaded.id, action: "approve" });
    expect(refused).toMatchObject({ status: 422, body: { code: "INSUFFICIENT_FUNDS" } });
    expect((await fetch(`${sandbox.url}/challenge/?trk=${String(loaded.trk)}`)).status).toBe(409);
  });

  it("answers §8's mancomunación message where the bank requires a second signature", async () => {
    const ana = await productJwt("ana.admin", "100871");
    const refused = await put(ana, "/api/operations", { id: 1066, action: "approve" });
    expect(refused).toMatchObject({ status: 422, body: { code: "SGN-001", message: SECOND_SIGNATURE_MESSAGE } });
    expect(SECOND_SIGNATURE_MESSAGE).toBe("Privilegios de mancomunación insuficientes");
    // Voiding needs no second signature.
    expect((await put(ana, "/api/operations", { id: 1066, action: "void" })).body).toMatchObject({
      operation: { status: "notAppliedByAdmin" },
    });
    await control("/__company-settings/100234", { secondSignatureRequired: true });
    expect((await put(await productJwt("ana.admin"), "/api/operations", { id: 1002, action: "approve" })).body.code).toBe("SGN-001");
  });
});
