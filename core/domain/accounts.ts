/** Accounts as the dashboard shows them (SPEC §3 Account, §6 special rule, §9 masking). */
export interface BankAccountInput {
  idAccount: string;
  clabe: string;
  currency: string;
  balance: number;
  alias: string;
}

export interface MemberAccountInput {
  idAccount: string;
  alias: string | null;
  favorite: boolean;
}

export interface AccountView {
  idAccount: string;
  alias: string;
  currency: string;
  balance: number;
  /** Last 4 digits only; the full number never leaves the server. */
  last4: string;
  favorite: boolean;
}

/** §6: the special-rule company only sees MXN, MXP and USD accounts. */
export const SPECIAL_RULE_CURRENCIES = ["MXN", "MXP", "USD"];

export function accountViews(
  bank: readonly BankAccountInput[],
  member: readonly MemberAccountInput[],
  options: { specialRule: boolean },
): AccountView[] {
  const records = new Map(member.map((record) => [record.idAccount, record]));
  return bank
    .filter((account) => !options.specialRule || SPECIAL_RULE_CURRENCIES.includes(account.currency.toUpperCase()))
    .map((account) => {
      const record = records.get(account.idAccount);
      return {
        idAccount: account.idAccount,
        alias: record?.alias?.trim() || account.alias,
        currency: account.currency.toUpperCase(),
        balance: account.balance,
        last4: account.clabe.replace(/\D/g, "").slice(-4),
        favorite: record?.favorite ?? false,
      };
    })
    .sort((a, b) => Number(b.favorite) - Number(a.favorite));
}
