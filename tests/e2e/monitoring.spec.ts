import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { loginAs, resetSandbox, sandboxControl, sidebar, toast } from "./support";

/**
 * 'Monitoreo de divisas' (§2, §8; decision 045), with JavaScript and without: the sidebar's
 * 'Seguimiento de divisas' leads here; follow a pair, follow it again (§8's duplicate message),
 * unfollow it.
 */
test.beforeEach(async () => {
  await resetSandbox();
});

const followed = (page: Page) => page.getByRole("region", { name: "Pares que sigues" });

async function follow(page: Page, pair: string) {
  await page.getByLabel("Par de divisas").selectOption(pair);
  await page.getByRole("button", { name: "Seguir", exact: true }).click();
}

test("follow a pair, follow it again and read §8's duplicate message, then unfollow it", async ({ page }, testInfo) => {
  await loginAs(page, "beatriz.basica");
  await sidebar(page).getByRole("link", { name: "Seguimiento de divisas" }).click();
  await expect(page).toHaveURL("/monitoreo-de-divisas");
  await expect(page.getByRole("heading", { level: 1, name: "Monitoreo de divisas" })).toBeVisible();
  // One place, two names (§2): the page says the menu's name too, and the menu marks it as the current page.
  await expect(page.getByText("En el menú se llama «Seguimiento de divisas».", { exact: false })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "Seguimiento de divisas" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Aún no sigues ningún par.")).toBeVisible();

  await follow(page, "EUR/MXN");
  await expect(toast(page).getByText("Ahora sigues EUR/MXN")).toBeVisible();
  const card = followed(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "EUR/MXN" }) });
  await expect(card).toBeVisible();
  await expect(card.getByText("Compra")).toBeVisible();
  await expect(card.getByRole("img", { name: /EUR\/MXN hoy: abrió en/ })).toBeVisible();
  await expect(card).toContainText(/Cambio contra el cierre anterior[+-]?\d+\.\d{6} \([+-]?\d+\.\d{2} %\)/);
  if (testInfo.project.name === "js") {
    // Live: the best buy price moves without a reload.
    const buy = card.locator("dd").first();
    const before = await buy.textContent();
    await expect(buy).not.toHaveText(before ?? "", { timeout: 10_000 });
  } else {
    await expect(page.getByText(/Precios a las \d{2}:\d{2}/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Actualizar" })).toBeVisible();
  }

  await follow(page, "EUR/MXN");
  await expect(page.getByRole("alert").filter({ hasText: "Ya existe" })).toHaveText(
    "Ya existe un seguimiento para el tipo de cambio de EUR/MXN.",
  );
  await expect(followed(page).getByRole("listitem")).toHaveCount(1);

  await card.getByRole("button", { name: "Dejar de seguir EUR/MXN" }).click();
  await expect(toast(page).getByText("Dejaste de seguir EUR/MXN")).toBeVisible();
  await expect(page.getByText("Aún no sigues ningún par.")).toBeVisible();
});

test("a follow the product cannot create says 'No pudimos crear tus seguimientos'", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/monitoreo-de-divisas");
  await sandboxControl("/__faults", { path: "/api/follows", method: "POST", kind: "status", status: 503 });
  await follow(page, "USD/MXN");
  await expect(page.getByRole("alert").filter({ hasText: "No pudimos" })).toHaveText("No pudimos crear tus seguimientos");
  await expect(page.getByLabel("Par de divisas")).toHaveValue("USD/MXN");
});

test("'Operar' on a followed pair opens the calculator with that pair chosen (decision 124)", async ({ page }) => {
  await loginAs(page, "beatriz.basica");
  await page.goto("/monitoreo-de-divisas");
  await follow(page, "EUR/MXN");
  const card = followed(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "EUR/MXN" }) });
  await card.getByRole("link", { name: "Operar EUR/MXN" }).click();
  await expect(page).toHaveURL(/\/\?operacion=compra&par=EUR%2FMXN$/);
  const calculator = page.getByRole("region", { name: "Calculadora" });
  await expect(calculator.getByRole("link", { name: "Compra" })).toHaveAttribute("aria-current", "page");
  await expect(calculator.getByLabel("Monto en EUR")).toBeVisible();
  await expect(calculator.getByLabel("Monto en MXN")).toBeVisible();
});
