import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { until } from "../tests/support/wait";
import { DEMO_KEYS } from "./challenge";
import { isValidClabe } from "./clabe";
import { INSUFFICIENT_FUNDS_MESSAGE } from "./operations";
import { signQuote, verifyQuote } from "./price-signing";
import { type Sandbox, startSandbox } from "./server";
import { buyBody as buyOf, transferBody } from "./test-support";

const APP_URL = "http://app.test:3000";
const GEO = "19.4326,-99.1332";
const NOW = new Date("2026-03-10T18:00:00.000Z");
const APPLY_DELAY_MS = 40;

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appUrl: APP_URL, now: () => NOW, applyDelayMs: APPLY_DELAY_MS });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  await fetch(`${sandbox.url}/__reset`, { method: "POST" });
});

type Json = Record<string, unknown>;

async function call(path: string, init: RequestInit = {}): Promise<{ status: number; body: Json & Json[] }> {
  const res = await fetch(`${sandbox.url}${path}`, init);
  const text = await res.text();
  return { status: res.status, body: (text === "" ? undefined : JSON.parse(text)) as Json & Json[] };
}

async function bankToken(userName: string): Promise<string> {
  const res = await fetch(`${sandbox.url}/banca/entrar?usuario=${userName}`, { redirect: "manual" });
  return new URL(res.headers.get("location") ?? "").searchParams.get("jwt") ?? "";
}

async function productJwt(userName: string): Promise<string> {
  const res = await fetch(`${sandbox.url}/api/loginuser`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ externalToken: await bankToken(userName) }),
  });
  return ((await res.json()) as { jwt: string }).jwt;
}

const get = (jwt: string, path: string) => call(path, { headers: { authorization: `Bearer ${jwt}` } });
const post = (jwt: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(path, {
    method: "POST",
    headers: { authorization: `Bearer ${jwt}`, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

/** The person answers the bank's challenge page with the demo key that gives `res`. */
async function answerChallenge(trk: string, res: string): Promise<void> {
  const key = DEMO_KEYS.find((entry) => entry.outcome.res === res)?.key ?? "111111";
  const response = await fetch(`${sandbox.url}/challenge`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ trk, clave: key, action: "confirmar" }),
    redirect: "manual",
  });
  if (response.status !== 302) throw new Error(`challenge page answered ${response.status}`);
}

/** /processchallenge after the challenge page was answered, as the app's /transaction does. */
async function processChallenge(jwt: string, body: { res: string; msg: string; trk: unknown; more?: unknown }) {
  await answerChallenge(String(body.trk), body.res);
  return post(jwt, "/api/processchallenge", body);
}

/** A quote signed the way the price socket signs it (the secret rotates on every reset). */
function signedQuote(pair = "USD/MXN", ts = NOW.getTime() - 1_000) {
  const quote = { cp: pair, lpId: "LP-JPM", Buy: 17.1234, Sell: 17.2345, ts };
  return {
    lpId: quote.lpId,
    sig: signQuote(sandbox.state.priceSecret, quote),
    ts,
    price: quote.Sell,
    buy: quote.Buy,
    sell: quote.Sell,
    pair,
  };
}

/** Buys 1,000 USD into "Pagos USD" paying 17,234.50 MXN from "Operativa MXN" (Importadora del Bajío). */
function buyBody(overrides: Json = {}): Json {
  return buyOf(signedQuote(), overrides);
}

let keyCounter = 0;
const newKey = () => `00000000-0000-4000-8000-${String(++keyCounter).padStart(12, "0")}`;

const setOperation = (jwt: string, body: Json, key: string | null = newKey()) =>
  post(jwt, "/api/setoperation", body, key === null ? {} : { "idempotency-key": key });

async function operationsCount(): Promise<number> {
  return (await call("/__operations")).body.length;
}

const balance = (idAccount: string) => sandbox.state.accounts.find((account) => account.idAccount === idAccount)?.balance;

async function waitForStatus(jwt: string, id: number, status: string): Promise<Json> {
  return until(
    async () => {
      const { body } = await get(jwt, `/api/operations/${id}`);
      return body.status === status && body;
    },
    { timeoutMs: 2_000, everyMs: 10, what: `operation ${id} to become ${status}` },
  );
}

/** Every apply the sandbox scheduled has run: from here on, nothing more can change on its own. */
const settled = () => until(() => sandbox.pendingApplies() === 0, { what: "the sandbox's scheduled applies to run" });

describe("price signing", () => {
  it("verifies its own signature and rejects any changed field", () => {
    const quote = { cp: "USD/MXN", lpId: "LP-CITI", Buy: 17.1, Sell: 17.2, ts: 1 };
    const sig = signQuote("secret", quote);
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyQuote("secret", { ...quote, sig })).toBe(true);
    expect(verifyQuote("secret", { ...quote, Sell: 17.3, sig })).toBe(false);
    expect(verifyQuote("other", { ...quote, sig })).toBe(false);
    expect(verifyQuote("secret", { ...quote, sig: "zz" })).toBe(false);
  });
});

