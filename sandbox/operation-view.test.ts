import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { signQuote, verifyQuote } from "./price-signing";
import { PRICE_PROVIDER_IDS } from "./prices";
import { type Sandbox, startSandbox } from "./server";
import { buyBody as buyOf, type Json, sandboxClient, transferBody } from "./test-support";

/** What GET /operations/{id} tells of an operation beyond its amounts (decision 094): the provider it was booked with. */
const NOW = new Date("2026-03-10T18:00:00.000Z");

let sandbox: Sandbox;
const { get, post, productJwt } = sandboxClient(() => sandbox);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appUrl: "http://app.test:3000", now: () => NOW });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  await fetch(`${sandbox.url}/__reset`, { method: "POST" });
});

let keyCounter = 0;
const newKey = () => `00000000-0000-4000-9000-${String(++keyCounter).padStart(12, "0")}`;

function signedQuote(lpId: string) {
  const quote = { cp: "USD/MXN", lpId, Buy: 17.1801, Sell: 17.2022, ts: NOW.getTime() - 1_000 };
  return {
    lpId,
    sig: signQuote(sandbox.state.priceSecret, quote),
    ts: quote.ts,
    price: quote.Sell,
    buy: quote.Buy,
    sell: quote.Sell,
    pair: "USD/MXN",
  };
}

function buyBody(overrides: Json = {}): Json {
  return buyOf(signedQuote("LP-JPM"), {
    amountOrigin: 1000,
    total: 17262.31,
    exchangeRate: 17.262308,
    calculatePlace: "left",
    ...overrides,
  });
}

const rentTransfer: Json = transferBody({ aditionalInformation: "Renta marzo" });

async function create(jwt: string, body: Json): Promise<number> {
  const created = await post(jwt, "/api/setoperation", body, { "idempotency-key": newKey() });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

describe("the liquidity provider of an operation", () => {
  it("is the provider whose signed price a buy or sell was booked at; a transfer has none", async () => {
    const ana = await productJwt("ana.admin");
    const buy = await create(ana, buyBody());
    const transfer = await create(ana, rentTransfer);
    expect((await get(ana, `/api/operations/${buy}`)).body.liquidityProvider).toBe("LP-JPM");
    expect((await get(ana, `/api/operations/${transfer}`)).body.liquidityProvider).toBeNull();
    const page = await get(ana, "/api/paginate-operations?page=1&pageSize=5");
    const listed = (page.body.data as Json[]).find((operation) => operation.id === buy);
    expect(listed?.liquidityProvider).toBe("LP-JPM");
  });

  it("is named for every seeded buy and sell too, at a price the feed signed, and for no seeded transfer", async () => {
    const ana = await productJwt("ana.admin");
    const { body } = await get(ana, "/api/paginate-operations?page=1&pageSize=64");
    const operations = body.data as Json[];
    const exchanges = operations.filter((operation) => operation.operation !== "transfer");
    expect(exchanges.length).toBeGreaterThan(10);
    for (const operation of operations.filter((candidate) => candidate.operation === "transfer")) {
      expect(operation.liquidityProvider).toBeNull();
    }
    for (const operation of exchanges) {
      expect(PRICE_PROVIDER_IDS).toContain(operation.liquidityProvider);
      const record = sandbox.state.operations.find((candidate) => candidate.id === operation.id);
      const quote = record?.priceObject;
      expect(quote?.lpId).toBe(operation.liquidityProvider);
      expect(
        verifyQuote(sandbox.state.priceSecret, {
          cp: quote!.pair,
          lpId: quote!.lpId,
          Buy: quote!.buy,
          Sell: quote!.sell,
          ts: quote!.ts,
          sig: quote!.sig,
        }),
      ).toBe(true);
      // The side's price (a buyer pays the Sell, a seller receives the Buy) with the seeded 0.25 % margin is the rate.
      const side = operation.operation === "buy" ? quote!.sell : quote!.buy;
      expect(quote!.price).toBe(side);
      const rate = (operation.request as { exchangeRate: number }).exchangeRate;
      expect(Math.abs(rate / (side * (operation.operation === "buy" ? 1.0025 : 0.9975)) - 1)).toBeLessThan(0.0001);
    }
  });
});

describe("the reason and the concept of an operation (decision 095)", () => {
  it("answers the product's text of the reason id as request.paymentReason, and the typed concept apart", async () => {
    const ana = await productJwt("ana.admin");
    // A client that sends the typed concept as conceptString (what the app did before) still reads the reason right.
    const id = await create(ana, {
      ...rentTransfer,
      concept: 5,
      conceptString: "Renta bodega León",
      aditionalInformation: "Renta bodega León",
    });
    const { body } = await get(ana, `/api/operations/${id}`);
    expect(body).toMatchObject({ concept: 5, conceptString: "Renta bodega León", aditionalInformation: "Renta bodega León" });
    expect(body.request).toMatchObject({
      paymentReason: "Pago de arrendamiento",
      paymentReasonId: 5,
      aditionalInformation: "Renta bodega León",
    });
  });

  it("refuses a reason that is not in its catalogue, and books nothing", async () => {
    const ana = await productJwt("ana.admin");
    const before = sandbox.state.operations.length;
    const refused = await post(ana, "/api/setoperation", { ...rentTransfer, concept: 999 }, { "idempotency-key": newKey() });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "INVALID_BODY" });
    expect(sandbox.state.operations.length).toBe(before);
  });

  it("seeds every operation the same way: the catalogue's text as conceptString and paymentReason, the concept apart", async () => {
    const ana = await productJwt("ana.admin");
    const catalogue = (await get(ana, "/api/conceptpays")).body as unknown as Array<{ IdPayConcept: number; concept: string }>;
    const { body } = await get(ana, "/api/paginate-operations?page=1&pageSize=64");
    const operations = body.data as Json[];
    expect(operations).toHaveLength(64);
    for (const operation of operations) {
      const text = catalogue.find((reason) => reason.IdPayConcept === operation.concept)?.concept;
      expect(text).toEqual(expect.any(String));
      expect(operation.conceptString).toBe(text);
      expect((operation.request as Json).paymentReason).toBe(text);
      expect(operation.aditionalInformation).not.toBe(text);
    }
  });
});
