import { errorDocument, retryInText } from "./error-document.server";

/**
 * The Spanish page for what the HTTP layer refuses before the app runs (a cross-site form, an
 * oversized body, too many requests).
 */
export type Refusal = "crossSite" | "tooLarge" | "tooManyRequests";

const STATUS: Record<Refusal, number> = { crossSite: 403, tooLarge: 413, tooManyRequests: 429 };

export function refusalStatus(kind: Refusal): number {
  return STATUS[kind];
}

export function refusalPage(kind: Refusal, retryAfterSeconds?: number, folio?: string | null): string {
  return errorDocument(STATUS[kind], kind, retryAfterSeconds === undefined ? undefined : retryInText(retryAfterSeconds), folio);
}
