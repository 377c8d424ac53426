import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";

import { withMarketTools } from "./screens";
import { loginAs, resetSandbox } from "./support";

/**
 * Automated accessibility checks (axe, WCAG 2.1 A/AA) on the screens and overlays people use.
 * axe runs as page JavaScript, so only in the JavaScript project.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe needs JavaScript in the page");

test.beforeEach(async () => {
  await resetSandbox();
});

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary).toEqual([]);
}

test("the rest screen and the wizard", async ({ page }) => {
  await page.goto("/login");
  await expectNoViolations(page);
  await loginAs(page, "nuevo.usuario");
  await expect(page).toHaveURL("/wizard");
  await expectNoViolations(page);
});

test("the dashboard, its drawers and dialogs", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await expectNoViolations(page);
  for (const overlay of [
    "?drawer=configuracion&tab=empresas",
    "?drawer=configuracion&tab=datos",
    "?dialogo=cerrar-sesion",
    "?drawer=notificaciones",
    "?operacion=transferencia",
  ]) {
    await page.goto(`/${overlay}`);
    await expectNoViolations(page);
  }
});

test("the market and the legal documents", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/comportamiento-de-mercado");
  await expectNoViolations(page);
  await page.goto("/terminos-condiciones");
  await expectNoViolations(page);
});

test("price alerts with their drawer and delete modal, and currency monitoring", async ({ page }) => {
  await withMarketTools();
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  for (const path of [
    "/alertas",
    "/alertas?drawer=alerta&tipo=crear",
    "/alertas?dialogo=eliminar-alerta&alerta=1",
    "/monitoreo-de-divisas",
  ]) {
    await page.goto(path);
    await expectNoViolations(page);
  }
  // The drawer with its messages: a refused submission.
  await page.goto("/alertas?drawer=alerta&tipo=crear");
  await page.getByRole("button", { name: "Crear alerta" }).click();
  await expect(page.getByText("Campo obligatorio").first()).toBeVisible();
  await expectNoViolations(page);
});

test("recurring payments with their delete modal, and the payment planner with a day's modal", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" }).format(new Date());
  for (const path of ["/pagos-recurrentes", "/pagos-recurrentes?dialogo=eliminar-pago&pago=1", "/planner", `/planner?dia=${today}`]) {
    await page.goto(path);
    await expectNoViolations(page);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/pagos-recurrentes", "/planner"]) {
    await page.goto(path);
    await expectNoViolations(page);
  }
});
