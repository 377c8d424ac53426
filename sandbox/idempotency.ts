// The product API's Idempotency-Key rules, shared by /setoperation and the recipient registrations
// (IETF draft "The Idempotency-Key HTTP Header Field"): a key is bound to the request it first
// came with; the same request again gets the first answer, another request with that key is
// refused (422), and a repeat while the first is still being handled is refused too (409).
import crypto from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

import { HttpError } from "./http";

export interface IdempotencyRecord<T> {
  /** What the key was first used for (see `fingerprintOf`). */
  fingerprint: string;
  /** The first answer; unset while that request is being handled. */
  answer?: T;
}

export function idempotencyKeyOf(headers: IncomingHttpHeaders): string {
  const raw = headers["idempotency-key"];
  const key = typeof raw === "string" ? raw.trim() : "";
  if (key === "" || key.length > 200) throw new HttpError(400, "Falta el encabezado Idempotency-Key", "IDEMPOTENCY_KEY_REQUIRED");
  return key;
}

/** A stable digest of a JSON value: object keys sorted, so the order fields arrive in does not matter. */
export function fingerprintOf(value: unknown): string {
  return crypto.createHash("sha256").update(canonical(value)).digest("hex");
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, field]) => `${JSON.stringify(name)}:${canonical(field)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Answers a keyed request once: the first answer for the same fingerprint again (`replayed`),
 * 422 IDEMPOTENCY_KEY_REUSED for another fingerprint, 409 IDEMPOTENCY_KEY_IN_FLIGHT while the
 * first is still running. A refused first request (it throws) stores nothing, so its key can be
 * sent again with a corrected body.
 */
export async function once<T>(
  records: Map<string, IdempotencyRecord<T>>,
  scope: string,
  fingerprint: string,
  create: () => Promise<T> | T,
): Promise<{ answer: T; replayed: boolean }> {
  const earlier = records.get(scope);
  if (earlier) {
    if (earlier.fingerprint !== fingerprint) {
      throw new HttpError(422, "La llave de idempotencia ya se usó con otra solicitud", "IDEMPOTENCY_KEY_REUSED");
    }
    if (earlier.answer === undefined) {
      throw new HttpError(409, "Una solicitud con esta llave de idempotencia sigue en curso", "IDEMPOTENCY_KEY_IN_FLIGHT");
    }
    return { answer: earlier.answer, replayed: true };
  }
  // Claimed before anything is awaited, so a concurrent duplicate finds it.
  const record: IdempotencyRecord<T> = { fingerprint };
  records.set(scope, record);
  try {
    record.answer = await create();
    return { answer: record.answer, replayed: false };
  } catch (error) {
    if (records.get(scope) === record) records.delete(scope);
    throw error;
  }
}
