import type { Logger } from "../logger.server";
import { isUpstreamError } from "./errors";
import { warnUpstreamFailure } from "./failure-log.server";

/**
 * Optional data for a screen: when its upstream fails, the screen shows `fallback` (an empty or
 * "could not load" state) instead of failing whole, and the failure is logged once. Only upstream
 * failures degrade; anything else (a partner-session end, a bug) propagates. A call cut because the
 * browser left is not logged as a failure ({@link warnUpstreamFailure}).
 */
export async function optional<T, F>(call: Promise<T>, fallback: F, { log, event }: { log: Logger; event: string }): Promise<T | F> {
  try {
    return await call;
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    warnUpstreamFailure(
      log,
      error,
      { event, service: error.service, failure: error.failure, status: error.status },
      "optional data unavailable",
    );
    return fallback;
  }
}
