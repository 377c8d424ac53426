// CLABE = 3-digit bank code + 3-digit plaza + 11-digit account + 1 check digit (Banxico rule).
// The app validates CLABEs, so seeded ones must carry a correct check digit.

const WEIGHTS = [3, 7, 1] as const;

export function clabeCheckDigit(first17: string): number {
  if (!/^\d{17}$/.test(first17)) {
    throw new Error(`A CLABE prefix needs 17 digits, got "${first17}"`);
  }
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    sum += (Number(first17[i]) * WEIGHTS[i % 3]) % 10;
  }
  return (10 - (sum % 10)) % 10;
}

export function buildClabe(bankCode: string, plaza: string, accountNumber: string): string {
  const first17 = `${bankCode}${plaza}${accountNumber}`;
  return `${first17}${clabeCheckDigit(first17)}`;
}

export function isValidClabe(clabe: string): boolean {
  return /^\d{18}$/.test(clabe) && clabeCheckDigit(clabe.slice(0, 17)) === Number(clabe[17]);
}
