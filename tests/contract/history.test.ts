import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { parseSettlementDate } from "#core/domain/settlement";

import { SEEDED_SETTLE_DELAY_MS } from "../../sandbox/history-seed";
import { startSandbox } from "../../sandbox/server";
import { UpstreamError } from "../../server/upstream/errors";
import { createHttp } from "../../server/upstream/http.server";
import { operationsClient } from "../../server/upstream/operations.server";
import { tradingClient } from "../../server/upstream/trading.server";
import type { TestSandbox } from "../support/sandbox";
import { control, FAST_RETRY, loginAs, requestCount, silentLog } from "../support/sandbox";

/**
 * The history's upstream calls (§7) against the sandbox: the operations client and the trading
 * client's operation and binnacle reads, faults included. The sandbox's clock is ours, so a
 * pending operation can be made to settle.
 */
let sandbox: TestSandbox;
let clock = new Date("2026-11-20T18:00:00Z");
let productJwt: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appUrl: "http://localhost:3999", now: () => clock });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  clock = new Date("2026-11-20T18:00:00Z");
  await control(sandbox, "/__reset");
  ({ productJwt } = await loginAs(sandbox, "ana.admin"));
  await control(sandbox, "/__requests", undefined, "DELETE");
});

function api(jwt = productJwt) {
  const http = createHttp({ service: "product", baseUrl: `${sandbox.url}/api`, log: silentLog, retry: FAST_RETRY, token: jwt });
  return { operations: operationsClient(http), trading: tradingClient(http) };
}

const fault = (body: Record<string, unknown>) => control(sandbox, "/__faults", body);

describe("GET /paginate-operations and /filters/operations", () => {
  it("pages the company's seeded history, newest first, every operation matching the schema", async () => {
    const { operations } = api();
    const first = await operations.page({ page: 1, pageSize: 20 });
    expect(first.meta).toEqual({ page: 1, pageSize: 20, total: 64, pageCount: 4 });
    expect(first.data.map((operation) => operation.id).slice(0, 3)).toEqual(["1001", "1002", "1003"]);
    const all = (await Promise.all([1, 2, 3, 4].map((page) => operations.page({ page, pageSize: 20 })))).flatMap((page) => page.data);
    expect(all).toHaveLength(64);
    expect(new Set(all.map((operation) => operation.status)).size).toBe(12);
    expect(new Set(all.map((operation) => operation.operation))).toEqual(new Set(["buy", "sell", "transfer"]));
    expect(all.every((operation) => operation.companyName === "Importadora del Bajío S.A. de C.V.")).toBe(true);
    const dates = all.map((operation) => operation.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await operations.page({ page: 9, pageSize: 20 })).data).toEqual([]);
  });

  it("filters by kind, status, pair, dates and text", async () => {
    const { operations } = api();
    const returned = await operations.page({ page: 1, pageSize: 20, operation: "transfer", status: "returned" });
    expect(returned.data.map((operation) => operation.id)).toEqual(["1010"]);
    const pair = await operations.page({ page: 1, pageSize: 100, pair: "EUR/USD" });
    expect(pair.data.length).toBeGreaterThan(0);
    expect(pair.data.every((operation) => operation.pair === "EUR/USD")).toBe(true);
    const today = await operations.page({ page: 1, pageSize: 100, from: "2026-11-20", to: "2026-11-20" });
    expect(today.data.map((operation) => operation.id)).toContain("1001");
    expect(today.meta.total).toBeLessThan(5);
    const text = await operations.page({ page: 1, pageSize: 100, search: "shenzhen" });
    expect(text.data.length).toBeGreaterThan(0);
    expect(text.data.every((operation) => operation.recipient?.nombreCompleto?.startsWith("Shenzhen"))).toBe(true);
    expect((await operations.page({ page: 1, pageSize: 20, search: "1019" })).data.map((operation) => operation.id)).toEqual(["1019"]);
  });

  it("answers 400 to a query it does not understand, without retrying", async () => {
    const error = (await api()
      .operations.page({ page: 1, pageSize: 20, status: "lost" })
      .catch((e: unknown) => e)) as UpstreamError;
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.status).toBe(400);
    expect(await requestCount(sandbox, "/api/paginate-operations")).toBe(1);
  });

  it("lists the pairs, kinds and statuses the company has", async () => {
    const filters = await api().operations.filters();
    expect(filters.pairs).toEqual(["EUR/MXN", "EUR/USD", "USD/MXN"]);
    expect(filters.operations).toEqual(["buy", "sell", "transfer"]);
    expect(filters.statuses).toHaveLength(12);
  });

  it("shows each company its own history only", async () => {
    const beatriz = await loginAs(sandbox, "beatriz.basica");
    const page = await api(beatriz.productJwt).operations.page({ page: 1, pageSize: 100 });
    expect(page.meta.total).toBe(64);
    expect(page.data.every((operation) => operation.companyName === "Panificadora Santa Lucía S.A. de C.V.")).toBe(true);
    const nuevo = await loginAsNew();
    expect((await api(nuevo).operations.page({ page: 1, pageSize: 20 })).meta.total).toBe(0);
  });

  it("a malformed answer is an upstream error; a 503 is retried", async () => {
    await fault({ path: "/api/paginate-operations", kind: "malformed", times: 1 });
    await expect(api().operations.page({ page: 1, pageSize: 20 })).rejects.toMatchObject({ failure: "malformed" });
    await fault({ path: "/api/paginate-operations", kind: "status", status: 503, times: 1 });
    await expect(api().operations.page({ page: 1, pageSize: 20 })).resolves.toMatchObject({ meta: { total: 64 } });
  });
});

