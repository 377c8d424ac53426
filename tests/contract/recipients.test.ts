import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { isNoMovementsAnswer } from "#core/domain/movements";

import { buildClabe } from "../../sandbox/clabe";
import { UpstreamError } from "../../server/upstream/errors";
import { createHttp } from "../../server/upstream/http.server";
import { middlewareClient } from "../../server/upstream/middleware.server";
import type { RecipientData } from "../../server/upstream/recipients.server";
import { recipientsClient } from "../../server/upstream/recipients.server";
import { tradingClient } from "../../server/upstream/trading.server";
import type { TestSandbox } from "../support/sandbox";
import { clients, control, FAST_RETRY, loginAs, requestCount, silentLog, startTestSandbox } from "../support/sandbox";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => control(sandbox, "/__reset"));

async function session(userName = "ana.admin") {
  const tokens = await loginAs(sandbox, userName);
  const common = { log: silentLog, retry: FAST_RETRY };
  const product = createHttp({ ...common, service: "product", baseUrl: `${sandbox.url}/api`, token: tokens.productJwt });
  return {
    ...clients(sandbox, tokens),
    recipients: recipientsClient(product),
    trading: tradingClient(product),
    middleware: middlewareClient(
      createHttp({ ...common, service: "middleware", baseUrl: `${sandbox.url}/middleware`, token: tokens.bankToken }),
    ),
  };
}

const recipient: RecipientData = {
  recipientType: "pfn",
  names: "Mariana",
  fatherLastName: "Torres",
  motherLastName: null,
  companyName: null,
  rfc: "TOVM800101AB1",
  relationType: null,
  relationTypeExtra: null,
  maxTransferAmount: null,
  alias: "Mariana",
  email: "m@torres.mx",
  phone: "5511122233",
  currency: "MXN",
  accountClabe: buildClabe("012", "180", "09876543210"),
  bank: "BBVA México",
  bankCode: "012",
  bankTypeAccount: null,
  bankCity: null,
  bankCountry: null,
  street: null,
  numberDir: null,
  numberInt: null,
  suburb: null,
  city: null,
  state: null,
  countryName: null,
  postalCode: null,
  intermediaryBankCode: null,
  intermediaryAccountType: null,
  intermediaryBankName: null,
  intermediaryBankCity: null,
  intermediaryBankCountry: null,
};

