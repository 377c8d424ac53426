import type { Locator, Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { withNoticesOn } from "./screens";
import { loginAs, resetSandbox } from "./support";

/**
 * The dashboard's first view (decision 122). With two banners in the shell's strip and Ana's payments due,
 * the calculator still starts in the first view: its first field and 'Cotizar' at 1440 × 900, its first field
 * at 390 × 844. The rate with the provider that gives it stays beside the calculator; the providers' lists
 * open under 'Ver proveedores'; a select with one possible choice comes chosen from the server.
 */
test.beforeEach(async () => {
  await resetSandbox();
  await withNoticesOn();
});

/** Where `target` is on the page as it opens (not scrolled), against the window's height. */
async function firstView(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  const scrolled = await page.evaluate(() => window.scrollY);
  const height = page.viewportSize()?.height ?? 0;
  return { scrolled, top: box?.y ?? -1, bottom: box ? box.y + box.height : Number.POSITIVE_INFINITY, height };
}

function expectInFirstView(place: Awaited<ReturnType<typeof firstView>>, what: string) {
  expect(place.scrolled, `${what}: the page opens at its top`).toBe(0);
  expect(place.top, `${what}: below the top of the window`).toBeGreaterThanOrEqual(0);
  expect(place.bottom, `${what}: above the fold`).toBeLessThanOrEqual(place.height);
}

const calculator = (page: Page) => page.getByRole("region", { name: "Calculadora" });
const pricePanel = (page: Page) => page.getByRole("region", { name: "Precios en tiempo real" });
const firstField = (page: Page) =>
  calculator(page)
    .getByLabel(/^Monto en /)
    .first();

test("at 1440 × 900 the calculator's first field and 'Cotizar' are in the first view, with the rate and its provider", async ({
  browser,
  javaScriptEnabled,
}) => {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await loginAs(page, "ana.admin");
  // What used to push it down is all there: the banners and the payments due.
  await expect(page.getByRole("region", { name: "Avisos" })).toContainText("SPID: el servicio presenta fallas.");
  await expect(page.getByRole("region", { name: "Avisos" })).toContainText("Nuevo");
  await expect(page.getByRole("region", { name: "Pagos programados por hacer" }).getByRole("listitem").first()).toBeVisible();

  expectInFirstView(await firstView(page, firstField(page)), "the first field");
  expectInFirstView(await firstView(page, calculator(page).getByRole("button", { name: "Cotizar" })), "'Cotizar'");
  expectInFirstView(await firstView(page, pricePanel(page).getByText(/^Tu tipo de cambio /)), "'Tu tipo de cambio'");
  const bestBuy = pricePanel(page).getByRole("definition").filter({ hasText: "Mejor" }).first();
  expectInFirstView(await firstView(page, bestBuy), "the best price and its provider");
  await expect(bestBuy).toContainText(/LP-\w+ Mejor/);
  await context.close();
});

test("at 390 × 844 the calculator's first field is in the first view", async ({ browser, javaScriptEnabled }) => {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("region", { name: "Avisos" })).toContainText("SPID: el servicio presenta fallas.");
  expectInFirstView(await firstView(page, firstField(page)), "the first field");
  // Below it on a phone, the rate first, then the payments due.
  const calculatorBox = await calculator(page).boundingBox();
  const pricesBox = await pricePanel(page).boundingBox();
  const dueBox = await page.getByRole("region", { name: "Pagos programados por hacer" }).boundingBox();
  expect(pricesBox?.y ?? 0).toBeGreaterThan(calculatorBox?.y ?? Number.POSITIVE_INFINITY);
  expect(dueBox?.y ?? 0).toBeGreaterThan(pricesBox?.y ?? Number.POSITIVE_INFINITY);
  await context.close();
});

test("'Ver proveedores' opens each side's providers, with 'Mejor' on the one that gives the price", async ({ page }) => {
  await loginAs(page, "ana.admin");
  const buying = pricePanel(page).getByRole("table", { name: "Mejores proveedores de liquidez para compra" });
  await expect(buying).toBeHidden();
  await pricePanel(page).getByText("Ver proveedores").click();
  await expect(buying).toBeVisible();
  await expect(pricePanel(page).getByRole("table", { name: "Mejores proveedores de liquidez para venta" })).toBeVisible();
  // The provider named beside the calculator is the one the list marks 'Mejor'. While the market is open the
  // prices move every few seconds, so both are read together, until one reading finds them at the same tick.
  const bestNamed = async () => {
    const [named, marked] = await Promise.all([
      pricePanel(page).getByRole("definition").filter({ hasText: "Mejor" }).first().textContent(),
      buying.getByRole("row").filter({ hasText: "Mejor" }).textContent(),
    ]);
    const provider = /LP-[\w-]+/.exec(named ?? "")?.[0] ?? "";
    return provider !== "" && (marked ?? "").includes(provider);
  };
  await expect.poll(bestNamed, { timeout: 15_000 }).toBe(true);
});

