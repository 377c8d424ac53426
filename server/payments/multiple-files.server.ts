import { createRequire } from "node:module";

import type * as ExcelJSTypes from "exceljs";

import { splitChallengeMessage } from "#core/domain/challenge";
import { MAX_PAYMENT_ROWS, PAYMENT_COLUMNS, PAYMENT_CURRENCIES, paymentColumnLabel } from "#core/domain/multiple-payment";
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

export async function paymentTemplateWorkbook(reasons: readonly { id: number; label: string }[]): Promise<Uint8Array<ArrayBuffer>> {
  const t = texts.templateFile;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t.sheet);
  sheet.addRow(HEADER).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  PAYMENT_COLUMNS.forEach((key, index) => {
    const column = sheet.getColumn(index + 1);
    column.width = Math.max(16, paymentColumnLabel(key).length + 4);
    if (TEXT_COLUMNS.has(key)) column.numFmt = "@";
    if (key === "amount") column.numFmt = "0.00";
    const list = key === "currency" ? PAYMENT_CURRENCIES : key === "reason_payment_id" ? reasons.map((reason) => String(reason.id)) : [];
    if (list.length > 0) {
      (sheet as unknown as { dataValidations: { add(range: string, validation: unknown): void } }).dataValidations.add(
        `${column.letter}2:${column.letter}${MAX_PAYMENT_ROWS + 1}`,
        { type: "list", allowBlank: true, formulae: [`"${list.join(",")}"`] },
      );
    }
  });
  const catalogue = workbook.addWorksheet(t.reasonsSheet);
  catalogue.addRow([t.reasonId, t.reason]).font = { bold: true };
  addSafeRows(
    catalogue,
    reasons.map((reason) => [reason.id, reason.label]),
  );
  catalogue.getColumn(1).width = 18;
  catalogue.getColumn(2).width = 60;
  const instructions = workbook.addWorksheet(t.instructionsSheet);
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
