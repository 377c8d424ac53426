import { IBAN_PATTERN } from "./iban";

/**
 * A full account number as a person reads it: what it is (a national 18-digit number is a CLABE,
 * an IBAN is an IBAN, anything else is an account number) and in groups of four, the way it is
 * read out over the phone or checked against a contract. The groups are for the eye only: what is
 * copied and sent stays the raw value.
 */
export type AccountNumberKind = "clabe" | "iban" | "account";

export function accountNumberKind(value: string, national: boolean): AccountNumberKind {
  const raw = value.replace(/\s/g, "").toUpperCase();
  if (national && /^\d{18}$/.test(raw)) return "clabe";
  if (IBAN_PATTERN.test(raw)) return "iban";
  return "account";
}

/** The number in groups of four from the left ('0622 2500 1002 3400 27'), blanks removed first. */
export function readingGroups(value: string): string[] {
  const raw = value.replace(/\s/g, "");
  return raw.match(/.{1,4}/g) ?? [];
}
