// Installs what the project needs on a fresh machine, and nothing when it is already there:
// npm packages from the lockfile, and (for tests and PDFs) Debian's Chromium.
import { execSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";

import { CHROMIUM_PATH } from "./chromium.mjs";

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

const onPath = (command) => {
  try {
    execSync(`command -v ${command}`, { stdio: "ignore", shell: "/bin/sh" });
    return true;
  } catch {
    return false;
  }
};

/**
 * Debian packages the tests need: Chromium (end-to-end tests, PDFs), redis-server (the Redis
 * session store's test), poppler-utils (pdfinfo and pdftotext read the receipts back) and a Java
 * runtime (the W3C Nu HTML checker, vnu.jar from the vnu-jar package, checks every page's HTML).
 * Installed with apt only when missing.
 */
export function ensureSystemPackages() {
  const missing = [];
  if (!existsSync(CHROMIUM_PATH)) missing.push("chromium", "fonts-liberation");
  if (!onPath("redis-server")) missing.push("redis-server");
  if (!onPath("pdfinfo") || !onPath("pdftotext")) missing.push("poppler-utils");
  if (!onPath("java")) missing.push("default-jre-headless");
  if (missing.length === 0) return;
  console.log(`› Instalando paquetes de Debian (apt-get): ${missing.join(", ")}…`);
  const sudo = process.getuid && process.getuid() !== 0 ? "sudo " : "";
  run(`${sudo}apt-get update -qq`);
  run(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${missing.join(" ")}`);
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium was not found at ${CHROMIUM_PATH} after installing it`);
}
