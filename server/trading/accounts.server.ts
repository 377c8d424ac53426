import type { AccountView } from "#core/domain/accounts";
import { accountViews } from "#core/domain/accounts";
import type { PayableRecipient } from "#core/domain/recipients";

import type { AccessContext } from "../session/auth.server";
import { isSpecialRuleCompany } from "../session/shell.server";
import { optional } from "../upstream/optional.server";
import type { BankAccount } from "../upstream/partner.server";

/**
 * The company's accounts (bank balances, member aliases), as the dashboard and the calculator need
 * them. Member data is optional: without it, bank aliases show.
 */
export async function companyAccounts(access: AccessContext): Promise<{ bank: BankAccount[]; views: AccountView[] }> {
  const [bank, member] = await Promise.all([
    access.api.partner.getAccounts(),
    // Without member data the bank's own aliases show.
    optional(access.api.product.memberAccounts(), [], { log: access.log, event: "member_accounts_unavailable" }),
  ]);
  return { bank, views: accountViews(bank, member, { specialRule: isSpecialRuleCompany(access.company.clientId) }) };
}

/** A recipient the calculator offers (core `payableRecipients`); its `id` is the payment ref ("501", "bo-9001"). */
export type RecipientOption = PayableRecipient;
