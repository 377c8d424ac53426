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
