// Installs what the project needs on a fresh machine, and nothing when it is already there:
// npm packages from the lockfile, and (for tests and PDFs) Debian's Chromium.
import { execSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";

const run = (command) => execSync(command, { stdio: "inherit" });

export function ensureNodeModules() {
  const lockHash = createHash("sha256").update(readFileSync("package-lock.json")).digest("hex");
  const marker = "node_modules/.installed-lock-hash";
  if (existsSync(marker) && readFileSync(marker, "utf8") === lockHash) return;
  console.log("› Instalando dependencias (npm ci)…");
  run("npm ci --no-audit --no-fund");
  mkdirSync("node_modules", { recursive: true });
  writeFileSync(marker, lockHash);
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  console.log("› Instalando Chromium de Debian (apt-get)…");
  const sudo = process.getuid && process.getuid() !== 0 ? "sudo " : "";
  run(`${sudo}apt-get update -qq`);
  run(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-liberation`);
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium was not found at ${CHROMIUM_PATH} after installing it`);
}
