import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { groupAmount } from "#core/domain/amount-input";
import { resetForTests } from "#server/lifecycle.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, formPost, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import { control, requestCount } from "../../tests/support/sandbox";
import { action, loader } from "./_index";
import { loader as transactionLoader } from "./transaction";

const world = sandboxedApp("operar");

/** The transfer tab as the loader renders it: accounts, recipients, reasons and a fresh key. */
async function transferForm() {
  const response = await loader({
    request: new Request(`${APP}/?operacion=transferencia`, { headers: { cookie: world.browser.cookie } }),
    context,
    params: {},
  });
  const { calculator } = await response.json();
  const origin = calculator.accounts.find((account) => account.currency === "MXN");
  const destination = calculator.recipients.find((recipient) => recipient.currency === "MXN");
  if (!origin || !destination) throw new Error("Ana has an MXN account and an authorized MXN recipient in the sandbox");
  return {
    csrf: world.browser.csrf,
    operation: "transfer",
    idempotencyKey: calculator.idempotencyKey,
    amount: "1500",
    origin: origin.idAccount,
    // Recipients travel as "r:<id>" beside own accounts in the one destination select.
    destination: `r:${destination.id}`,
    reason: String(calculator.reasons[0].id),
  };
}

const post = (fields: Record<string, string>) =>
  answerOf(() => action({ request: formPost("/", world.browser.cookie, fields), context, params: {} }));

describe("the dashboard's calculator (action)", () => {
  it("sends a valid transfer to the bank's challenge, once for one key however often it is submitted", async () => {
    const fields = await transferForm();
    const operationsBefore = world.sandbox.state.operations.length;
    const [first, second] = await Promise.all([post(fields), post(fields)]);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toMatch(/\/challenge/);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(world.sandbox.state.operations.length).toBe(operationsBefore + 1);
  });

  it("sends twenty identical concurrent submits to the bank once, and answers all of them with its challenge", async () => {
    const fields = await transferForm();
    const callsBefore = await requestCount(world.sandbox, "/api/setoperation");
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(fields)));
    expect(await requestCount(world.sandbox, "/api/setoperation")).toBe(callsBefore + 1);
    const locations = new Set(answers.map((answer) => `${answer.status} ${answer.headers.get("location")}`));
    expect(locations.size).toBe(1);
    expect([...locations][0]).toMatch(/^302 .*\/challenge/);
  });

  it("refuses the same key with another amount (100 → 9,000) with 422 and keeps what was typed; nothing reaches the bank", async () => {
    const fields = await transferForm();
    const first = await post({ ...fields, amount: "100" });
    expect(first.status).toBe(302);
    const callsBefore = await requestCount(world.sandbox, "/api/setoperation");
    const operationsBefore = world.sandbox.state.operations.length;
    const changed = await post({ ...fields, amount: "9000" });
    expect(changed.status).toBe(422);
    const { result } = await changed.json();
    expect(result.error[""]).toEqual([
      "Este formulario ya se envió con otros datos. Revisa la operación y pulsa Confirmar de nuevo para registrarla como una operación nueva.",
    ]);
    expect(result.initialValue.amount).toBe("9000");
    expect(await requestCount(world.sandbox, "/api/setoperation")).toBe(callsBefore);
    expect(world.sandbox.state.operations.length).toBe(operationsBefore);
    // The same request again is still the first one: its challenge, nothing new.
    const again = await post({ ...fields, amount: "100.00" });
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
  });

  it("says the same when only the bank knows the key (another instance sent it with other data)", async () => {
    const fields = await transferForm();
    const memberId = world.sandbox.state.members.find((member) => member.userName === "ana.admin")?.memberId;
    world.sandbox.state.idempotency.set(`${memberId}|100234|${fields.idempotencyKey}`, {
      fingerprint: "otra solicitud",
      answer: undefined,
    });
    const response = await post(fields);
    expect(response.status).toBe(422);
    expect((await response.json()).result.error[""]).toEqual([
      "Este formulario ya se envió con otros datos. Revisa la operación y pulsa Confirmar de nuevo para registrarla como una operación nueva.",
    ]);
  });

  it("answers a malformed amount with the Spanish message and keeps what was typed", async () => {
    const fields = await transferForm();
    const response = await post({ ...fields, amount: "12abc" });
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error.amount).toEqual(["Este monto no es válido"]);
    expect(result.initialValue.amount).toBe("12abc");
  });

  it("refuses a post without the CSRF token and creates nothing", async () => {
    const fields = await transferForm();
    const operationsBefore = world.sandbox.state.operations.length;
    const { csrf: _csrf, ...withoutToken } = fields;
    const response = await post(withoutToken);
    expect(response.status).toBe(403);
    expect(world.sandbox.state.operations.length).toBe(operationsBefore);
  });
});

