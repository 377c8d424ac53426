/**
 * Money and account display rules of SPEC §9, shared by server and browser: amounts with 2
 * decimals, rates with 6, the currency symbols of §9, MXP shown as MXN, accounts masked to
 * their last 4 digits.
 */
const SYMBOLS: Record<string, string> = {
  AUD: "$",
  CAD: "$",
  MXN: "$",
  USD: "$",
  EUR: "€",
  GBP: "£",
  JPY: "¥",
  CNY: "¥",
  CHF: "₣",
};

/** The currency code a person sees: the bank's legacy MXP is shown as MXN. */
export function displayCurrency(code: string): string {
  const upper = code.trim().toUpperCase();
  return upper === "MXP" ? "MXN" : upper;
}

export function currencySymbol(code: string): string {
  return SYMBOLS[displayCurrency(code)] ?? "";
}

const amountFormat = new Intl.NumberFormat("es-MX", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rateFormat = new Intl.NumberFormat("es-MX", { minimumFractionDigits: 6, maximumFractionDigits: 6 });

/** "$1,234,567.89 MXN"; negative amounts as "-$10.00 USD". */
export function formatMoney(amount: number, currency: string): string {
  const code = displayCurrency(currency);
  const sign = amount < 0 ? "-" : "";
  // Round half away from zero on the cents, as a person would, not as binary floats do.
  const cents = Math.round(Math.abs(amount) * 100 + Number.EPSILON * 100);
  return `${sign}${currencySymbol(code)}${amountFormat.format(cents / 100)} ${code}`.trim();
}

/** Exchange rates keep 6 decimals (§9). */
export function formatRate(rate: number): string {
  return rateFormat.format(rate);
}

/**
 * A rate with its direction, so it cannot be read upside down: '1 USD = 17.237474 MXN' — one unit of
 * the pair's first currency in its second, 6 decimals (§9).
 */
export function formatRateBetween(rate: number, base: string, quote: string): string {
  return `1 ${displayCurrency(base)} = ${formatRate(rate)} ${displayCurrency(quote)}`;
}

/** "•••• 4321": everything but the last 4 digits hidden (§9). */
export function maskAccount(accountNumber: string): string {
  const digits = accountNumber.replace(/\s+/g, "");
  if (digits.length <= 4) return digits;
  return `•••• ${digits.slice(-4)}`;
}
