import { createContext, useContext } from "react";

import type { StylesheetDelivery } from "#core/domain/stylesheet-delivery";

/** The element that holds an inlined stylesheet (decision 065). */
const INLINE_ID = "estilos";

/** How the server chose to carry the stylesheet on this document (entry.server.tsx). */
const StylesheetContext = createContext<StylesheetDelivery>({ kind: "link" });
export const StylesheetProvider = StylesheetContext.Provider;

let inBrowser: StylesheetDelivery | null = null;

/**
 * The document's stylesheet delivery. The browser reads it once from the server's HTML and keeps it
 * for the life of the page, so hydration meets the same `<head>`, a later render (an error page)
 * keeps the styles, and no stylesheet is fetched again on a client navigation.
 */
export function useStylesheetDelivery(): StylesheetDelivery {
  const fromServer = useContext(StylesheetContext);
  if (typeof document === "undefined") return fromServer;
  if (!inBrowser) {
    const css = document.getElementById(INLINE_ID)?.textContent;
    inBrowser = css ? { kind: "inline", css } : { kind: "link" };
  }
  return inBrowser;
}

/**
 * The stylesheet in `<head>`: inline for a browser that has not fetched this build's yet (with the
 * file prefetched for the next page), else the render-blocking link it has cached.
 */
export function Stylesheet({ href, nonce }: { href: string; nonce: string }) {
  const delivery = useStylesheetDelivery();
  if (delivery.kind === "link") return <link rel="stylesheet" href={href} />;
  return (
    <>
      <style id={INLINE_ID} nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: delivery.css }} />
      <link rel="prefetch" href={href} />
    </>
  );
}
