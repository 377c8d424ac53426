import { createRequire } from "node:module";

import type * as ExcelJSTypes from "exceljs";

import { AMOUNT_BANDS, CODE_TYPES, INTERNATIONAL_CURRENCIES, NATIONAL_CURRENCIES } from "#core/domain/recipient-form";
import type { ColumnKey } from "#core/domain/recipient-rows";
import { columnLabel, MAX_UPLOAD_ROWS, TEMPLATE_COLUMNS } from "#core/domain/recipient-rows";
import type { CellValue } from "#core/domain/spreadsheet";
import { safeCell, toCsv } from "#core/domain/spreadsheet";
import texts from "#core/locales/es-MX/recipients.json";

import { workbookBytes } from "../accounts/export.server";
import type { RowOutcome, Upload } from "./bulk.server";

/**
 * The bulk upload's files (SPEC §2 /destinatarios-alta-multiple): the template to fill, and the
 * result of an upload. Both are written with exceljs; every text cell is formula-safe.
 */
const ExcelJS = createRequire(import.meta.url)("exceljs") as typeof ExcelJSTypes;

/** Columns typed as text in the template, so Excel keeps leading zeros and long digits. */
const TEXT_COLUMNS: ColumnKey[] = [
  "clabe",
  "account",
  "phone",
  "postalCode",
  "rfc",
  "bankCode",
  "intermediaryBankCode",
  "numberDir",
  "numberInt",
];

const t = texts.template;
const LISTS: Partial<Record<ColumnKey, string[]>> = {
  personType: [t.physical, t.moral],
  origin: [t.national, t.international],
  relationType: Object.values(texts.form.relationTypes),
  amountMax: [...AMOUNT_BANDS],
  currency: [...new Set([...NATIONAL_CURRENCIES, ...INTERNATIONAL_CURRENCIES])],
  codeType: CODE_TYPES.map((code) => code.name),
  intermediaryCodeType: CODE_TYPES.map((code) => code.name),
  hasIntermediary: [t.yes, t.no],
};

export async function templateWorkbook(): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t.sheet);
  const header = sheet.addRow(TEMPLATE_COLUMNS.map(columnLabel));
  header.font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  TEMPLATE_COLUMNS.forEach((key, index) => {
    const column = sheet.getColumn(index + 1);
    column.width = Math.max(14, columnLabel(key).length + 4);
    if (TEXT_COLUMNS.includes(key)) column.numFmt = "@";
    const list = LISTS[key];
    if (list) {
      const letter = column.letter;
      // Data validation on the rows a person can fill (the upload takes up to 1,000).
      (sheet as unknown as { dataValidations: { add(range: string, validation: unknown): void } }).dataValidations.add(
        `${letter}2:${letter}${MAX_UPLOAD_ROWS + 1}`,
        {
          type: "list",
          allowBlank: true,
          formulae: [`"${list.join(",")}"`],
        },
      );
    }
  });
  const instructions = workbook.addWorksheet(t.instructionsSheet);
  instructions.getColumn(1).width = 120;
  for (const line of t.instructions) instructions.addRow([line]);
  return workbookBytes(workbook);
}

const r = texts.upload.resultFile;

function outcomeText(outcome: RowOutcome | undefined, valid: boolean): [string, string] {
  if (!valid) return [r.invalid, ""];
  if (!outcome) return [r.failed, ""];
  if (outcome.state === "registered") return [r.registered, ""];
  if (outcome.state === "notSent") return [r.notSent, ""];
  const detail = {
    duplicateAlias: texts.errors.duplicateAlias,
    bankFormat: texts.result.bankFormat.title,
    iban: texts.result.iban.title,
    account: texts.result.account.description,
    generic: texts.result.failed.title,
  }[outcome.reason];
  return [r.failed, detail];
}

/** One line per row of the file: what happened to it and why. */
export function resultRows(upload: Upload): CellValue[][] {
  const header = [r.row, r.alias, r.recipient, r.account, r.outcome, r.detail];
  const rows = upload.rows.map((row) => {
    const values = row.values;
    const name = values.companyName ?? [values.name, values.lastname1, values.lastname2].filter(Boolean).join(" ");
    const account = values.clabe ?? values.account ?? "";
    const [outcome, detail] = outcomeText(upload.job?.outcomes.get(row.line), row.errors.length === 0);
    const errors = row.errors.map((error) => `${error.column}: ${error.message}`).join("; ");
    return [row.line, values.alias ?? "", name, account ? `•••• ${account.slice(-4)}` : "", outcome, errors || detail];
  });
  return [header, ...rows];
}

export function resultCsv(upload: Upload): string {
  return toCsv(resultRows(upload));
}

export async function resultWorkbook(upload: Upload): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(r.sheet);
  const [header, ...rows] = resultRows(upload);
  sheet.addRow(header).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map((cell) => (typeof cell === "string" ? safeCell(cell) : (cell ?? null))));
  [8, 28, 40, 14, 16, 80].forEach((width, index) => (sheet.getColumn(index + 1).width = width));
  return workbookBytes(workbook);
}
