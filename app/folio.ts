import { createContext, useContext } from "react";

/**
 * The support folio of the document request (docs/decisions/106): the server renders it from the
 * load context, the browser reads it back from the page it hydrates, so both render the same error
 * page. `locationKey` is the history entry that document is: the folio belongs to it alone, not
 * to pages reached later by client navigation ("default" on the server; in the browser, the key
 * Remix's scroll restoration gave the entry before hydration). Folio null when the request had none.
 */
export interface DocumentFolio {
  folio: string | null;
  locationKey: string;
}
export const FolioContext = createContext<DocumentFolio>({ folio: null, locationKey: "default" });
export const FolioProvider = FolioContext.Provider;
export const useDocumentFolio = () => useContext(FolioContext);

/** Where the error page writes the folio, and where the browser finds it again before hydrating. */
export const FOLIO_ATTRIBUTE = "data-folio";

export function folioInDocument(doc: Document, history: History): DocumentFolio {
  const state = history.state as { key?: unknown } | null;
  return {
    folio: doc.querySelector(`[${FOLIO_ATTRIBUTE}]`)?.getAttribute(FOLIO_ATTRIBUTE) ?? null,
    locationKey: typeof state?.key === "string" ? state.key : "default",
  };
}
