import { z } from "zod";

import texts from "../locales/es-MX/multiple-payment.json";
import { Big, toDecimal } from "./decimal";
import { searchable } from "./recipients";
import { hasSpreadsheetExtension, UPLOAD_MAX_BYTES } from "./spreadsheet";
import type { TransferForm } from "./trade-form";
import { transferSchema } from "./trade-form";
import { msg } from "./validation";

/**
 * The multiple payment's rows (SPEC §3 Multiple payment row, §5 Transfer rules, §9): the
 * template's columns, each row read and validated with the single transfer's schema, and the
 * rules only a batch knows — accounts and recipients of the company, repeated rows, the sum per
 * origin account against its balance (big.js), the member's permission. Pure: the caller brings
 * the company's accounts, recipients, reasons and what the member may do.
 */
export const PAYMENT_COLUMNS = [
  "source",
  "source_account",
  "destiny",
  "destiny_account",
  "currency",
  "amount",
  "reason_payment_id",
  "reason_payment",
  "detail",
] as const;
export type PaymentColumn = (typeof PAYMENT_COLUMNS)[number];

/** Without these a file is not the template (the others are references for the person). */
const REQUIRED_COLUMNS: readonly PaymentColumn[] = ["source_account", "destiny_account", "currency", "amount", "reason_payment_id"];

/** One file pays at most this many rows (the upload reader refuses more). */
export const MAX_PAYMENT_ROWS = 1000;

/** §9 currencies; MXP is read as MXN. */
export const PAYMENT_CURRENCIES = ["MXN", "USD", "EUR", "CAD", "GBP", "CHF", "AUD", "JPY", "CNY"];

/**
 * §5 Excel upload (required, at most 3,145,728 bytes) for this screen: .xlsx or .csv by name, in
 * the browser before sending and on the server; the bytes are judged after it.
 */
export const paymentUploadSchema = z.object({
  archivo: z
    .instanceof(File, { message: msg.required })
    .refine((file) => file.size > 0, msg.required)
    .refine((file) => hasSpreadsheetExtension(file.name, { csv: true }) && !/\.xls$/i.test(file.name.trim()), msg.fileFormat(texts.formats))
    .refine((file) => file.size <= UPLOAD_MAX_BYTES, msg.fileSize(texts.sizeLabel)),
});

export const paymentColumnLabel = (column: PaymentColumn) => texts.columns[column];

export interface SheetRow {
  line: number;
  cells: string[];
}

export interface PaymentRowError {
  column: PaymentColumn | "row";
  message: string;
}

/** A row as the company's data resolved it: what the job sends for it. */
export interface PaymentInput {
  originId: string;
  /** The account's name and last digits, for the totals. */
  originLabel: string;
  recipientId: string;
  currency: string;
  /** Plain, 2 decimals ("1234.50"). */
  amount: string;
  reasonId: number;
  /** The catalogue's text of the reason (decision 095): what the bank is told the payment is for, whatever the file wrote beside the id. */
  reason: string;
  detail: string;
}

export interface PaymentRow {
  line: number;
  values: Partial<Record<PaymentColumn, string>>;
  /** Null when the row has errors: it is not paid. */
  input: PaymentInput | null;
  errors: PaymentRowError[];
}

export interface BatchAccount {
  idAccount: string;
  clabe: string;
  currency: string;
  /** As the bank gives it; compared with big.js. */
  balance: number | string;
  alias: string;
}

export interface BatchRecipient {
  id: string;
  account: string;
  currency: string;
  /** §4 Recipient: 2 is authorized. */
  status: number;
  name: string;
  /** §1 Nacional / Internacional: international ones take money from Pro members only (decision 066). */
  national: boolean;
}

export interface BatchContext {
  accounts: readonly BatchAccount[];
  recipients: readonly BatchRecipient[];
  reasons: readonly { id: number; label: string }[];
  /** §6: the member may send to third-party accounts (fresh, from currentActor). */
  mayPayRecipients: boolean;
  /** Decision 066: the member's membership lets it pay international recipients (fresh). */
  mayPayInternational: boolean;
}

export type ReadPaymentsResult =
  | { ok: true; rows: PaymentRow[] }
  | { ok: false; error: "empty" | "tooManyRows" | "columns"; missing?: string[] };

const normaliseCurrency = (value: string) => {
  const code = value.trim().toUpperCase();
  return code === "MXP" ? "MXN" : code;
};
const digits = (value: string) => value.replace(/[\s-]/g, "");
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ""));