test("a select with one possible choice comes chosen from the server, one with several asks", async ({ page }) => {
  await loginAs(page, "ana.admin");
  const form = calculator(page);
  // Buying USD/MXN: Ana has one USD account to receive in, and several reasons to pick from.
  const destination = form.getByLabel("Cuenta de destino");
  await expect(destination.locator("option")).toHaveCount(1);
  await expect(destination.locator("option:checked")).toContainText("Proveedores Asia USD");
  await expect(form.getByLabel("Motivo de pago").locator("option:checked")).toHaveText("Selecciona una opción");
});

test("'Historial de Operaciones' names whom each transfer went to, as a buy shows its pair", async ({ page }) => {
  await loginAs(page, "ana.admin");
  const list = page.getByRole("list", { name: /^Últimas operaciones de / });
  const transfers = list.getByRole("link", { name: /^Transferencia a .+ por / });
  await expect(transfers.first()).toBeVisible();
  for (const transfer of await transfers.all()) {
    const name = /^Transferencia a (.+?) por /.exec((await transfer.getAttribute("aria-label")) ?? "")?.[1] ?? "";
    await expect(transfer).toContainText(`Transferencia ${name}`, { useInnerText: false });
  }
  await expect(list.getByRole("link", { name: /^Compra USD\/MXN por / }).first()).toContainText("USD/MXN");
});

const tourCard = (page: Page) => page.getByRole("region", { name: "Recorrido guiado" });

/** `target`'s top and bottom in the page (not the window), so a scroll does not change them. */
async function pageBox(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  // Read in one go: the page may still be scrolling to the tour's card, and a box and a scroll offset read apart
  // would then disagree.
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY };
  });
}

test("on a phone the tour's card sits right above what it explains and keeps the first field in the first view", async ({
  browser,
  javaScriptEnabled,
}) => {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await loginAs(page, "ana.admin");
  // Step 1, the prices: on a phone they come after the calculator, and the card with them.
  await page.goto("/?tour=1");
  const calculatorBox = await pageBox(page, calculator(page));
  let card = await pageBox(page, tourCard(page));
  const prices = await pageBox(page, pricePanel(page));
  expect(card.top).toBeGreaterThan(calculatorBox.bottom);
  expect(prices.top - card.bottom).toBeGreaterThan(0);
  expect(prices.top - card.bottom).toBeLessThanOrEqual(40);
  // Step 2, the calculator: the card above it, compact enough to leave its first field in the first view.
  await page.goto("/?tour=2");
  card = await pageBox(page, tourCard(page));
  expect(card.bottom).toBeLessThan((await pageBox(page, calculator(page))).top);
  const field = await firstField(page).boundingBox();
  expect(field?.y ?? -1).toBeGreaterThanOrEqual(0);
  expect((field?.y ?? 0) + (field?.height ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(844);
  // The step's buttons on one line, 'Omitir recorrido' beside the progress.
  const previous = await tourCard(page).getByRole("link", { name: "Anterior" }).boundingBox();
  const next = await tourCard(page).getByRole("link", { name: "Siguiente" }).boundingBox();
  expect(Math.abs((previous?.y ?? 0) - (next?.y ?? 1))).toBeLessThan(2);
  await expect(tourCard(page).getByRole("button", { name: "Omitir recorrido" })).toBeVisible();
  await context.close();
});

test("at 1440 the prices' tour card stays above the calculator and the prices", async ({ browser, javaScriptEnabled }) => {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await loginAs(page, "ana.admin");
  await page.goto("/?tour=1");
  const card = await pageBox(page, tourCard(page));
  expect(card.bottom).toBeLessThan((await pageBox(page, calculator(page))).top);
  expect(card.bottom).toBeLessThan((await pageBox(page, pricePanel(page))).top);
  // The calculator and the prices share the row under the card.
  expect(Math.abs((await pageBox(page, calculator(page))).top - (await pageBox(page, pricePanel(page))).top)).toBeLessThan(2);
  await context.close();
});