describe("/api/setoperation", () => {
  it("creates a sent operation with a challenge uri, without moving money", async () => {
    const jwt = await productJwt("ana.admin");
    const { status, body } = await setOperation(jwt, buyBody());
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: "sent", requires_admin_approval: false });
    expect(body.uri).toBe(`${sandbox.url}/challenge/?trk=${String(body.trk)}`);
    expect(balance("A-100234-01")).toBe(2458930.55);
    expect(balance("A-100234-02")).toBe(184250.1);
  });

  it("answers the same request again with the first answer and creates nothing new", async () => {
    const jwt = await productJwt("ana.admin");
    const key = newKey();
    const first = await setOperation(jwt, buyBody(), key);
    const again = await setOperation(jwt, buyBody(), key);
    // Another tick of the same feed is the same request: the quote is not part of what the key binds.
    const nextTick = await setOperation(
      jwt,
      buyBody({ amountOrigin: 17240.1, exchangeRate: 17.241, priceObject: signedQuote("USD/MXN", NOW.getTime() - 500) }),
      key,
    );
    expect(first.status).toBe(201);
    expect(again).toEqual({ status: 200, body: first.body });
    expect(nextTick).toEqual({ status: 200, body: first.body });
    const operations = (await call("/__operations")).body;
    expect(operations).toEqual([
      { id: first.body.id, operation: "buy", status: "sent", idempotencyKey: key, companyClientId: "100234", trk: first.body.trk },
    ]);
  });

  it("refuses the key with another request (422) and creates nothing", async () => {
    const jwt = await productJwt("ana.admin");
    const key = newKey();
    const first = await setOperation(jwt, buyBody(), key);
    const otherAmount = await setOperation(jwt, buyBody({ total: 9000 }), key);
    const otherKind = await setOperation(jwt, transferBody(), key);
    const otherAccount = await setOperation(jwt, buyBody({ accountDestiny: { idCuenta: "A-100234-03", idDivisa: "USD" } }), key);
    for (const answer of [otherAmount, otherKind, otherAccount]) {
      expect(answer.status).toBe(422);
      expect(answer.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    }
    expect(await operationsCount()).toBe(1);
    expect(await setOperation(jwt, buyBody(), key)).toEqual({ status: 200, body: first.body });
  });

  it("creates one operation for concurrent duplicates and answers the others 409 while it runs", async () => {
    const jwt = await productJwt("ana.admin");
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 6 }, () => setOperation(jwt, buyBody(), key)));
    const created = answers.filter((answer) => answer.status === 201);
    expect(created).toHaveLength(1);
    // Each other one came while the first was booking (409) or, on a slow machine, after it (200, same answer).
    for (const answer of answers.filter((candidate) => candidate.status !== 201)) {
      if (answer.status === 409) expect(answer.body.code).toBe("IDEMPOTENCY_KEY_IN_FLIGHT");
      else expect(answer).toEqual({ status: 200, body: created[0]?.body });
    }
    expect(answers.some((answer) => answer.status === 409)).toBe(true);
    expect(await operationsCount()).toBe(1);
    expect(await setOperation(jwt, buyBody(), key)).toEqual({ status: 200, body: created[0]?.body });
  });

  it("frees the key of a refused request for a corrected one", async () => {
    const jwt = await productJwt("ana.admin");
    const key = newKey();
    const refused = await setOperation(jwt, buyBody({ accountDestiny: null }), key);
    expect(refused.status).toBe(400);
    expect((await setOperation(jwt, buyBody(), key)).status).toBe(201);
    expect(await operationsCount()).toBe(1);
  });

  it("creates one operation per distinct key", async () => {
    const jwt = await productJwt("ana.admin");
    await Promise.all([setOperation(jwt, buyBody()), setOperation(jwt, buyBody())]);
    expect(await operationsCount()).toBe(2);
  });

  it("requires the Idempotency-Key header", async () => {
    const jwt = await productJwt("ana.admin");
    const { status, body } = await setOperation(jwt, buyBody(), null);
    expect(status).toBe(400);
    expect(body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    expect(await operationsCount()).toBe(0);
  });

  it("rejects a malformed body with 400", async () => {
    const jwt = await productJwt("ana.admin");
    const { status, body } = await setOperation(jwt, buyBody({ accountDestiny: null }));
    expect(status).toBe(400);
    expect(body.code).toBe("INVALID_BODY");
  });

  it.each([
    // Overrides are thunks: quotes can only be signed once the sandbox (and its secret) exists.
    ["an account of another company", () => ({ accountOrigin: { idCuenta: "A-100871-01", idDivisa: "MXN" } }), 404, "ACCOUNT_NOT_FOUND"],
    [
      "a destination of another company",
      () => ({ accountDestiny: { idCuenta: "A-200115-02", idDivisa: "USD" } }),
      404,
      "ACCOUNT_NOT_FOUND",
    ],
    ["no price", () => ({ priceObject: null }), 422, "INVALID_PRICE"],
    ["a forged price", () => ({ priceObject: { ...signedQuote(), buy: 16.5 } }), 422, "INVALID_PRICE"],
    ["a price of another pair", () => ({ priceObject: signedQuote("EUR/MXN") }), 422, "INVALID_PRICE"],
    ["a price older than 20 minutes", () => ({ priceObject: signedQuote("USD/MXN", NOW.getTime() - 21 * 60_000) }), 409, "STALE_PRICE"],
    ["more than the balance", () => ({ total: 3_000_000, amountOrigin: 3_000_000 }), 422, "INSUFFICIENT_FUNDS"],
  ])("refuses %s", async (_label, overrides: () => Json, status, code) => {
    const jwt = await productJwt("ana.admin");
    const answer = await setOperation(jwt, buyBody(overrides()));
    expect(answer.status).toBe(status);
    expect(answer.body.code).toBe(code);
    if (code === "INVALID_PRICE") expect(answer.body.message).toBe("invalidPriceObject");
    if (code === "INSUFFICIENT_FUNDS") expect(answer.body.message).toBe(INSUFFICIENT_FUNDS_MESSAGE);
    expect(await operationsCount()).toBe(0);
  });

  it("checks in the contract's order: account, price, staleness, funds, permissions", async () => {
    const ana = await productJwt("ana.admin");
    const carlos = await productJwt("carlos.colaborador");
    const forged = { ...signedQuote(), sig: "0".repeat(64) };
    const stale = signedQuote("USD/MXN", NOW.getTime() - 30 * 60_000);
    const tooMuch = { total: 9_000_000 };
    const foreign = { accountOrigin: { idCuenta: "A-300501-01", idDivisa: "MXN" } };
    expect((await setOperation(ana, buyBody({ ...foreign, priceObject: forged, ...tooMuch }))).body.code).toBe("ACCOUNT_NOT_FOUND");
    expect((await setOperation(ana, buyBody({ priceObject: { ...stale, sig: forged.sig }, ...tooMuch }))).body.code).toBe("INVALID_PRICE");
    expect((await setOperation(ana, buyBody({ priceObject: stale, ...tooMuch }))).body.code).toBe("STALE_PRICE");
    // Carlos may not pay third parties, but the missing funds are reported first.
    expect((await setOperation(carlos, transferBody({ amountOrigin: 9_000_000 }))).body.code).toBe("INSUFFICIENT_FUNDS");
    expect((await setOperation(carlos, transferBody())).body.code).toBe("FORBIDDEN");
  });

  it("frees the key of a refused request so a corrected retry goes through", async () => {
    const jwt = await productJwt("ana.admin");
    const key = newKey();
    expect((await setOperation(jwt, buyBody({ priceObject: null }), key)).status).toBe(422);
    expect((await setOperation(jwt, buyBody(), key)).status).toBe(201);
    expect(await operationsCount()).toBe(1);
  });

  it("pays an authorized recipient, refuses a pending one", async () => {
    const jwt = await productJwt("ana.admin");
    expect((await setOperation(jwt, transferBody())).status).toBe(201);
    const pending = await setOperation(jwt, transferBody({ recipient: { idRecipient: 504 } }));
    expect(pending.status).toBe(422);
    expect(pending.body.code).toBe("RECIPIENT_NOT_AUTHORIZED");
    const foreign = await setOperation(jwt, transferBody({ recipient: { idRecipient: 521 } }));
    expect(foreign.status).toBe(404);
  });

  it("sends carlos.colaborador's operation for an administrator's approval, without a challenge", async () => {
    const jwt = await productJwt("carlos.colaborador");
    const { status, body } = await setOperation(jwt, buyBody());
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: "sent", uri: null, requires_admin_approval: true });
    const operation = await get(jwt, `/api/operations/${String(body.id)}`);
    expect(operation.body).toMatchObject({
      status: "sent",
      requires_admin_approval: true,
      member: { completeName: "Carlos Hernández Soto" },
    });
    const challenge = await post(jwt, "/api/processchallenge", { res: "0", msg: "Operación autorizada", trk: body.trk, more: null });
    expect(challenge.status).toBe(409);
    expect((await fetch(`${sandbox.url}/challenge/?trk=${String(body.trk)}`)).status).toBe(409);
  });
});

