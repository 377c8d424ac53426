import { FILTER_PARAMS } from "./domain/history-params";

/**
 * Addresses of the history and its drawer views. Every view keeps the list's filters and page in
 * its query, so the list behind the drawer stays the same and Back / × return to it; other search
 * parameters (another drawer, a dialog) are dropped.
 */
export const HISTORY_PATH = "/historial-operaciones";

const KEPT = [...FILTER_PARAMS, "pagina"];

export function listSearch(search: string): string {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of KEPT) {
    const value = from.get(name);
    if (value) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : "";
}

export type OperationView = "detalle" | "compartir" | "vista-previa" | "comprobante" | "factura" | "autorizar";

export function historyHref(search: string, id?: string, view: OperationView = "detalle"): string {
  const query = listSearch(search);
  if (!id) return `${HISTORY_PATH}${query}`;
  const base = `${HISTORY_PATH}/${encodeURIComponent(id)}`;
  return `${view === "detalle" ? base : `${base}/${view}`}${query}`;
}

/** The list at another page, same filters. */
export function pageHref(search: string, page: number): string {
  const params = new URLSearchParams(listSearch(search));
  if (page <= 1) params.delete("pagina");
  else params.set("pagina", String(page));
  const text = params.toString();
  return `${HISTORY_PATH}${text ? `?${text}` : ""}`;
}

export const HISTORY_EXPORT_PATH = `${HISTORY_PATH}/exportar`;

/** The history's export with the list's filters (not its page: the file holds every page), as a plain link. */
export function exportHref(search: string, format: "csv" | "xlsx"): string {
  const params = new URLSearchParams(listSearch(search));
  params.delete("pagina");
  params.set("formato", format);
  return `${HISTORY_EXPORT_PATH}?${params.toString()}`;
}
