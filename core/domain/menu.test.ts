import { describe, expect, it } from "vitest";

import { screenTitleKey, sidebarItems } from "./menu";

const base = { membershipId: 2, specialRuleCompany: false, newFeatureCompany: false, permissionsFeatureEnabled: false };

describe("sidebarItems (§2 Shell, §6)", () => {
  it("has the six entries plus the market for Pro", () => {
    expect(sidebarItems(base).map((i) => i.key)).toEqual([
      "dashboard",
      "planner",
      "operations",
      "accounts",
      "receivers",
      "monitoring",
      "market",
    ]);
  });

  it("has no market item for Basic members", () => {
    expect(sidebarItems({ ...base, membershipId: 1 }).map((i) => i.key)).not.toContain("market");
  });

  it("hides receivers for the special-rule company", () => {
    expect(sidebarItems({ ...base, specialRuleCompany: true }).map((i) => i.key)).not.toContain("receivers");
  });

  it("shows the new-feature badge and the approve label when asked", () => {
    const planner = sidebarItems({ ...base, newFeatureCompany: true, permissionsFeatureEnabled: true }).find((i) => i.key === "planner");
    expect(planner).toMatchObject({ badgeKey: "shell.menu.newFeature", labelKey: "shell.menu.plannerApprove" });
  });
});

describe("screenTitleKey", () => {
  it("names the screens of §2", () => {
    expect(screenTitleKey("/")).toBe("shell.title.dashboard");
    expect(screenTitleKey("/cuentas/123")).toBe("shell.title.accounts");
    expect(screenTitleKey("/destinatarios-alta")).toBe("shell.title.receivers");
    expect(screenTitleKey("/comportamiento-de-mercado")).toBe("shell.title.market");
    expect(screenTitleKey("/login")).toBeNull();
  });
});
