import type { Logger } from "../logger.server";
import type { UpstreamError } from "./errors";

/**
 * Warns that an upstream failed a screen or a read (`fields` and `message` as the caller logs them), unless the
 * call was cut because the browser left ("aborted"): then no upstream failed, nobody reads the answer, and the
 * upstream client has already logged the call as abandoned (docs/decisions/087).
 */
export function warnUpstreamFailure(log: Logger, error: UpstreamError, fields: Record<string, unknown>, message: string): void {
  if (error.failure === "aborted") return;
  log.warn(fields, message);
}
