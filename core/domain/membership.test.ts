import { describe, expect, it } from "vitest";

import {
  canOpenMarket,
  canSendInternational,
  feeAccounts,
  membershipFormSchema,
  membershipState,
  offeredActions,
  planDateText,
  priceWithTax,
  startOfMexicoCityDay,
  taxPercent,
  trialCountdown,
  upgradeCharge,
} from "./membership";

const at = (iso: string) => Date.parse(iso);

describe("trialCountdown (§4: plan 2 in trial, rounded days to the next date, only when positive)", () => {
  const trial = { membershipId: 2, freeTrial: true, nextPayment: "2026-03-19" };

  it("counts the rounded days to the start of the next date in Mexico City", () => {
    // 2026-03-10 12:00 in Mexico City is 8.5 days before 2026-03-19 00:00 there: rounded, 9.
    expect(trialCountdown(trial, at("2026-03-10T18:00:00Z"))).toBe(9);
    // 11:00 the evening before is 0.04 days before: rounded, 0, which is not shown.
    expect(trialCountdown(trial, at("2026-03-19T05:00:00Z"))).toBeNull();
    // 2026-03-18 08:00 there: 16 hours before, rounded to 1.
    expect(trialCountdown(trial, at("2026-03-18T14:00:00Z"))).toBe(1);
  });

  it("is null after the date, for a paid Pro, for Basic and without a date", () => {
    expect(trialCountdown(trial, at("2026-03-25T18:00:00Z"))).toBeNull();
    expect(trialCountdown({ ...trial, freeTrial: false }, at("2026-03-10T18:00:00Z"))).toBeNull();
    expect(trialCountdown({ ...trial, membershipId: 1 }, at("2026-03-10T18:00:00Z"))).toBeNull();
    expect(trialCountdown({ ...trial, nextPayment: null }, at("2026-03-10T18:00:00Z"))).toBeNull();
    expect(trialCountdown({ ...trial, nextPayment: "19/03/2026" }, at("2026-03-10T18:00:00Z"))).toBeNull();
  });
});

describe("dates", () => {
  it("takes a product date as the start of that day in Mexico City and says it in Spanish", () => {
    expect(startOfMexicoCityDay("2026-03-27")).toBe(at("2026-03-27T06:00:00Z"));
    expect(startOfMexicoCityDay("2026-3-27")).toBeNull();
    expect(startOfMexicoCityDay("2026-13-45")).toBeNull();
    expect(planDateText("2026-03-27")).toBe("27 de marzo de 2026");
    expect(planDateText("2027-01-01")).toBe("1 de enero de 2027");
    expect(planDateText(null)).toBeNull();
  });
});

describe("state and offered actions", () => {
  it("names the state from the plan, the trial and the status", () => {
    expect(membershipState({ membershipId: 1, freeTrial: false, status: "active" })).toBe("basic");
    expect(membershipState({ membershipId: 2, freeTrial: true, status: "active" })).toBe("trial");
    expect(membershipState({ membershipId: 2, freeTrial: false, status: "active" })).toBe("active");
    expect(membershipState({ membershipId: 2, freeTrial: true, status: "pendingcancel" })).toBe("pendingcancel");
  });

  it("offers the upgrade to Basic, cancel and the account to a running Pro, resume to a cancelled one", () => {
    expect(offeredActions("basic")).toEqual(["mejorar"]);
    expect(offeredActions("trial")).toEqual(["cancelar", "cuenta"]);
    expect(offeredActions("active")).toEqual(["cancelar", "cuenta"]);
    expect(offeredActions("pendingcancel")).toEqual(["reanudar"]);
  });

  it("opens the market to Pro only", () => {
    expect(canOpenMarket(2)).toBe(true);
    expect(canOpenMarket(1)).toBe(false);
    expect(canOpenMarket(undefined)).toBe(false);
  });
});

describe("priceWithTax (§1: a monthly fee plus tax)", () => {
  it("adds the tax in decimals, 2 places, half up", () => {
    expect(priceWithTax({ amount: 499, taxRate: 0.16 })).toEqual({ amount: "499.00", tax: "79.84", total: "578.84" });
    // 1234.56 × 0.16 = 197.5296 -> 197.53.
    expect(priceWithTax({ amount: 1234.56, taxRate: 0.16 })).toEqual({ amount: "1234.56", tax: "197.53", total: "1432.09" });
    // The fee is taken to the cent first (10.03), then its tax: 1.6048 -> 1.60.
    expect(priceWithTax({ amount: 10.03125, taxRate: 0.16 })).toEqual({ amount: "10.03", tax: "1.60", total: "11.63" });
    // Exactly half a cent rounds up.
    expect(priceWithTax({ amount: 0.01, taxRate: 0.5 })).toEqual({ amount: "0.01", tax: "0.01", total: "0.02" });
    expect(priceWithTax({ amount: 0, taxRate: 0.16 })).toEqual({ amount: "0.00", tax: "0.00", total: "0.00" });
  });

  it("refuses figures that are not numbers or are negative", () => {
    expect(priceWithTax({ amount: Number.NaN, taxRate: 0.16 })).toBeNull();
    expect(priceWithTax({ amount: 499, taxRate: -0.16 })).toBeNull();
    expect(priceWithTax({ amount: -1, taxRate: 0.16 })).toBeNull();
  });

  it("names the rate as a percentage", () => {
    expect(taxPercent(0.16)).toBe("16 %");
    expect(taxPercent(0.085)).toBe("8.5 %");
  });
});

