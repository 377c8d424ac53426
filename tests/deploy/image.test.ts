import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { HEADLESS_SHELL_PATH } from "../../scripts/install.mjs";
import { readDockerfile, stage } from "./dockerfile";

/**
 * What the image is made of, read without a container engine (decisions 103 and 104); the runtime
 * proof (tests/deploy/image-runtime.ts, in npm test) and ../shared/tools/image-rehearsal run it.
 */
const root = new URL("../../", import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), "utf8");
const stages = readDockerfile();
const packageJson = JSON.parse(read("package.json")) as { engines: { node: string; npm: string } };

describe("the image", () => {
  it("builds every stage on one Node LTS release, pinned exactly, the one package.json's engines names", () => {
    const bases = new Set(stages.map((each) => each.from));
    expect(bases.size).toBe(1);
    const [base] = bases;
    const [, major] = /^node:(\d+)\.\d+\.\d+-(bookworm|trixie)-slim$/.exec(base) ?? [];
    expect(major).toBeDefined();
    expect(Number(major) % 2).toBe(0);
    expect(packageJson.engines.node).toMatch(new RegExp(`^\\^${major}\\.`));
  });

  it("runs no package's install script: npm 10 ignores allowScripts and vnu-jar's would fetch Java", () => {
    const installs = stages.flatMap((each) => each.run).filter((line) => /\bnpm (ci|install)\b/.test(line));
    expect(installs.length).toBeGreaterThan(0);
    for (const line of installs) expect(line).toContain("--ignore-scripts");
  });

  it("ships production dependencies without TypeScript, the optional peer --omit=dev keeps", () => {
    expect(stage(stages, "deps").run.join(" && ")).toMatch(/npm ci --omit=dev .*&& rm -rf node_modules\/typescript$/);
  });

  it("prints receipts with Chromium's headless shell, the demo's browser on a bare machine", () => {
    const runtime = stages.at(-1);
    expect(runtime?.run.join(" ")).toMatch(/apt-get install [^&]*\bchromium-headless-shell\b/);
    expect(runtime?.run.join(" ")).not.toMatch(/apt-get install [^&]*\bchromium\b(?!-)/);
    expect(runtime?.env.CHROMIUM_PATH).toBe(HEADLESS_SHELL_PATH);
  });

  it("keeps out of its build context everything .gitignore lists (a developer's .env, logs)", () => {
    const lines = (file: string) =>
      read(file)
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== "" && !line.startsWith("#"));
    const ignored = new Set(lines(".dockerignore"));
    for (const pattern of lines(".gitignore")) {
      const path = pattern.replace(/^\//, "").replace(/\/$/, "");
      // A file pattern with no slash (*.log, .env) matches at any depth in .gitignore, only at the root in
      // .dockerignore; the folders are the project's own, at its root.
      const anyDepth = !pattern.startsWith("/") && !path.includes("/") && !pattern.endsWith("/");
      expect(ignored, pattern).toContain(anyDepth ? `**/${path}` : path);
    }
  });
});
