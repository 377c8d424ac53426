import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type * as ExcelJSTypes from "exceljs";

import { expect, test } from "./fixtures";
import { loginAs, resetSandbox, sandboxControl, sidebar } from "./support";

const ExcelJS = createRequire(import.meta.url)("exceljs") as typeof ExcelJSTypes;

test.beforeEach(async () => {
  await resetSandbox();
});

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test("favourite and rename an account", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await sidebar(page).getByRole("link", { name: "Mis cuentas" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mis cuentas" })).toBeVisible();
  const euros = page.getByRole("article", { name: "Euros Hamburgo" });
  await expect(euros).toContainText("EUR");
  await expect(euros).toContainText(/•••• \d{4}/);
  expect(await page.content()).not.toMatch(/\b\d{18}\b/);

  await euros.getByRole("button", { name: "Marcar Euros Hamburgo como favorita" }).click();
  await expect(toast(page, "Cuenta actualizada")).toBeVisible();
  await page.getByRole("link", { name: "Cuentas favoritas" }).click();
  // The star tells it, once: its name is now the way back.
  await expect(
    page.getByRole("article", { name: "Euros Hamburgo" }).getByRole("button", { name: "Quitar Euros Hamburgo de favoritas" }),
  ).toBeVisible();

  await page.getByRole("link", { name: "Editar alias de Euros Hamburgo" }).click();
  const drawer = page.getByRole("dialog", { name: "Editar alias" });
  // It says which account is renamed, by what the alias in the field does not.
  await expect(drawer).toContainText(/Cuenta •••• \d{4} · EUR/);
  await drawer.getByLabel("Alias", { exact: true }).fill("euros hamburgo ");
  await drawer.getByRole("button", { name: "Guardar" }).click();
  await expect(drawer.getByText("Ingresa un alias distinto al actual.")).toBeVisible();
  await drawer.getByLabel("Alias", { exact: true }).fill("A");
  await drawer.getByRole("button", { name: "Guardar" }).click();
  await expect(drawer.getByText("Mínimo 2 caracteres")).toBeVisible();
  await drawer.getByLabel("Alias", { exact: true }).fill("Tesorería Hamburgo");
  await drawer.getByRole("button", { name: "Guardar" }).click();
  await expect(toast(page, "Cuenta actualizada")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Editar alias" })).toHaveCount(0);
  await expect(page.getByRole("article", { name: "Tesorería Hamburgo" })).toBeVisible();

  // The other groupings and the search (at most 10 results) work from the URL.
  await page.getByRole("link", { name: "Todas las cuentas" }).click();
  await page.getByRole("searchbox", { name: "Buscar cuenta" }).fill("usd");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByText("1 resultado")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(1);
});

test("the special-rule company sees only its MXN, MXP and USD accounts, and no recipients", async ({ page }) => {
  await loginAs(page, "paula.prueba");
  await page.goto("/cuentas");
  await expect(page.getByRole("article")).toHaveCount(3);
  await expect(page.getByRole("article", { name: "Concentradora MXP" })).toContainText("MXN");
  await expect(page.getByRole("article", { name: "Europa EUR" })).toHaveCount(0);
  await expect(sidebar(page).getByRole("link", { name: "Destinatarios" })).toHaveCount(0);
  const hidden = await page.goto("/cuentas/A-300501-04");
  expect(hidden?.status()).toBe(404);
  const recipients = await page.goto("/destinatarios");
  expect(recipients?.status()).toBe(404);
});

test("filter an account's movements and export them", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/cuentas");
  await page.getByRole("link", { name: "Ver movimientos de Concentradora Bajío" }).click();
  await expect(page.getByRole("heading", { name: "Movimientos de Concentradora Bajío" })).toBeVisible();
  const table = page.getByRole("table", { name: "Movimientos de Concentradora Bajío" });
  await expect(table.getByRole("row")).not.toHaveCount(0);

  const filters = page.getByRole("form", { name: "Filtrar movimientos" });
  await filters.getByLabel("Periodo").selectOption({ label: "Últimos 7 días" });
  await filters.getByLabel("Tipo de movimiento").selectOption({ label: "Recibidos" });
  await filters.getByLabel("Monto desde").fill("100");
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/periodo=semana/);
  await expect(page).toHaveURL(/tipo=recibidos/);
  await expect(page).toHaveURL(/montoDesde=100/);
  const summary = await page
    .getByRole("status")
    .filter({ hasText: /movimientos?$/ })
    .textContent();
  const count = Number(/(\d+) movimientos?$/.exec(summary ?? "")?.[1]);
  expect(count).toBeGreaterThan(0);
  // Received only: every row has an amount in 'Abono' and none in 'Cargo'.
  for (const row of await table.locator("tbody tr").all()) {
    await expect(row.locator("td").nth(5)).toHaveText("");
    await expect(row.locator("td").nth(6)).toContainText("$");
  }

  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Descargar CSV" }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^movimientos-Concentradora-Bajio-.*\.csv$/);
  const lines = (await readFile((await csv.path()) ?? "", "utf8"))
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe("Fecha,Movimiento,Concepto,Origen o destino,Referencia,Cargo,Abono,Divisa");
  expect(lines).toHaveLength(count + 1);

  const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Descargar Excel" }).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await xlsx.path()) ?? "")) as unknown as ExcelJSTypes.Buffer);
  const sheet = workbook.getWorksheet("Movimientos");
  expect(sheet?.actualRowCount).toBe(count + 1);
  expect(sheet?.getRow(2).getCell(6).value).toBeNull();
  expect(typeof sheet?.getRow(2).getCell(7).value).toBe("number");

  // The bank's answer unusable: back on the same filtered movements with the §8 download error,
  // no file. (A malformed body teaches the app's breakers nothing, so later tests are unaffected.)
  const here = page.url();
  await sandboxControl("/__faults", { path: "/middleware", kind: "malformed", times: -1 });
  await page.getByRole("link", { name: "Descargar CSV" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "No se pudo descargar" })).toContainText(
    "Presentamos problemas para completar tu descarga. Por favor, inténtalo más tarde.",
  );
  expect(page.url()).toBe(here);
});

