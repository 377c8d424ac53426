import { execFile } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { promisify } from "node:util";

import type { APIRequestContext, Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { enterAs, SCREENS, screenUrl, withMarketTools, withNoticesOn, withOperationsUnderWay, withPaymentBatches } from "./screens";
import { resetSandbox, SANDBOX_URL } from "./support";

/**
 * Every server-rendered screen, drawer and dialog is valid HTML (decision 050): the HTML the server
 * sends — what a browser without JavaScript works from — goes through the W3C Nu checker (vnu.jar,
 * Java), which must find 0 errors. The HTML is the same with and without JavaScript, so this runs
 * once, in the no-JavaScript project.
 */
test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the server's HTML is checked once, in the no-JavaScript project");
test.setTimeout(180_000);

const VNU_JAR = join(dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")), "build/dist/vnu.jar");

type Message = { type: string; subType?: string; url: string; lastLine?: number; message: string; extract?: string };

/** Runs the Nu checker over the files; answers its errors (warnings and info left out). */
async function nuErrors(files: string[]): Promise<Message[]> {
  const { stderr } = await promisify(execFile)("java", ["-jar", VNU_JAR, "--format", "json", "--exit-zero-always", ...files], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const { messages } = JSON.parse(stderr) as { messages: Message[] };
  return messages.filter((message) => message.type === "error" || message.subType === "fatal");
}

/** The HTML the server answers for `path` in this browser's session (its cookies), byte for byte. */
async function serverHtml(request: APIRequestContext, path: string): Promise<Buffer> {
  const response = await request.get(path, { maxRedirects: 0 });
  expect([200, 404], `${path} answers a page`).toContain(response.status());
  expect(response.headers()["content-type"]).toContain("text/html");
  return response.body();
}

async function collect(page: Page, user: string, into: string): Promise<string[]> {
  await enterAs(page, user);
  const files: string[] = [];
  for (const path of SCREENS[user]!) {
    const file = join(into, `${user || "sin-sesion"}${path.replace(/[^a-zA-Z0-9]+/g, "_")}.html`);
    await writeFile(file, await serverHtml(page.request, await screenUrl(path)));
    files.push(file);
  }
  return files;
}

test("the Nu checker finds no error on any server-rendered page", async ({ browser }, testInfo) => {
  await resetSandbox();
  await withNoticesOn();
  await withMarketTools();
  await withOperationsUnderWay();
  await withPaymentBatches();
  const into = testInfo.outputPath("html");
  await rm(into, { recursive: true, force: true });
  await mkdir(into, { recursive: true });

  const files: string[] = [];
  for (const user of Object.keys(SCREENS)) {
    const context = await browser.newContext({ javaScriptEnabled: false });
    files.push(...(await collect(await context.newPage(), user, into)));
    await context.close();
  }

  const errors = await nuErrors(files);
  const report = errors.map((error) => `${error.url.replace(/.*\//, "")}:${error.lastLine ?? "?"} ${error.message}`);
  expect(report).toEqual([]);
});

test("the first page after a login, with its welcome, is valid HTML (decision 112)", async ({ page }, testInfo) => {
  await resetSandbox();
  await page.goto("/login/banco");
  const state = new URL(page.url()).searchParams.get("state") ?? "";
  const bank = await fetch(`${SANDBOX_URL}/banca/entrar?usuario=ana.admin&state=${encodeURIComponent(state)}`, { redirect: "manual" });
  const link = new URL(bank.headers.get("location") ?? "");
  expect((await page.request.get(`${link.pathname}${link.search}`, { maxRedirects: 0 })).status()).toBe(302);
  const html = await serverHtml(page.request, "/");
  expect(html.toString("utf8")).toContain('class="fxn-welcome ');
  const file = testInfo.outputPath("bienvenida.html");
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, html);
  expect((await nuErrors([file])).map((error) => `${error.lastLine ?? "?"} ${error.message}`)).toEqual([]);
});