describe("operation lifecycle", () => {
  it("refuses a result the challenge page never gave (no skipping the bank's challenge)", async () => {
    const jwt = await productJwt("ana.admin");
    const { body } = await setOperation(jwt, buyBody());
    const forged = await post(jwt, "/api/processchallenge", { res: "0", msg: "Operación autorizada", trk: body.trk, more: null });
    expect(forged.status).toBe(409);
    await answerChallenge(String(body.trk), "1");
    const mismatched = await post(jwt, "/api/processchallenge", { res: "0", msg: "Operación autorizada", trk: body.trk, more: null });
    expect(mismatched.status).toBe(409);
  });

  async function createBuy(jwt: string): Promise<{ id: number; trk: string }> {
    const { body } = await setOperation(jwt, buyBody());
    return { id: body.id as number, trk: body.trk as string };
  }

  it("applies after a successful challenge, moving the balances exactly once", async () => {
    const jwt = await productJwt("ana.admin");
    const { id, trk } = await createBuy(jwt);
    const challenge = { res: "0", msg: "Operación autorizada", trk, more: { source: "test" } };
    const first = await processChallenge(jwt, challenge);
    expect(first.status).toBe(200);
    expect(first.body.operation).toMatchObject({ id, status: "applying", referenceGFB: null });
    expect(first.body.operation).toMatchObject({
      responseChallenge: { msg: "Operación autorizada", dil: `${4471200 + id}-1`, ope: String(id), trk },
    });
    // The same result again records nothing new (the apply may already have run on a loaded machine).
    const second = await post(jwt, "/api/processchallenge", challenge);
    expect(second.status).toBe(200);
    expect(second.body.operation).toMatchObject({ id, responseChallenge: (first.body.operation as Json).responseChallenge });
    expect(["applying", "applied"]).toContain((second.body.operation as Json).status);

    const applied = await waitForStatus(jwt, id, "applied");
    expect(applied.status).toBe("applied");
    expect(applied.referenceGFB).toMatch(/^GFB-20260310-\d{6}$/);
    expect(balance("A-100234-01")).toBe(2441696.05);
    expect(balance("A-100234-02")).toBe(185250.1);

    // A late duplicate neither changes the status nor moves money again.
    const third = await post(jwt, "/api/processchallenge", { ...challenge, res: "1" });
    expect(third.body.operation).toMatchObject({ status: "applied" });
    await settled();
    expect(balance("A-100234-01")).toBe(2441696.05);
    expect(balance("A-100234-02")).toBe(185250.1);

    const binnacles = await get(jwt, `/api/binnacles?operation=${id}`);
    expect(binnacles.body.map((entry) => [entry.step, entry.status])).toEqual([
      [1, "sent"],
      [2, "challenge"],
      [3, "applying"],
      [4, "applied"],
    ]);
    expect(binnacles.body[0]).toMatchObject({ operation: id, message: "Operación registrada" });
  });

  it("debits amountOrigin on a transfer and credits nothing of ours for a recipient", async () => {
    const jwt = await productJwt("ana.admin");
    const { body } = await setOperation(jwt, transferBody());
    await processChallenge(jwt, { res: "0", msg: "Operación autorizada", trk: body.trk, more: null });
    const applied = await waitForStatus(jwt, body.id as number, "applied");
    expect(applied).toMatchObject({
      status: "applied",
      recipient: { nombreCompleto: "Proveedora Textil del Norte S.A. de C.V." },
      responseChallenge: { crf: expect.stringMatching(/^CRF\d+$/) as unknown },
    });
    expect(balance("A-100234-01")).toBe(2453930.55);
  });

  it("marks a failed challenge notApplied and leaves the balances alone", async () => {
    const jwt = await productJwt("ana.admin");
    const { id, trk } = await createBuy(jwt);
    const failed = await processChallenge(jwt, {
      res: "1",
      msg: "Error de autenticación|La clave de operación es incorrecta",
      trk,
      more: null,
    });
    expect(failed.body.operation).toMatchObject({ status: "notApplied" });
    await settled();
    expect((await get(jwt, `/api/operations/${id}`)).body.status).toBe("notApplied");
    expect(balance("A-100234-01")).toBe(2458930.55);
    expect(balance("A-100234-02")).toBe(184250.1);
    const binnacles = await get(jwt, `/api/binnacles?operation=${id}`);
    expect(binnacles.body.map((entry) => entry.status)).toEqual(["sent", "challenge", "notApplied"]);
    expect(binnacles.body[1].message).toBe("Error de autenticación|La clave de operación es incorrecta");
  });

  it("ends notApplied when the funds are gone by the time it applies", async () => {
    const jwt = await productJwt("ana.admin");
    const { id, trk } = await createBuy(jwt);
    await processChallenge(jwt, { res: "0", msg: "Operación autorizada", trk, more: null });
    const origin = sandbox.state.accounts.find((account) => account.idAccount === "A-100234-01");
    if (origin) origin.balance = 100;
    expect((await waitForStatus(jwt, id, "notApplied")).status).toBe("notApplied");
    expect(balance("A-100234-02")).toBe(184250.1);
  });

  it("does not apply after a reset", async () => {
    const jwt = await productJwt("ana.admin");
    const { trk } = await createBuy(jwt);
    await processChallenge(jwt, { res: "0", msg: "Operación autorizada", trk, more: null });
    await fetch(`${sandbox.url}/__reset`, { method: "POST" });
    await settled();
    expect(balance("A-100234-01")).toBe(2458930.55);
    expect(await operationsCount()).toBe(0);
  });

  it("records /setbinnacle entries after the automatic ones", async () => {
    const jwt = await productJwt("ana.admin");
    const { id, trk } = await createBuy(jwt);
    const created = await post(jwt, "/api/setbinnacle", { trk, responseChallenge: { res: "0", msg: "Operación autorizada" } });
    expect(created.status).toBe(201);
    expect(created.body.id).toEqual(expect.any(Number));
    const binnacles = await get(jwt, `/api/binnacles?operation=${id}`);
    expect(binnacles.body.at(-1)).toMatchObject({
      id: created.body.id,
      step: 2,
      status: "responseChallenge",
      message: "Operación autorizada",
    });
  });

  it("hides another company's operation", async () => {
    const ana = await productJwt("ana.admin");
    const beatriz = await productJwt("beatriz.basica");
    const { id, trk } = await createBuy(ana);
    expect((await get(beatriz, `/api/operations/${id}`)).status).toBe(404);
    expect((await get(beatriz, `/api/binnacles?operation=${id}`)).body).toEqual([]);
    expect((await post(beatriz, "/api/processchallenge", { res: "0", msg: "x", trk })).status).toBe(404);
    expect((await get(ana, "/api/operations/999")).status).toBe(404);
  });

  it("describes the operation with the SPEC §3 fields", async () => {
    const jwt = await productJwt("ana.admin");
    const { id } = await createBuy(jwt);
    const { body } = await get(jwt, `/api/operations/${id}`);
    expect(body).toMatchObject({
      id,
      operation: "buy",
      status: "sent",
      pair: "USD/MXN",
      amountOrigin: 17234.5,
      amountDestiny: 1000,
      total: 17234.5,
      margin: "0.35",
      accountOrigin: { idCuenta: "A-100234-01", idDivisa: "MXN" },
      accountDestiny: { idCuenta: "A-100234-02", idDivisa: "USD" },
      concept: 11,
      conceptString: "Importación de mercancías",
      aditionalInformation: "Factura 4471",
      member: { completeName: "Ana Martínez Ríos" },
      recipient: null,
      referenceGFB: null,
      requires_admin_approval: false,
      request: { exchangeRate: 17.2345, total: 17234.5, currency: "MXN", currencyReceive: "USD" },
      responseChallenge: null,
      companyName: "Importadora del Bajío S.A. de C.V.",
      created_at: NOW.toISOString(),
    });
    expect(body.txId).toEqual(expect.any(String));
  });
});

