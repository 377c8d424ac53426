import { describe, expect, it } from "vitest";

import { groupAccounts, parseAccountGroup, recentAccountIds, searchAccounts } from "./account-list";
import { accountViews } from "./accounts";

const views = accountViews(
  Array.from({ length: 14 }, (_, i) => ({
    idAccount: `A-${i + 1}`,
    clabe: `0621800000000${String(1000 + i)}0`.slice(0, 18),
    currency: ["MXN", "USD", "EUR", "MXP"][i % 4],
    balance: 1000 * (i + 1),
    alias: `Cuenta ${["Operativa", "Pagos", "Tesorería", "Concentradora"][i % 4]} ${i + 1}`,
  })),
  [
    { idAccount: "A-2", alias: "Proveedores Asia", favorite: true },
    { idAccount: "A-5", alias: null, favorite: true },
  ],
  { specialRule: false },
);

describe("account groups (§3)", () => {
  it("reads the group from the URL, 'todas' by default", () => {
    expect(parseAccountGroup("favoritas")).toBe("favoritas");
    expect(parseAccountGroup("recientes")).toBe("recientes");
    expect(parseAccountGroup("x")).toBe("todas");
    expect(parseAccountGroup(null)).toBe("todas");
  });

  it("keeps favourites, or the recently used in order of use", () => {
    expect(groupAccounts(views, "favoritas", []).map((v) => v.idAccount)).toEqual(["A-2", "A-5"]);
    expect(groupAccounts(views, "recientes", ["A-9", "A-1", "A-404"]).map((v) => v.idAccount)).toEqual(["A-9", "A-1"]);
    expect(groupAccounts(views, "todas", [])).toHaveLength(14);
  });

  it("orders recent uses newest first, each account once", () => {
    expect(
      recentAccountIds([
        { idAccount: "A-1", lastUsedAt: "2026-03-01T10:00:00Z" },
        { idAccount: "A-2", lastUsedAt: "2026-03-05T10:00:00Z" },
        { idAccount: "A-1", lastUsedAt: "2026-03-09T10:00:00Z" },
      ]),
    ).toEqual(["A-1", "A-2"]);
  });
});

describe("searchAccounts (§5, §9: at most 10)", () => {
  it("finds by alias (case and accents ignored), currency or last digits", () => {
    expect(searchAccounts(views, "asia").results.map((v) => v.idAccount)).toEqual(["A-2"]);
    expect(searchAccounts(views, "TESORERIA").total).toBe(3);
    expect(searchAccounts(views, "eur").results.every((v) => v.currency === "EUR")).toBe(true);
    expect(searchAccounts(views, views[3].last4).results.map((v) => v.last4)).toContain(views[3].last4);
  });

  it("finds MXP accounts when searching MXN, as they are shown", () => {
    expect(searchAccounts(views, "mxn").results.some((v) => v.currency === "MXP")).toBe(true);
  });

  it("limits the results to 10 and says how many matched", () => {
    const { results, total } = searchAccounts(views, "cuenta");
    expect(total).toBe(13);
    expect(results).toHaveLength(10);
  });

  it("without a query lists everything", () => {
    expect(searchAccounts(views, "  ").results).toHaveLength(14);
  });
});
