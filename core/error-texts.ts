import { SHARED_PART_DOWN } from "./domain/shared-part";

/**
 * Which Spanish error text (errors.json) an HTTP status shows: one choice for the page
 * boundaries (app/components/errors/ErrorPage.tsx) and the pages the server writes itself for
 * downloads and refusals (server/http/error-document.server.ts).
 */
export type ErrorTextKey =
  | "notFound"
  | "forbidden"
  | "crossSite"
  | "badRequest"
  | "tooLarge"
  | "tooManyRequests"
  | "sharedPartDown"
  | "upstream"
  | "generic";

export function errorTextKey(status: number, reason?: unknown): ErrorTextKey {
  if (status === 404) return "notFound";
  if (status === 403) return reason === "csrf" ? "crossSite" : "forbidden";
  if (status === 400) return "badRequest";
  if (status === 413) return "tooLarge";
  if (status === 429) return "tooManyRequests";
  if (status === 503 && reason === SHARED_PART_DOWN) return "sharedPartDown";
  if (status >= 502) return "upstream";
  return "generic";
}
