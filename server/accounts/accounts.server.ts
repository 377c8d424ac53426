import type { AccountGroup } from "#core/domain/account-list";
import { groupAccounts, recentAccountIds, searchAccounts } from "#core/domain/account-list";
import type { AccountView } from "#core/domain/accounts";
import type { DepositData } from "#core/domain/deposit-data";
import { depositData } from "#core/domain/deposit-data";

import type { AccessContext } from "../session/auth.server";
import { companyAccounts } from "../trading/accounts.server";
import { optional } from "../upstream/optional.server";
import type { BankAccount } from "../upstream/partner.server";

/**
 * 'Mis cuentas' (SPEC §2 /cuentas): the company's accounts as the dashboard builds them
 * (special-rule currencies, member aliases and favourites), grouped and searched.
 */
const OPERATION_KINDS = ["buy", "sell", "transfer"] as const;

/** Accounts used in the member's operations of any kind, newest use first; optional data. */
async function recentIds(access: AccessContext): Promise<string[]> {
  const uses = await Promise.all(
    OPERATION_KINDS.map((kind) =>
      optional(access.api.trading.recentAccounts(kind), [], { log: access.log, event: `recent_${kind}_accounts_unavailable` }),
    ),
  );
  return recentAccountIds(uses.flat());
}

export interface AccountsPage {
  accounts: AccountView[];
  total: number;
  limited: boolean;
}

export async function loadAccountsPage(access: AccessContext, options: { group: AccountGroup; query: string }): Promise<AccountsPage> {
  const [{ views }, recent] = await Promise.all([
    companyAccounts(access),
    options.group === "recientes" ? recentIds(access) : Promise.resolve([]),
  ]);
  const grouped = groupAccounts(views, options.group, recent);
  const { results, total } = searchAccounts(grouped, options.query);
  return { accounts: results, total, limited: results.length < total };
}

/**
 * One of the company's visible accounts, with its CLABE for the middleware. Another company's
 * account, or one the special rule hides, is a 404 — exactly like one that does not exist.
 */
export async function findAccount(access: AccessContext, idAccount: string): Promise<{ view: AccountView; bank: BankAccount }> {
  const { bank, views } = await companyAccounts(access);
  const view = views.find((candidate) => candidate.idAccount === idAccount);
  const account = bank.find((candidate) => candidate.idAccount === idAccount);
  if (!view || !account) {
    // The error page says the account is not in this company and leads back to its accounts.
    throw new Response(JSON.stringify({ notFound: "account" }), {
      status: 404,
      headers: { "Content-Type": "application/json; charset=utf-8" },
    });
  }
  return { view, bank: account };
}

/**
 * The account's full deposit data, only when the member asked for it (decision 123): the account
 * was already found among the company's visible ones (`findAccount`), so nobody sees another
 * company's number. The log says that it was shown, never which account or what number.
 */
export function revealDepositData(access: AccessContext, account: BankAccount, asked: boolean): DepositData | null {
  const data = depositData(account);
  if (!asked || !data) return null;
  access.log.info({ event: "deposit_data_revealed" }, "deposit data revealed");
  return data;
}
