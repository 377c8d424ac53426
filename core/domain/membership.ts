/** Membership levels of SPEC §1: Basic (id 1) and Pro (id 2). */
export const BASIC = 1;
export const PRO = 2;

export type MembershipLevel = typeof BASIC | typeof PRO;

export function isPro(membershipId: number | undefined): boolean {
  return membershipId === PRO;
}

/** §6: Basic members cannot open the market route. */
export function canOpenMarket(membershipId: number | undefined): boolean {
  return isPro(membershipId);
}

/**
 * §4 Membership: on the trial plan, whole days left until the next payment date, only when
 * positive. Dates are "YYYY-MM-DD" in Mexico City; `today` likewise.
 */
export function trialDaysLeft(today: string, nextPayment: string | null): number | null {
  if (!nextPayment) return null;
  const days = Math.round((Date.parse(`${nextPayment}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  return Number.isFinite(days) && days > 0 ? days : null;
}
