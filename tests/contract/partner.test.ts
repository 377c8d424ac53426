import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { UpstreamError } from "../../server/upstream/errors";
import type { TestSandbox } from "../support/sandbox";
import { bankTokenFor, clients, control, startTestSandbox } from "../support/sandbox";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => control(sandbox, "/__reset"));

describe("partner bank client", () => {
  it("reads the user, the companies and the accounts of the token's company", async () => {
    const { partner } = clients(sandbox, { bankToken: await bankTokenFor(sandbox, "ana.admin") });
    const [user, companies, accounts] = await Promise.all([partner.getUser("ana.admin"), partner.getCompanies(), partner.getAccounts()]);
    expect(user).toMatchObject({ userName: "ana.admin", name: "Ana" });
    expect(companies.map((c) => c.clientId)).toEqual(["100234", "100871"]);
    expect(companies.every((c) => c.profileType === "ADMINISTRADOR")).toBe(true);
    expect(accounts.map((a) => a.currency).sort()).toEqual(["EUR", "MXN", "USD"]);
    expect(accounts.every((a) => /^\d{18}$/.test(a.clabe))).toBe(true);
  });

  it("says whose a token is and for which company, and the token still opens a session afterwards", async () => {
    const token = await bankTokenFor(sandbox, "carlos.colaborador");
    const { partner } = clients(sandbox, { bankToken: token });
    expect(await partner.tokenHolder()).toEqual({
      userName: "carlos.colaborador",
      name: "Carlos",
      firstLastName: "Hernández",
      company: { clientId: "100234", name: "Importadora del Bajío", businessName: "Importadora del Bajío S.A. de C.V." },
    });
    await expect(partner.getCompanies()).resolves.toHaveLength(1);
    const unknown = await clients(sandbox, { bankToken: "no-such-token" })
      .partner.tokenHolder()
      .catch((error: unknown) => error);
    expect(unknown).toMatchObject({ status: 401 });
  });

  it("changes company with a new token whose accounts are the other company's", async () => {
    const first = clients(sandbox, { bankToken: await bankTokenFor(sandbox, "ana.admin") });
    const before = await first.partner.getAccounts();
    const token = await first.partner.changeCompany("100871");
    const after = await clients(sandbox, { bankToken: token }).partner.getAccounts();
    expect(after.map((a) => a.idAccount)).not.toEqual(before.map((a) => a.idAccount));
  });

  it("refuses a company the user does not belong to", async () => {
    const { partner } = clients(sandbox, { bankToken: await bankTokenFor(sandbox, "beatriz.basica") });
    await expect(partner.changeCompany("100234")).rejects.toMatchObject({ failure: "status", details: { status: 403 } });
  });

  it("refreshes the session with a working token", async () => {
    const { partner } = clients(sandbox, { bankToken: await bankTokenFor(sandbox, "ana.admin") });
    const token = await partner.refreshSession();
    await expect(clients(sandbox, { bankToken: token }).partner.getCompanies()).resolves.toHaveLength(2);
  });

  it("ends the partner session: 401 for an unknown token, 410 after sign-out", async () => {
    const unknown = clients(sandbox, { bankToken: "no-such-token" }).partner;
    const unknownError = await unknown.getAccounts().catch((error: unknown) => error);
    expect(unknownError).toBeInstanceOf(UpstreamError);
    expect((unknownError as UpstreamError).endsPartnerSession).toBe(true);

    const { partner } = clients(sandbox, { bankToken: await bankTokenFor(sandbox, "ana.admin") });
    await partner.signOut();
    const error = (await partner.getAccounts().catch((e: unknown) => e)) as UpstreamError;
    expect(error.status).toBe(410);
    expect(error.endsPartnerSession).toBe(true);
  });
});
