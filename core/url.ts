/** Build links that open or close URL-addressed drawers and dialogs, keeping the rest of the URL. */
export function withParams(href: string, params: Record<string, string>): string {
  const url = new URL(href, "http://portal.local");
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}`;
}

export function withoutParams(href: string, keys: string[]): string {
  const url = new URL(href, "http://portal.local");
  for (const key of keys) url.searchParams.delete(key);
  return `${url.pathname}${url.search}`;
}

/** A same-site path to go back to after a POST; anything else falls back to "/". */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return fallback;
  }
  return value;
}
