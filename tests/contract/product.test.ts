import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { jwtClientId, jwtExpiry } from "#core/domain/jwt";

import type { TestSandbox } from "../support/sandbox";
import { bankTokenFor, clients, control, loginAs, startTestSandbox } from "../support/sandbox";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => control(sandbox, "/__reset"));

describe("product API client", () => {
  it("exchanges the bank token for a product jwt scoped to the token's company", async () => {
    const { productJwt, memberId } = await loginAs(sandbox, "ana.admin");
    expect(memberId).not.toBe("");
    expect(jwtClientId(productJwt)).toBe("100234");
    expect(jwtExpiry(productJwt)).toBeGreaterThan(Date.now());
  });

  it("answers 404 for a bank user who is not a member until the wizard creates them", async () => {
    const bankToken = await bankTokenFor(sandbox, "nuevo.usuario");
    const { product } = clients(sandbox, { bankToken });
    await expect(product.loginUser(bankToken)).rejects.toMatchObject({ details: { status: 404 } });
    await product.createUser({
      externalToken: bankToken,
      evidence: { termsAcceptedAt: new Date().toISOString(), termsVersion: "t" },
      provider: "test",
    });
    await product.setMembership({ idMembership: 1, externalToken: bankToken });
    const login = await product.loginUser(bankToken);
    const membership = await clients(sandbox, { productJwt: login.jwt }).graphql.membership();
    expect(membership.membershipId).toBe(1);
  });

  it("reads catalogues, accounts, company, profile and announcements", async () => {
    const { productJwt, memberId } = await loginAs(sandbox, "ana.admin");
    const { product } = clients(sandbox, { productJwt });
    const [pairs, concepts, countries, codes, errors, today, accounts, company, profile, announcements, rebrand] = await Promise.all([
      product.pairs(),
      product.conceptPays(),
      product.countries(),
      product.countryCodes(),
      product.errorCatalog(),
      product.today(),
      product.memberAccounts(),
      product.company("100234"),
      product.profile(memberId),
      product.announcements(),
      product.showRebrandModal(),
    ]);
    const flags = await product.showModal();
    // The member's modal flags by name (§3), the shared booleans left out.
    expect(flags.paid_account).toEqual({ id: 7, show: true, modal: "paid_account" });
    expect(Object.keys(flags)).not.toContain("showBanner");
    expect(pairs[0]).toBe("USD/MXN");
    expect(concepts.map((c) => c.IdPayConcept)).toEqual(expect.arrayContaining([21, 22]));
    expect(countries.map((c) => c.description)).toEqual([...countries.map((c) => c.description)].sort((a, b) => a.localeCompare(b, "es")));
    expect(codes.length).toBeGreaterThan(0);
    expect(errors.length).toBeGreaterThan(0);
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(accounts.length).toBeGreaterThan(0);
    expect(company.businessName).toContain("Importadora del Bajío");
    expect(profile?.permissions.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        "send_money_to_own_accounts",
        "send_money_to_third_accounts",
        "can_create_operations",
        "can_execute_operations",
      ]),
    );
    expect(announcements.every((a) => a.active)).toBe(true);
    expect(rebrand).toEqual({ show: false, id: 8 });
  });

  it("stores an account's alias and favourite", async () => {
    const { productJwt } = await loginAs(sandbox, "ana.admin");
    const { product } = clients(sandbox, { productJwt });
    const [first] = await product.memberAccounts();
    await product.updateMemberAccount({ idAccount: first.idAccount, alias: "Cuenta renombrada" });
    const after = await product.memberAccounts();
    expect(after.find((a) => a.idAccount === first.idAccount)?.alias).toBe("Cuenta renombrada");
  });

  it("refuses calls without a valid product jwt", async () => {
    const { product } = clients(sandbox, { productJwt: "not-a-jwt" });
    await expect(product.memberAccounts()).rejects.toMatchObject({ failure: "status", details: { status: 401 } });
  });
});

describe("GraphQL client", () => {
  it("reads membership, plans, cost, trial days, existence, tours, holidays and pairs", async () => {
    const { productJwt } = await loginAs(sandbox, "paula.prueba");
    const { graphql } = clients(sandbox, { productJwt });
    const [membership, plans, cost, trial, exists, tours, holidays, pairs] = await Promise.all([
      graphql.membership(),
      graphql.plans(),
      graphql.membershipCost(),
      graphql.trialDays(),
      graphql.userExists("paula.prueba"),
      graphql.visitedTours(),
      graphql.nonWorkingDates(),
      graphql.pairs(),
    ]);
    expect(membership).toMatchObject({ membershipId: 2, freeTrial: true });
    expect(plans.map((p) => p.id)).toEqual([1, 2]);
    expect(cost.amount).toBeGreaterThan(0);
    expect(trial).toBeGreaterThan(0);
    expect(exists).toBe(true);
    expect(Array.isArray(tours)).toBe(true);
    expect(holidays).toContain("2026-12-25");
    expect(pairs).toContain("USD/MXN");
  });

  it("answers the public queries without a jwt", async () => {
    const { graphql } = clients(sandbox, {});
    await expect(graphql.plans()).resolves.toHaveLength(2);
    await expect(graphql.userExists("nadie.conocido")).resolves.toBe(false);
  });
});