/** The buy tab as the loader renders it, with the best provider's signed price in the hidden fields. */
describe("a quote is a quote (decision 010)", () => {
  // Each refused 'Confirmar' counts against the member's money budget (10 a minute): this test's
  // four leave the budget as they found it.
  beforeEach(() => resetForTests("rateLimiters"));
  afterEach(() => resetForTests("rateLimiters"));

  it("refuses a 'Confirmar' without the quote shown, or for other amounts, and sends nothing to the bank", async () => {
    const form = await freshBuyForm();
    const before = world.sandbox.state.operations.length;
    const unquoted = await post({ ...form, intent: "confirmar" });
    expect(unquoted.status).toBe(400);
    const first = await unquoted.json();
    expect(first.result.error[""][0]).toMatch(/^Revisa tu cotización/);
    // The quote comes back to be read, with what was typed kept.
    expect(first.quote.left).toBe("1000.00");
    expect(first.result.initialValue.left).toBe("1000");

    const changed = await post({
      ...form,
      left: "1200",
      quotedLeft: first.quote.left,
      quotedRight: first.quote.right,
      intent: "confirmar",
    });
    expect(changed.status).toBe(400);
    expect((await changed.json()).result.error[""][0]).toMatch(/^El monto cambió/);
    // A forged quote (other figures for the same price) is no quote either.
    const forged = await post({ ...form, right: "1.00", quotedLeft: "1000.00", quotedRight: "1.00", intent: "confirmar" });
    expect(forged.status).toBe(400);
    expect(world.sandbox.state.operations.length).toBe(before);

    const held = await post({
      ...form,
      left: first.quote.left,
      right: first.quote.right,
      quotedLeft: first.quote.left,
      quotedRight: first.quote.right,
      intent: "confirmar",
    });
    expect(held.status).toBe(302);
    expect(world.sandbox.state.operations.length).toBe(before + 1);
  });

  it("takes amounts grouped as the page shows them ('1,000.00') for the quote and for 'Confirmar', and refuses '1,5'", async () => {
    const form = await freshBuyForm();
    const quoted = await post({ ...form, left: "1,000" });
    expect(quoted.status).toBe(200);
    const { quote } = await quoted.json();
    expect(quote.left).toBe("1000.00");

    const misgrouped = await post({ ...form, left: "1,5" });
    expect(misgrouped.status).toBe(400);
    const refused = await misgrouped.json();
    expect(refused.result.error.left).toEqual(["Este monto no es válido"]);
    expect(refused.result.initialValue.left).toBe("1,5");

    // Without JS the inputs come back grouped and the quote travels plain: they are one amount.
    const before = world.sandbox.state.operations.length;
    const held = await post({
      ...form,
      left: groupAmount(quote.left),
      right: groupAmount(quote.right),
      quotedLeft: quote.left,
      quotedRight: quote.right,
      intent: "confirmar",
    });
    expect(held.status).toBe(302);
    expect(world.sandbox.state.operations.length).toBe(before + 1);
  });
});

/**
 * A buy form whose price was signed after the test's sandbox reset: /__reset replaces the signing
 * secret, and the price hub may still hold the tick from before it for a few milliseconds.
 */
async function freshBuyForm() {
  const started = Date.now();
  let form = await buyForm();
  for (let tries = 0; tries < 50 && Number(form.priceTs) < started; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    form = await buyForm();
  }
  return form;
}

