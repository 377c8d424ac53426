import { createRequire } from "node:module";

import type * as ExcelJSTypes from "exceljs";

import { formatRowDateTime, mexicoDate } from "#core/domain/dates";
import { statusView } from "#core/domain/operation-status";
import { reasonAndConcept } from "#core/domain/payment-reason";
import type { PortfolioFigures, PortfolioPeriod } from "#core/domain/portfolio";
import type { CellValue } from "#core/domain/spreadsheet";
import { toCsv } from "#core/domain/spreadsheet";
import history from "#core/locales/es-MX/history.json";
import portfolio from "#core/locales/es-MX/portfolio.json";
import { translator } from "#core/translate";

import { addSafeRows, workbookBytes } from "../accounts/export.server";
import type { HistoryOperation } from "../upstream/operations.server";

/**
 * The portfolio as a file (§2 /portafolio export): the period's agreed operations, oldest first,
 * each with the market's close of its day, as CSV; the XLSX adds the summary and the monthly
 * volumes as sheets of their own. Cells go through the movements export's formula-safe writers
 * (core/domain/spreadsheet, server/accounts/export.server): a concept such as "=HYPERLINK(…)" is
 * shown, never run. Amounts and rates are numbers.
 */
const ExcelJS = createRequire(import.meta.url)("exceljs") as typeof ExcelJSTypes;

const t = translator({ portfolio, history }, "portfolio");
const columns = portfolio.export.columns;
const HEADER = [
  columns.date,
  columns.id,
  columns.type,
  columns.pair,
  columns.status,
  columns.amount,
  columns.baseCurrency,
  columns.rate,
  columns.total,
  columns.quoteCurrency,
  columns.marketClose,
  columns.reference,
  columns.paymentReason,
  columns.concept,
];

export interface PortfolioExport {
  period: PortfolioPeriod;
  operations: readonly HistoryOperation[];
  figures: PortfolioFigures;
}

const num = (value: string | number | null | undefined) => (value === null || value === undefined ? null : Number(value));

/** The operations of the period (the loader read the whole year for the monthly chart), oldest first. */
function operationRows({ period, operations, figures }: PortfolioExport): CellValue[][] {
  const closes = new Map(figures.days.map((day) => [day.date, day.marketClose]));
  return operations
    .map((operation) => ({ operation, day: mexicoDate(new Date(operation.created_at)) }))
    .filter(({ day }) => day >= period.from && day <= period.to)
    .sort((a, b) => a.operation.created_at.localeCompare(b.operation.created_at))
    .map(({ operation, day }) => ({ operation, day, ...reasonAndConcept(operation) }))
    .map(({ operation, day, reason, concept }) => [
      formatRowDateTime(operation.created_at),
      operation.id,
      t(`type.${period.kind}`),
      operation.pair ?? period.pair,
      t(`history:${statusView(operation.status, operation.operation).labelKey}`),
      num(operation.amountOrigin),
      period.base,
      num(operation.request?.exchangeRate),
      num(operation.total),
      period.quote,
      num(closes.get(day)),
      operation.referenceGFB ?? "",
      reason ?? "",
      concept ?? "",
    ]);
}

export function portfolioCsv(data: PortfolioExport): string {
  return toCsv([HEADER, ...operationRows(data)]);
}

function summaryRows({ period, figures }: PortfolioExport): CellValue[][] {
  const labels = portfolio.export.summary;
  const market = figures.market;
  return [
    [labels.figure, labels.value],
    [labels.pair, period.pair],
    [labels.type, t(`type.${period.kind}`)],
    [labels.from, period.from],
    [labels.to, period.to],
    [labels.count, figures.count],
    [t("export.summary.baseVolume", { currency: period.base }), num(figures.baseVolume)],
    [t("export.summary.quoteVolume", { currency: period.quote }), num(figures.quoteVolume)],
    [labels.averageRate, num(figures.averageRate)],
    // The difference starts from this rate, which differs from the average when a day had no close.
    [labels.comparedRate, num(market?.achievedRate)],
    [labels.marketRate, num(market?.marketRate)],
    [labels.difference, num(market?.difference)],
    [labels.differencePercent, num(market?.differencePercent)],
  ];
}

function monthlyRows({ period, figures }: PortfolioExport): CellValue[][] {
  return [
    [
      portfolio.monthly.month,
      portfolio.monthly.count,
      t("monthly.volume", { currency: period.base }),
      t("monthly.volume", { currency: period.quote }),
      portfolio.monthly.rate,
    ],
    ...figures.months.map((month) => [month.month, month.count, num(month.baseVolume), num(month.quoteVolume), num(month.averageRate)]),
  ];
}

export async function portfolioXlsx(data: PortfolioExport): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const operations = workbook.addWorksheet(portfolio.export.sheet);
  addSafeRows(operations, [HEADER, ...operationRows(data)]);
  operations.getRow(1).font = { bold: true };
  for (const index of [6, 9]) operations.getColumn(index).numFmt = "#,##0.00";
  for (const index of [8, 11]) operations.getColumn(index).numFmt = "0.000000";
  operations.columns.forEach((column, index) => {
    column.width = [18, 12, 10, 10, 12, 14, 10, 14, 16, 10, 14, 22, 32, 28][index] ?? 14;
  });

  const summary = workbook.addWorksheet(portfolio.export.summarySheet);
  addSafeRows(summary, summaryRows(data));
  summary.getRow(1).font = { bold: true };
  summary.getColumn(1).width = 40;
  summary.getColumn(2).width = 18;

  const monthly = workbook.addWorksheet(portfolio.export.monthlySheet);
  addSafeRows(monthly, monthlyRows(data));
  monthly.getRow(1).font = { bold: true };
  for (const index of [3, 4]) monthly.getColumn(index).numFmt = "#,##0.00";
  monthly.getColumn(5).numFmt = "0.000000";
  monthly.columns.forEach((column) => {
    column.width = 18;
  });
  return workbookBytes(workbook);
}
