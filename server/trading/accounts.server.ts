import type { AccountView } from "#core/domain/accounts";
import { accountViews } from "#core/domain/accounts";

import type { AccessContext } from "../session/auth.server";
import { isSpecialRuleCompany } from "../session/shell.server";
import { optional } from "../upstream/optional.server";
import type { BankAccount, BankRecipient } from "../upstream/partner.server";

/**
 * The company's accounts (bank balances, member aliases) and its authorized recipients, as the
 * dashboard and the calculator need them. Member data is optional: without it, bank aliases show.
 */
export async function companyAccounts(access: AccessContext): Promise<{ bank: BankAccount[]; views: AccountView[] }> {
  const [bank, member] = await Promise.all([
    access.api.partner.getAccounts(),
    // Without member data the bank's own aliases show.
    optional(access.api.product.memberAccounts(), [], { log: access.log, event: "member_accounts_unavailable" }),
  ]);
  return { bank, views: accountViews(bank, member, { specialRule: isSpecialRuleCompany(access.company.clientId) }) };
}

export interface RecipientOption {
  id: string;
  name: string;
  currency: string;
  bankName: string;
  last4: string;
  /** §1 Nacional / Internacional (the bank's typeOriginPerson). */
  national: boolean;
}

/** §4 Recipient: only authorized ones (status 2) can receive money. */
export function authorizedRecipients(recipients: readonly BankRecipient[], aliases: ReadonlyMap<string, string | null>): RecipientOption[] {
  return recipients
    .filter((recipient) => recipient.status.id === 2)
    .map((recipient) => ({
      id: recipient.idRecipient,
      name: aliases.get(recipient.idRecipient)?.trim() || recipient.alias?.trim() || recipient.fullName,
      currency: recipient.idCurrency.toUpperCase() === "MXP" ? "MXN" : recipient.idCurrency.toUpperCase(),
      bankName: recipient.bankName,
      last4: recipient.account.replace(/\s/g, "").slice(-4),
      national: recipient.typeOriginPerson === "NACIONAL",
    }));
}