async function buyForm() {
  const response = await loader({
    request: new Request(`${APP}/?operacion=compra`, { headers: { cookie: world.browser.cookie } }),
    context,
    params: {},
  });
  const { calculator } = await response.json();
  const [base, quote] = String(calculator.pair).split("/");
  const best = calculator.price?.buy.top[0];
  if (!best) throw new Error("the sandbox quotes the first pair");
  const accountIn = (currency: string) => calculator.accounts.find((account) => account.currency === currency)?.idAccount ?? "";
  return {
    csrf: world.browser.csrf,
    operation: "buy",
    intent: "cotizar",
    pair: calculator.pair as string,
    typed: "left",
    left: "1000",
    origin: accountIn(quote),
    destination: accountIn(base),
    reason: String(calculator.reasons[0].id),
    idempotencyKey: calculator.idempotencyKey as string,
    lpId: best.lpId,
    sig: best.sig,
    priceTs: String(best.ts),
    lpBuy: String(best.buy),
    lpSell: String(best.sell),
  };
}

describe("malformed numbers in the calculator (these were 500s or quoted nonsense)", () => {
  it("quotes a well-formed request", async () => {
    const response = await post(await buyForm());
    expect(response.status).toBe(200);
    expect((await response.json()).quote?.left).toBe("1000.00");
  });

  it.each([
    ["Infinity", "Infinity"],
    ["1e309", "1e309"],
    ["-1", "-1"],
    ["NaN", "NaN"],
    ["400 digits", "1".padEnd(400, "0")],
    ["17.2245e2", "17.2245e2"],
  ])("lpSell=%s is no price: 'invalidPrice', never a 500", async (_, lpSell) => {
    const response = await post({ ...(await buyForm()), lpSell });
    expect(response.status).toBe(400);
    const { result, quote } = await response.json();
    expect(result.error[""]).toEqual(["No pudimos obtener un precio válido para tu operación. Intenta nuevamente."]);
    expect(quote).toBeNull();
  });

  it.each([
    ["1e309", "1e309"],
    ["10,000 digits", "9".repeat(10_000)],
    ["1000000000000", "1000000000000"],
    ["Infinity", "Infinity"],
  ])("left=%s gets 'Este monto no es válido'", async (_, left) => {
    const response = await post({ ...(await buyForm()), left });
    expect(response.status).toBe(400);
    expect((await response.json()).result.error.left).toEqual(["Este monto no es válido"]);
  });

  it("a transfer of 10,000 digits gets 'Este monto no es válido'", async () => {
    const response = await post({ ...(await transferForm()), amount: "9".repeat(10_000) });
    expect(response.status).toBe(400);
    expect((await response.json()).result.error.amount).toEqual(["Este monto no es válido"]);
  });

  it("a link's amount that the calculator would refuse is not quoted", async () => {
    const response = await loader({
      request: new Request(`${APP}/?operacion=compra&izquierda=${"9".repeat(60)}`, { headers: { cookie: world.browser.cookie } }),
      context,
      params: {},
    });
    expect(response.status).toBe(200);
    expect((await response.json()).quote).toBeNull();
  });
});

