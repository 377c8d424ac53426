/**
 * How a page carries its stylesheet (decision 065). A browser that has not fetched this build's
 * stylesheet yet gets it inline in `<head>` — no request before the first paint — and fetches the
 * file in the background for the next page; a browser whose cookie names this build's stylesheet has
 * it in its cache and gets the `<link>`. Text that could close the `<style>` element early is
 * never inlined.
 */
export type StylesheetDelivery = { kind: "inline"; css: string } | { kind: "link" };

export function stylesheetDelivery(cachedVersion: unknown, version: string, css: string | null): StylesheetDelivery {
  if (css === null || css === "" || /<\/style/i.test(css)) return { kind: "link" };
  if (typeof cachedVersion === "string" && cachedVersion === version) return { kind: "link" };
  return { kind: "inline", css };
}

/** The build's version of a stylesheet: its file name's content hash ("/build/_assets/tailwind-QG2VWBYQ.css" → "QG2VWBYQ"). */
export function stylesheetVersion(href: string): string {
  return /-([A-Z0-9]+)\.css$/i.exec(href)?.[1] ?? href;
}
