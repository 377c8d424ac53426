// Installs what the project needs on a fresh machine, and nothing when it is already there:
// npm packages from the lockfile, and (for tests and PDFs) Debian's Chromium.
import { execSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";

import { CHROMIUM_PATH } from "./chromium.mjs";

const run = (command) => execSync(command, { stdio: "inherit" });

/**
 * The npm versions package.json's `engines` names (decision 103). An older npm reads the lockfile
 * differently and stops deep inside `npm ci` with a message about a lockfile out of sync: this
 * says which version is needed before anything is installed.
 */
export const NPM_NEEDED = { major: 10, minor: 8 };

export function checkNpm() {
  const version = execSync("npm -v", { encoding: "utf8" }).trim();
  const [major, minor] = version.split(".").map(Number);
  if (major > NPM_NEEDED.major || (major === NPM_NEEDED.major && minor >= NPM_NEEDED.minor)) return;
  console.error(
    `✗ npm ${version} no sirve: este proyecto necesita npm ${NPM_NEEDED.major}.${NPM_NEEDED.minor} o posterior (npm 10 u 11; Node 24 LTS trae npm 11).`,
  );
  process.exit(1);
}

export function ensureNodeModules() {
  checkNpm();
  const lockHash = createHash("sha256").update(readFileSync("package-lock.json")).digest("hex");
  const marker = "node_modules/.installed-lock-hash";
  if (existsSync(marker) && readFileSync(marker, "utf8") === lockHash) return;
  console.log("› Instalando dependencias (npm ci)…");
  // npm 10 ignores package.json's allowScripts, and vnu-jar's install script would download a Java
  // runtime: no install script runs, with either npm. None is needed (decision 103).
  run("npm ci --ignore-scripts --no-audit --no-fund");
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

function aptInstall(packages) {
  console.log(`› Instalando paquetes de Debian (apt-get): ${packages.join(", ")}…`);
  const sudo = process.getuid && process.getuid() !== 0 ? "sudo " : "";
  run(`${sudo}apt-get update -qq`);
  run(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${packages.join(" ")}`);
}

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
  aptInstall(missing);
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium was not found at ${CHROMIUM_PATH} after installing it`);
}

/** The browser the image prints receipts with, and the fonts the receipt is drawn in (Dockerfile, decision 104). */
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";
const RECEIPT_FONTS = ["fonts-liberation", "fonts-noto-core"];

/**
 * The browser the demo's app prints receipts with: CHROMIUM_PATH when set, else Debian's Chromium
 * when there, else Debian's headless shell, installed with apt (and the receipt's fonts) when
 * missing, as the image has it. Returns its path.
 */
export function ensurePdfBrowser() {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH names ${CHROMIUM_PATH}, which does not exist`);
  if (!existsSync(HEADLESS_SHELL_PATH)) aptInstall(["chromium-headless-shell", ...RECEIPT_FONTS]);
  if (!existsSync(HEADLESS_SHELL_PATH))
    throw new Error(`Chromium's headless shell was not found at ${HEADLESS_SHELL_PATH} after installing it`);
  return HEADLESS_SHELL_PATH;
}
