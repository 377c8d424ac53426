/**
 * Whether an unsafe request (POST, PUT, PATCH, DELETE) may reach the app: browsers say where a
 * request comes from (Sec-Fetch-Site, Origin, Referer), and only this app's own origin may change
 * anything (ASVS V3.5). A request that says nothing at all (a script, curl) still needs the
 * session-bound CSRF token of every form.
 */
export type CrossSiteVerdict = "allowed" | "crossSite";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function crossSiteVerdict(
  method: string,
  headers: { secFetchSite?: string; origin?: string; referer?: string },
  appOrigin: string,
): CrossSiteVerdict {
  if (SAFE_METHODS.has(method.toUpperCase())) return "allowed";
  const site = headers.secFetchSite?.trim().toLowerCase();
  if (site) return site === "same-origin" || site === "none" ? "allowed" : "crossSite";
  if (headers.origin !== undefined) return originOf(headers.origin) === appOrigin ? "allowed" : "crossSite";
  if (headers.referer !== undefined) return originOf(headers.referer) === appOrigin ? "allowed" : "crossSite";
  return "allowed";
}

function originOf(value: string): string | null {
  if (value.trim() === "null") return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}
