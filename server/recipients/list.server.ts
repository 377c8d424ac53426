import type { OriginFilter, RecipientView } from "#core/domain/recipients";
import { filterRecipients, recipientViews } from "#core/domain/recipients";

import type { AccessContext } from "../session/auth.server";
import { optional } from "../upstream/optional.server";

/**
 * The recipients list (SPEC §2 /destinatarios): the bank's recipients with the member's
 * favourites and aliases, and the back office's pending ones. Member records and back-office
 * recipients are optional: without them the bank's list still shows.
 */
export interface CompanyRecipients {
  views: RecipientView[];
  /** Full account numbers by view key: for search and checks on the server only. */
  accounts: Map<string, string>;
}

const optionalList = <T>(access: AccessContext, what: string, promise: Promise<T[]>): Promise<T[]> =>
  optional(promise, [] as T[], { log: access.log, event: `${what}_unavailable` });

export async function companyRecipients(access: AccessContext): Promise<CompanyRecipients> {
  const [core, member, backoffice] = await Promise.all([
    access.api.partner.getRecipients(),
    optionalList(access, "member_recipients", access.api.trading.memberRecipients()),
    optionalList(access, "backoffice_recipients", access.api.recipients.pendingBackoffice()),
  ]);
  const views = recipientViews(core, member, backoffice);
  const accounts = new Map<string, string>([
    ...core.map((recipient) => [`B3-${recipient.idRecipient}`, recipient.account] as [string, string]),
    ...backoffice.map((recipient) => [`BO-${recipient.id}`, recipient.accountClabe] as [string, string]),
  ]);
  return { views, accounts };
}

export function searchRecipients(recipients: CompanyRecipients, options: { query: string; origin: OriginFilter }): RecipientView[] {
  return filterRecipients(recipients.views, recipients.accounts, options);
}

/** One of the company's recipients by its view key, or 404 (another company's reads as missing). */
export function recipientByKey(recipients: CompanyRecipients, key: string): RecipientView {
  const view = recipients.views.find((candidate) => candidate.key === key);
  if (!view) throw new Response("Destinatario no encontrado", { status: 404 });
  return view;
}

/**
 * A recipient's full account number, only when the member asked for it (decision 123) and only
 * among the company's own recipients. The log says that it was shown, never whose or which.
 */
export function recipientAccount(access: AccessContext, recipients: CompanyRecipients, key: string, asked: boolean): string | null {
  const account = asked ? recipients.accounts.get(key)?.replace(/[\s-]/g, "") : undefined;
  if (!account) return null;
  access.log.info({ event: "recipient_account_revealed" }, "recipient account revealed");
  return account;
}

/** Every alias the company uses (bank, member and back office), for the §8 duplicate rule. */
export function companyAliases(recipients: CompanyRecipients, exceptKey?: string): string[] {
  return recipients.views.filter((view) => view.key !== exceptKey && view.alias).map((view) => view.alias);
}

/** The company's aliases, to refuse a repeated one. The product checks too: without the list, it decides. */
export function takenAliases(access: AccessContext): Promise<string[]> {
  return optional(companyRecipients(access).then(companyAliases), [] as string[], {
    log: access.log,
    event: "recipient_aliases_unavailable",
  });
}
