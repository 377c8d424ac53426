import { Transform } from "node:stream";

import { UPLOAD_MAX_BYTES } from "#core/domain/spreadsheet";

/**
 * How much of a request body the app is willing to read, by kind of route (ASVS V4): forms are
 * small; the spreadsheet uploads get room for the §5 file plus a margin, so a file somewhat over
 * the limit is drained and answered with the form's own message ('Carga un documento menor a …')
 * while anything far beyond it is refused before a byte is read.
 */
export const FORM_BODY_LIMIT = 64 * 1024;
export const UPLOAD_BODY_LIMIT = 32 * 1024 * 1024;

/** Routes whose form is a spreadsheet upload (multipart). */
const UPLOAD_ROUTES = ["/destinatarios-alta-multiple", "/pago-multiple"];

export function bodyLimitFor(pathname: string): number {
  return UPLOAD_ROUTES.includes(pathname.replace(/\/+$/, "")) ? UPLOAD_BODY_LIMIT : FORM_BODY_LIMIT;
}

// The upload limit must leave room for the file the form itself refuses politely.
if (UPLOAD_BODY_LIMIT <= UPLOAD_MAX_BYTES) throw new Error("UPLOAD_BODY_LIMIT must exceed the §5 file limit");

/** The declared length, or null when absent or unreadable (chunked bodies). */
export function declaredLength(header: string | undefined): number | null {
  if (header === undefined || !/^\d{1,16}$/.test(header.trim())) return null;
  return Number(header.trim());
}

/** The error a body stream ends with once it passes its limit; named so any bundle can tell it. */
export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
  }
}

export function isBodyTooLarge(error: unknown): boolean {
  return error instanceof Error && error.name === "BodyTooLargeError";
}

/** Passes bytes through until `limit`, then fails: a chunked or lying body never grows past it. */
export function limitStream(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.byteLength;
      if (seen > limit) callback(new BodyTooLargeError(limit));
      else callback(null, chunk);
    },
  });
}
