/**
 * §2 sends any unknown path to the dashboard; decision 124 adds the toast 'No encontramos esa página',
 * so a mistyped address does not land there silently. Only a person's visit is told: a browser also
 * asks for files by itself (a favicon, a touch icon, a stale script), and a toast for one of those
 * would greet the next page with a mistake nobody made.
 */
export interface UnknownPathRequest {
  method: string;
  pathname: string;
  /** The Sec-Fetch-Dest header: "document" for a typed address, "empty" for the app's own data requests. */
  fetchDest: string | null;
  accept: string | null;
}

/** A name ending in an extension (favicon.ico, apple-touch-icon.png, app.js.map) is a file, not a page. */
const FILE_NAME = /\/[^/]*\.[a-z0-9]{1,8}$/i;

export function tellsUnknownPath({ method, pathname, fetchDest, accept }: UnknownPathRequest): boolean {
  if (method.toUpperCase() !== "GET" || FILE_NAME.test(pathname)) return false;
  if (fetchDest) return fetchDest === "document" || fetchDest === "empty";
  // Without fetch metadata (an older browser), the page a person asked for is the one that accepts HTML.
  return (accept ?? "").includes("text/html");
}
