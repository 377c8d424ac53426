import type { Page, Route } from "@playwright/test";

import { expect, test } from "./fixtures";
import { islandsHydrated, loginAs, pageErrors, resetSandbox } from "./support";

/**
 * Decision 082: the dashboard's price panel and calculator are islands. The server renders it with the page; its code
 * comes once the page is idle after hydrating, or when the person reaches into it, and React hydrates it
 * then. Until that moment it must stay the server's working form: live prices ticking on the page beside
 * it must not make React drop it, what is typed into it must be taken when the code arrives, and a
 * submission goes to the server as without JavaScript.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "without JavaScript the calculator is the server's form throughout");

test.beforeEach(async () => {
  await resetSandbox();
});

const calculator = (page: Page) => page.getByRole("region", { name: "Calculadora" });
const bestBuyPrice = (page: Page) => page.getByRole("region", { name: "Precios en tiempo real" }).getByRole("definition").first();

/** Holds an island's code until `release` is called: a slow network, for as long as the test likes. */
async function holdCode(page: Page, island: "Calculator" | "PricePanel") {
  const held: Route[] = [];
  let released = false;
  await page.route(`**/${island}-*.js`, async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return {
    requested: () => held.length > 0,
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

test("the calculator stays the server's form through live ticks until its code arrives, then takes what was typed", async ({ page }) => {
  const errors = pageErrors(page);
  const code = await holdCode(page, "Calculator");
  await loginAs(page, "ana.admin");
  const form = calculator(page);
  await expect(form.getByLabel("Monto en USD")).toBeVisible();

  // The page hydrated around it: the price panel is live, and ticks re-render the page.
  const price = bestBuyPrice(page);
  const first = await price.textContent();
  await expect.poll(() => price.textContent(), { timeout: 10_000 }).not.toBe(first);
  const second = await price.textContent();
  await expect.poll(() => price.textContent(), { timeout: 10_000 }).not.toBe(second);
  // Reaching into it asked for its code (held here); the form is still the server's, and typing works.
  await form.getByLabel("Monto en USD").fill("1000");
  await expect.poll(code.requested).toBe(true);
  await expect(form.getByLabel("Monto en USD")).toHaveValue("1000");
  await expect(form.getByLabel("Monto en MXN")).toHaveValue("");

  await code.release();
  // Hydrated: what was typed is taken as typed — grouped, and the other amount previewed at the live price.
  await expect(form.getByLabel("Monto en USD")).toHaveValue("1,000");
  await expect(form.getByLabel("Monto en MXN")).toHaveValue(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  // And it follows the typing from now on.
  await form.getByLabel("Monto en USD").fill("2000");
  await expect
    .poll(async () => Number((await form.getByLabel("Monto en MXN").inputValue()).replace(/,/g, "")), { timeout: 5_000 })
    .toBeGreaterThan(30_000);
  expect(errors).toEqual([]);
});

test("a quote asked for before the calculator's code arrives comes from the server, as without JavaScript", async ({ page }) => {
  const errors = pageErrors(page);
  const code = await holdCode(page, "Calculator");
  await loginAs(page, "ana.admin");
  const form = calculator(page);
  await form.getByLabel("Monto en USD").fill("1000");
  const origin = form.getByLabel("Cuenta de origen");
  await origin.selectOption(
    (await origin
      .locator("option", { hasText: /\d MXN · / })
      .first()
      .getAttribute("value")) ?? "",
  );
  const destination = form.getByLabel("Cuenta de destino");
  await destination.selectOption(
    (await destination
      .locator("option", { hasText: /\d USD · / })
      .first()
      .getAttribute("value")) ?? "",
  );
  await form.getByLabel("Motivo de pago").selectOption({ index: 1 });
  const posted = page.waitForRequest((request) => request.method() === "POST" && request.resourceType() === "document");
  await form.getByRole("button", { name: "Cotizar" }).click();
  await posted;
  const quote = form.getByRole("region", { name: "Tu cotización" });
  await expect(quote).toBeVisible();
  await expect(quote.getByRole("definition").nth(1)).toHaveText("$1,000.00 USD");
  expect(code.requested()).toBe(true);
  await code.release();
  expect(errors).toEqual([]);
});

test("an account chosen before the calculator's code arrives is taken as chosen: the transfer's currency follows it", async ({ page }) => {
  const errors = pageErrors(page);
  const code = await holdCode(page, "Calculator");
  await loginAs(page, "ana.admin");
  await page.goto("/?operacion=transferencia");
  const form = calculator(page);
  const origin = form.getByLabel("Cuenta de origen");
  await origin.selectOption((await origin.locator("option", { hasText: "Proveedores Asia USD" }).getAttribute("value")) ?? "");
  await code.release();
  await islandsHydrated(page);
  await expect(form.getByLabel("Monto", { exact: true })).toHaveAccessibleDescription("USD");
  expect(errors).toEqual([]);
});

test("a client navigation to the dashboard brings the calculator whole, ready to preview", async ({ page }) => {
  const errors = pageErrors(page);
  await loginAs(page, "ana.admin");
  // Hydrated: the shell opens its live channel in an effect.
  const channel = page.waitForRequest((request) => new URL(request.url()).pathname === "/eventos");
  await page.goto("/historial-operaciones");
  await channel;
  await page.getByRole("navigation").getByRole("link", { name: "Operar" }).click();
  const form = calculator(page);
  await expect(form.getByLabel("Monto en USD")).toBeVisible();
  await form.getByLabel("Monto en USD").fill("1000");
  await expect(form.getByLabel("Monto en MXN")).toHaveValue(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  expect(errors).toEqual([]);
});

test("the price panel shows the server's prices until its code arrives, then goes live; the calculator previews meanwhile", async ({
  page,
}) => {
  const errors = pageErrors(page);
  const code = await holdCode(page, "PricePanel");
  await loginAs(page, "ana.admin");
  const panel = page.getByRole("region", { name: "Precios en tiempo real" });
  // As without JavaScript: prices as of a time, and a link for newer ones.
  await expect(panel.getByText(/^Precios de las \d{2}:\d{2}:\d{2}$/)).toBeVisible();
  await expect(panel.getByRole("link", { name: "Actualizar" })).toBeVisible();
  // The calculator beside it works from the live price all the same.
  const form = calculator(page);
  await form.getByLabel("Monto en USD").fill("1000");
  await expect(form.getByLabel("Monto en MXN")).toHaveValue(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  await expect(panel.getByText(/^Precios de las \d{2}:\d{2}:\d{2}$/)).toBeVisible();

  await code.release();
  await expect(panel.getByText(/^En vivo · actualizado a las \d{2}:\d{2}:\d{2}$/)).toBeVisible();
  const price = bestBuyPrice(page);
  const first = await price.textContent();
  await expect.poll(() => price.textContent(), { timeout: 10_000 }).not.toBe(first);
  expect(errors).toEqual([]);
});
