/**
 * Who may open what, by membership (§1, §6; decisions 045, 066): plain predicates, apart from the
 * membership's form schema, so a route that only asks them ships neither zod nor the calendar
 * (decisions 065, 069). `membership.ts` re-exports them for server code.
 */
/** Membership levels of SPEC §1: Basic (id 1) and Pro (id 2). */
export const BASIC = 1;
export const PRO = 2;

export function isPro(membershipId: number | undefined): boolean {
  return membershipId === PRO;
}

/** §6: Basic members cannot open the market route. */
export function canOpenMarket(membershipId: number | undefined): boolean {
  return isPro(membershipId);
}

/** Decision 045: price alerts for every member with a membership (Basic included). */
export function canUseAlerts(membershipId: number | undefined): boolean {
  return membershipId === BASIC || membershipId === PRO;
}

/** Decision 045: currency monitoring for every member with a membership (Basic included). */
export function canUseMonitoring(membershipId: number | undefined): boolean {
  return membershipId === BASIC || membershipId === PRO;
}

/**
 * §6 says international recipients "are removed for some memberships" and leaves the rule unstated.
 * Decision 066: sending to an international recipient is a Pro feature, as the market is; a Basic
 * member still sees and manages them, and a member whose membership cannot be read sends nationally
 * only (it fails closed, like every money rule).
 */
export function canSendInternational(membershipId: number | null | undefined): boolean {
  return membershipId === PRO;
}
