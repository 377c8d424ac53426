// IBAN as the bank checks it (ISO 13616 / ISO 7064 MOD 97-10). The sandbox plays an independent bank, so it
// keeps its own check rather than the app's (core/domain/iban.ts): two implementations that must agree.

const SHAPE = /^([A-Z]{2})(\d{2})([A-Z0-9]{11,30})$/;

/** The IBAN's country when it is whole and its check digits hold, else null. Blanks are ignored. */
export function ibanCountryIfValid(account: string): string | null {
  const iban = account.replace(/\s/g, "").toUpperCase();
  const match = SHAPE.exec(iban);
  if (!match) return null;
  const [, country, check, bban] = match;
  const digits = [...`${bban}${country}${check}`].map((char) => parseInt(char, 36).toString()).join("");
  return BigInt(digits) % 97n === 1n ? country : null;
}
