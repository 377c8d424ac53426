import { createRequire } from "node:module";
import { PassThrough, Readable } from "node:stream";

import type * as ExcelJSTypes from "exceljs";

import { formatRowDateTime } from "#core/domain/dates";
import { exportHeaderRows } from "#core/domain/history-export";
import type { HistoryFilters, OperationsPageQuery } from "#core/domain/history-filters";
import { operationsPageQuery } from "#core/domain/history-filters";
import { reasonAndConcept } from "#core/domain/payment-reason";
import type { CellValue } from "#core/domain/spreadsheet";
import { CSV_BOM, csvLines } from "#core/domain/spreadsheet";
import history from "#core/locales/es-MX/history.json";
import { displayCurrency } from "#core/money";
import { translator } from "#core/translate";

import { addSafeRows } from "../accounts/export.server";
import type { HistoryOperation, OperationsPage } from "../upstream/operations.server";
import { historyRow } from "./view";

/**
 * The operation history as a file (decision 107): every operation the list's filters match, every
 * page, newest first, under a block saying whose they are, which filters and when. The upstream is
 * read a page at a time and each page is written out before the next is asked for, so a history
 * of 10,000 operations never sits in memory (docs/decisions/107). Cells go through the movements
 * export's formula-safe writers (core/domain/spreadsheet's csvLines, accounts' addSafeRows).
 */
const ExcelJS = createRequire(import.meta.url)("exceljs") as typeof ExcelJSTypes;

const t = translator({ history }, "history");

/** The upstream's largest page: fewest round trips, one page held at a time. */
export const EXPORT_PAGE_SIZE = 100;

export type FetchPage = (query: OperationsPageQuery) => Promise<OperationsPage>;

export interface HistoryExportInput {
  companyName: string;
  filters: HistoryFilters;
  exportedAt: Date;
  fetchPage: FetchPage;
  /** Told once the last row is out (or the upstream failed mid-file), for the log. */
  onEnd?: (outcome: { rows: number; failed: boolean }) => void;
}

const amountOf = (operation: HistoryOperation): number | null =>
  operation.operation === "transfer" ? (operation.amount ?? operation.amountOrigin) : operation.amountOrigin;

/** Buy/sell: 'Monto' in the pair's base currency, 'Total' in its quote currency; a transfer both in its origin's. */
function currencies(operation: HistoryOperation): { amount: string; total: string } {
  const origin = displayCurrency(operation.accountOrigin?.idDivisa ?? "");
  if (operation.operation === "transfer" || !operation.pair) return { amount: origin, total: origin };
  const [base, quote] = operation.pair.split("/");
  return { amount: base || origin, total: quote || origin };
}

export function exportRow(operation: HistoryOperation): CellValue[] {
  const row = historyRow(operation);
  const money = currencies(operation);
  const { reason, concept } = reasonAndConcept(operation);
  return [
    formatRowDateTime(operation.created_at),
    operation.id,
    t(`type.${operation.operation}`),
    t(row.statusLabelKey),
    operation.pair ?? "",
    row.counterparty ?? "",
    amountOf(operation),
    money.amount,
    operation.total ?? amountOf(operation),
    money.total,
    operation.referenceGFB ?? "",
    operation.speiTrackingKey ?? "",
    reason ?? "",
    concept ?? "",
  ];
}

/**
 * The matching operations' rows, a page at a time. The first page is asked for before anything is
 * written (the route answers the §8 download error when it fails); an operation a new one pushed
 * onto the next page while the file was being read is written once.
 */
export async function firstPage(input: HistoryExportInput): Promise<PageCursor> {
  const query = operationsPageQuery(input.filters, 1, EXPORT_PAGE_SIZE);
  if (!query) return { rows: [], next: null };
  const page = await input.fetchPage(query);
  const seen = new Set<string>();
  return cursorOf(input, query, page, seen);
}

export interface PageCursor {
  rows: CellValue[][];
  next: (() => Promise<PageCursor>) | null;
}

function cursorOf(input: HistoryExportInput, query: OperationsPageQuery, page: OperationsPage, seen: Set<string>): PageCursor {
  const fresh = page.data.filter((operation) => !seen.has(operation.id));
  for (const operation of fresh) seen.add(operation.id);
  const last = page.data.length === 0 || query.page >= page.meta.pageCount;
  const nextQuery = { ...query, page: query.page + 1 };
  return {
    rows: fresh.map(exportRow),
    next: last ? null : async () => cursorOf(input, nextQuery, await input.fetchPage(nextQuery), seen),
  };
}

/** CSV: the BOM and the header block, then each page's lines as it arrives; the reader's pace asks for the next page. */
export function historyCsvStream(input: HistoryExportInput, first: PageCursor): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: PageCursor | null = first;
  let rows = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          const head = `${CSV_BOM}${csvLines(exportHeaderRows(input))}`;
          controller.enqueue(encoder.encode(head));
        }
        if (!cursor) {
          input.onEnd?.({ rows, failed: false });
          controller.close();
          return;
        }
        const current: PageCursor = cursor;
        if (current.rows.length > 0) controller.enqueue(encoder.encode(csvLines(current.rows)));
        rows += current.rows.length;
        cursor = current.next ? await current.next() : null;
      } catch (error) {
        // Half a file must not pass for a whole one: the download fails, as the browser shows it.
        input.onEnd?.({ rows, failed: true });
        controller.error(error);
      }
    },
  });
}

const NUMBER_COLUMNS = [7, 9];
const WIDTHS = [18, 12, 14, 14, 10, 34, 14, 10, 14, 10, 24, 28, 30, 30];

/**
 * XLSX through exceljs's streaming WorkbookWriter: each page's rows are committed (written to the
 * zip and let go) before the next page is read, and the writer waits while the reader is behind.
 */
export function historyXlsxStream(input: HistoryExportInput, first: PageCursor): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(history.export.sheet);
  sheet.columns = WIDTHS.map((width, index) => ({
    width,
    ...(NUMBER_COLUMNS.includes(index + 1) && { style: { numFmt: "#,##0.00" } }),
  }));

  const write = async () => {
    let rows = 0;
    try {
      const header = exportHeaderRows(input);
      addSafeRows(sheet, header);
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(header.length).font = { bold: true };
      let cursor: PageCursor | null = first;
      while (cursor) {
        addSafeRows(sheet, cursor.rows);
        sheet.lastRow?.commit();
        rows += cursor.rows.length;
        if (out.writableNeedDrain) await new Promise((resolve) => out.once("drain", resolve));
        cursor = cursor.next ? await cursor.next() : null;
      }
      sheet.commit();
      await workbook.commit();
      input.onEnd?.({ rows, failed: false });
    } catch (error) {
      input.onEnd?.({ rows, failed: true });
      out.destroy(error instanceof Error ? error : new Error("history export failed"));
    }
  };
  void write();
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