describe("quotes helpers", () => {
  it("gives Pro members lower margins than Básica, and larger amounts lower ones", async () => {
    const pro = await productJwt("ana.admin");
    const basic = await productJwt("beatriz.basica");
    const margin = async (jwt: string, amount: number) =>
      (await post(jwt, `/api/calculatingMargin?pair=USD/MXN&amount=${amount}`, {})).body.marginUser as number;
    expect(await margin(pro, 1000)).toBeLessThan(await margin(basic, 1000));
    expect(await margin(pro, 1_000_000)).toBeLessThan(await margin(pro, 1000));
    expect(await margin(basic, 1_000_000)).toBeLessThan(await margin(basic, 1000));
    expect((await post(pro, "/api/calculatingMargin?pair=XXX/MXN&amount=1000", {})).status).toBe(400);
  });

  it("converts an amount at the pair's mid price", async () => {
    const jwt = await productJwt("ana.admin");
    expect((await get(jwt, "/api/startpairamount?amount=50000&pair=USD/MXN")).body).toEqual({ amount: 860000 });
    expect((await get(jwt, "/api/startpairamount?amount=abc&pair=USD/MXN")).status).toBe(400);
  });

  it("lists the accounts recently used for an operation type, newest first", async () => {
    const jwt = await productJwt("ana.admin");
    expect((await get(jwt, "/api/getRecentAccount?operation=buy")).body).toEqual([]);
    await setOperation(jwt, buyBody());
    const recent = await get(jwt, "/api/getRecentAccount?operation=buy");
    expect(recent.body.map((entry) => entry.idAccount).sort()).toEqual(["A-100234-01", "A-100234-02"]);
    expect(recent.body[0].lastUsedAt).toBe(NOW.toISOString());
    expect((await get(jwt, "/api/getRecentAccount?operation=sell")).body).toEqual([]);
    expect((await get(jwt, "/api/getRecentAccount?operation=x")).status).toBe(400);
  });
});

