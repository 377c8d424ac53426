import { z } from "zod";

import { formatDate, mexicoCityOffset, mexicoDate } from "./dates";
import { Big, roundAmount, toDecimal } from "./decimal";
import { PRO } from "./membership-access";
import { addDays } from "./schedule-dates";
import { msg } from "./validation";
import { termsAccepted } from "./wizard";

export { BASIC, canOpenMarket, canSendInternational, canUseAlerts, canUseMonitoring, isPro, PRO } from "./membership-access";

const DAY_MS = 86_400_000;

/**
 * §4 Membership: "plan id 2 (trial) computes a rounded day countdown to nextDate, only when
 * positive". `nextDate` is the product's "YYYY-MM-DD", taken as the start of that day in Mexico
 * City (decision 061); null for anything else, or when the rounded count is not above 0.
 */
export function trialCountdown(
  membership: { membershipId: number; freeTrial: boolean; nextPayment: string | null },
  now: number,
): number | null {
  if (membership.membershipId !== PRO || !membership.freeTrial || !membership.nextPayment) return null;
  const next = startOfMexicoCityDay(membership.nextPayment);
  if (next === null) return null;
  const days = Math.round((next - now) / DAY_MS);
  return days > 0 ? days : null;
}

/** Midnight of a "YYYY-MM-DD" in Mexico City, or null for another text. */
export function startOfMexicoCityDay(date: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(utcMidnight)) return null;
  return utcMidnight - mexicoCityOffset(utcMidnight) * 60_000;
}

/**
 * What confirming the upgrade does to the money (decision 143), from the product's membership read:
 * a trial, with the day of the first charge (today in Mexico City plus the trial's days, as the product
 * counts it), or the fee charged today. Null when the product does not say whether the trial is still
 * there: the page must then not claim either.
 */
export type UpgradeCharge = { kind: "trial"; days: number; firstCharge: string } | { kind: "today" };

export function upgradeCharge(
  membership: { proTrial: number | null; proTrialAvailable: boolean | null },
  now: number,
): UpgradeCharge | null {
  if (membership.proTrialAvailable === false) return { kind: "today" };
  if (membership.proTrialAvailable !== true || !membership.proTrial || membership.proTrial <= 0) return null;
  return { kind: "trial", days: membership.proTrial, firstCharge: addDays(mexicoDate(now), membership.proTrial) };
}

/** A product date ("YYYY-MM-DD") as the page says it: "27 de marzo de 2026"; null stays null. */
export function planDateText(date: string | null): string | null {
  const start = date === null ? null : startOfMexicoCityDay(date);
  return start === null ? null : formatDate(start);
}

/** The fee is charged in pesos (decision 052): the company's MXN (or the bank's legacy MXP) accounts. */
export function feeAccounts<T extends { currency: string }>(accounts: readonly T[]): T[] {
  return accounts.filter((account) => ["MXN", "MXP"].includes(account.currency.trim().toUpperCase()));
}

/** Which of §3's states the membership is in, as the page names it. */
export type MembershipState = "basic" | "trial" | "active" | "pendingcancel";

export function membershipState(membership: {
  membershipId: number;
  freeTrial: boolean;
  status: "active" | "pendingcancel";
}): MembershipState {
  if (membership.membershipId !== PRO) return "basic";
  if (membership.status === "pendingcancel") return "pendingcancel";
  return membership.freeTrial ? "trial" : "active";
}

/** The membership actions of /membresias (decision 061). */
export const MEMBERSHIP_ACTIONS = ["mejorar", "cancelar", "reanudar", "cuenta"] as const;
export type MembershipAction = (typeof MEMBERSHIP_ACTIONS)[number];

/**
 * What each state offers: Basic may move up to Pro; a running Pro (trial or paid) may cancel and
 * choose the account its fee is charged to; a cancelled Pro may resume until it ends.
 */
export function offeredActions(state: MembershipState): MembershipAction[] {
  switch (state) {
    case "basic":
      return ["mejorar"];
    case "trial":
    case "active":
      return ["cancelar", "cuenta"];
    case "pendingcancel":
      return ["reanudar"];
  }
}

/**
 * §1 "a monthly fee plus tax": the fee, its tax and their sum, in decimals (never binary floats),
 * 2 decimals each, half up. The tax comes from the fee and the product's rate; null when the
 * product's figures are not numbers.
 */
export function priceWithTax(price: { amount: number; taxRate: number }): { amount: string; tax: string; total: string } | null {
  const amount = toDecimal(price.amount);
  const rate = toDecimal(price.taxRate);
  if (!amount || !rate || amount.lt(0) || rate.lt(0)) return null;
  const fee = roundAmount(amount);
  const tax = roundAmount(fee.times(rate));
  return { amount: fee.toFixed(2), tax: tax.toFixed(2), total: fee.plus(tax).toFixed(2) };
}

/** "16 %" from 0.16: the tax rate as the page names it. */
export function taxPercent(rate: number): string {
  const decimal = toDecimal(rate);
  return decimal ? `${new Big(decimal).times(100).round(2).toString()} %` : "";
}

/** An account id of the company: one message at a time (missing, or not one of the options). */
const accountId = z
  .string({ required_error: msg.required })
  .trim()
  .min(1, msg.required)
  .pipe(
    z
      .string()
      .max(40, msg.invalidOption)
      .regex(/^[A-Za-z0-9-]+$/, msg.invalidOption),
  );

/**
 * The one schema of /membresias's forms (decision 061), for the browser and the action: which
 * action, with the idempotency key an upgrade carries (it charges money), the terms it accepts and
 * the account the fee is charged to.
 */
export const membershipFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("mejorar"),
    idempotencyKey: z.string({ required_error: msg.required }).uuid(msg.invalidOption),
    accountId: accountId.optional(),
    // The Terms make Pro's monthly fee a contract accepted by ticking the box, as in the wizard.
    terms: termsAccepted,
  }),
  z.object({ intent: z.literal("cancelar") }),
  z.object({ intent: z.literal("reanudar") }),
  z.object({ intent: z.literal("cuenta"), accountId }),
]);
export type MembershipFormInput = z.infer<typeof membershipFormSchema>;
