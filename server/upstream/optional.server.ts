import type { Logger } from "../logger.server";
import { isUpstreamError } from "./errors";

/**
 * Optional data for a screen: when its upstream fails, the screen shows `fallback` (an empty or
 * "could not load" state) instead of failing whole, and the failure is logged once. Only upstream
 * failures degrade; anything else (a partner-session end, a bug) propagates. A call cut because the
 * browser left ("aborted") is no upstream failing and is not logged as one: the upstream client has
 * logged it as abandoned, and nobody will see the fallback.
 */
export async function optional<T, F>(call: Promise<T>, fallback: F, { log, event }: { log: Logger; event: string }): Promise<T | F> {
  try {
    return await call;
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    if (error.failure !== "aborted")
      log.warn({ event, service: error.service, failure: error.failure, status: error.status }, "optional data unavailable");
    return fallback;
  }
}