async function loginAsNew(): Promise<string> {
  const { bankToken } = await (async () => {
    const response = await fetch(`${sandbox.url}/banca/entrar?usuario=nuevo.usuario`, { redirect: "manual" });
    return { bankToken: new URL(response.headers.get("location") ?? "").searchParams.get("jwt") ?? "" };
  })();
  const post = (path: string, body: unknown) =>
    fetch(`${sandbox.url}/api${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  await post("/createuser", {
    externalToken: bankToken,
    evidence: { termsAcceptedAt: clock.toISOString(), termsVersion: "t" },
    provider: "test",
  });
  await post("/setmembershipuser", { idMembership: 1, externalToken: bankToken });
  const login = (await (await post("/loginuser", { externalToken: bankToken })).json()) as { jwt: string };
  return login.jwt;
}

describe("the unpaged lists and the back door (§7)", () => {
  const get = async (query: string, jwt = productJwt) =>
    (await (await fetch(`${sandbox.url}/api/operations?${query}`, { headers: { authorization: `Bearer ${jwt}` } })).json()) as Array<{
      id: number;
      member: { completeName: string };
    }>;

  it("lists a member's or the company's operations, never another company's", async () => {
    expect(await get("companyName=Importadora%20del%20Baj%C3%ADo%20S.A.%20de%20C.V.")).toHaveLength(64);
    expect(await get("companyName=Log%C3%ADstica%20Pac%C3%ADfico%20Norte%20S.A.%20de%20C.V.")).toEqual([]);
    const carlos = await get("_limit=-1&member.userExternalId=carlos.colaborador");
    expect(carlos.length).toBeGreaterThan(0);
    expect(carlos.every((operation) => operation.member.completeName === "Carlos Hernández Soto")).toBe(true);
  });

  it("sets a status by hand", async () => {
    const response = await fetch(`${sandbox.url}/api/updateOperationsBackDoor`, {
      method: "POST",
      headers: { authorization: `Bearer ${productJwt}`, "content-type": "application/json" },
      body: JSON.stringify({ id: 1014, status: "applied" }),
    });
    expect(response.status).toBe(200);
    expect((await api().operations.get("1014")).status).toBe("applied");
  });
});

describe("an operation, its binnacle and its settlement date", () => {
  it("reads an operation with the fields the drawer shows", async () => {
    const operation = await api().operations.get("1010");
    expect(operation).toMatchObject({
      id: "1010",
      operation: "transfer",
      status: "returned",
      reasonReturned: "La cuenta de destino no existe",
      member: { completeName: "Ana Martínez Ríos" },
      recipient: { nombreCompleto: expect.any(String) },
      responseChallenge: { crf: "CRF7301010" },
    });
    expect(operation.referenceGFB).toMatch(/^GFB-\d{8}-001010$/);
  });

  it("answers 404 for another company's operation and for one that does not exist", async () => {
    for (const id of ["1070", "999999"]) {
      const error = (await api()
        .operations.get(id)
        .catch((e: unknown) => e)) as UpstreamError;
      expect(error.status).toBe(404);
    }
    expect(await api().trading.binnacles("1070")).toEqual([]);
  });

  it("gives each seeded operation the binnacle of its path (direct cancellations included)", async () => {
    const { trading } = api();
    expect((await trading.binnacles("1019")).map((entry) => entry.status)).toEqual(["sent", "challenge", "applying", "applied"]);
    expect((await trading.binnacles("1007")).map((entry) => entry.status)).toEqual(["notApplied"]);
    expect((await trading.binnacles("1008")).map((entry) => entry.status)).toEqual(["notAppliedCan", "notAppliedCan"]);
    expect((await trading.binnacles("1013")).map((entry) => entry.status)).toEqual(["sent", "challenge", "applying", "notApplied"]);
  });

  it("answers 'created | settles' once the bank has the operation, nothing before", async () => {
    const { operations } = api();
    const raw = await operations.settlementDate("1001");
    expect(raw).toBe("2026-11-20 | 2026-11-23"); // a Friday buy settles the next business day: Monday
    expect(parseSettlementDate(raw)).toBe("2026-11-23");
    expect(await operations.settlementDate("1002")).toBeNull(); // waiting for the administrator
    await expect(operations.settlementDate("1070")).rejects.toMatchObject({ details: { status: 404 } });
  });
});

describe("status checks (§4 Polling)", () => {
  it("settle a pending operation at the first check after it is due", async () => {
    const { operations } = api();
    const fx = { kind: "fx" as const, idPortfolio: "4472201", idOperation: "1" };
    expect(await operations.checkStatus(fx)).toMatchObject({ id: "1001", status: "applying" });
    clock = new Date(clock.getTime() + SEEDED_SETTLE_DELAY_MS);
    // Reading does not move it; checking does.
    expect((await operations.get("1001")).status).toBe("applying");
    expect(await operations.checkStatus(fx)).toMatchObject({ id: "1001", status: "applied" });
    const settled = await operations.get("1001");
    expect(settled.status).toBe("applied");
    expect(settled.referenceGFB).toMatch(/^GFB-20261120-001001$/);
    expect((await api().trading.binnacles("1001")).at(-1)).toMatchObject({ status: "applied" });
  });

  it("checks transfers by core folio", async () => {
    clock = new Date(clock.getTime() + SEEDED_SETTLE_DELAY_MS);
    const { operations } = api();
    expect(await operations.checkStatus({ kind: "transfer", corefolio: "CRF7301018" })).toMatchObject({ id: "1018", status: "applied" });
    expect(await operations.checkStatus({ kind: "transfer", corefolio: "CRF7301014" })).toMatchObject({ id: "1014", status: "applying" });
    await expect(operations.checkStatus({ kind: "transfer", corefolio: "CRF7301070" })).rejects.toMatchObject({ details: { status: 404 } });
  });
});

describe("invoices", () => {
  it("downloads the buy/sell invoice by folio, liquidation and documentType 4, as a base64 PDF", async () => {
    const invoice = await api().operations.invoice({
      kind: "fx",
      idPortfolio: "4472219",
      idOperation: "1",
      idLiquidation: 881019,
      documentType: 4,
    });
    expect(invoice.filename).toMatch(/^GFB-\d{8}-001019\.pdf$/);
    expect(Buffer.from(invoice.content, "base64").subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("downloads a transfer's invoice by core folio", async () => {
    const invoice = await api().operations.invoice({ kind: "transfer", corefolio: "CRF7301021" });
    expect(Buffer.from(invoice.content, "base64").toString("latin1")).toContain("Transferencia");
  });

  it("refuses an invoice that is not ready, and a wrong liquidation", async () => {
    const { operations } = api();
    await expect(operations.invoice({ kind: "transfer", corefolio: "CRF7301018" })).rejects.toMatchObject({ details: { status: 409 } });
    await expect(
      operations.invoice({ kind: "fx", idPortfolio: "4472219", idOperation: "1", idLiquidation: 1, documentType: 4 }),
    ).rejects.toMatchObject({
      details: { status: 404 },
    });
  });
});

describe("POST /sendEmailReceipts", () => {
  const email = {
    template: "sendReceipts" as const,
    to: ["tesoreria@importadorabajio.com.mx"],
    attachments: [
      { filename: "comprobante_compra_4472219-1.pdf", content: Buffer.from("%PDF-1.4").toString("base64"), contentType: "application/pdf" },
    ],
    data: { companyName: "Importadora del Bajío S.A. de C.V.", created_at: "viernes 20 de noviembre de 2026, 12:00" },
  };

  it("keeps every accepted e-mail in the outbox", async () => {
    await api().operations.sendEmailReceipts(email);
    const outbox = (await control(sandbox, "/__outbox", undefined, "GET")) as Array<Record<string, unknown>>;
    expect(outbox).toEqual([
      expect.objectContaining({
        template: "sendReceipts",
        to: ["tesoreria@importadorabajio.com.mx"],
        clientId: "100234",
        data: email.data,
        attachments: [{ filename: "comprobante_compra_4472219-1.pdf", contentType: "application/pdf", bytes: 8 }],
      }),
    ]);
    await control(sandbox, "/__reset");
    expect(await control(sandbox, "/__outbox", undefined, "GET")).toEqual([]);
  });

  it("refuses a bad address and is never retried", async () => {
    await expect(api().operations.sendEmailReceipts({ ...email, to: ["no-es-correo"] })).rejects.toMatchObject({
      details: { status: 400 },
    });
    await fault({ path: "/api/sendEmailReceipts", kind: "status", status: 503, times: 1 });
    await expect(api().operations.sendEmailReceipts(email)).rejects.toMatchObject({ details: { status: 503 } });
    expect(await requestCount(sandbox, "/api/sendEmailReceipts")).toBe(2);
    expect(await control(sandbox, "/__outbox", undefined, "GET")).toEqual([]);
  });
});

describe("one store for history and trading", () => {
  it("an operation created through /setoperation is the newest of the history", async () => {
    const { trading, operations } = api();
    clock = new Date(clock.getTime() + 60_000);
    const created = await trading.setOperation(
      {
        operation: "transfer",
        pair: "",
        amount: 1500,
        amountOrigin: 1500,
        amountDestiny: 1500,
        total: 1500,
        margin: "0",
        exchangeRate: 1,
        accountOrigin: { idCuenta: "A-100234-01", idDivisa: "MXN" },
        accountDestiny: null,
        recipient: { idRecipient: "501" },
        concept: 1,
        conceptString: "Pago a proveedores",
        aditionalInformation: "",
        priceObject: null,
        calculatePlace: "left",
      },
      "00000000-0000-4000-8000-000000000451",
    );
    const page = await operations.page({ page: 1, pageSize: 20 });
    expect(page.meta.total).toBe(65);
    expect(page.data[0]).toMatchObject({ id: created.id, status: "sent", operation: "transfer" });
    expect(Number(created.id)).toBeGreaterThan(1256);
    // The seeded history is not what /setoperation created.
    expect(((await control(sandbox, "/__operations", undefined, "GET")) as unknown[]).length).toBe(1);
  });
});