test("bad filters keep what was typed, and a period without movements is an empty list", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/cuentas/A-100234-02");
  const filters = page.getByRole("form", { name: "Filtrar movimientos" });
  await filters.getByLabel("Periodo").selectOption({ label: "Rango de fechas" });
  await filters.getByLabel("Desde", { exact: true }).fill("2025-03-10");
  await filters.getByLabel("Hasta", { exact: true }).fill("2025-03-01");
  await filters.getByLabel("Monto desde").fill("abc");
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(filters.getByText("La fecha final debe ser igual o posterior a la inicial")).toBeVisible();
  await expect(filters.getByText("Ingresa un monto válido")).toBeVisible();
  await expect(filters.getByLabel("Desde", { exact: true })).toHaveValue("2025-03-10");
  await expect(filters.getByLabel("Monto desde")).toHaveValue("abc");

  // The middleware answers ACCOUNTS_0004 'No movements found.': an empty state, not an error.
  await page.goto("/cuentas/A-100234-02?periodo=rango&desde=2025-01-01&hasta=2025-01-31");
  await expect(page.getByText("No hay movimientos para estos filtros.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Descargar CSV" })).toHaveCount(0);
});

test("another company's account is not found", async ({ page }) => {
  await loginAs(page, "ana.admin");
  const response = await page.goto("/cuentas/A-200115-01");
  expect(response?.status()).toBe(404);
  // It says the account is not in this company, and leads back to its accounts or, as Ana has several, to another.
  const notFound = page.getByRole("region", { name: /^Esta cuenta no está en .+/ });
  await expect(notFound).toBeVisible();
  await expect(notFound.getByRole("link", { name: "Volver a mis cuentas" })).toHaveAttribute("href", "/cuentas");
  await expect(notFound.getByRole("link", { name: "Cambiar empresa" })).toHaveAttribute("href", /drawer=configuracion/);
  await expect(notFound).toContainText("Folio de soporte");
});

test("'Ver CLABE' reveals the account's deposit data to copy, with and without JavaScript", async ({ page, javaScriptEnabled }) => {
  // Ana's 'Operativa MXN' as the sandbox's seed numbers it (decision 123).
  const clabe = "062225001002340014";
  await loginAs(page, "ana.admin");
  await page.goto("/cuentas/A-100234-01");
  await expect(page.getByText("Cuenta •••• 0014 · MXN")).toBeVisible();
  expect(await page.content()).not.toContain(clabe);

  await page.getByRole("link", { name: "Ver CLABE" }).click();
  await expect(page).toHaveURL(/\/cuentas\/A-100234-01\?ver=clabe/);
  const card = page.getByRole("region", { name: "Datos para depósito" });
  for (const [label, value] of [
    ["CLABE", clabe],
    ["Banco", "Afirme"],
    ["Divisa", "MXN"],
    ["Titular", "Importadora del Bajío S.A. de C.V."],
  ]) {
    await expect(card.getByRole("term").filter({ hasText: label })).toBeVisible();
    await expect(card.getByText(value, { exact: true })).toBeVisible();
  }
  // Pesos arrive by SPEI; nobody pastes the currency, so it has nothing to copy.
  await expect(card).toContainText("Pagos por SPEI a esta cuenta.");
  await expect(card.getByRole("button", { name: "Copiar Divisa" })).toHaveCount(0);
  if (javaScriptEnabled) {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await card.getByRole("button", { name: "Copiar CLABE" }).click();
    await expect(card.getByRole("status").filter({ hasText: "CLABE: copiado" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(clabe);
  } else {
    // Without JavaScript no button promises a copy it cannot make: the number is text to select.
    await expect(card.getByRole("button", { name: /^Copiar/ })).toHaveCount(0);
    await expect(card.getByText(clabe, { exact: true })).toHaveCSS("user-select", "all");
  }

  await card.getByRole("link", { name: "Ocultar CLABE" }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Ver CLABE" })).toBeVisible();
  expect(await page.content()).not.toContain(clabe);

  // Another company's account stays unknown, asked or not.
  expect((await page.goto("/cuentas/A-200115-01?ver=clabe"))?.status()).toBe(404);
});

test("a dollar account's deposit data names SPID, the rail that pays dollars into a CLABE", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/cuentas/A-100234-02?ver=clabe");
  const card = page.getByRole("region", { name: "Datos para depósito" });
  await expect(card.getByRole("definition").filter({ hasText: /^USD$/ })).toBeVisible();
  await expect(card).toContainText("Pagos en dólares por SPID a esta cuenta.");
  await expect(card).not.toContainText("SPEI");
});

test("the accounts screens have no automated accessibility violations", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "axe runs as page JavaScript");
  await loginAs(page, "ana.admin");
  for (const path of [
    "/cuentas",
    "/cuentas?grupo=favoritas&editar=A-100234-01",
    "/cuentas/A-100234-01",
    "/cuentas/A-100234-01?ver=clabe",
    "/cuentas/A-100234-01?periodo=rango&desde=2026-01-10&hasta=2026-01-01",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Mis cuentas" })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
});
