// npm test: install what is missing (npm packages, Debian's Chromium, redis-server and poppler-utils), then typecheck, lint, format,
// unit and contract tests (vitest), build, the image's runtime (its last stage on its Node), the end-to-end tests (Playwright, JS on and off), and every bench at small sizes.
import { spawnSync } from "node:child_process";

import { ensureNodeModules, ensureSystemPackages } from "./install.mjs";

ensureNodeModules();
ensureSystemPackages();

const steps = [
  ["Tipos (tsc)", "npx", ["tsc", "--noEmit"]],
  ["Lint (eslint)", "npx", ["eslint", "."]],
  ["Formato (prettier)", "npx", ["prettier", "--check", "."]],
  ["Unitarias y de contrato (vitest)", "npx", ["vitest", "run"]],
  ["Compilación", "npm", ["run", "build", "--silent"]],
  // The image's last stage without an engine, on the Node its base pins (decision 103).
  ["Entorno de ejecución de la imagen (tests/deploy/image-runtime.ts)", "npx", ["tsx", "tests/deploy/image-runtime.ts"]],
  ["Extremo a extremo (playwright)", "npx", ["playwright", "test"]],
  // npm run bench still ends and prints every figure of the performance table (small sizes; nothing judged or timed).
  ["Bancos de medición, tamaños pequeños (bench/smoke.ts)", "npx", ["tsx", "bench/smoke.ts"]],
];

/** Minutes since `since`, as each step's line prints them (the suite's time is a figure a change can move). */
const minutesSince = (since) => `${((Date.now() - since) / 60_000).toFixed(1)} min`;

const suiteStarted = Date.now();
for (const [name, command, args] of steps) {
  console.log(`\n› ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, CI: process.env.CI ?? "" } });
  if (result.status !== 0) {
    console.error(`\n✗ Falló: ${name} (${minutesSince(started)})`);
    process.exit(result.status ?? 1);
  }
  console.log(`› ${name}: ${minutesSince(started)}`);
}
console.log(`\n✓ Todas las pruebas pasaron (${minutesSince(suiteStarted)})`);
