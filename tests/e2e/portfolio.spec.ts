import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type * as ExcelJSTypes from "exceljs";

import { expect, test } from "./fixtures";
import { loginAs, resetSandbox, sandboxControl } from "./support";

/**
 * 'Portafolio' (§3 briefcase filters, decision 046), with JavaScript and without: the
 * filters change the figures, the exports read back, a Basic member cannot open it, and axe.
 */
const ExcelJS = createRequire(import.meta.url)("exceljs") as typeof ExcelJSTypes;

test.beforeEach(async () => {
  await resetSandbox();
});

const filters = (page: Page) => page.getByRole("form", { name: "Filtros del portafolio" });
/** The value of one figure of the summary ('Operaciones', 'Compraste (USD)', …). */
const figure = (page: Page, label: string) => page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");
const period = (page: Page) => page.locator("#resumen-portafolio + p");

const yearFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City", year: "numeric" });
/** The bank's year (Mexico City) of the day 45 days before today; the seed lays an operation every ~44 hours back. */
const yearOf45DaysAgo = () => yearFormat.format(Date.now() - 45 * 86_400_000);

/**
 * The comparison's figures add up on screen: the rate the difference starts from (the compared days' when a day
 * operated had no close, else the period's average) minus the market's is the difference, said with its verdict.
 */
async function expectComparisonAddsUp(page: Page, kind: "buy" | "sell") {
  const withoutClose = await page.getByRole("cell", { name: "Sin cierre" }).count();
  const compared = page.locator("dt", { hasText: "Tu tipo de cambio en esos días" });
  await expect(compared).toHaveCount(withoutClose > 0 ? 1 : 0);
  const achieved = Number(
    await figure(page, withoutClose > 0 ? "Tu tipo de cambio en esos días" : "Tipo de cambio promedio logrado").textContent(),
  );
  const market = Number(await figure(page, "Promedio del mercado en los mismos días").textContent());
  const difference = (await figure(page, "Diferencia contra el mercado").textContent()) ?? "";
  if (achieved === market) return expect(difference).toBe("Igual al mercado");
  expect(difference).toBe(
    `${Math.abs(achieved - market).toFixed(6)} ${(kind === "buy") === achieved < market ? "a tu favor" : "en tu contra"}`,
  );
}

async function apply(page: Page) {
  await filters(page).getByRole("button", { name: "Aplicar filtros" }).click();
  await page.waitForLoadState("load");
}

test("the filters change the figures", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/historial-operaciones");
  await page.getByRole("link", { name: /Ver mi portafolio/ }).click();
  await expect(page).toHaveURL("/portafolio");
  await expect(page.getByRole("heading", { level: 1, name: "Portafolio" })).toBeVisible();
  // The defaults of §3: this month, this year, USD/MXN, buy.
  await expect(filters(page).getByLabel("Par de divisas")).toHaveValue("USD/MXN");
  await expect(filters(page).getByLabel("Tipo de operación")).toHaveValue("compra");
  await expect(period(page)).toContainText("Compra de USD/MXN del ");

  // A whole year: the seeded operations of the last months, compared with the market. The year of 45 days ago, which
  // holds a few weeks of them even in the first days of January (this year would hold none then).
  await filters(page).getByLabel("Mes").selectOption({ label: "Todo el año" });
  await filters(page).getByLabel("Año").selectOption(yearOf45DaysAgo());
  await apply(page);
  await expect(page).toHaveURL(/mes=todos/);
  const yearCount = Number(await figure(page, "Operaciones").textContent());
  expect(yearCount).toBeGreaterThan(1);
  const bought = await figure(page, "Compraste (USD)").textContent();
  expect(bought).toMatch(/^\$[\d,]+\.\d{2} USD$/);
  await expect(figure(page, "Tipo de cambio promedio logrado")).toHaveText(/^\d+\.\d{6}$/);
  await expect(figure(page, "Promedio del mercado en los mismos días")).toHaveText(/^\d+\.\d{6}$/);
  await expectComparisonAddsUp(page, "buy");
  await expect(page.getByRole("table", { name: /Tipo de cambio logrado por día contra el cierre del mercado, USD\/MXN/ })).toBeVisible();
  await expect(page.getByRole("table", { name: /Volumen mensual de compra de USD\/MXN/ })).toBeVisible();
  // Two server-rendered charts: the rates achieved over the market line, and the monthly volumes.
  const months = await page
    .getByRole("table", { name: /Volumen mensual de compra de USD\/MXN/ })
    .locator("tbody tr")
    .count();
  expect(months).toBeGreaterThan(0);
  await expect(page.getByRole("figure", { name: /Monto operado por mes en USD/ }).locator("svg rect")).toHaveCount(months);
  await expect(page.locator("figure svg")).toHaveCount(2);
  const days = await page
    .getByRole("table", { name: /Tipo de cambio logrado por día/ })
    .locator("tbody th")
    .allTextContents();

  // Selling instead of buying: other operations, other figures.
  await filters(page).getByLabel("Tipo de operación").selectOption({ label: "Venta" });
  await apply(page);
  await expect(period(page)).toContainText("Venta de USD/MXN del 01/01/");
  // The seed may hold no sale of the pair: then the period says so instead of summing.
  const summary = page.locator("section", { has: page.locator("#resumen-portafolio") });
  await expect(summary).toContainText(/Vendiste \(USD\)|No hay operaciones de venta de USD\/MXN pactadas en este periodo\./);
  await expect(summary).not.toContainText("Compraste (USD)");
  if (await summary.getByText("No hay operaciones de venta de USD/MXN pactadas en este periodo.").isVisible()) {
    // A year without sales draws no chart of zeros; the empty state leads to the purchases or to the calculator.
    await expect(page.getByRole("heading", { name: /Ventas de USD\/MXN por mes/ })).toHaveCount(0);
    await expect(summary.getByRole("link", { name: "Vender USD" })).toHaveAttribute("href", "/?operacion=venta&par=USD%2FMXN");
    await expect(summary.getByRole("link", { name: "Ver compras de USD/MXN" })).toHaveAttribute("href", /tipo=compra/);
  } else {
    await expect(page.getByRole("heading", { name: /Ventas de USD\/MXN por mes en / })).toBeVisible();
  }

  // Back to buying, from an initial date: fewer operations than the whole year.
  await filters(page).getByLabel("Tipo de operación").selectOption({ label: "Compra" });
  const [dd, mm, yyyy] = days.at(-1)?.split("/") ?? [];
  await filters(page).getByLabel("Fecha inicial").fill(`${yyyy}-${mm}-${dd}`);
  await apply(page);
  await expect(period(page)).toContainText(`Compra de USD/MXN del ${dd}/${mm}/${yyyy}`);
  const fromCount = Number(await figure(page, "Operaciones").textContent());
  expect(fromCount).toBeGreaterThan(0);
  expect(fromCount).toBeLessThan(yearCount);
});