describe("recipients", () => {
  it("lists the company's recipients on the partner API", async () => {
    const token = await bankToken("ana.admin");
    const res = await fetch(`${sandbox.url}/partner/recipients/?numberOfElements=1000&page=0`, {
      headers: { authorization: `Bearer ${token}`, geolocation: GEO },
    });
    const body = (await res.json()) as { message: string; empty: boolean; data: Json[] };
    expect(res.status).toBe(200);
    expect(body.message).toBe("OK");
    expect(body.empty).toBe(false);
    expect(body.data).toHaveLength(4);
    const statuses = body.data.map((recipient) => (recipient.status as { id: number }).id);
    expect(statuses.filter((id) => id === 2)).toHaveLength(3);
    expect(statuses.filter((id) => id === 1)).toHaveLength(1);
    expect(new Set(body.data.map((recipient) => recipient.idCurrency))).toEqual(new Set(["MXN", "USD"]));
    for (const recipient of body.data.filter((candidate) => candidate.typeOriginPerson === "NACIONAL")) {
      expect(isValidClabe(recipient.account as string)).toBe(true);
    }
    expect(body.data[0]).toMatchObject({ idRecipient: 501, fullName: "Proveedora Textil del Norte S.A. de C.V.", typePerson: "MORAL" });
  });

  it("pages, and needs the partner session", async () => {
    const token = await bankToken("ana.admin");
    const page = (query: string) =>
      fetch(`${sandbox.url}/partner/recipients/?${query}`, { headers: { authorization: `Bearer ${token}`, geolocation: GEO } }).then(
        (res) => res.json() as Promise<{ empty: boolean; data: Json[] }>,
      );
    expect((await page("numberOfElements=3&page=1")).data).toHaveLength(1);
    expect(await page("numberOfElements=3&page=2")).toMatchObject({ empty: true, data: [] });
    expect((await fetch(`${sandbox.url}/partner/recipients/`, { headers: { geolocation: GEO } })).status).toBe(401);
  });

  it("lists the member's recipient favourites and aliases", async () => {
    const jwt = await productJwt("ana.admin");
    const { body } = await get(jwt, "/api/memberrecipients");
    expect(body).toContainEqual({ idRecipient: 501, alias: "Telas Monterrey", favorite: true });
    expect(body).toHaveLength(3);
    expect((await get(await productJwt("beatriz.basica"), "/api/memberrecipients")).body).toEqual([]);
  });
});

