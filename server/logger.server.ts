import pino from "pino";

import { REDACTED, redactPaths } from "#core/log-redaction";

/**
 * JSON logs on stdout. Tokens, cookies and personal data never reach a log line: the redaction
 * list is a safety net, the rule is not to log them in the first place.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: { service: "portal" },
  redact: { paths: redactPaths(), censor: REDACTED },
  timestamp: pino.stdTimeFunctions.isoTime,
});

export type Logger = pino.Logger;