test("wrong filters are shown back with their messages, never a server error", async ({ page }) => {
  await loginAs(page, "ana.admin");
  for (const [query, message] of [
    ["mes=todos&anio=dos", "Selecciona una opción válida"],
    ["par=%3Cscript%3E", "Selecciona una opción válida"],
    ["mes=todos&anio=2026&desde=2025-06-01", "La fecha inicial debe estar dentro del periodo elegido"],
    ["desde=2026-02-31", "Ingresa una fecha válida"],
  ]) {
    const response = await page.goto(`/portafolio?${query}`);
    expect(response?.status()).toBe(200);
    await expect(filters(page)).toContainText(message);
    await expect(page.locator("#resumen-portafolio")).toHaveCount(0);
  }
});

test("a month the filter does not offer falls back to this month, with a neutral note", async ({ page }) => {
  await loginAs(page, "ana.admin");
  const response = await page.goto("/portafolio?mes=13");
  expect(response?.status()).toBe(200);
  const thisMonth = new Intl.DateTimeFormat("es-MX", { timeZone: "America/Mexico_City", month: "long", year: "numeric" }).format(
    new Date(),
  );
  // The planner's note for the same link reads the same (tests/e2e/payments.spec.ts).
  await expect(page.getByRole("status").filter({ hasText: "El mes 13 no existe" })).toHaveText(
    `El mes 13 no existe; te mostramos ${thisMonth}.`,
  );
  await expect(filters(page).getByLabel("Mes")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#resumen-portafolio")).toBeVisible();
});

test("the portfolio exports as CSV and XLSX, formula-safe, and a failed export comes back with its message", async ({ page }) => {
  await loginAs(page, "ana.admin");
  const year = yearOf45DaysAgo();
  await page.goto(`/portafolio?mes=todos&anio=${year}`);
  const count = Number(await figure(page, "Operaciones").textContent());
  expect(count).toBeGreaterThan(0);

  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Descargar CSV" }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^portafolio-Compra-USDMXN-\d{4}-01-01-a-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await csv.path()) ?? "", "utf8"))
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe(
    "Fecha,Operación,Tipo,Par,Estatus,Monto,Divisa del monto,Tipo de cambio,Total,Divisa del total,Cierre del mercado del día,Referencia GFB,Motivo de pago,Concepto",
  );
  expect(lines).toHaveLength(count + 1);
  expect(lines.slice(1).every((line) => line.includes(",Compra,USD/MXN,"))).toBe(true);

  const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Descargar Excel" }).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await xlsx.path()) ?? "")) as unknown as ExcelJSTypes.Buffer);
  const operations = workbook.getWorksheet("Operaciones");
  expect(operations?.actualRowCount).toBe(count + 1);
  expect(typeof operations?.getRow(2).getCell(6).value).toBe("number");
  expect(typeof operations?.getRow(2).getCell(8).value).toBe("number");
  const summary = workbook.getWorksheet("Resumen");
  expect(summary?.getRow(6).values).toEqual([undefined, "Operaciones", count]);
  expect(workbook.getWorksheet("Volumen mensual")?.getRow(1).getCell(1).value).toBe("Mes");

  // The product API's answer unusable: back on the same portfolio with the §8 download error.
  await sandboxControl("/__faults", { path: "/api/paginate-operations", kind: "malformed", times: 1 });
  await page.getByRole("link", { name: "Descargar CSV" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "No se pudo descargar" })).toBeVisible();
  await expect(page).toHaveURL(`/portafolio?mes=todos&anio=${year}`);
});

test("a Basic member cannot open the portfolio or its export", async ({ page }) => {
  await loginAs(page, "beatriz.basica");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await page.goto("/portafolio?mes=todos");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("status").filter({ hasText: "El portafolio es parte de la membresía Pro" })).toBeVisible();
  await page.goto("/historial-operaciones");
  await expect(page.getByRole("link", { name: /Ver mi portafolio/ })).toHaveCount(0);
  const response = await page.request.get("/portafolio/exportar?formato=csv", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/");
});

test("axe finds nothing on the portfolio", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe needs JavaScript in the page");
  await loginAs(page, "ana.admin");
  for (const query of ["", "?mes=todos", "?mes=13"]) {
    await page.goto(`/portafolio${query}`);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
});
