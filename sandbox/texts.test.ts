import { describe, expect, it } from "vitest";

import { formatMoney } from "#core/money";

import { createSeedState } from "./seed";
import { accountName, moneyText } from "./texts";

describe("the bank's texts write money and accounts as the portal shows them", () => {
  it("money: symbol, es-MX grouping, 2 decimals and the code, as core/money formats it", () => {
    for (const [amount, currency] of [
      [1500, "MXN"],
      [87250.5, "USD"],
      [8000, "EUR"],
      [1234567.891, "GBP"],
      [250000, "MXP"],
      [-10, "USD"],
    ] as const) {
      expect(moneyText(amount, currency)).toBe(formatMoney(amount, currency));
    }
    expect(moneyText(1500, "MXN")).toBe("$1,500.00 MXN");
  });

  it("accounts: the member's alias first, else the bank's", () => {
    const state = createSeedState(new Date("2026-11-20T18:00:00Z"));
    expect(accountName(state, 1, "A-100234-01")).toBe("Concentradora Bajío");
    expect(accountName(state, 2, "A-100234-01")).toBe("Operativa MXN");
    expect(accountName(state, 1, "no-existe")).toBeNull();
  });

  it("the seeded notifications: every amount with its symbol and code, Ana's accounts by her names", () => {
    const state = createSeedState(new Date("2026-11-20T18:00:00Z"));
    const copies = state.notifications.map((notification) => notification.copy);
    const amounts = copies.flatMap((copy) => copy.match(/\S*\d[\d,]*\.\d\d\s\S+/g) ?? []);
    expect(amounts.length).toBeGreaterThan(10);
    for (const amount of amounts) expect(amount).toMatch(/^[$€£¥₣][\d]{1,3}(,\d{3})*\.\d\d [A-Z]{3}$/);
    const ana = state.notifications.filter((notification) => notification.memberId === 1).map((notification) => notification.copy);
    expect(ana.some((copy) => copy.includes("tu cuenta Concentradora Bajío"))).toBe(true);
    expect(ana.some((copy) => copy.includes("Operativa MXN") || copy.includes("Pagos USD"))).toBe(false);
  });
});
