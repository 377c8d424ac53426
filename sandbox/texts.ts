import type { SandboxState } from "./types";

/**
 * How the bank's texts (notifications, the challenge page) write money and name accounts, the
 * same way the portal shows them (decision 055): "$1,500.00 MXN" — the currency's symbol, es-MX
 * grouping, 2 decimals and the code, MXP written MXN — and an account by the alias the member gave
 * it, else the bank's.
 */
const SYMBOLS: Record<string, string> = { AUD: "$", CAD: "$", MXN: "$", USD: "$", EUR: "€", GBP: "£", JPY: "¥", CNY: "¥", CHF: "₣" };

const amountFormat = new Intl.NumberFormat("es-MX", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function moneyText(amount: number, currency: string): string {
  const code = currency.trim().toUpperCase() === "MXP" ? "MXN" : currency.trim().toUpperCase();
  const sign = amount < 0 ? "-" : "";
  return `${sign}${SYMBOLS[code] ?? ""}${amountFormat.format(Math.round(Math.abs(amount) * 100) / 100)} ${code}`;
}

/** The account's name as the member sees it in the portal: their alias, else the bank's. */
export function accountName(state: Pick<SandboxState, "accounts" | "memberAccounts">, memberId: number, idAccount: string): string | null {
  const own = state.memberAccounts.find((record) => record.memberId === memberId && record.idAccount === idAccount)?.alias?.trim();
  return own || state.accounts.find((account) => account.idAccount === idAccount)?.alias || null;
}
