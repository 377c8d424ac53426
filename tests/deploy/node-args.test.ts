import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { APP_NODE_ARGS } from "../../scripts/app-node-args.mjs";

/**
 * The app's node flags (scripts/app-node-args.mjs) are imported by the demo, the end-to-end tests
 * and the benches; the image and `npm start` cannot import them, so they are read here.
 */
const root = new URL("../../", import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), "utf8");

describe("the app's node flags", () => {
  it("bound the V8 heap's ceiling (decision 073)", () => {
    expect(APP_NODE_ARGS).toContain("--max-old-space-size=1024");
  });

  it("are the image's and npm start's", () => {
    const cmd = /^CMD (\[.*\])$/m.exec(read("Dockerfile"))?.[1];
    expect(JSON.parse(cmd ?? "[]")).toEqual(["node", ...APP_NODE_ARGS, "build/server/main.js"]);
    const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toBe(["node", ...APP_NODE_ARGS, "build/server/main.js"].join(" "));
  });
});
