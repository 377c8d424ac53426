import { BASIC, canOpenMarket, canSendInternational, canUseAlerts, canUseMonitoring, PRO } from "./membership-access";
import { canOpenPortfolio } from "./portfolio-access";

/**
 * What each membership includes (decision 124): one list, whose every line is decided by the
 * same predicate the routes and the calculator ask, so the plan table on /membresias and the
 * wizard cannot promise or withhold what the portal does otherwise. The words are
 * `features.*` in core/locales/es-MX/membership.json.
 */
export const PLAN_IDS = [BASIC, PRO] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** What needs no plan of its own: every member (Basic or Pro) has it. */
const everyMember = (membershipId: number | undefined): boolean => membershipId === BASIC || membershipId === PRO;

export const PLAN_FEATURES = [
  { key: "trade", included: everyMember },
  { key: "nationalTransfers", included: everyMember },
  { key: "history", included: everyMember },
  // The planner, the recurring payments and the multiple payment ask for a signed-in member only.
  { key: "payments", included: everyMember },
  { key: "alerts", included: canUseAlerts },
  { key: "monitoring", included: canUseMonitoring },
  // Collaborator permissions depend on the company's feature (decision 060), not on the plan.
  { key: "collaborators", included: everyMember },
  { key: "internationalTransfers", included: canSendInternational },
  { key: "market", included: canOpenMarket },
  { key: "portfolio", included: canOpenPortfolio },
] as const satisfies ReadonlyArray<{ key: string; included: (membershipId: number | undefined) => boolean }>;

export type PlanFeatureKey = (typeof PLAN_FEATURES)[number]["key"];

/** The comparison table: each feature with whether each plan has it. */
export function planComparison(): Array<{ key: PlanFeatureKey; plans: Record<PlanId, boolean> }> {
  return PLAN_FEATURES.map((feature) => ({
    key: feature.key,
    plans: { [BASIC]: feature.included(BASIC), [PRO]: feature.included(PRO) } as Record<PlanId, boolean>,
  }));
}

/**
 * A plan's card in the wizard: Basic lists what it has; Pro says it has all of Basic ("basicToo")
 * and lists what it adds, so the two cards read as a step up.
 */
export function planHighlights(planId: number): Array<PlanFeatureKey | "basicToo"> {
  const has = (id: number) => PLAN_FEATURES.filter((feature) => feature.included(id)).map((feature) => feature.key);
  if (planId !== PRO) return has(BASIC);
  const basic = new Set<PlanFeatureKey>(has(BASIC));
  return ["basicToo", ...has(PRO).filter((key) => !basic.has(key))];
}
