/**
 * Is this error a shared part (Redis: sessions, rate limits, idempotency keys, jobs) that is down
 * or not answering, rather than a fault of the request or the code? Then the page answers 503
 * with its Spanish text (reason `sharedPartDown`), never a 500 nor a logout (decision
 * 102). Read from the error's shape only: ioredis's messages and names, and the socket's codes.
 */
export const SHARED_PART_DOWN = "sharedPartDown";

const DOWN_MESSAGES = [
  "Connection is closed.",
  "Command timed out",
  "Stream isn't writeable and enableOfflineQueue options is false",
  "Reached the max retries per request limit",
  "None of startup nodes is available",
];
const DOWN_NAMES = new Set(["MaxRetriesPerRequestError"]);
const DOWN_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
/** Redis answered but cannot serve: still loading its data, a read-only replica, or out of memory. */
const DOWN_REPLIES = /^(LOADING|READONLY|MASTERDOWN|OOM|CLUSTERDOWN|TRYAGAIN)\b/;

export function isSharedPartDown(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name, message, code } = error as { name?: unknown; message?: unknown; code?: unknown };
  if (typeof name === "string" && DOWN_NAMES.has(name)) return true;
  if (typeof code === "string" && DOWN_CODES.has(code)) return true;
  if (typeof message !== "string") return false;
  return DOWN_MESSAGES.some((text) => message.startsWith(text)) || DOWN_REPLIES.test(message);
}