/** Header cells are matched by the Spanish label or by §3's field name, accents and case aside. */
const HEADER_TO_COLUMN = new Map<string, PaymentColumn>(
  PAYMENT_COLUMNS.flatMap((column) => [
    [searchable(paymentColumnLabel(column)), column],
    [searchable(column), column],
  ]),
);

/** The sheet's rows as cells by column; the first row with values is the header. */
export function readPaymentRows(sheet: readonly SheetRow[], context: BatchContext): ReadPaymentsResult {
  const [header, ...body] = sheet;
  if (!header) return { ok: false, error: "empty" };
  const columns = header.cells.map((cell) => HEADER_TO_COLUMN.get(searchable(cell)) ?? null);
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length) return { ok: false, error: "columns", missing: missing.map(paymentColumnLabel) };
  if (body.length === 0) return { ok: false, error: "empty" };
  if (body.length > MAX_PAYMENT_ROWS) return { ok: false, error: "tooManyRows" };
  const rows = body.map((row) => {
    const values: Partial<Record<PaymentColumn, string>> = {};
    columns.forEach((column, index) => {
      const value = (row.cells[index] ?? "").trim();
      if (column && value !== "" && values[column] === undefined) values[column] = value;
    });
    return { line: row.line, values };
  });
  return { ok: true, rows: checkPaymentRows(rows, context) };
}

/** Which column a transfer-schema field's message belongs to. */
const FIELD_COLUMN: Record<string, PaymentColumn> = {
  amount: "amount",
  reason: "reason_payment_id",
  concept: "detail",
  origin: "source_account",
  destination: "destiny_account",
};

/** A schema-valid key for the single transfer's schema; the job's real key is per upload and row. */
const SCHEMA_KEY = "00000000-0000-4000-8000-000000000000";

