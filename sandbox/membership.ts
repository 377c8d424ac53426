// Membership rules shared by the product API (setmembershipuser) and GraphQL (MembershipData).

import { addDays, daysBetween } from "./dates";
import type { Catalogs, Membership, ProductMember } from "./types";

const PLAN_NAMES = { 1: "Básica", 2: "Pro" } as const;
const PRO_COST_ID = 1;
const PRO_TRIAL_ID = 2;

export interface MembershipView {
  membershipId: 1 | 2;
  name: string;
  freeTrial: boolean;
  currency: "MXN";
  amount: number;
  countdown: number | null;
  expirationDays: number | null;
  lastPayment: string | null;
  nextPayment: string | null;
  status: "active" | "pendingcancel";
}

/** The membership as the app sees it; countdowns are computed against today so they tick. */
export function membershipView(membership: Membership, catalogs: Catalogs, today: string): MembershipView {
  const proCost = catalogs.membershipCosts.find((cost) => cost.id === PRO_COST_ID);
  const daysToNextPayment = membership.nextPayment ? Math.max(0, daysBetween(today, membership.nextPayment)) : null;
  return {
    membershipId: membership.membershipId,
    name: PLAN_NAMES[membership.membershipId],
    freeTrial: membership.freeTrial,
    currency: "MXN",
    amount: membership.membershipId === 2 ? (proCost?.amount ?? 0) : 0,
    countdown: membership.freeTrial ? daysToNextPayment : null,
    expirationDays: membership.status === "pendingcancel" ? daysToNextPayment : null,
    lastPayment: membership.lastPayment,
    nextPayment: membership.nextPayment,
    status: membership.status,
  };
}

/**
 * Switches a member to a plan. Pro starts with the free trial the first time only; after that
 * it is charged right away and renews in 30 days.
 */
export function applyPlan(member: ProductMember, membershipId: 1 | 2, catalogs: Catalogs, today: string): Membership {
  if (membershipId === 1) {
    member.membership = { membershipId: 1, freeTrial: false, lastPayment: null, nextPayment: null, status: "active" };
  } else if (!member.trialUsed) {
    const trialDays = catalogs.trialDays.find((trial) => trial.id === PRO_TRIAL_ID)?.days ?? 30;
    member.trialUsed = true;
    member.membership = {
      membershipId: 2,
      freeTrial: true,
      lastPayment: null,
      nextPayment: addDays(today, trialDays),
      status: "active",
    };
  } else {
    member.membership = {
      membershipId: 2,
      freeTrial: false,
      lastPayment: today,
      nextPayment: addDays(today, 30),
      status: "active",
    };
  }
  return member.membership;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The Pro plan's monthly fee with its tax (§1: a monthly fee plus tax). */
export function proPrice(catalogs: Catalogs) {
  const cost = catalogs.membershipCosts.find((candidate) => candidate.id === PRO_COST_ID);
  const amount = cost?.amount ?? 0;
  const taxRate = cost?.taxRate ?? 0;
  const tax = round2(amount * taxRate);
  return { amount, taxRate, tax, total: round2(amount + tax), currency: "MXN" as const };
}

/**
 * What /membresias shows besides the view above: the price with tax, the trial (its length, and whether the
 * next upgrade starts with it: a member's first Pro only), the trial's end and the payment account.
 */
export function membershipDetails(membership: Membership, catalogs: Catalogs, today: string, trialUsed: boolean) {
  return {
    ...membershipView(membership, catalogs, today),
    proPrice: proPrice(catalogs),
    proTrial: catalogs.trialDays.find((trial) => trial.id === PRO_TRIAL_ID)?.days ?? 30,
    proTrialAvailable: !trialUsed,
    trialEndsAt: membership.freeTrial ? membership.nextPayment : null,
    paymentMethod: membership.paymentAccountId ? ("account" as const) : null,
    accountId: membership.paymentAccountId ?? null,
  };
}

/**
 * Brings a membership up to `today`: a cancelled Pro ends at its next payment date (Básica from then on), and a
 * trial that reached its end becomes paid Pro (the sandbox does not debit that renewal).
 */
export function settleMembership(member: ProductMember, today: string): void {
  const membership = member.membership;
  if (!membership || membership.membershipId !== 2 || !membership.nextPayment || membership.nextPayment > today) return;
  if (membership.status === "pendingcancel") {
    member.membership = { membershipId: 1, freeTrial: false, lastPayment: membership.lastPayment, nextPayment: null, status: "active" };
  } else if (membership.freeTrial) {
    membership.freeTrial = false;
    membership.lastPayment = membership.nextPayment;
    membership.nextPayment = addDays(membership.nextPayment, 30);
  }
}
