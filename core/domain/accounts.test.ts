import { describe, expect, it } from "vitest";

import { accountViews } from "./accounts";

const bank = [
  { idAccount: "A1", clabe: "012180001234567897", currency: "MXN", balance: 10, alias: "Operativa" },
  { idAccount: "A2", clabe: "012180009876543213", currency: "EUR", balance: 20, alias: "Euros" },
  { idAccount: "A3", clabe: "012180005555555550", currency: "usd", balance: 30, alias: "Dólares" },
  { idAccount: "A4", clabe: "012180001111111118", currency: "MXP", balance: 40, alias: "Pesos" },
];

describe("accountViews", () => {
  it("prefers the member's alias, puts favourites first and keeps only the last 4 digits", () => {
    const views = accountViews(bank, [{ idAccount: "A3", alias: "Pagos USD", favorite: true }], { specialRule: false });
    expect(views.map((v) => v.idAccount)).toEqual(["A3", "A1", "A2", "A4"]);
    expect(views[0]).toEqual({ idAccount: "A3", alias: "Pagos USD", currency: "USD", balance: 30, last4: "5550", favorite: true });
    expect(views.every((v) => v.last4.length === 4)).toBe(true);
  });

  it("falls back to the bank's alias when the member alias is blank", () => {
    const [first] = accountViews(bank.slice(0, 1), [{ idAccount: "A1", alias: "  ", favorite: false }], { specialRule: false });
    expect(first.alias).toBe("Operativa");
  });

  it("limits the special-rule company to MXN, MXP and USD", () => {
    const views = accountViews(bank, [], { specialRule: true });
    expect(views.map((v) => v.currency)).toEqual(["MXN", "USD", "MXP"]);
  });
});
