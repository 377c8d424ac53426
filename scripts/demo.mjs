// npm run demo: install what is missing (npm packages, a browser for the PDF receipts), build, start the sandbox and the app, print the URL.
// PORT (app, default 3000) and SANDBOX_PORT (default 4010); Ctrl-C / SIGTERM stops both.
import { execSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";

import { APP_NODE_ARGS } from "./app-node-args.mjs";
import { ensureNodeModules, ensurePdfBrowser } from "./install.mjs";
import { SANDBOX_NODE_ARGS, sandboxEnv, sandboxProcessEnv, waitForHttp } from "./sandbox-env.mjs";

const appPort = Number(process.env.PORT ?? 3000);
const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4010);

ensureNodeModules();
const chromiumPath = ensurePdfBrowser();
console.log("› Compilando…");
execSync("npm run build --silent", { stdio: "inherit" });

// A stable secret keeps demo sessions valid across restarts (they are stored in .sessions/).
mkdirSync(".sessions", { recursive: true });
const secretFile = ".sessions/.demo-secret";
if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(32).toString("hex"), { mode: 0o600 });
const sessionSecret = readFileSync(secretFile, "utf8").trim();

const children = [];
function start(name, args, env) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit"] });
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`${name} terminó (${signal ?? code}); deteniendo la demo.`);
      stop(1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  const alive = children.filter((child) => child.exitCode === null && child.signalCode === null);
  if (alive.length === 0) process.exit(code);
  let pending = alive.length;
  for (const child of alive) {
    child.once("exit", () => {
      pending -= 1;
      if (pending === 0) process.exit(code);
    });
    child.kill("SIGTERM");
  }
  setTimeout(() => process.exit(code), 12_000).unref();
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

start("sandbox", SANDBOX_NODE_ARGS, sandboxProcessEnv({ appPort, sandboxPort }));
await waitForHttp(`http://localhost:${sandboxPort}/banca`);
start("app", [...APP_NODE_ARGS, "build/server/main.js"], {
  ...sandboxEnv({ appPort, sandboxPort, sessionSecret }),
  CHROMIUM_PATH: chromiumPath,
});
await waitForHttp(`http://localhost:${appPort}/healthcheck`);

console.log(`
  Portal listo:     http://localhost:${appPort}
  Banca (sandbox):  http://localhost:${sandboxPort}/banca  ← entra aquí con un usuario de demostración
  Ctrl-C para detener.
`);
