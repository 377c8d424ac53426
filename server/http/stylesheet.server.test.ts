import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { sandboxEnv } from "../../scripts/sandbox-env.mjs";
import { stylesheetFor } from "./stylesheet.server";

/** The document's stylesheet (decision 065): inline until the browser's cookie names this build's, then linked. */
const saved = { ...process.env };
const CSS = "html{background:#f8fafc}";
const HREF = "/build/_assets/tailwind-ABC123.css";
let assets = "";

beforeAll(async () => {
  Object.assign(
    process.env,
    sandboxEnv({ appPort: 3998, sandboxPort: 3997, sessionSecret: "stylesheet-test-secret-stylesheet!!", sessionDir: ".cache/css-test" }),
  );
  assets = await mkdtemp(path.join(tmpdir(), "fxn-css-"));
  await mkdir(path.join(assets, "_assets"));
  await writeFile(path.join(assets, "_assets", "tailwind-ABC123.css"), CSS);
  await writeFile(path.join(assets, "_assets", "tailwind-NEW777.css"), CSS);
});
afterAll(async () => {
  process.env = saved;
  await rm(assets, { recursive: true, force: true });
});

const request = (cookie?: string) => new Request("http://localhost:3998/", { headers: cookie ? { Cookie: cookie } : {} });

describe("stylesheetFor", () => {
  it("inlines the file for a browser without the cookie, and sets it", async () => {
    const first = await stylesheetFor(request(), HREF, assets);
    expect(first.delivery).toEqual({ kind: "inline", css: CSS });
    expect(first.setCookie).toMatch(/^__portal_css=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);

    const next = await stylesheetFor(request(first.setCookie?.split(";")[0]), HREF, assets);
    expect(next).toEqual({ delivery: { kind: "link" }, setCookie: null });
  });

  it("inlines again after a new build, and for a cookie that does not parse", async () => {
    const first = await stylesheetFor(request(), HREF, assets);
    const built = await stylesheetFor(request(first.setCookie?.split(";")[0]), "/build/_assets/tailwind-NEW777.css", assets);
    expect(built.delivery).toEqual({ kind: "inline", css: CSS });
    const garbled = await stylesheetFor(request("__portal_css=%%%not-json"), HREF, assets);
    expect(garbled.delivery).toEqual({ kind: "inline", css: CSS });
  });

  it("links a file it cannot read", async () => {
    const missing = await stylesheetFor(request(), "/build/_assets/tailwind-GONE00.css", assets);
    expect(missing).toEqual({ delivery: { kind: "link" }, setCookie: null });
  });
});
