import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { loginAs, resetSandbox, sidebar, toast } from "./support";

/**
 * 'Membresía' (§2 /membresias, §3 and §4 Membership; decision 061), with JavaScript and
 * without: Ana sees her Pro with the fee plus tax, cancels it (Pro stays until its date) and
 * resumes it; Beatriz, told why the market is closed, upgrades to Pro and opens 'Mercados' on her
 * very next page; a collaborator cannot open the changes by URL.
 */
test.beforeEach(async () => {
  await resetSandbox();
});
test.afterAll(async () => {
  await resetSandbox();
});

const plan = (page: Page) => page.getByRole("region", { name: /^Plan / });

test("Ana opens her membership from the settings, cancels it and resumes it", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/?drawer=configuracion&tab=datos");
  await page.getByRole("dialog", { name: "Configuración" }).getByRole("link", { name: "Ver membresía" }).click();
  await expect(page).toHaveURL(/\/membresias$/);
  await expect(page.getByRole("heading", { level: 1, name: "Membresía" })).toBeVisible();
  await expect(plan(page).getByRole("heading", { name: "Plan Pro" })).toBeVisible();
  await expect(plan(page)).toContainText("Activa");
  await expect(plan(page)).toContainText("Próximo pago");
  await expect(plan(page)).toContainText("Concentradora Bajío");
  const price = page.getByRole("region", { name: "Precio de Pro" });
  await expect(price).toContainText("Mensualidad$499.00 MXN");
  await expect(price).toContainText("IVA (16 %)$79.84 MXN");
  await expect(price).toContainText("Total al mes$578.84 MXN");
  // The table is true to each plan (decision 124): Basic has the planner, the alerts and the monitoring; Pro adds the market.
  const plans = page.getByRole("table", { name: "Qué incluye cada plan" });
  await expect(plans.getByRole("columnheader", { name: /^Pro\s*Tu plan$/ })).toBeVisible();
  for (const [feature, basic] of [
    ["Planificador, pagos recurrentes y pago múltiple", "Incluido"],
    ["Alertas de precio", "Incluido"],
    ["Monitoreo de divisas", "Incluido"],
    ["Mercados: el comportamiento de cada par", "No incluido"],
    ["Transferencias internacionales", "No incluido"],
  ]) {
    // Each cell: a mark the screen reader skips, and its word.
    const cells = plans.getByRole("row", { name: new RegExp(`^${feature}`) }).getByRole("cell");
    await expect(cells).toHaveText([basic === "Incluido" ? "✓Incluido" : "—No incluido", "✓Incluido"]);
  }

  await plan(page).getByRole("link", { name: "Cancelar membresía" }).click();
  await expect(page).toHaveURL(/dialogo=cancelar/);
  const cancel = page.getByRole("dialog", { name: "¿Cancelar tu membresía Pro?" });
  await expect(cancel).toContainText("Conservas las funciones Pro hasta el");
  await cancel.getByRole("button", { name: "Sí, cancelar" }).click();
  await expect(toast(page)).toContainText("Cancelaste tu membresía");
  await expect(page).toHaveURL(/\/membresias$/);
  await expect(plan(page)).toContainText("Cancelación programada");
  await expect(plan(page)).toContainText("Pro termina el");
  await expect(plan(page).getByRole("link", { name: "Cancelar membresía" })).toHaveCount(0);

  await plan(page).getByRole("link", { name: "Reanudar membresía" }).click();
  const resume = page.getByRole("dialog", { name: "¿Reanudar tu membresía Pro?" });
  await expect(resume).toContainText("$578.84 MXN");
  await resume.getByRole("button", { name: "Reanudar" }).click();
  await expect(toast(page)).toContainText("Reanudaste tu membresía Pro");
  await expect(plan(page)).toContainText("Activa");
  await expect(plan(page).getByRole("link", { name: "Cancelar membresía" })).toBeVisible();
});

