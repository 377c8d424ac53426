import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { until } from "../tests/support/wait";
import { buildClabe, isValidClabe } from "./clabe";
import { BANK_FORMAT_MESSAGE, DUPLICATE_ALIAS_MESSAGE, IBAN_MESSAGE } from "./recipient-registration";
import { type Sandbox, startSandbox } from "./server";

const APP_URL = "http://app.test:3000";
const GEO = "19.4326,-99.1332";
const NOW = new Date("2026-03-10T18:00:00.000Z");

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appUrl: APP_URL, now: () => NOW });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await fetch(`${sandbox.url}/__reset`, { method: "POST" });
});

type Json = Record<string, unknown> & Record<string, unknown>[];

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${sandbox.url}${path}`, { redirect: "manual", ...init });
  const text = await res.text();
  let body: Json | string = text;
  try {
    body = JSON.parse(text) as Json;
  } catch {
    // HTML pages stay text.
  }
  return { status: res.status, body: body as Json, headers: res.headers };
}

async function bankToken(userName: string) {
  const res = await fetch(`${sandbox.url}/banca/entrar?usuario=${userName}`, { redirect: "manual" });
  return new URL(res.headers.get("location") ?? "").searchParams.get("jwt") ?? "";
}

async function jwtOf(userName: string) {
  const res = await call("/api/loginuser", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ externalToken: await bankToken(userName) }),
  });
  return res.body.jwt as string;
}

const send = (jwt: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  call(path, {
    method,
    headers: { authorization: `Bearer ${jwt}`, "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const nationalPerson = {
  recipientType: "pfn",
  names: "Mariana",
  fatherLastName: "Torres",
  motherLastName: "Vega",
  rfc: "TOVM800101AB1",
  alias: "Mariana Torres",
  email: "mariana@torres.mx",
  phone: "5511122233",
  currency: "MXN",
  accountClabe: buildClabe("012", "180", "09876543210"),
  bank: "BBVA México",
};

async function challenge(trk: string, clave: string, action = "confirmar") {
  return call("/challenge/", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ trk, clave, action }).toString(),
  });
}

describe("recipient registration through the challenge", () => {
  it("registers, sends the browser back to the app, starts pending and becomes authorized with a notification", async () => {
    const jwt = await jwtOf("ana.admin");
    await call("/__recipients", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ authorizeDelayMs: 30 }),
    });
    const created = await send(jwt, "POST", "/api/recipient-registrations", nationalPerson, { "idempotency-key": "k-1" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: "sent", uri: expect.stringContaining("/challenge/?trk=") });
    const trk = created.body.trk as string;

    const page = await call(`/challenge/?trk=${trk}`);
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain("Confirma el alta de tu destinatario");
    expect(String(page.body)).toContain("terminación");
    expect(String(page.body)).not.toContain(nationalPerson.accountClabe);

    const answer = await challenge(trk, "123456");
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get("location") ?? "");
    expect(back.pathname).toBe("/destinatarios-alta/resultado");
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ trk, id: String(created.body.id), res: "0" });

    // A browser cannot claim a result the page never gave.
    const forged = await send(jwt, "PUT", "/api/recipient-registrations/transition/register", {
      res: "1",
      msg: "x",
      trk,
      params: { id: created.body.id },
    });
    expect(forged.status).toBe(409);

    const registered = await send(jwt, "PUT", "/api/recipient-registrations/transition/register", {
      res: "0",
      msg: "Operación autorizada",
      trk,
      params: { id: created.body.id, recipient_status: 1 },
    });
    expect(registered.body).toMatchObject({ status: "registered", recipient: { fullName: "Mariana Torres Vega", status: { id: 1 } } });
    const again = await send(jwt, "PUT", "/api/recipient-registrations/transition/register", {
      res: "0",
      msg: "",
      trk,
      params: { id: created.body.id },
    });
    expect(again.body).toMatchObject({ status: "registered" });

    const registeredRecipient = async () => {
      const list = await call("/partner/recipients/", {
        headers: { authorization: `Bearer ${await bankToken("ana.admin")}`, geolocation: GEO },
      });
      return (list.body.data as unknown as Array<{ fullName: string; status: { id: number } }>).find(
        (r) => r.fullName === "Mariana Torres Vega",
      );
    };
    // The bank authorizes it 30 ms later (POST /__recipients above).
    await until(async () => (await registeredRecipient())?.status.id === 2, { what: "the bank to authorize the recipient" });
    const mine = await registeredRecipient();
    expect(mine?.status.id).toBe(2);
    const notifications = await send(jwt, "GET", "/notifications-api/notifications?module=receiver");
    expect((notifications.body.data as unknown as Array<{ detail: { name: string } }>)[0].detail.name).toBe("Mariana Torres Vega");
  });

  it("answers the same registration for the same idempotency key", async () => {
    const jwt = await jwtOf("ana.admin");
    const first = await send(jwt, "POST", "/api/recipient-registrations", nationalPerson, { "idempotency-key": "same" });
    const second = await send(jwt, "POST", "/api/recipient-registrations", nationalPerson, { "idempotency-key": "same" });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await send(jwt, "POST", "/api/recipient-registrations", nationalPerson)).toMatchObject({ status: 400 });
    // The same key with other data is another request: refused, nothing created.
    const other = await send(
      jwt,
      "POST",
      "/api/recipient-registrations",
      { ...nationalPerson, alias: "Otro alias" },
      { "idempotency-key": "same" },
    );
    expect(other).toMatchObject({ status: 422, body: { code: "IDEMPOTENCY_KEY_REUSED" } });
    expect(sandbox.state.recipientRegistration.registrations.filter((r) => r.data.alias === "Otro alias")).toHaveLength(0);
  });

  it("records a failed challenge as rejected and creates nothing", async () => {
    const jwt = await jwtOf("ana.admin");
    const created = await send(jwt, "POST", "/api/recipient-registrations", nationalPerson, { "idempotency-key": "k-2" });
    const answer = await challenge(created.body.trk as string, "000000", "cancelar");
    expect(new URL(answer.headers.get("location") ?? "").searchParams.get("res")).toBe("7");
    const result = await send(jwt, "PUT", "/api/recipient-registrations/transition/register", {
      res: "7",
      msg: "Movimiento cancelado por el usuario",
      trk: created.body.trk,
      params: { id: created.body.id },
    });
    expect(result.body).toMatchObject({ status: "rejected", recipient: null });
    expect((await call(`/challenge/?trk=${created.body.trk as string}`)).status).toBe(409);
  });

  it("checks what the bank checks: account, bank format, IBAN, repeated alias", async () => {
    const jwt = await jwtOf("ana.admin");
    const post = (body: unknown, key: string) => send(jwt, "POST", "/api/recipient-registrations", body, { "idempotency-key": key });
    expect((await post({ ...nationalPerson, accountClabe: "012180098765432101" }, "a")).body).toMatchObject({ code: "ACCOUNT_NUMBER" });
    const foreign = {
      ...nationalPerson,
      recipientType: "pfe",
      rfc: null,
      currency: "USD",
      accountClabe: "0128756003945",
      bank: "Bank of China Hong Kong",
      bankTypeAccount: 9,
      bankCode: "BKCHHKHH",
    };
    expect((await post(foreign, "b")).status).toBe(201);
    expect((await post({ ...foreign, alias: "Otro", bankCode: "12345678" }, "c")).body).toMatchObject({
      code: "BANK_FORMAT",
      message: BANK_FORMAT_MESSAGE,
    });
    // With IBAN the account is the IBAN: digits alone, a typo in it, or another country than the SWIFT's are refused.
    const iban = { ...foreign, bankTypeAccount: 11, bank: "Commerzbank", bankCode: "COBADEFF", accountClabe: "DE89370400440532013000" };
    for (const [key, refused] of [
      ["d1", { ...iban, alias: "Otro 2", accountClabe: "370400440532013000" }],
      ["d2", { ...iban, alias: "Otro 3", accountClabe: "DE89370400440532013001" }],
      ["d3", { ...iban, alias: "Otro 4", bank: "Banco Santander", bankCode: "BSCHESMM" }],
    ] as const) {
      expect((await post(refused, key)).body).toMatchObject({ code: "IBAN", message: IBAN_MESSAGE });
    }
    expect((await post({ ...iban, alias: "Commerz" }, "d4")).status).toBe(201);
    // An ABA, CHIPS or SWIFT account is still digits only.
    expect((await post({ ...foreign, alias: "Otro 5", accountClabe: "DE89370400440532013000" }, "d5")).body).toMatchObject({
      code: "ACCOUNT_NUMBER",
    });
    expect((await post({ ...nationalPerson, alias: "textil del norte" }, "e")).body).toMatchObject({
      code: "DUPLICATE_ALIAS",
      message: DUPLICATE_ALIAS_MESSAGE,
    });
  });

  it("answers 404 for another company's registration", async () => {
    const created = await send(await jwtOf("ana.admin"), "POST", "/api/recipient-registrations", nationalPerson, {
      "idempotency-key": "x",
    });
    const other = await send(await jwtOf("beatriz.basica"), "PUT", "/api/recipient-registrations/transition/register", {
      res: "0",
      msg: "",
      trk: created.body.trk,
      params: { id: created.body.id },
    });
    expect(other.status).toBe(404);
  });
});

describe("back-office recipients", () => {
  it("seeds national recipients with valid CLABEs", () => {
    const national = sandbox.state.recipientRegistration.backoffice.filter((record) => record.recipientType.endsWith("n"));
    expect(national.length).toBeGreaterThan(0);
    expect(national.every((record) => isValidClabe(record.accountClabe))).toBe(true);
  });

  it("lists the company's pending ones, creates, reads, updates and deletes them", async () => {
    const jwt = await jwtOf("ana.admin");
    const pending = await send(jwt, "GET", "/api/backoffice-recipients/pending");
    expect((pending.body as unknown as Array<{ id: number }>).map((r) => r.id)).toEqual([9001, 9002]);
    expect((await send(await jwtOf("beatriz.basica"), "GET", "/api/backoffice-recipients/pending")).body).toEqual([]);

    const created = await send(
      jwt,
      "POST",
      "/api/backoffice-recipients",
      { ...nationalPerson, alias: "Carga 1" },
      { "idempotency-key": "row-1" },
    );
    expect(created.status).toBe(201);
    const replay = await send(
      jwt,
      "POST",
      "/api/backoffice-recipients",
      { ...nationalPerson, alias: "Carga 1" },
      { "idempotency-key": "row-1" },
    );
    expect(replay.body).toEqual(created.body);
    const id = created.body.id as number;
    expect((await send(jwt, "GET", `/api/backoffice-recipients/${id}`)).body).toMatchObject({ alias: "Carga 1", status: "pending" });
    expect((await send(jwt, "PUT", `/api/backoffice-recipients/${id}`, { alias: "Carga uno" })).body).toMatchObject({ alias: "Carga uno" });
    expect((await send(jwt, "PUT", `/api/backoffice-recipients/${id}`, { alias: "Hidalgo" })).status).toBe(409);
    expect((await send(jwt, "PUT", `/api/backoffice-recipients/${id}/status`, { status: "deleted" })).body).toEqual({
      id,
      status: "deleted",
    });
    expect((await send(jwt, "GET", `/api/backoffice-recipients/${id}`)).status).toBe(404);
    expect((await send(await jwtOf("beatriz.basica"), "GET", "/api/backoffice-recipients/9001")).status).toBe(404);
  });

  it("deletes a bank recipient of the company through the status update", async () => {
    const jwt = await jwtOf("ana.admin");
    expect((await send(jwt, "PUT", "/api/backoffice-recipients/502/status", { status: "deleted" })).status).toBe(200);
    const list = await call("/partner/recipients/", {
      headers: { authorization: `Bearer ${await bankToken("ana.admin")}`, geolocation: GEO },
    });
    expect((list.body.data as unknown as Array<{ idRecipient: number }>).map((r) => r.idRecipient)).not.toContain(502);
    expect((await send(await jwtOf("beatriz.basica"), "PUT", "/api/backoffice-recipients/501/status", { status: "deleted" })).status).toBe(
      404,
    );
  });
});

describe("notifications of the recipients' life (§3, §4)", () => {
  type Listed = Array<{ module: string; type: string; status: string | null; title: string; copy: string }>;
  const newest = async (jwt: string, module: string) =>
    ((await send(jwt, "GET", `/notifications-api/notifications?module=${module}`)).body.data as unknown as Listed)[0];

  it("a back-office recipient is told as pending when loaded and as registered when the back office registers it", async () => {
    const jwt = await jwtOf("ana.admin");
    const created = await send(
      jwt,
      "POST",
      "/api/backoffice-recipients",
      { ...nationalPerson, alias: "Carga 2" },
      { "idempotency-key": "row-2" },
    );
    expect(await newest(jwt, "borecipient")).toMatchObject({
      type: "pending",
      status: "pending",
      title: "Destinatario pendiente de registro",
    });
    await send(jwt, "PUT", `/api/backoffice-recipients/${created.body.id as number}/status`, { status: "registered" });
    expect(await newest(jwt, "borecipient")).toMatchObject({
      type: "info",
      status: "authorized",
      title: "Destinatario registrado",
      copy: "Carga 2 quedó registrado. Ya puedes enviarle dinero.",
    });
  });

  it("the bank's rejection of a pending recipient is an error notification", async () => {
    const jwt = await jwtOf("ana.admin");
    await call("/__recipients", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ authorizeDelayMs: 60_000 }),
    });
    const created = await send(jwt, "POST", "/api/recipient-registrations", nationalPerson, { "idempotency-key": "k-r" });
    const trk = created.body.trk as string;
    await challenge(trk, "123456");
    const registered = await send(jwt, "PUT", "/api/recipient-registrations/transition/register", {
      res: "0",
      msg: "Operación autorizada",
      trk,
      params: { id: created.body.id, recipient_status: 1 },
    });
    const recipientId = (registered.body.recipient as unknown as { idRecipient: number }).idRecipient;
    const decision = await call(`/__recipients/${recipientId}/decision`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ status: 3 }),
    });
    expect(decision.body).toEqual({ id: recipientId, status: 3 });
    expect(await newest(jwt, "receiver")).toMatchObject({
      type: "error",
      status: "rejected",
      title: "Destinatario rechazado",
      copy: "El banco no autorizó a Mariana Torres Vega. Revisa sus datos y regístralo de nuevo.",
    });
    // Decided once: a second decision finds nothing pending.
    expect(
      (
        await call(`/__recipients/${recipientId}/decision`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ status: 2 }),
        })
      ).status,
    ).toBe(404);
  });
});

describe("catalogues", () => {
  it("searches international banks by name, SWIFT or ABA, at most 10", async () => {
    const jwt = await jwtOf("ana.admin");
    expect((await send(jwt, "GET", "/api/international-banks-catalogs/search/?name=china&limit=10")).body).toHaveLength(2);
    expect((await send(jwt, "GET", "/api/international-banks-catalogs/search/?swift=chas")).body).toMatchObject([
      { name: "JPMorgan Chase Bank" },
    ]);
    expect((await send(jwt, "GET", "/api/international-banks-catalogs/search/?aba=0210")).body).toHaveLength(2);
    expect((await send(jwt, "GET", "/api/international-banks-catalogs/search/?name=bank&limit=3")).body).toHaveLength(3);
    expect((await send(jwt, "GET", "/api/international-banks-catalogs/search/?limit=3")).status).toBe(400);
  });

  it("gives the beneficiary catalogue per recipient type", async () => {
    const headers = { authorization: `Bearer ${await bankToken("ana.admin")}`, geolocation: GEO };
    expect((await call("/partner/beneficiary?recipientType=pfn", { headers })).body).toMatchObject({
      data: { currencies: ["MXN", "USD"], accountTypes: [] },
    });
    expect((await call("/partner/beneficiary?recipientType=pme", { headers })).body).toMatchObject({
      data: { accountTypes: [{ id: 7 }, { id: 8 }, { id: 9 }, { id: 11 }] },
    });
    expect((await call("/partner/beneficiary?recipientType=xx", { headers })).status).toBe(400);
  });

  it("keeps member favourites and aliases of recipients", async () => {
    const jwt = await jwtOf("ana.admin");
    expect((await send(jwt, "POST", "/api/memberrecipients", { idRecipient: 502, favorite: true })).body).toEqual({
      idRecipient: 502,
      alias: null,
      favorite: true,
    });
    expect((await send(jwt, "POST", "/api/memberrecipients", { idRecipient: "504", alias: "Fletes" })).body).toMatchObject({
      alias: "Fletes",
    });
    expect((await send(jwt, "POST", "/api/memberrecipients", { idRecipient: 511, alias: "x" })).status).toBe(404);
  });
});
