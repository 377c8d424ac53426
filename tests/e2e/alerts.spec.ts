import type { Page, TestInfo } from "@playwright/test";

import { expect, test } from "./fixtures";
import { loginAs, resetSandbox, sandboxControl, toast } from "./support";

/**
 * Price alerts (§2 /alertas, §8, §9; decision 045), with JavaScript and without: the create drawer
 * and its 5-alert limit, deletion through the confirmation modal, and an alert that fires when
 * the sandbox moves the price, reaching the member as a notification that leads to the calculator.
 */
test.beforeEach(async () => {
  await resetSandbox();
});

const drawer = (page: Page) => page.getByRole("dialog", { name: "Nueva alerta de precio" });

async function createAlert(page: Page, values: { pair: string; operation: string; condition: string; rate: string }) {
  await page.getByRole("link", { name: "Crear alerta" }).click();
  await expect(drawer(page)).toBeVisible();
  await drawer(page).getByLabel("Par de divisas").selectOption(values.pair);
  await drawer(page).getByLabel("Tipo de operación").selectOption({ label: values.operation });
  await drawer(page).getByLabel("Avísame cuando el precio esté").selectOption({ label: values.condition });
  await drawer(page).getByLabel("Tipo de cambio objetivo").fill(values.rate);
  await page.getByRole("button", { name: "Crear alerta" }).click();
}

test("a Basic member creates 5 alerts and the sixth is refused with §8's message, keeping what was typed", async ({ page }) => {
  // Seven trips through the drawer, each a full page without JS.
  test.setTimeout(150_000);
  await loginAs(page, "beatriz.basica");
  await page.goto("/alertas");
  await expect(page.getByRole("heading", { level: 1, name: "Alertas de precio" })).toBeVisible();
  await expect(page.getByText("Aún no tienes alertas de precio.")).toBeVisible();

  // The drawer's own rules first: a rate with 7 decimals stays typed, with its message.
  await createAlert(page, { pair: "USD/MXN", operation: "Compra", condition: "Por arriba de", rate: "17.1234567" });
  await expect(drawer(page).getByText("Ingresa un tipo de cambio con máximo 6 decimales")).toBeVisible();
  await expect(drawer(page).getByLabel("Tipo de cambio objetivo")).toHaveValue("17.1234567");
  await drawer(page).getByRole("link", { name: "Cancelar" }).click();
  await expect(drawer(page)).toHaveCount(0);

  const rates = ["30.5", "31", "32.25", "33.123456", "34"];
  for (const [index, rate] of rates.entries()) {
    await createAlert(page, {
      pair: index % 2 ? "EUR/MXN" : "USD/MXN",
      operation: index % 2 ? "Venta" : "Compra",
      condition: "Por arriba de",
      rate,
    });
    await expect(drawer(page)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: `${index + 1} de 5 alertas` })).toBeVisible();
  }
  const table = page.getByRole("table", { name: "Tus alertas de precio" });
  await expect(table.getByRole("row")).toHaveCount(6);
  await expect(table.getByRole("row", { name: /USD\/MXN/ }).first()).toContainText("30.500000");
  await expect(table.getByRole("row", { name: /EUR\/MXN/ }).first()).toContainText("Venta");

  await createAlert(page, { pair: "GBP/MXN", operation: "Compra", condition: "Por debajo de", rate: "20.5" });
  await expect(drawer(page).getByRole("alert")).toHaveText("No puedes generar más de 5 alertas");
  await expect(drawer(page).getByLabel("Tipo de cambio objetivo")).toHaveValue("20.5");
  await expect(drawer(page).getByLabel("Par de divisas")).toHaveValue("GBP/MXN");
  await page.goto("/alertas");
  await expect(page.getByRole("heading", { name: "5 de 5 alertas" })).toBeVisible();
});

test("an alert is deleted through the confirmation modal, and a failed deletion says so", async ({ page }) => {
  for (const targetRate of [25, 26]) {
    await sandboxControl("/__price-alerts", { userName: "ana.admin", pair: "USD/MXN", operation: "buy", targetRate, condition: "above" });
  }
  await loginAs(page, "ana.admin");
  await page.goto("/alertas");
  await expect(page.getByRole("heading", { name: "2 de 5 alertas" })).toBeVisible();
  // An active alert's distance comes with the price it is measured from.
  const first = page.getByRole("table", { name: "Tus alertas de precio" }).getByRole("row", { name: /25\.000000/ });
  const current = Number((await first.textContent())?.match(/Actual (\d+\.\d{6})/)?.[1]);
  await expect(first).toContainText(`+${(25 - current).toFixed(6)} (`);

  await page.getByRole("link", { name: "Eliminar la alerta de compra de USD/MXN" }).first().click();
  const modal = page.getByRole("dialog", { name: "¿Quieres eliminar esta alerta?" });
  await expect(modal).toContainText("La alerta de compra de USD/MXN a 25.000000 dejará de avisarte.");
  await sandboxControl("/__faults", { path: "/api/price-alerts/", method: "DELETE", kind: "status", status: 409 });
  await modal.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(modal.getByRole("alert")).toHaveText("Ocurrió un error al eliminar la alerta.");

  await modal.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(modal).toHaveCount(0);
  await expect(toast(page).getByText("Alerta eliminada")).toBeVisible();
  await expect(page.getByRole("heading", { name: "1 de 5 alertas" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Tus alertas de precio" })).not.toContainText("25.000000");
});

async function liveIfJs(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name === "js") await expect(page.locator("html[data-live='online']")).toHaveCount(1);
}

test("the sandbox moves the price across an alert: it fires once, the notification arrives and leads to the calculator", async ({
  page,
}, testInfo) => {
  await sandboxControl("/__price-alerts", {
    userName: "ana.admin",
    pair: "USD/MXN",
    operation: "buy",
    targetRate: 17.5,
    condition: "above",
  });
  await loginAs(page, "ana.admin");
  await page.goto("/alertas");
  await expect(page.getByRole("table", { name: "Tus alertas de precio" })).toContainText("Activa");
  await liveIfJs(page, testInfo);

  await sandboxControl("/__prices/level", { pair: "USD/MXN", level: 17.8 });
  // With JS the tab's live channel brings it; without JS, the next page.
  if (testInfo.project.name !== "js") await page.reload();
  const told = toast(page).filter({ hasText: "Alerta de precio" });
  await expect(told).toBeVisible({ timeout: 10_000 });
  await expect(told).toContainText("El precio de compra de USD/MXN llegó a");
  await expect(told.getByRole("link", { name: "Ir a operar" })).toHaveAttribute("href", "/?operacion=compra&par=USD%2FMXN");

  await page.goto("/alertas");
  const row = page.getByRole("table", { name: "Tus alertas de precio" }).getByRole("row", { name: /USD\/MXN/ });
  await expect(row).toContainText("Alcanzada");
  await expect(row).toContainText(/Alcanzó tu objetivo el .* a 17\.\d{6}/);
  // A reached alert follows no price any more: not 'Sin precio', which would read as a feed down.
  await expect(row).not.toContainText("Sin precio");
  await expect(row).toContainText("La alerta ya alcanzó su objetivo");

  // In the centre too, with the same way to the calculator.
  await page.goto("/alertas?drawer=notificaciones");
  const centre = page.getByRole("dialog", { name: "Notificaciones" });
  await centre.getByRole("link", { name: /Ir a operar\s*: Alerta de precio/ }).click();
  await expect(page).toHaveURL(/\/\?operacion=compra&par=USD%2FMXN$/);
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await expect(page.getByText("USD/MXN").first()).toBeVisible();
});
