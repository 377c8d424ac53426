import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { loginAs, resetSandbox } from "./support";

/**
 * 'Apariencia' in the settings drawer (decision 051): 'Claro', 'Oscuro' or 'Según el sistema'
 * (the default), kept in a cookie and rendered by the server on <html>.
 */
test.beforeEach(async () => {
  await resetSandbox();
});

const html = (page: Page) => page.locator("html");
const appearance = (page: Page) => page.getByRole("group", { name: "Apariencia" });
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const LIGHT = "rgb(248, 250, 252)"; // slate-50
const DARK = "rgb(2, 6, 23)"; // slate-950

test("without JavaScript the theme is chosen with 'Aplicar', comes back to the page and stays", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the form as it is without JavaScript");
  await page.emulateMedia({ colorScheme: "light" });
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await expect(html(page)).toHaveAttribute("data-theme", "system");

  await page.goto("/cuentas?drawer=configuracion&tab=datos");
  await expect(appearance(page).getByRole("radio", { name: "Según el sistema" })).toBeChecked();
  await appearance(page).getByRole("radio", { name: "Oscuro" }).check();
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page).toHaveURL("/cuentas?drawer=configuracion&tab=datos");
  await expect(html(page)).toHaveAttribute("data-theme", "dark-mode");
  expect(await background(page)).toBe(DARK);
  await expect(appearance(page).getByRole("radio", { name: "Oscuro" })).toBeChecked();

  // The next page is rendered dark by the server, even though the device asks for light.
  await page.getByRole("link", { name: "Cerrar Configuración" }).click();
  await expect(page).toHaveURL("/cuentas");
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Historial de operaciones" }).click();
  await expect(page).toHaveURL(/\/historial-operaciones/);
  await expect(html(page)).toHaveAttribute("data-theme", "dark-mode");
  expect(await background(page)).toBe(DARK);

  await page.goto("/historial-operaciones?drawer=configuracion&tab=datos");
  await appearance(page).getByRole("radio", { name: "Según el sistema" }).check();
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page).toHaveURL("/historial-operaciones?drawer=configuracion&tab=datos");
  await expect(html(page)).toHaveAttribute("data-theme", "system");
  expect(await background(page)).toBe(LIGHT);
  // 'Según el sistema' follows the device.
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await background(page)).toBe(DARK);
});

test("with JavaScript the choice shows at once, without a reload, and the next visit keeps it", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "what JavaScript adds");
  await page.emulateMedia({ colorScheme: "light" });
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await page.goto("/?drawer=configuracion&tab=datos");
  // 'Aplicar' steps aside once the page is hydrated: the choice is then sent as it changes.
  await expect(page.getByRole("button", { name: "Aplicar" })).toHaveCount(0);
  await page.evaluate(() => ((window as unknown as { sinRecarga: boolean }).sinRecarga = true));

  await appearance(page).getByRole("radio", { name: "Oscuro" }).check();
  await expect(html(page)).toHaveAttribute("data-theme", "dark-mode");
  expect(await background(page)).toBe(DARK);
  await expect(page).toHaveURL("/?drawer=configuracion&tab=datos");
  expect(await page.evaluate(() => (window as unknown as { sinRecarga?: boolean }).sinRecarga)).toBe(true);
  await expect(appearance(page).getByRole("radio", { name: "Oscuro" })).toBeFocused();

  await page.goto("/cuentas");
  await expect(html(page)).toHaveAttribute("data-theme", "dark-mode");

  await page.goto("/cuentas?drawer=configuracion&tab=datos");
  await appearance(page).getByRole("radio", { name: "Claro" }).check();
  await expect(html(page)).toHaveAttribute("data-theme", "light-mode");
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await background(page)).toBe(LIGHT);
  await appearance(page).getByRole("radio", { name: "Según el sistema" }).check();
  await expect(html(page)).toHaveAttribute("data-theme", "system");
  expect(await background(page)).toBe(DARK);
});
