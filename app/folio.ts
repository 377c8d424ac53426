import { createContext, useContext } from "react";

/**
 * The support folio of the document request (docs/decisions/106): the server renders it from the
 * load context, the browser reads it back from the page it hydrates, so both render the same error
 * page. Null when the request had none to show.
 */
export const FolioContext = createContext<string | null>(null);
export const FolioProvider = FolioContext.Provider;
export const useDocumentFolio = () => useContext(FolioContext);

/** Where the error page writes the folio, and where the browser finds it again before hydrating. */
export const FOLIO_ATTRIBUTE = "data-folio";

export function folioInDocument(doc: Document): string | null {
  return doc.querySelector(`[${FOLIO_ATTRIBUTE}]`)?.getAttribute(FOLIO_ATTRIBUTE) ?? null;
}
