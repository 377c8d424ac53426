import { createRequire } from "node:module";

import type * as ExcelJSTypes from "exceljs";

import { splitChallengeMessage } from "#core/domain/challenge";
import { MAX_PAYMENT_ROWS, PAYMENT_COLUMNS, PAYMENT_CURRENCIES, paymentColumnLabel } from "#core/domain/multiple-payment";
import type { PaymentTemplateLists } from "#core/domain/payment-template";
import type { CellValue } from "#core/domain/spreadsheet";
import { toCsv } from "#core/domain/spreadsheet";
import texts from "#core/locales/es-MX/multiple-payment.json";

import { addSafeRows, workbookBytes } from "../accounts/export.server";
import type { OperationBatch } from "../upstream/batches.server";
import type { PaymentBatch } from "./multiple.server";
import { batchResults, rowView } from "./multiple.server";

/**
 * The multiple payment's files (SPEC §2 /pago-multiple): the template to fill (XLSX with the
 * reason catalogue and instructions, or a CSV header), and the result per row (operation id,
 * status, error) written with the movements export's formula-safe writers. Written here, not by
 * POST /operations/file-generate (docs/decisions/056, 062): the app holds every figure.
 */
const ExcelJS = createRequire(import.meta.url)("exceljs") as typeof ExcelJSTypes;

const HEADER = PAYMENT_COLUMNS.map(paymentColumnLabel);
/** Account numbers and ids stay text, so Excel keeps leading zeros and all 18 digits. */
const TEXT_COLUMNS = new Set(["source_account", "destiny_account", "reason_payment_id"]);

type Validations = { dataValidations: { add(range: string, validation: unknown): void } };

/** A list to pick from in a column of the payments sheet; a value outside it warns, it does not block. */
function pickFrom(sheet: ExcelJSTypes.Worksheet, letter: string, formula: string, message: string) {
  (sheet as unknown as Validations).dataValidations.add(`${letter}2:${letter}${MAX_PAYMENT_ROWS + 1}`, {
    type: "list",
    allowBlank: true,
    formulae: [formula],
    showErrorMessage: true,
    errorStyle: "warning",
    errorTitle: texts.templateFile.pickTitle,
    error: message,
  });
}

/**
 * The template (decision 123): «Pagos», the only sheet the upload reads, with lists to pick from;
 * «Listas» with the company's origin accounts, the recipients a row may pay and the reasons;
 * «Ejemplo» with one filled row, kept out of «Pagos» so that it is never paid by mistake; and the
 * instructions.
 */
export async function paymentTemplateWorkbook(lists: PaymentTemplateLists): Promise<Uint8Array<ArrayBuffer>> {
  const t = texts.templateFile;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t.sheet);
  const listsSheet = workbook.addWorksheet(t.listsSheet);
  const example = workbook.addWorksheet(t.exampleSheet);
  const instructions = workbook.addWorksheet(t.instructionsSheet);

  // Three blocks side by side, a blank column between them: accounts A–C, recipients E–G, reasons I–J.
  const c = texts.columns;
  listsSheet.addRow([
    c.source_account,
    c.source,
    c.currency,
    null,
    c.destiny_account,
    c.destiny,
    c.currency,
    null,
    t.reasonId,
    t.reason,
  ]).font = {
    bold: true,
  };
  const height = Math.max(lists.accounts.length, lists.recipients.length, lists.reasons.length);
  addSafeRows(
    listsSheet,
    Array.from({ length: height }, (_, index) => {
      const account = lists.accounts[index];
      const recipient = lists.recipients[index];
      const reason = lists.reasons[index];
      return [
        account?.clabe ?? null,
        account?.alias ?? null,
        account?.currency ?? null,
        null,
        recipient?.account ?? null,
        recipient?.name ?? null,
        recipient?.currency ?? null,
        null,
        reason?.id ?? null,
        reason?.label ?? null,
      ];
    }),
  );
  [22, 28, 8, 3, 26, 40, 8, 3, 18, 60].forEach((width, index) => (listsSheet.getColumn(index + 1).width = width));
  // Account numbers stay text, so Excel keeps leading zeros and all 18 digits.
  [1, 5].forEach((column) => (listsSheet.getColumn(column).numFmt = "@"));
  listsSheet.views = [{ state: "frozen", ySplit: 1 }];

  sheet.addRow(HEADER).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  const range = (letter: string, count: number) => `'${t.listsSheet}'!$${letter}$2:$${letter}$${Math.max(count, 1) + 1}`;
  PAYMENT_COLUMNS.forEach((key, index) => {
    const column = sheet.getColumn(index + 1);
    column.width = Math.max(16, paymentColumnLabel(key).length + 4);
    if (TEXT_COLUMNS.has(key)) column.numFmt = "@";
    if (key === "amount") column.numFmt = "0.00";
    const letter = column.letter;
    if (key === "currency") pickFrom(sheet, letter, `"${PAYMENT_CURRENCIES.join(",")}"`, t.pickCurrency);
    if (key === "source_account" && lists.accounts.length) pickFrom(sheet, letter, range("A", lists.accounts.length), t.pickAccount);
    if (key === "destiny_account" && lists.recipients.length) pickFrom(sheet, letter, range("E", lists.recipients.length), t.pickAccount);
    if (key === "reason_payment_id" && lists.reasons.length) pickFrom(sheet, letter, range("I", lists.reasons.length), t.pickReason);
  });

  example.addRow(HEADER).font = { bold: true };
  if (lists.example) {
    const row = lists.example;
    addSafeRows(example, [PAYMENT_COLUMNS.map((key) => (key === "reason_payment_id" ? Number(row[key]) : row[key]))]);
  } else {
    example.addRow([t.noExample]);
  }
  PAYMENT_COLUMNS.forEach((key, index) => {
    const column = example.getColumn(index + 1);
    column.width = Math.max(16, paymentColumnLabel(key).length + 4);
    if (TEXT_COLUMNS.has(key)) column.numFmt = "@";
  });

  instructions.getColumn(1).width = 120;
  for (const line of t.instructions) instructions.addRow([line]);
  return workbookBytes(workbook);
}

