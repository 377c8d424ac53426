import pino from "pino";

/**
 * JSON logs on stdout. Tokens, cookies and personal data never reach a log line: the redaction
 * list is a safety net, the rule is not to log them in the first place.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: { service: "portal" },
  redact: {
    paths: [
      "token",
      "jwt",
      "externalToken",
      "authorization",
      "cookie",
      "*.token",
      "*.jwt",
      "*.externalToken",
      "*.authorization",
      "*.cookie",
      "headers.authorization",
      "headers.cookie",
    ],
    censor: "[redactado]",
  },
  timestamp: pino.stdTimeFunctions.isoTime,
});

export type Logger = pino.Logger;