describe("recipients client", () => {
  it("registers through the challenge and records its result once", async () => {
    const api = await session();
    await control(sandbox, "/__recipients", { authorizeDelayMs: 0 });
    const registration = await api.recipients.createRegistration(recipient, "11111111-1111-4111-8111-111111111111");
    expect(registration).toMatchObject({ status: "sent", uri: expect.stringContaining("/challenge/?trk=") });
    // What the bank's page does when the person confirms with a good key.
    await fetch(`${sandbox.url}/challenge/`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ trk: registration.trk, clave: "123456", action: "confirmar" }).toString(),
      redirect: "manual",
    });
    const recorded = await api.recipients.register({
      res: "0",
      msg: "Operación autorizada",
      trk: registration.trk,
      id: registration.id,
      recipientStatus: 1,
    });
    // With no delay the bank authorizes at once: 'Destinatario activo'.
    expect(recorded).toMatchObject({ status: "registered", recipient: { fullName: "Mariana Torres", status: { id: 2 } } });
    const bankList = await api.partner.getRecipients();
    expect(bankList.find((item) => item.fullName === "Mariana Torres")?.status.id).toBe(2);
  });

  it("refuses a result the challenge page never gave (409)", async () => {
    const api = await session();
    const registration = await api.recipients.createRegistration(recipient, "22222222-2222-4222-8222-222222222222");
    const error = await api.recipients
      .register({ res: "0", msg: "", trk: registration.trk, id: registration.id, recipientStatus: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).status).toBe(409);
  });

  it("never resends a keyed registration after a timeout", async () => {
    const api = await session();
    await control(sandbox, "/__faults", { path: "/api/recipient-registrations", method: "POST", kind: "timeout" });
    const short = recipientsClient(
      createHttp({
        log: silentLog,
        retry: FAST_RETRY,
        service: "product",
        baseUrl: `${sandbox.url}/api`,
        token: (await loginAs(sandbox, "ana.admin")).productJwt,
        defaultTimeoutMs: 200,
      }),
    );
    await control(sandbox, "/__requests", undefined, "DELETE");
    const key = "33333333-3333-4333-8333-333333333333";
    const error = await short.createRegistration(recipient, key).catch((e: unknown) => e);
    expect((error as UpstreamError).failure).toBe("timeout");
    expect(await requestCount(sandbox, "/api/recipient-registrations")).toBe(1);
    // The unknown outcome is settled by asking again with the same key, which never makes a second one.
    const settled = await api.recipients.createRegistration(recipient, key);
    const again = await api.recipients.createRegistration(recipient, key);
    expect(again.id).toBe(settled.id);
  });

  it("reads, updates and deletes back-office recipients, and creates them idempotently", async () => {
    const api = await session();
    expect((await api.recipients.pendingBackoffice()).map((item) => item.id)).toEqual(["9001", "9002"]);
    expect(await api.recipients.backoffice("9001")).toMatchObject({
      companyName: "Comercializadora Hidalgo S.A. de C.V.",
      status: "pending",
    });
    expect(await api.recipients.updateBackoffice("9001", { alias: "Hidalgo Centro" })).toMatchObject({ alias: "Hidalgo Centro" });
    const first = await api.recipients.createBackoffice({ ...recipient, alias: "Fila 2" }, "upload-1:2");
    const again = await api.recipients.createBackoffice({ ...recipient, alias: "Fila 2" }, "upload-1:2");
    expect(again.id).toBe(first.id);
    expect(await api.recipients.setStatus(first.id, "deleted")).toEqual({ id: first.id, status: "deleted" });
    await expect(api.recipients.backoffice(first.id)).rejects.toMatchObject({ details: { status: 404 } });
    const other = await session("beatriz.basica");
    await expect(other.recipients.backoffice("9001")).rejects.toMatchObject({ details: { status: 404 } });
  });

  it("searches international banks and reads the beneficiary catalogue", async () => {
    const api = await session();
    expect((await api.recipients.searchInternationalBanks("swift", "COBA"))[0]).toMatchObject({ name: "Commerzbank", swift: "COBADEFF" });
    expect(await api.recipients.searchInternationalBanks("name", "zzz")).toEqual([]);
    expect(await api.partner.getBeneficiaryCatalogue("pfe")).toMatchObject({
      recipientType: "pfe",
      accountTypes: [{ id: "7", name: "ABA" }, { id: "8" }, { id: "9" }, { id: "11" }],
    });
  });

  it("keeps member favourites and aliases of bank recipients", async () => {
    const api = await session();
    expect(await api.trading.updateMemberRecipient({ idRecipient: "502", favorite: true })).toMatchObject({
      idRecipient: "502",
      favorite: true,
    });
    expect(await api.trading.updateMemberRecipient({ idRecipient: "502", alias: "Aceros" })).toMatchObject({
      alias: "Aceros",
      favorite: true,
    });
    expect((await api.trading.memberRecipients()).find((item) => item.idRecipient === "502")).toMatchObject({
      alias: "Aceros",
      favorite: true,
    });
  });
});

describe("bank middleware client", () => {
  const clabeOf = (idAccount: string) => sandbox.state.accounts.find((account) => account.idAccount === idAccount)?.clabe ?? "";
  const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" }).format(new Date());

  it("pages an account's movements", async () => {
    const api = await session();
    const page = await api.middleware.movements(clabeOf("A-100234-01"), { from: "2000-01-01", to: today(), sheet: 2, pageSize: 10 });
    expect(page).toMatchObject({ page: 2, records_per_page: 10 });
    expect(page.data).toHaveLength(10);
    expect(page.total_pages).toBe(Math.ceil(page.total_records / 10));
  });

  it("answers the §8 empty codes as errors the domain reads as 'no movements'", async () => {
    const api = await session();
    for (const clabe of [clabeOf("A-200115-01"), clabeOf("A-100234-01")]) {
      const error = (await api.middleware
        .movements(clabe, { from: "2001-01-01", to: "2001-01-02", sheet: 1, pageSize: 10 })
        .catch((e: unknown) => e)) as UpstreamError;
      expect(error).toBeInstanceOf(UpstreamError);
      expect(isNoMovementsAnswer({ code: error.details.code, message: error.details.upstreamMessage })).toBe(true);
    }
  });

  it("retries a 503 and reports a malformed body", async () => {
    const api = await session();
    await control(sandbox, "/__faults", { path: "/middleware", kind: "status", status: 503, times: 2 });
    await expect(
      api.middleware.movements(clabeOf("A-100234-01"), { from: today(), to: today(), sheet: 1, pageSize: 10 }),
    ).resolves.toMatchObject({ page: 1 });
    await control(sandbox, "/__faults", { path: "/middleware", kind: "malformed" });
    await expect(
      api.middleware.movements(clabeOf("A-100234-01"), { from: today(), to: today(), sheet: 1, pageSize: 10 }),
    ).rejects.toMatchObject({ failure: "malformed" });
  });
});
