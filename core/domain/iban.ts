/**
 * IBAN (ISO 13616), the account of an international recipient whose account type is IBAN (§9
 * code 11): 2 letters of the country, 2 check digits and the national account (BBAN) of 11 to 30
 * letters or digits. People copy it from an invoice in groups of four ('DE89 3704 0044 0532 0130
 * 00'), so blanks are dropped and letters upper-cased before anything is checked or sent.
 *
 * The check digits are ISO 7064 MOD 97-10: move the first four characters to the end, read every
 * letter as two digits (A = 10 … Z = 35) and the whole number leaves 1 when divided by 97.
 */
export const IBAN_PATTERN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;
/** The longest IBAN written in groups of four: 34 characters and 8 blanks. */
export const IBAN_TYPED_MAX = 42;

/** The IBAN as it is checked and sent: blanks and hyphens dropped, letters upper-cased. */
export function compactIban(typed: string): string {
  return typed.replace(/[\s-]/g, "").toUpperCase();
}

/** The remainder modulo 97 of the IBAN's rearranged number, computed a digit at a time. */
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= "A" ? char.charCodeAt(0) - 55 : Number(char);
    remainder = (remainder * (value >= 10 ? 100 : 10) + value) % 97;
  }
  return remainder;
}

export type IbanProblem = "format" | "checkDigits";

/** What is wrong with a typed IBAN ('format': not shaped like one; 'checkDigits': a typo), or null. */
export function ibanProblem(typed: string): IbanProblem | null {
  const iban = compactIban(typed);
  if (!IBAN_PATTERN.test(iban)) return "format";
  return mod97(iban) === 1 ? null : "checkDigits";
}

/** The IBAN's country (ISO 3166 alpha-2), which must be the country of the bank's SWIFT code. */
export const ibanCountry = (typed: string) => compactIban(typed).slice(0, 2);
