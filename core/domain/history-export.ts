import texts from "../locales/es-MX/history.json";
import { mexicoCity } from "./dates";
import type { HistoryFilters } from "./history-filters";
import { STATUS_PARAMS, TYPE_PARAMS } from "./history-params";
import type { CellValue } from "./spreadsheet";

/**
 * What the history's export (§2 /historial-operaciones, decision 107) writes above its rows: whose
 * operations they are, which filters chose them and when the file was made, so a file forwarded
 * to an auditor still says what it is. Pure: the server streams these rows, then the operations.
 */
const labels = texts.export;

export const HISTORY_EXPORT_COLUMNS = [
  labels.columns.date,
  labels.columns.id,
  labels.columns.type,
  labels.columns.status,
  labels.columns.pair,
  labels.columns.counterparty,
  labels.columns.amount,
  labels.columns.amountCurrency,
  labels.columns.total,
  labels.columns.totalCurrency,
  labels.columns.reference,
  labels.columns.trackingKey,
  labels.columns.paymentReason,
  labels.columns.concept,
] as const;

/** The filters as a person reads them ('Tipo de operación: Transferencia; Desde: 2026-11-01'), or that there are none. */
export function filtersSummary(filters: HistoryFilters): string {
  const parts: string[] = [];
  if (filters.tipo) parts.push(`${texts.filters.type}: ${texts.type[TYPE_PARAMS[filters.tipo]]}`);
  if (filters.estado) parts.push(`${texts.filters.status}: ${texts.statusV2[STATUS_PARAMS[filters.estado]]}`);
  if (filters.desde) parts.push(`${texts.filters.from}: ${filters.desde}`);
  if (filters.hasta) parts.push(`${texts.filters.to}: ${filters.hasta}`);
  if (filters.par) parts.push(`${texts.filters.pair}: ${filters.par}`);
  if (filters.buscar) parts.push(`${texts.filters.search}: "${filters.buscar}"`);
  return parts.length > 0 ? parts.join("; ") : labels.noFilters;
}

/** The export's time on Mexico City's clock, as the file states it. */
export function exportedAtText(at: Date): string {
  return labels.timeZone.replace("{{date}}", mexicoCity(at).format("DD/MM/YYYY HH:mm:ss"));
}

/** The block above the table: title, company, filters, export time, a blank line, then the column names. */
export function exportHeaderRows(input: { companyName: string; filters: HistoryFilters; exportedAt: Date }): CellValue[][] {
  return [
    [labels.title],
    [labels.company, input.companyName],
    [labels.filters, filtersSummary(input.filters)],
    [labels.exportedAt, exportedAtText(input.exportedAt)],
    [],
    [...HISTORY_EXPORT_COLUMNS],
  ];
}

/** The file's name without extension: the export's Mexico City day and time, so two exports never overwrite. */
export function exportFileBase(at: Date): string {
  return labels.fileName.replace("{{date}}", mexicoCity(at).format("YYYY-MM-DD_HHmm"));
}