/** One row alone: the single transfer's schema, then the company's accounts, recipients and reasons. */
export function checkPaymentRow(
  values: Partial<Record<PaymentColumn, string>>,
  context: BatchContext,
): { input: PaymentInput | null; errors: PaymentRowError[] } {
  const errors: PaymentRowError[] = [];
  const add = (column: PaymentColumn | "row", message: string) => {
    if (!errors.some((error) => error.column === column)) errors.push({ column, message });
  };
  if (!context.mayPayRecipients) add("row", texts.rules.forbidden);

  const parsed = transferSchema.safeParse({
    operation: "transfer",
    amount: values.amount,
    origin: values.source_account ?? "",
    destination: values.destiny_account ?? "",
    reason: values.reason_payment_id ?? "",
    concept: values.detail ?? "",
    idempotencyKey: SCHEMA_KEY,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(FIELD_COLUMN[String(issue.path[0])] ?? "row", issue.message);
  }

  const currency = normaliseCurrency(values.currency ?? "");
  if (!PAYMENT_CURRENCIES.includes(currency)) add("currency", texts.rules.currency);

  const sourceKey = digits(values.source_account ?? "");
  const origin = sourceKey ? context.accounts.find((account) => account.clabe === sourceKey || account.idAccount === sourceKey) : undefined;
  if (sourceKey && !origin) add("source_account", texts.rules.originUnknown);
  else if (origin && PAYMENT_CURRENCIES.includes(currency) && normaliseCurrency(origin.currency) !== currency) {
    add("source_account", fill(texts.rules.originCurrency, { currency }));
  }

  const destinyKey = digits(values.destiny_account ?? "");
  // One account may belong to two records (the bank's, still pending, and one loaded in bulk): the payable one pays.
  const holders = destinyKey ? context.recipients.filter((candidate) => digits(candidate.account) === destinyKey) : [];
  const recipient = holders.find((candidate) => candidate.status === 2) ?? holders[0];
  if (destinyKey && !recipient) add("destiny_account", texts.rules.recipientUnknown);
  else if (recipient && recipient.status !== 2) add("destiny_account", texts.rules.recipientPending);
  else if (recipient && !recipient.national && !context.mayPayInternational) add("destiny_account", texts.rules.recipientProOnly);
  else if (recipient && PAYMENT_CURRENCIES.includes(currency) && normaliseCurrency(recipient.currency) !== currency) {
    add("destiny_account", fill(texts.rules.recipientCurrency, { currency: normaliseCurrency(recipient.currency) }));
  }

  const reasonId = Number(values.reason_payment_id);
  const reason = context.reasons.find((entry) => entry.id === reasonId);
  if (parsed.success && !reason) add("reason_payment_id", texts.rules.reasonUnknown);

  if (errors.length || !parsed.success || !origin || !recipient || !reason) return { input: null, errors };
  const form: TransferForm = parsed.data;
  return {
    input: {
      originId: origin.idAccount,
      originLabel: `${origin.alias} •••• ${origin.clabe.slice(-4)}`.trim(),
      recipientId: recipient.id,
      currency,
      amount: new Big(form.amount).toFixed(2),
      reasonId: form.reason,
      reason: reason.label,
      detail: form.concept?.trim() ?? "",
    },
    errors: [],
  };
}

/** What makes two rows the same payment: a second one is almost always a copy-paste slip. */
export function paymentIdentity(input: PaymentInput): string {
  return JSON.stringify([input.originId, input.recipientId, input.currency, input.amount, input.reasonId, searchable(input.detail)]);
}

/**
 * Every row, then the rules across rows: a repeated payment is flagged (the first one stays),
 * and each origin account pays the valid rows in file order while their sum fits its balance;
 * the rows past it are flagged with §8's funds message.
 */
export function checkPaymentRows(
  rows: readonly { line: number; values: Partial<Record<PaymentColumn, string>> }[],
  context: BatchContext,
): PaymentRow[] {
  const checked: PaymentRow[] = rows.map((row) => ({ ...row, ...checkPaymentRow(row.values, context) }));
  const seen = new Map<string, number>();
  for (const row of checked) {
    if (!row.input) continue;
    const identity = paymentIdentity(row.input);
    const first = seen.get(identity);
    if (first === undefined) seen.set(identity, row.line);
    else reject(row, { column: "row", message: fill(texts.rules.repeated, { line: first }) });
  }
  const spent = new Map<string, Big>();
  for (const row of checked) {
    if (!row.input) continue;
    const account = context.accounts.find((candidate) => candidate.idAccount === row.input!.originId)!;
    const balance = toDecimal(account.balance) ?? new Big(0);
    const total = (spent.get(account.idAccount) ?? new Big(0)).plus(row.input.amount);
    if (total.gt(balance)) reject(row, { column: "amount", message: texts.rules.funds });
    else spent.set(account.idAccount, total);
  }
  return checked;
}

function reject(row: PaymentRow, error: PaymentRowError): void {
  row.input = null;
  row.errors.push(error);
}

export interface CurrencyTotal {
  currency: string;
  count: number;
  /** 2 decimals. */
  total: string;
}

export interface AccountTotal extends CurrencyTotal {
  idAccount: string;
  label: string;
  /** 2 decimals; null when the accounts were not given. */
  balance: string | null;
}

/** The valid rows' totals per currency, in the order the currencies first appear. */
export function totalsByCurrency(rows: readonly PaymentRow[]): CurrencyTotal[] {
  const totals = new Map<string, { count: number; total: Big }>();
  for (const row of rows) {
    if (!row.input) continue;
    const entry = totals.get(row.input.currency) ?? { count: 0, total: new Big(0) };
    totals.set(row.input.currency, { count: entry.count + 1, total: entry.total.plus(row.input.amount) });
  }
  return [...totals].map(([currency, { count, total }]) => ({ currency, count, total: total.toFixed(2) }));
}

/** The valid rows' totals per origin account, beside the account's balance when the accounts are given. */
export function totalsByAccount(rows: readonly PaymentRow[], accounts: readonly BatchAccount[] = []): AccountTotal[] {
  const totals = new Map<string, { count: number; total: Big; currency: string; label: string }>();
  for (const row of rows) {
    if (!row.input) continue;
    const entry = totals.get(row.input.originId) ?? {
      count: 0,
      total: new Big(0),
      currency: row.input.currency,
      label: row.input.originLabel,
    };
    totals.set(row.input.originId, { ...entry, count: entry.count + 1, total: entry.total.plus(row.input.amount) });
  }
  return [...totals].map(([idAccount, { count, total, currency, label }]) => {
    const account = accounts.find((candidate) => candidate.idAccount === idAccount);
    const balance = account ? toDecimal(account.balance) : null;
    return { idAccount, label, currency, count, total: total.toFixed(2), balance: balance ? balance.toFixed(2) : null };
  });
}
