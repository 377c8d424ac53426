import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { addDays } from "./dates";
import { type Sandbox, startSandbox } from "./server";
import { sandboxClient } from "./test-support";

const START = new Date("2026-03-10T18:00:00.000Z");
let now = START;

let sandbox: Sandbox;
const { call, get, post, productJwt, put } = sandboxClient(() => sandbox);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appUrl: "http://app.test:3000", now: () => now });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  now = START;
  await fetch(`${sandbox.url}/__reset`, { method: "POST" });
});

const balance = (idAccount: string) => sandbox.state.accounts.find((account) => account.idAccount === idAccount)?.balance;
/** The membership as the member reads it at `at` (a fresh login: jwts last 30 minutes). */
async function membershipAt(userName: string, at: string): Promise<Record<string, unknown>> {
  now = new Date(at);
  const jwt = await productJwt(userName);
  return (await get(jwt, "/api/membership")).body.membership as Record<string, unknown>;
}

const PRO_PRICE = { amount: 499, taxRate: 0.16, tax: 79.84, total: 578.84, currency: "MXN" };

describe("GET /membership", () => {
  it("shows last and next payment, the price plus tax, the trial's end and the payment account", async () => {
    const ana = (await get(await productJwt("ana.admin"), "/api/membership")).body.membership;
    expect(ana).toMatchObject({
      membershipId: 2,
      name: "Pro",
      freeTrial: false,
      status: "active",
      lastPayment: "2026-02-25",
      nextPayment: "2026-03-27",
      proPrice: PRO_PRICE,
      proTrial: 30,
      proTrialAvailable: false,
      trialEndsAt: null,
      paymentMethod: "account",
      accountId: "A-100234-01",
    });
    const paula = (await get(await productJwt("paula.prueba"), "/api/membership")).body.membership;
    expect(paula).toMatchObject({ freeTrial: true, countdown: 9, trialEndsAt: "2026-03-19", accountId: "A-300501-01" });
    const beatriz = (await get(await productJwt("beatriz.basica"), "/api/membership")).body.membership;
    expect(beatriz).toMatchObject({ membershipId: 1, name: "Básica", paymentMethod: null, accountId: null, proPrice: PRO_PRICE });
    // Her first Pro would start with the trial; Ana's next one would be charged at once.
    expect(beatriz).toMatchObject({ proTrialAvailable: true });
    expect((await call("/api/membership")).status).toBe(401);
  });

  it("MembershipData (GraphQL) answers the same view", async () => {
    const jwt = await productJwt("paula.prueba");
    const graphql = await post(jwt, "/graphql", { operationName: "MembershipData", query: "query MembershipData { membership }" });
    expect(graphql.body).toEqual({ data: (await get(jwt, "/api/membership")).body });
  });
});