describe("the bank's challenge result (/transaction loader)", () => {
  it("records the result once, however often the return address is opened", async () => {
    const toChallenge = await post(await transferForm());
    const challenge = new URL(toChallenge.headers.get("location") ?? "");
    const trk = challenge.searchParams.get("trk") ?? "";
    const answered = await fetch(`${world.sandbox.url}/challenge`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ trk, clave: "123456", action: "confirmar" }),
    });
    const back = new URL(answered.headers.get("location") ?? "");
    expect(back.pathname).toBe("/transaction");

    const open = () =>
      answerOf(() =>
        transactionLoader({
          request: new Request(`${APP}/transaction${back.search}`, { headers: { cookie: world.browser.cookie } }),
          context,
          params: {},
        }),
      );
    const [first, again] = [await open(), await open()];
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect((await first.json()).outcome).toEqual({ kind: "success" });
    expect((await again.json()).outcome).toEqual({ kind: "success" });

    const operation = world.sandbox.state.operations.find((candidate) => candidate.trk === trk);
    const challengeSteps = world.sandbox.state.binnacles.filter(
      (entry) => entry.operationId === operation?.id && entry.status === "challenge",
    );
    expect(challengeSteps).toHaveLength(1);
    expect(operation?.status).not.toBe("sent");
  });

  const FORGED = "Tu cuenta fue bloqueada|Llama al 55 0000 0000 y dicta tu clave de operación";
  const openTransaction = (query: Record<string, string>) =>
    answerOf(() =>
      transactionLoader({
        request: new Request(`${APP}/transaction?${new URLSearchParams(query)}`, { headers: { cookie: world.browser.cookie } }),
        context,
        params: {},
      }),
    );

  it("never shows the URL's message when recording the result fails: the catalogue's default instead (decision 035)", async () => {
    const toChallenge = await post(await transferForm());
    const trk = new URL(toChallenge.headers.get("location") ?? "").searchParams.get("trk") ?? "";
    const ope = String(world.sandbox.state.operations.find((candidate) => candidate.trk === trk)?.id);
    await control(world.sandbox, "/__faults", { path: "/api/processchallenge", kind: "malformed", times: -1 });
    const response = await openTransaction({ trk, ope, res: "9", msg: FORGED, operation: "transfer" });
    const data = await response.json();
    expect(data.saveFailed).toBe(true);
    expect(data.outcome).toEqual({ kind: "error", title: null, description: null });
    expect(JSON.stringify(data)).not.toContain("bloqueada");
  });

  it("never shows the URL's message for a result the upstream refuses", async () => {
    const response = await openTransaction({ trk: "TRK-DE-OTRA-PERSONA", ope: "999999", res: "9", msg: FORGED });
    expect((await response.json()).outcome).toEqual({ kind: "error", title: null, description: null });
    // Without the operation the bank's page names, nothing is sent at all.
    const unnamed = await openTransaction({ trk: "TRK-DE-OTRA-PERSONA", res: "9", msg: FORGED });
    expect([unnamed.status, unnamed.headers.get("location")]).toEqual([302, "/"]);
  });

  it("shows what the upstream recorded, not what a later URL says", async () => {
    const toChallenge = await post(await transferForm());
    const trk = new URL(toChallenge.headers.get("location") ?? "").searchParams.get("trk") ?? "";
    const answered = await fetch(`${world.sandbox.url}/challenge`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ trk, clave: "123456", action: "confirmar" }),
    });
    const back = Object.fromEntries(new URL(answered.headers.get("location") ?? "").searchParams);
    expect((await (await openTransaction(back)).json()).outcome).toEqual({ kind: "success" });
    const forged = await openTransaction({ ...back, res: "9", msg: FORGED });
    expect((await forged.json()).outcome).toEqual({ kind: "success" });
  });
});