describe("feeAccounts", () => {
  it("keeps the peso accounts (MXN and the bank's MXP)", () => {
    const accounts = [{ currency: "MXN" }, { currency: "USD" }, { currency: "mxp" }, { currency: "EUR" }];
    expect(feeAccounts(accounts)).toEqual([{ currency: "MXN" }, { currency: "mxp" }]);
  });
});

describe("upgradeCharge (decision 143: what confirming the upgrade charges today)", () => {
  // 23:30 in Mexico City on 30 November is already 1 December in UTC: the day counted is Mexico City's.
  const lateEvening = at("2026-12-01T05:30:00Z");

  it("a company that never had Pro starts the trial; the first charge falls the trial's days after today", () => {
    expect(upgradeCharge({ proTrial: 30, proTrialAvailable: true }, lateEvening)).toEqual({
      kind: "trial",
      days: 30,
      firstCharge: "2026-12-30",
    });
  });

  it("after a trial, the fee is charged today", () => {
    expect(upgradeCharge({ proTrial: 30, proTrialAvailable: false }, lateEvening)).toEqual({ kind: "today" });
  });

  it("says nothing when the product does not say, or gives no trial length", () => {
    expect(upgradeCharge({ proTrial: 30, proTrialAvailable: null }, lateEvening)).toBeNull();
    expect(upgradeCharge({ proTrial: null, proTrialAvailable: true }, lateEvening)).toBeNull();
    expect(upgradeCharge({ proTrial: 0, proTrialAvailable: true }, lateEvening)).toBeNull();
  });
});

describe("membershipFormSchema", () => {
  const key = "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f";

  it("accepts each action with what it needs", () => {
    expect(membershipFormSchema.safeParse({ intent: "mejorar", idempotencyKey: key, accountId: "A-200115-01", terms: true }).success).toBe(
      true,
    );
    expect(membershipFormSchema.safeParse({ intent: "mejorar", idempotencyKey: key, terms: true }).success).toBe(true);
    expect(membershipFormSchema.safeParse({ intent: "cancelar" }).success).toBe(true);
    expect(membershipFormSchema.safeParse({ intent: "reanudar" }).success).toBe(true);
    expect(membershipFormSchema.safeParse({ intent: "cuenta", accountId: "A-100234-01" }).success).toBe(true);
  });

  it("refuses an upgrade without a proper key, an account change without an account, and unknown intents", () => {
    expect(membershipFormSchema.safeParse({ intent: "mejorar", terms: true }).success).toBe(false);
    expect(membershipFormSchema.safeParse({ intent: "mejorar", idempotencyKey: "1", terms: true }).success).toBe(false);
    const missing = membershipFormSchema.safeParse({ intent: "cuenta", accountId: "  " });
    expect(missing.success).toBe(false);
    if (!missing.success) expect(missing.error.issues[0].message).toBe("Campo obligatorio");
    const odd = membershipFormSchema.safeParse({ intent: "cuenta", accountId: "<script>" });
    expect(odd.success).toBe(false);
    if (!odd.success) expect(odd.error.issues[0].message).toBe("Selecciona una opción válida");
    expect(membershipFormSchema.safeParse({ intent: "borrar" }).success).toBe(false);
  });

  it("refuses an upgrade whose terms were not accepted (the Terms ask for the box, as the wizard does)", () => {
    for (const terms of [undefined, false]) {
      const refused = membershipFormSchema.safeParse({ intent: "mejorar", idempotencyKey: key, terms });
      expect(refused.success).toBe(false);
      if (!refused.success) expect(refused.error.issues[0].message).toBe("Debes aceptar los Términos y Condiciones para continuar.");
    }
  });
});

describe("canSendInternational (§6, decision 066)", () => {
  it("lets only Pro send to international recipients; Basic and an unreadable membership send nationally", () => {
    expect(canSendInternational(2)).toBe(true);
    expect(canSendInternational(1)).toBe(false);
    expect(canSendInternational(null)).toBe(false);
    expect(canSendInternational(undefined)).toBe(false);
  });
});