describe("upgrade, cancel and resume", () => {
  it("upgrades Básica to Pro with the free trial the first time, charging nothing, once", async () => {
    const jwt = await productJwt("beatriz.basica");
    const before = balance("A-200115-01");
    const upgraded = await put(jwt, "/api/membership/upgrade", { membershipId: 2 });
    expect(upgraded.status).toBe(200);
    expect(upgraded.body.membership).toMatchObject({
      membershipId: 2,
      freeTrial: true,
      countdown: 30,
      trialEndsAt: "2026-04-09",
      accountId: "A-200115-01",
    });
    expect(balance("A-200115-01")).toBe(before);
    expect((await put(jwt, "/api/membership/upgrade", { membershipId: 2 })).body.code).toBe("ALREADY_PRO");
    // Pro pricing applies at once.
    expect((await post(jwt, "/api/calculatingMargin?pair=USD/MXN&amount=1000", {})).body).toEqual({ marginUser: 0.35 });
  });

  it("charges the fee plus tax when the trial was used, from a peso account of the session company", async () => {
    let jwt = await productJwt("ana.admin");
    await put(jwt, "/api/membership/cancel");
    expect(await membershipAt("ana.admin", `${addDays("2026-03-27", 1)}T18:00:00.000Z`)).toMatchObject({
      membershipId: 1,
      status: "active",
    });
    jwt = await productJwt("ana.admin");
    expect((await put(jwt, "/api/membership/upgrade", { membershipId: 2, accountId: "A-100234-02" })).body.code).toBe("ACCOUNT_NOT_FOUND");
    expect((await put(jwt, "/api/membership/upgrade", { membershipId: 2, accountId: "A-200115-01" })).body.code).toBe("ACCOUNT_NOT_FOUND");
    expect((await put(jwt, "/api/membership/upgrade", { membershipId: 1 })).status).toBe(400);
    const before = balance("A-100234-01") ?? 0;
    const upgraded = await put(jwt, "/api/membership/upgrade", { membershipId: 2, accountId: "A-100234-01" });
    expect(upgraded.body.membership).toMatchObject({
      membershipId: 2,
      freeTrial: false,
      lastPayment: "2026-03-28",
      nextPayment: "2026-04-27",
    });
    expect(balance("A-100234-01")).toBeCloseTo(before - 578.84, 2);
  });

  it("answers a repeated Idempotency-Key with the first answer, charging once, and refuses the key with another body", async () => {
    let jwt = await productJwt("ana.admin");
    await put(jwt, "/api/membership/cancel");
    now = new Date("2026-03-28T18:00:00.000Z");
    jwt = await productJwt("ana.admin");
    const before = balance("A-100234-01") ?? 0;
    const key = { "idempotency-key": "c0ffee00-0000-4000-8000-000000000001" };
    const first = await put(jwt, "/api/membership/upgrade", { membershipId: 2, accountId: "A-100234-01" }, key);
    const again = await put(jwt, "/api/membership/upgrade", { membershipId: 2, accountId: "A-100234-01" }, key);
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    expect(balance("A-100234-01")).toBeCloseTo(before - 578.84, 2);
    expect((await put(jwt, "/api/membership/upgrade", { membershipId: 2 }, key)).body.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("refuses a paid upgrade without the funds", async () => {
    let jwt = await productJwt("ana.admin");
    await put(jwt, "/api/membership/cancel");
    now = new Date("2026-03-28T18:00:00.000Z");
    jwt = await productJwt("ana.admin");
    const account = sandbox.state.accounts.find((candidate) => candidate.idAccount === "A-100234-01");
    if (account) account.balance = 100;
    const refused = await put(jwt, "/api/membership/upgrade", { membershipId: 2 });
    expect(refused).toMatchObject({ status: 422, body: { code: "INSUFFICIENT_FUNDS" } });
    expect(balance("A-100234-01")).toBe(100);
    expect((await membershipAt("ana.admin", "2026-03-28T18:00:00.000Z")).membershipId).toBe(1);
  });

  it("cancels to pendingcancel until the next payment, resumes, and ends at the next payment date", async () => {
    let jwt = await productJwt("ana.admin");
    const cancelled = await put(jwt, "/api/membership/cancel");
    expect(cancelled.body.membership).toMatchObject({ membershipId: 2, status: "pendingcancel", expirationDays: 17 });
    expect((await put(jwt, "/api/membership/cancel")).body.membership).toMatchObject({ status: "pendingcancel" });
    expect((await put(jwt, "/api/membership/resume")).body.membership).toMatchObject({ status: "active", expirationDays: null });
    await put(jwt, "/api/membership/cancel");
    expect(await membershipAt("ana.admin", "2026-03-26T18:00:00.000Z")).toMatchObject({ membershipId: 2, status: "pendingcancel" });
    expect(await membershipAt("ana.admin", "2026-03-27T18:00:00.000Z")).toMatchObject({
      membershipId: 1,
      status: "active",
      nextPayment: null,
    });
    jwt = await productJwt("ana.admin");
    expect((await put(jwt, "/api/membership/cancel")).body.code).toBe("NOT_PRO");
    expect((await put(jwt, "/api/membership/resume")).body.code).toBe("NOT_PRO");
  });

  it("a trial that reaches its end becomes paid Pro", async () => {
    expect(await membershipAt("paula.prueba", "2026-03-19T18:00:00.000Z")).toMatchObject({
      membershipId: 2,
      freeTrial: false,
      lastPayment: "2026-03-19",
      nextPayment: "2026-04-18",
      trialEndsAt: null,
    });
  });

  it("changes the payment account to another peso account of the company", async () => {
    const jwt = await productJwt("paula.prueba");
    const changed = await put(jwt, "/api/membership/payment-account", { accountId: "A-300501-02" });
    expect(changed.body.membership).toMatchObject({ accountId: "A-300501-02" });
    expect((await put(jwt, "/api/membership/payment-account", { accountId: "A-300501-03" })).status).toBe(404);
    expect((await put(jwt, "/api/membership/payment-account", {})).status).toBe(400);
  });
});
