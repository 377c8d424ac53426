import texts from "../locales/es-MX/multiple-payment.json";
import { SPECIAL_RULE_CURRENCIES } from "./accounts";
import type { BatchContext, PaymentColumn } from "./multiple-payment";
import { PAYMENT_COLUMNS } from "./multiple-payment";
import { REASONS_NEEDING_DETAIL } from "./trade-form";

/**
 * What the multiple payment's template offers to pick from (decision 123): the company's origin
 * accounts, the recipients a row may pay, the reasons, and one example row built from them. Only
 * what the screens show: accounts by their CLABE ('Ver CLABE'), recipients by their account
 * ('Ver cuenta completa'), reasons by their id and text. Pure: the caller brings the batch context.
 */
export interface TemplateAccount {
  clabe: string;
  alias: string;
  currency: string;
}

export interface TemplateRecipient {
  account: string;
  name: string;
  currency: string;
}

export interface PaymentTemplateLists {
  accounts: TemplateAccount[];
  recipients: TemplateRecipient[];
  reasons: { id: number; label: string }[];
  /** A row that passes `checkPaymentRow` as it is; null when no account and recipient share a currency. */
  example: Record<PaymentColumn, string> | null;
}

const shown = (currency: string) => {
  const code = currency.trim().toUpperCase();
  return code === "MXP" ? "MXN" : code;
};
const digits = (value: string) => value.replace(/[\s-]/g, "");

export function paymentTemplateLists(context: BatchContext, options: { specialRule: boolean }): PaymentTemplateLists {
  const accounts = context.accounts
    // §6: the special-rule company sees (and so may name) only its MXN, MXP and USD accounts.
    .filter((account) => !options.specialRule || SPECIAL_RULE_CURRENCIES.includes(account.currency.trim().toUpperCase()))
    .map((account) => ({ clabe: digits(account.clabe), alias: account.alias, currency: shown(account.currency) }));
  const seen = new Set<string>();
  const recipients = context.mayPayRecipients
    ? context.recipients
        .filter((recipient) => recipient.status === 2 && (recipient.national || context.mayPayInternational))
        .map((recipient) => ({ account: digits(recipient.account), name: recipient.name, currency: shown(recipient.currency) }))
        // One account, one line: the same account twice (the bank's record and a bulk one) pays once.
        .filter((recipient) => !seen.has(recipient.account) && Boolean(seen.add(recipient.account)))
    : [];
  const reasons = [...context.reasons];
  return { accounts, recipients, reasons, example: exampleRow(accounts, recipients, reasons) };
}

function exampleRow(
  accounts: readonly TemplateAccount[],
  recipients: readonly TemplateRecipient[],
  reasons: readonly { id: number; label: string }[],
): Record<PaymentColumn, string> | null {
  const reason = reasons.find((entry) => !REASONS_NEEDING_DETAIL.includes(entry.id)) ?? reasons[0];
  const pair = accounts
    .map((account) => ({ account, recipient: recipients.find((candidate) => candidate.currency === account.currency) }))
    .find((candidate) => candidate.recipient);
  if (!pair?.recipient || !reason) return null;
  const values: Record<PaymentColumn, string> = {
    source: pair.account.alias,
    source_account: pair.account.clabe,
    destiny: pair.recipient.name,
    destiny_account: pair.recipient.account,
    currency: pair.account.currency,
    amount: texts.templateFile.exampleAmount,
    reason_payment_id: String(reason.id),
    reason_payment: reason.label,
    detail: texts.templateFile.exampleDetail,
  };
  return Object.fromEntries(PAYMENT_COLUMNS.map((column) => [column, values[column]])) as Record<PaymentColumn, string>;
}
