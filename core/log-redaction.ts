/**
 * What no log line carries, shared by the app's logger and the sandbox's (decision 021): the field
 * names pino censors, and a request path with its secrets and personal data censored. The sandbox
 * plays the bank, but its lines go to the same demo output and into bug reports.
 */
export const REDACTED = "[redactado]";

/** Fields censored wherever they appear (and one level down): tokens, credentials, cookies. */
export const REDACTED_LOG_KEYS = ["token", "jwt", "externalToken", "authorization", "cookie"] as const;

/** pino's `redact.paths` for those keys. */
export function redactPaths(): string[] {
  return [...REDACTED_LOG_KEYS, ...REDACTED_LOG_KEYS.map((key) => `*.${key}`), "headers.authorization", "headers.cookie"];
}

/**
 * Query parameters whose value is a secret or a person's: login `state`, challenge `trk`, tokens,
 * the contact data being confirmed, user and company names.
 */
const SECRET_PARAMS = new Set(["token", "jwt", "state", "trk", "data", "email", "phone", "usuario", "username", "companyname", "code"]);

/** An e-mail address, or a run of 10 or more digits (a phone, an account, a CLABE): whatever its name. */
const PERSONAL_VALUE = /@|\d{10,}/;

/** A path and query as a log may show it: secrets and personal values replaced by [redactado]. */
export function redactRequestPath(pathWithQuery: string): string {
  const [path, query] = splitOnce(pathWithQuery, "?");
  const safePath = path
    .split("/")
    .map((segment) => (PERSONAL_VALUE.test(safeDecode(segment)) ? REDACTED : segment))
    .join("/");
  if (query === null) return safePath;
  const params = query.split("&").map((pair) => {
    const [key, value] = splitOnce(pair, "=");
    if (value === null || value === "") return pair;
    const secret = SECRET_PARAMS.has(safeDecode(key).toLowerCase()) || PERSONAL_VALUE.test(safeDecode(value.replace(/\+/g, " ")));
    return secret ? `${key}=${REDACTED}` : pair;
  });
  return `${safePath}?${params.join("&")}`;
}

function splitOnce(value: string, separator: string): [string, string | null] {
  const at = value.indexOf(separator);
  return at === -1 ? [value, null] : [value.slice(0, at), value.slice(at + 1)];
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
