import { describe, expect, it } from "vitest";

import texts from "../locales/es-MX/membership.json";
import { BASIC, canOpenMarket, canSendInternational, canUseAlerts, canUseMonitoring, PRO } from "./membership-access";
import { PLAN_FEATURES, planComparison, planHighlights } from "./plan-features";
import { canOpenPortfolio } from "./portfolio-access";

const feature = (key: string) => PLAN_FEATURES.find((item) => item.key === key);
const basicHas = (key: string) => planComparison().find((row) => row.key === key)?.plans[BASIC];

describe("what each plan includes (decision 124)", () => {
  it("gives Basic members the planner, the alerts and the monitoring they use", () => {
    expect(basicHas("payments")).toBe(true);
    expect(basicHas("alerts")).toBe(true);
    expect(basicHas("monitoring")).toBe(true);
  });

  it("keeps for Pro exactly the market, the portfolio and international transfers", () => {
    const proOnly = planComparison()
      .filter((row) => row.plans[PRO] && !row.plans[BASIC])
      .map((row) => row.key);
    expect(proOnly.sort()).toEqual(["internationalTransfers", "market", "portfolio"]);
    expect(planComparison().every((row) => row.plans[PRO])).toBe(true);
  });

  it("decides each line with the predicate the portal itself asks, so the table cannot drift from the routes", () => {
    expect(feature("market")?.included).toBe(canOpenMarket);
    expect(feature("portfolio")?.included).toBe(canOpenPortfolio);
    expect(feature("internationalTransfers")?.included).toBe(canSendInternational);
    expect(feature("alerts")?.included).toBe(canUseAlerts);
    expect(feature("monitoring")?.included).toBe(canUseMonitoring);
  });

  it("has Spanish words for every line", () => {
    const words: Record<string, string> = texts.features;
    for (const { key } of PLAN_FEATURES) expect(words[key], key).toMatch(/\S/);
    expect(words.basicToo).toMatch(/\S/);
  });

  it("shows Pro in the wizard as Basic plus what it adds", () => {
    expect(planHighlights(BASIC)).toContain("monitoring");
    expect(planHighlights(BASIC)).not.toContain("market");
    expect(planHighlights(PRO)).toEqual(["basicToo", "internationalTransfers", "market", "portfolio"]);
  });
});
