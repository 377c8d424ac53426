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

/**
 * What a 404 could not find, when the page says so: an operation (with its number, when the
 * address held one) or an account of the company. The page then names it and offers its list,
 * while another company's resource still reads exactly like a missing one.
 */
export type NotFoundSubject = { kind: "operation"; id: string | null } | { kind: "account" };

const OPERATION_NUMBER = /^\d{1,12}$/;

export function notFoundSubject(status: number, data: unknown): NotFoundSubject | null {
  if (status !== 404 || !data || typeof data !== "object") return null;
  const { notFound, id } = data as { notFound?: unknown; id?: unknown };
  if (notFound === "operation") return { kind: "operation", id: typeof id === "string" && OPERATION_NUMBER.test(id) ? id : null };
  if (notFound === "account") return { kind: "account" };
  return null;
}