describe("challenge page", () => {
  async function pendingOperation(): Promise<{ id: number; trk: string; jwt: string }> {
    const jwt = await productJwt("ana.admin");
    const { body } = await setOperation(jwt, buyBody());
    return { id: body.id as number, trk: body.trk as string, jwt };
  }

  const submit = (form: Record<string, string>) =>
    fetch(`${sandbox.url}/challenge/`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
      redirect: "manual",
    });

  it("renders an accessible Spanish form with the summary and the demo keys", async () => {
    const { trk, id } = await pendingOperation();
    const res = await fetch(`${sandbox.url}/challenge/?trk=${trk}&jwt=ignored&operation=buy`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const page = await res.text();
    expect(page).toContain('<html lang="es-MX">');
    expect(page).toContain("<h1>Confirma tu operación</h1>");
    expect(page).toContain('<label for="clave">Clave de operación</label>');
    expect(page).toMatch(/<input id="clave" name="clave"/);
    expect(page).toContain('value="confirmar">Confirmar</button>');
    expect(page).toContain('value="cancelar" formnovalidate>Cancelar</button>');
    expect(page).toContain(`Compra de divisas (núm. ${id})`);
    // The origin as Ana named it in the portal (her alias of A-100234-01), money as the portal writes it.
    expect(page).toContain("Concentradora Bajío, terminación");
    expect(page).toMatch(/<dt>Cargo<\/dt><dd>\$[\d,]+\.\d\d MXN<\/dd>/);
    // Accounts are masked: no full CLABE on the page.
    const clabe = sandbox.state.accounts.find((account) => account.idAccount === "A-100234-01")?.clabe ?? "";
    expect(page).not.toContain(clabe);
    for (const { key } of DEMO_KEYS) expect(page).toContain(`<code>${key}</code>`);
  });

  it("answers 404 for an unknown trk", async () => {
    const res = await fetch(`${sandbox.url}/challenge/?trk=nope`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Operación no encontrada");
    expect((await submit({ trk: "nope", clave: "123456", action: "confirmar" })).status).toBe(404);
  });

  it.each([
    ["123456", "0", "Operación autorizada", "0"],
    ["111111", "1", "Error de autenticación|La clave de operación es incorrecta", "0"],
    ["222222", "2", "Token válido, usuario no autenticado con la clave dinámica. Verifique e intente nuevamente", "0"],
    ["333333", "3", "Token válido, usuario no autenticado con la clave dinámica", "0"],
    ["444444", "4", "Servicio no disponible, intenta más tarde", "0"],
    ["555555", "5", "Se agotó el tiempo para autorizar|Tu operación no se confirmó a tiempo", "2"],
    ["555551", "5", "Se agotó el tiempo para autorizar|Tu operación no se confirmó a tiempo", "1"],
    ["666666", "6", "Fondos insuficientes|La cuenta de origen no tiene saldo suficiente", "0"],
    ["777777", "7", "Movimiento cancelado por el usuario", "0"],
    ["000042", "1", "Error de autenticación|La clave de operación es incorrecta", "0"],
  ])("key %s redirects with res %s", async (clave, res, msg, retries) => {
    const { id, trk } = await pendingOperation();
    const answer = await submit({ trk, clave, action: "confirmar" });
    expect(answer.status).toBe(302);
    const location = answer.headers.get("location") ?? "";
    expect(location).toBe(
      `${APP_URL}/transaction?trk=${trk}&ope=${id}&operation=buy&res=${res}&msg=${encodeURIComponent(msg)}&retries=${retries}`,
    );
    expect(new URL(location).searchParams.get("msg")).toBe(msg);
  });

  it("cancels with the Cancelar button whatever the key, and never moves money", async () => {
    const { id, trk, jwt } = await pendingOperation();
    const answer = await submit({ trk, clave: "123456", action: "cancelar" });
    const location = new URL(answer.headers.get("location") ?? "");
    expect(location.searchParams.get("res")).toBe("7");
    expect(location.searchParams.get("msg")).toBe("Movimiento cancelado por el usuario");
    // A confirmed key redirects too, but only /processchallenge changes the operation.
    await submit({ trk, clave: "123456", action: "confirmar" });
    await settled();
    expect((await get(jwt, `/api/operations/${id}`)).body.status).toBe("sent");
    expect(balance("A-100234-01")).toBe(2458930.55);
  });

  it("refuses an operation that was already processed", async () => {
    const { trk, jwt } = await pendingOperation();
    await processChallenge(jwt, { res: "1", msg: "x", trk, more: null });
    expect((await fetch(`${sandbox.url}/challenge/?trk=${trk}`)).status).toBe(409);
    expect((await submit({ trk, clave: "123456" })).status).toBe(409);
  });
});
