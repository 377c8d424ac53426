import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { islandsHydrated, loginAs, resetSandbox, sidebar } from "./support";

/**
 * Decision 065: what a page needs before its first paint and what it fetches later. The stylesheet
 * is inline on a browser's first page and linked (from its cache) afterwards; the calculator's
 * validation arrives when the person reaches the form, and says the same things without a request.
 */
test.beforeEach(async () => {
  await resetSandbox();
});

const calculator = (page: Page) => page.getByRole("region", { name: "Calculadora" });
/** The page's background, slate-50 in the light theme: the stylesheet is applied. */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const SLATE_50 = "rgb(248, 250, 252)";

test("the first page carries the stylesheet inline, and the next ones link the file it fetched", async ({ page, javaScriptEnabled }) => {
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { name: "Calculadora" })).toBeVisible();
  await expect(page.locator("head style#estilos")).toHaveCount(1);
  await expect(page.locator('head link[rel="stylesheet"]')).toHaveCount(0);
  expect(await background(page)).toBe(SLATE_50);

  if (javaScriptEnabled) {
    // A client navigation keeps the inline stylesheet: nothing to fetch, nothing unstyled.
    await expect(page.locator("html[data-live]")).toHaveCount(1);
    await sidebar(page).getByRole("link", { name: "Historial de operaciones" }).click();
    await expect(page).toHaveURL(/\/historial-operaciones$/);
    await expect(page.locator("head style#estilos")).toHaveCount(1);
    expect(await background(page)).toBe(SLATE_50);
  }

  await page.goto("/historial-operaciones");
  await expect(page.locator("head style#estilos")).toHaveCount(0);
  await expect(page.locator('head link[rel="stylesheet"]')).toHaveCount(1);
  expect(await background(page)).toBe(SLATE_50);
});

test("the scripts and the stylesheet arrive as the build compressed them, never as they are (decision 078)", async ({
  page,
  javaScriptEnabled,
}) => {
  const assets: Array<{ path: string; encoding?: string; vary?: string; length?: string }> = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (!/^\/build\/.+\.(js|css)$/.test(url.pathname)) return;
    const headers = response.headers();
    // The smallest chunks gain nothing from compression and have no copy: they go as they are.
    if (!headers["content-encoding"] && Number(headers["content-length"]) < 300) return;
    assets.push({ path: url.pathname, encoding: headers["content-encoding"], vary: headers.vary, length: headers["content-length"] });
  });
  await loginAs(page, "ana.admin");
  await page.goto("/historial-operaciones");
  await expect(page.locator('head link[rel="stylesheet"]')).toHaveCount(1);

  const stylesheets = assets.filter((asset) => asset.path.endsWith(".css"));
  const scripts = assets.filter((asset) => asset.path.endsWith(".js"));
  expect(stylesheets.length).toBeGreaterThan(0);
  expect(scripts.length > 10).toBe(javaScriptEnabled);
  for (const asset of assets) {
    expect(asset.encoding, asset.path).toMatch(/^(br|gzip)$/);
    expect(asset.vary, asset.path).toMatch(/accept-encoding/i);
    // A copy is a file of known length; the compression middleware would stream it without one.
    expect(Number(asset.length), asset.path).toBeGreaterThan(0);
  }
});

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the browser's validation is JavaScript");

  /** The requests for the calculator's validation chunk, and the posts to the dashboard. */
  function watch(page: Page) {
    const seen = { validation: 0, posts: 0 };
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (/\/calculator-validation-[\w-]+\.js$/.test(url.pathname)) seen.validation++;
      if (request.method() === "POST" && url.pathname === "/") seen.posts++;
    });
    return seen;
  }

  test("the calculator's validation is fetched when the person reaches the form, and checks a field without a request", async ({
    page,
  }) => {
    const seen = watch(page);
    await loginAs(page, "ana.admin");
    await expect(page.locator("html[data-live]")).toHaveCount(1);
    // The calculator is an island (decision 082): its validation is about the code it hydrates with.
    await islandsHydrated(page);
    expect(seen.validation).toBe(0);

    const form = calculator(page);
    await form.getByLabel("Monto en USD").fill("mil");
    await page.keyboard.press("Tab");
    await expect(form.getByLabel("Monto en USD")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Este monto no es válido")).toBeVisible();
    expect(seen.validation).toBe(1);
    expect(seen.posts).toBe(0);
  });

  test("a submit before the validation has arrived waits for it, and the browser says what is missing", async ({ page }) => {
    const seen = watch(page);
    await loginAs(page, "ana.admin");
    await expect(page.locator("html[data-live]")).toHaveCount(1);
    await islandsHydrated(page);
    const form = calculator(page);
    // Straight to the button: the first focus in the form is the submit itself.
    await form.getByRole("button", { name: "Cotizar" }).click();
    await expect(form.getByText("Campo requerido").first()).toBeVisible();
    // The accounts come chosen (one of each currency, decision 122): the reason is still to choose.
    await expect(form.getByLabel("Motivo de pago")).toHaveAttribute("aria-invalid", "true");
    expect(seen.validation).toBe(1);
    expect(seen.posts).toBe(0);
  });

  test("the history filters' validation arrives with the first focus, and a wrong range is told without a request", async ({ page }) => {
    const requests = { validation: 0, lists: 0 };
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (/\/history-filters-validation-[\w-]+\.js$/.test(url.pathname)) requests.validation++;
      if (url.pathname === "/historial-operaciones" && url.search.includes("desde=")) requests.lists++;
    });
    await loginAs(page, "ana.admin");
    await expect(page.locator("html[data-live]")).toHaveCount(1);
    await sidebar(page).getByRole("link", { name: "Historial de operaciones" }).click();
    await expect(page).toHaveURL(/\/historial-operaciones$/);
    // The pointer leaves the menu, as a person's would: a hovered rail widens over the content.
    await page.mouse.move(900, 500);
    expect(requests.validation).toBe(0);
    await page.getByLabel("Desde").fill("2026-11-10");
    await page.getByLabel("Hasta").fill("2026-11-01");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page.getByText("La fecha final no puede ser anterior a la inicial.")).toBeVisible();
    expect(requests.validation).toBe(1);
    expect(requests.lists).toBe(0);
  });
});
