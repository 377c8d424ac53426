import { json } from "@remix-run/node";

import { isSharedPartDown, SHARED_PART_DOWN } from "#core/domain/shared-part";

/** How long a browser or a script is asked to wait before trying again while a shared part is down. */
const RETRY_AFTER_S = 15;

/** The answer while a shared part (Redis) is down: 503 with the reason the error page reads (decision 102). */
export function sharedPartDownResponse(): Response {
  return json(
    { reason: SHARED_PART_DOWN },
    { status: 503, headers: { "Retry-After": String(RETRY_AFTER_S), "Cache-Control": "no-store" } },
  );
}

/**
 * `work` as it settles, except that a shared part found down is thrown as the 503 answer: a session
 * that cannot be read is neither a logout nor a 500, and whatever was about to follow it (a bank
 * call, a money action) is never reached.
 */
export async function orSharedPartDown<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isSharedPartDown(error)) throw sharedPartDownResponse();
    throw error;
  }
}
