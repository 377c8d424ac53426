import { isPro } from "./membership-access";

/** SPEC §6 reserves the market for Pro; the portfolio compares against it, so it is Pro too. */
export function canOpenPortfolio(membershipId: number | undefined): boolean {
  return isPro(membershipId);
}
