/**
 * Links are built from the page's own URL on every render (a dashboard builds some twenty), and
 * parsing a URL is the costly part: the answers are kept, a pure function's, bounded (decision 074).
 */
const BUILT_MAX = 2_000;
const built = new Map<string, string>();

function remembered(key: string, build: () => string): string {
  const known = built.get(key);
  if (known !== undefined) return known;
  const value = build();
  if (built.size >= BUILT_MAX) built.clear();
  built.set(key, value);
  return value;
}

/** Each part with its length before it, so no two different inputs make one key. */
const part = (text: string) => `${text.length}:${text}`;

/** Build links that open or close URL-addressed drawers and dialogs, keeping the rest of the URL. */
export function withParams(href: string, params: Record<string, string>): string {
  const entries = Object.entries(params);
  let key = `+${part(href)}`;
  for (const [name, value] of entries) key += part(name) + part(String(value));
  return remembered(key, () => {
    const url = new URL(href, "http://portal.local");
    for (const [name, value] of entries) url.searchParams.set(name, value);
    return `${url.pathname}${url.search}`;
  });
}

export function withoutParams(href: string, keys: string[]): string {
  let key = `-${part(href)}`;
  for (const name of keys) key += part(String(name));
  return remembered(key, () => {
    const url = new URL(href, "http://portal.local");
    for (const name of keys) url.searchParams.delete(name);
    return `${url.pathname}${url.search}`;
  });
}

/** A fixed origin that only this parser sees: a target is on the app's site when it resolves here. */
const PARSE_ORIGIN = "http://portal.invalid";
export const REDIRECT_MAX_LENGTH = 2048;

/**
 * Characters no legitimate same-site target contains raw: C0/C1 controls, every kind of space
 * (browsers strip tab, CR and LF from URLs, so "/\t/evil" is "//evil"), backslashes (read as "/"),
 * invisible formatting characters and the Unicode line and paragraph separators.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_RAW = /[\u0000-\u0020\u007f-\u00a0\\\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff\ud800-\udfff]/u;
/** Encoded controls (a second decoder, a proxy or a framework, must not find a CR or LF) and an encoded "//" or "/\\" start. */
const UNSAFE_ENCODED = /%(0[0-9a-f]|1[0-9a-f]|7f)/i;
const ENCODED_SLASH_START = /^\/(%2f|%5c)/i;

/**
 * A same-site path to go back to after a POST, or `fallback`. The target is parsed with the
 * WHATWG URL parser (the browser's) against a fixed origin and kept only when it stays there; the
 * answer is the parser's normalised path, query and fragment, so it is ASCII and safe in a
 * Location header. Refused: anything not starting with one "/", "//" and "/\\" forms, schemes
 * ("https:", "javascript:"), raw controls, spaces, backslashes and U+2028/U+2029, encoded controls, and
 * targets longer than REDIRECT_MAX_LENGTH.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > REDIRECT_MAX_LENGTH) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || UNSAFE_RAW.test(value)) return fallback;
  if (UNSAFE_ENCODED.test(value) || ENCODED_SLASH_START.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PARSE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PARSE_ORIGIN) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments collapse while parsing: "/.//evil" becomes "//evil", which a browser reads as a host.
  if (!target.startsWith("/") || target.startsWith("//") || target.length > REDIRECT_MAX_LENGTH) return fallback;
  return target;
}

/**
 * A form's action that lands on its result (decision 120): without JavaScript the
 * browser keeps an action's fragment on the answer's address (POST and GET alike) and scrolls to
 * it, so the answer opens where the result is instead of at the top of the page.
 */
export function withFragment(action: string, fragment: string): string {
  const hash = action.indexOf("#");
  return `${hash === -1 ? action : action.slice(0, hash)}#${encodeURIComponent(fragment)}`;
}