export function paymentTemplateCsv(): string {
  return toCsv([HEADER]);
}

const r = texts.resultFile;

/** Status and error of a row that passed the checks, from its registration and the signed batch. */
function outcomeCells(view: ReturnType<typeof rowView>, failure: string): [string, string, string] {
  const status = texts.outcome[view.status];
  switch (view.status) {
    case "notRegistered":
      return ["", status, view.failure ? texts.failure[view.failure] : ""];
    case "failedFunds":
      return [view.operationId ?? "", status, texts.authorise.rowErrors.funds];
    case "failedChallenge":
      return [view.operationId ?? "", status, failure];
    case "skipped":
      return [view.operationId ?? "", status, texts.authorise.rowErrors.skipped];
    default:
      return [view.operationId ?? "", status, ""];
  }
}

/** One line per row of the file: the payment, its operation and what happened to it. */
export function paymentResultRows(upload: PaymentBatch, batch: OperationBatch | null = null): CellValue[][] {
  const header = [r.row, r.recipient, r.account, r.currency, r.amount, r.operation, r.status, r.error];
  const results = batchResults(batch);
  // The bank's recorded reason, when it refused the token for the whole file.
  const refusal =
    batch?.result && batch.result.res !== "0" ? Object.values(splitChallengeMessage(batch.result.msg)).filter(Boolean).join(". ") : "";
  const rows = upload.rows.map((row): CellValue[] => {
    const account = (row.values.destiny_account ?? "").replace(/[\s-]/g, "");
    const errors = row.errors.map((error) =>
      error.column === "row" ? error.message : `${paymentColumnLabel(error.column)}: ${error.message}`,
    );
    const [operation, status, error] = errors.length
      ? ["", texts.outcome.invalid, errors.join("; ")]
      : outcomeCells(rowView(upload, row, results), refusal);
    return [
      row.line,
      row.values.destiny ?? "",
      /^\d{4,}$/.test(account) ? `•••• ${account.slice(-4)}` : "",
      row.input?.currency ?? row.values.currency ?? "",
      row.input ? Number(row.input.amount) : (row.values.amount ?? ""),
      operation,
      status,
      error,
    ];
  });
  return [header, ...rows];
}

export function paymentResultCsv(upload: PaymentBatch, batch: OperationBatch | null = null): string {
  return toCsv(paymentResultRows(upload, batch));
}

export async function paymentResultWorkbook(upload: PaymentBatch, batch: OperationBatch | null = null): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(r.sheet);
  const [header, ...rows] = paymentResultRows(upload, batch);
  sheet.addRow(header).font = { bold: true };
  addSafeRows(sheet, rows);
  sheet.getColumn(5).numFmt = "#,##0.00";
  [8, 30, 14, 8, 16, 16, 30, 80].forEach((width, index) => (sheet.getColumn(index + 1).width = width));
  return workbookBytes(workbook);
}
