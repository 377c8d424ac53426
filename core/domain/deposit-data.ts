import { bankOfClabe } from "./clabe";

/**
 * An account's deposit data (SPEC §9: national deposit data for MXP, USD and EUR), what a
 * treasurer copies to be paid into the account: the full CLABE, its bank, the currency and the
 * holder. Lists keep §9's masking; the full number is a request of its own (decision 123).
 */
export interface DepositData {
  clabe: string;
  /** The bank the CLABE's first 3 digits name (§9's Mexican bank list), or "" for an unknown code. */
  bank: string;
  currency: string;
  holder: string;
  /** The interbank rail that pays into this CLABE in its currency, or null when we cannot name one. */
  rail: DepositRail | null;
}

/**
 * The rails a national CLABE is paid through (SPEC §3's movement types): SPEI carries pesos, SPID
 * carries dollars. Neither the spec nor the sandbox names one for euros, so a EUR account's card
 * names none rather than send a payer to a rail that would return the money.
 */
export type DepositRail = "SPEI" | "SPID";

const RAIL_BY_CURRENCY: Readonly<Record<string, DepositRail>> = { MXN: "SPEI", MXP: "SPEI", USD: "SPID" };

export function depositRail(currency: string): DepositRail | null {
  return RAIL_BY_CURRENCY[currency.trim().toUpperCase()] ?? null;
}

/** §9: only these currencies have national deposit data; MXP is shown as MXN. */
export const DEPOSIT_CURRENCIES = ["MXN", "MXP", "USD", "EUR"] as const;

export function hasDepositData(currency: string): boolean {
  return (DEPOSIT_CURRENCIES as readonly string[]).includes(currency.trim().toUpperCase());
}

/** The URL's request to reveal (`?ver=clabe`, `?ver=cuenta`): only the exact word asks. */
export function revealRequested(value: string | null, what: "clabe" | "cuenta"): boolean {
  return value === what;
}

/** The deposit data of an account with a national CLABE, or null for a currency without them. */
export function depositData(account: { clabe: string; currency: string; holder: string }): DepositData | null {
  if (!hasDepositData(account.currency)) return null;
  const clabe = account.clabe.replace(/\D/g, "");
  const currency = account.currency.trim().toUpperCase();
  return {
    clabe,
    bank: bankOfClabe(clabe)?.name ?? "",
    currency: currency === "MXP" ? "MXN" : currency,
    holder: account.holder.trim(),
    rail: depositRail(currency),
  };
}
