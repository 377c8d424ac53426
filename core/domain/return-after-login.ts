import { safeRedirectPath } from "../url";

/**
 * Where a signed-out person was going when the route guard sent them to log in (decision 109):
 * a pasted link such as `/historial-operaciones/1019` must survive the bank's round trip. Only a
 * page the person opened themselves is remembered (not a background fetch or Remix's data request),
 * only as a same-site path and query by the redirect rule of every other target, and never a page
 * of the login itself, where coming back would loop.
 */
const LOGIN_PATHS = ["/login", "/access", "/wizard", "/error", "/logout", "/sesion-expirada", "/transaction"];

export interface RequestedPage {
  method: string;
  url: string;
  /** The browser's `Sec-Fetch-Dest` header; absent on browsers that do not send it. */
  fetchDest: string | null;
}

export function returnTargetOf(request: RequestedPage): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (request.fetchDest !== null && request.fetchDest !== "document") return null;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return null;
  }
  if (url.searchParams.has("_data")) return null;
  return returnTarget(`${url.pathname}${url.search}`);
}

/** The remembered target as it is used after the login: checked again, the dashboard when unusable. */
export function returnTarget(value: unknown): string | null {
  const target = safeRedirectPath(value, "");
  if (!target || target === "/") return null;
  const path = target.split(/[?#]/, 1)[0];
  if (LOGIN_PATHS.some((login) => path === login || path.startsWith(`${login}/`))) return null;
  // The fragment never reaches the server; one that got here anyway is not carried.
  return target.split("#", 1)[0];
}
