// CLI entry: `npm run sandbox` (tsx sandbox/main.ts). Configuration comes from the environment
// so the demo script and developers start it the same way.

import { pino } from "pino";

// The one thing of the app the sandbox shares: what its log lines never show (decision 021).
import { REDACTED, redactPaths } from "../core/log-redaction";
import { startSandbox } from "./server";

const logger = pino({
  name: "sandbox",
  level: process.env.SANDBOX_LOG_LEVEL ?? "info",
  redact: { paths: redactPaths(), censor: REDACTED },
});

function portFromEnv(): number {
  const raw = process.env.SANDBOX_PORT ?? "4010";
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    logger.fatal(`SANDBOX_PORT no es un puerto válido: "${raw}"`);
    process.exit(1);
  }
  return port;
}

const sandbox = await startSandbox({
  port: portFromEnv(),
  host: process.env.SANDBOX_HOST ?? "127.0.0.1",
  appUrl: process.env.APP_URL ?? "http://localhost:3000",
  // Where browsers reach the challenge page, when that is not this process's own address.
  challengeUrl: process.env.SANDBOX_CHALLENGE_URL || undefined,
  logger,
});

logger.info({ url: sandbox.url }, `Sandbox escuchando en ${sandbox.url} (portal: ${sandbox.url}/banca)`);

let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "Deteniendo el sandbox");
  await sandbox.close();
  process.exit(0);
}

process.on("SIGINT", (signal) => void stop(signal));
process.on("SIGTERM", (signal) => void stop(signal));