test("Beatriz is told why the market is closed, upgrades to Pro and opens 'Mercados' at once", async ({ page }) => {
  await loginAs(page, "beatriz.basica");
  await expect(sidebar(page).getByRole("link", { name: "Mercados" })).toHaveCount(0);
  await page.goto("/comportamiento-de-mercado");
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page)).toContainText("Mercados es parte de la membresía Pro");
  await toast(page).getByRole("link", { name: "Ver mi membresía" }).click();

  await expect(page).toHaveURL(/\/membresias$/);
  await expect(plan(page).getByRole("heading", { name: "Plan Básica" })).toBeVisible();
  await plan(page).getByRole("link", { name: "Mejorar a Pro" }).click();
  const upgrade = page.getByRole("dialog", { name: "¿Mejorar a Pro?" });
  // Her first Pro (decision 143): nothing is charged today, and the dialog says when the first charge falls.
  await expect(upgrade).toContainText("Empiezas con 30 días de prueba sin costo: hoy no se cobra nada.");
  await expect(upgrade).toContainText(/El primer cargo de \$578\.84 MXN \(IVA incluido\) será el \d{1,2} de [a-z]+ de \d{4}, /);
  await expect(upgrade).not.toContainText("Si es tu primera vez");
  await expect(upgrade.getByLabel("Cuenta de cobro")).toBeVisible();
  // The Terms are accepted by ticking their box, checked by the server too.
  await upgrade.getByRole("button", { name: "Confirmar y mejorar a Pro" }).click();
  await expect(upgrade).toContainText("Debes aceptar los Términos y Condiciones para continuar.");
  await upgrade.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
  await upgrade.getByRole("button", { name: "Confirmar y mejorar a Pro" }).click();
  await expect(toast(page)).toContainText("Ya tienes Pro");
  await expect(plan(page).getByRole("heading", { name: "Plan Pro" })).toBeVisible();
  await expect(plan(page)).toContainText("Prueba gratuita");
  // §4: the days to the trial's end, rounded from now (29 or 30 of the 30 days, by the hour of the day).
  await expect(plan(page)).toContainText(/Quedan (29|30) días de prueba/);
  await expect(page.getByRole("link", { name: /^Prueba Pro: quedan (29|30) días$/ })).toBeVisible();

  await sidebar(page).getByRole("link", { name: "Mercados" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mercados" })).toBeVisible();
});

test("a collaborator sees the plan but cannot open a change by its URL", async ({ page }) => {
  await loginAs(page, "carlos.colaborador");
  await page.goto("/membresias");
  await expect(plan(page)).toContainText("Solo un administrador de la empresa puede cambiar la membresía.");
  await expect(plan(page).getByRole("link", { name: "Cancelar membresía" })).toHaveCount(0);
  const refused = await page.goto("/membresias?dialogo=cancelar");
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole("dialog", { name: "¿Cancelar tu membresía Pro?" })).toHaveCount(0);
});

test("Paula, in the Pro trial, sees the countdown of §4 in the top bar and on her membership", async ({ page }) => {
  await loginAs(page, "paula.prueba");
  const countdown = page.getByRole("link", { name: /^Prueba Pro: quedan? \d+ días?$/ });
  await expect(countdown).toBeVisible();
  await countdown.click();
  await expect(page).toHaveURL(/\/membresias$/);
  await expect(plan(page)).toContainText("Prueba gratuita");
  await expect(plan(page)).toContainText(/Quedan? \d+ días? de prueba/);
  await expect(plan(page)).toContainText("Fin de la prueba");
});

test("axe finds nothing on a cancelled Pro and its resume modal", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe needs JavaScript in the page");
  await loginAs(page, "ana.admin");
  await page.goto("/membresias?dialogo=cancelar");
  await page.getByRole("dialog", { name: "¿Cancelar tu membresía Pro?" }).getByRole("button", { name: "Sí, cancelar" }).click();
  await expect(toast(page)).toContainText("Cancelaste tu membresía");
  for (const path of ["/membresias", "/membresias?dialogo=reanudar"]) {
    await page.goto(path);
    const results = await new AxeBuilder({ page })
      .setLegacyMode()
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(results.violations.map((violation) => `${path} ${violation.id}`)).toEqual([]);
  }
  await expect(page.getByRole("dialog", { name: "¿Reanudar tu membresía Pro?" })).toBeVisible();
});