describe("§8 messages with a help link, and failures reported to the product", () => {
  it("a company the bank does not let operate spot hears so, with the WhatsApp help, and keeps what was typed", async () => {
    const clientId = world.sandbox.state.bankUsers.find((user) => user.userName === "ana.admin")?.companies[0]?.clientId ?? "";
    await control(world.sandbox, `/__companies/${clientId}`, { spotAuthorized: false });
    try {
      // A price signed after this test's sandbox reset (the app's feed keeps the last tick until the next one).
      const started = Date.now();
      let form = await buyForm();
      while (Number(form.priceTs) <= started) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        form = await buyForm();
      }
      // A quote is a quote: 'Confirmar' carries the one the page showed.
      const { quote } = await (await post({ ...form, intent: "cotizar" })).json();
      const answer = await post({
        ...form,
        left: quote.left,
        right: quote.right,
        quotedLeft: quote.left,
        quotedRight: quote.right,
        intent: "confirmar",
      });
      const data = await answer.json();
      expect(data.result.error).toEqual({ "": ["Cliente no autorizado a operar spot"] });
      expect(answer.status).toBe(422);
      expect(data.help).toEqual({ topic: "spotNotAuthorized", target: "whatsapp" });
      expect(data.result.error[""]).toEqual(["Cliente no autorizado a operar spot"]);
      expect(data.result.initialValue.left).toBe(quote.left);
    } finally {
      await control(world.sandbox, `/__companies/${clientId}`, { spotAuthorized: true });
    }
  });

  it("the bank's 'Privilegios de mancomunación insuficientes' after the challenge is the help modal, not the funds one", async () => {
    const toChallenge = await post(await transferForm());
    const trk = new URL(toChallenge.headers.get("location") ?? "").searchParams.get("trk") ?? "";
    const answered = await fetch(`${world.sandbox.url}/challenge`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ trk, clave: "878787", action: "confirmar" }),
    });
    const back = new URL(answered.headers.get("location") ?? "");
    const response = await answerOf(() =>
      transactionLoader({
        request: new Request(`${APP}/transaction${back.search}`, { headers: { cookie: world.browser.cookie } }),
        context,
        params: {},
      }),
    );
    expect((await response.json()).outcome).toEqual({ kind: "help", topic: "jointSignatureInsufficient", target: "bank" });
  });

  it("a failed 'Confirmar' is reported to POST /loggeroperations with no token, account or amount in it", async () => {
    const fields = await transferForm();
    await control(world.sandbox, "/__faults", { path: "/api/setoperation", kind: "status", status: 500, times: -1 });
    const answer = await post(fields).finally(() => control(world.sandbox, "/__faults", undefined, "DELETE"));
    expect(answer.status).toBe(400);
    await expect
      .poll(async () => ((await control(world.sandbox, "/__loggeroperations", undefined, "GET")) as unknown[]).length)
      .toBeGreaterThan(0);
    const logs = (await control(world.sandbox, "/__loggeroperations", undefined, "GET")) as Record<string, unknown>[];
    const last = logs.at(-1);
    expect(last).toMatchObject({
      application: "portal-web",
      operation: "transfer",
      context: "submit",
      error: "setoperation 500 SANDBOX_FAULT",
    });
    const text = JSON.stringify(logs);
    for (const secret of [fields.origin, fields.destination.slice(2), "1500", world.browser.cookie]) expect(text).not.toContain(secret);
  });
});

describe("international recipients and the membership (§6, decision 066)", () => {
  const transferTab = async () => {
    const response = await loader({
      request: new Request(`${APP}/?operacion=transferencia`, { headers: { cookie: world.browser.cookie } }),
      context,
      params: {},
    });
    const { calculator } = await response.json();
    return calculator as {
      idempotencyKey: string;
      accounts: Array<{ idAccount: string; currency: string }>;
      recipients: Array<{ id: string }>;
      reasons: Array<{ id: number }>;
    };
  };
  const makeAnaBasic = () => {
    const ana = world.sandbox.state.members.find((member) => member.userName === "ana.admin");
    if (!ana?.membership) throw new Error("Ana is a member with a membership in the sandbox");
    ana.membership.membershipId = 1;
  };

  it("offers Ana's Pro the international recipient (Bright Components, USD) beside the national ones", async () => {
    const ids = (await transferTab()).recipients.map((recipient) => recipient.id);
    expect(ids).toEqual(expect.arrayContaining(["501", "502", "503"]));
  });

  it("takes it away from a Basic member, and refuses a hand-made transfer to it before the bank hears of it", async () => {
    makeAnaBasic();
    const calculator = await transferTab();
    const ids = calculator.recipients.map((recipient) => recipient.id);
    expect(ids).toEqual(expect.arrayContaining(["501", "502"]));
    expect(ids).not.toContain("503");
    const usd = calculator.accounts.find((account) => account.currency === "USD");
    if (!usd) throw new Error("Ana has a USD account in the sandbox");
    const callsBefore = await requestCount(world.sandbox, "/api/setoperation");
    const answer = await post({
      csrf: world.browser.csrf,
      operation: "transfer",
      idempotencyKey: calculator.idempotencyKey,
      amount: "100",
      origin: usd.idAccount,
      destination: "r:503",
      reason: String(calculator.reasons[0].id),
    });
    expect(answer.status).toBe(400);
    const { result } = await answer.json();
    expect(result.error.destination).toEqual(["Selecciona una cuenta válida para esta operación."]);
    expect(await requestCount(world.sandbox, "/api/setoperation")).toBe(callsBefore);
  });
});
