import { describe, expect, it } from "vitest";

import { screenTitleKey, sidebarItems } from "./menu";

const base = {
  membershipId: 2,
  specialRuleCompany: false,
  newFeatureCompany: false,
  permissionsFeatureEnabled: false,
  administrator: true,
};

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

  it("shows the new-feature badge and, with the permissions feature on, the approve label leading to the approvals", () => {
    const planner = sidebarItems({ ...base, newFeatureCompany: true, permissionsFeatureEnabled: true }).find((i) => i.key === "planner");
    expect(planner).toMatchObject({ badgeKey: "shell.menu.newFeature", labelKey: "shell.menu.plannerApprove", href: "/aprobaciones" });
  });

  it("keeps 'Gestión de pagos' and the planner with the feature off, and for a collaborator, who cannot approve", () => {
    const off = sidebarItems(base).find((i) => i.key === "planner");
    expect(off).toMatchObject({ labelKey: "shell.menu.planner", href: "/planner" });
    const collaborator = sidebarItems({ ...base, permissionsFeatureEnabled: true, administrator: false }).find((i) => i.key === "planner");
    expect(collaborator).toMatchObject({ labelKey: "shell.menu.planner", href: "/planner" });
  });
});

describe("screenTitleKey", () => {
  it("names the screens of §2", () => {
    expect(screenTitleKey("/")).toBe("shell.title.dashboard");
    expect(screenTitleKey("/cuentas/123")).toBe("shell.title.accounts");
    expect(screenTitleKey("/destinatarios-alta")).toBe("shell.title.receivers");
    expect(screenTitleKey("/comportamiento-de-mercado")).toBe("shell.title.market");
    expect(screenTitleKey("/aprobaciones")).toBe("shell.title.approvals");
    expect(screenTitleKey("/login")).toBeNull();
  });
});
