import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

import type { Page } from "@playwright/test";
import type * as ExcelJSTypes from "exceljs";

import { expect, test } from "./fixtures";
import { loginAs, resetSandbox } from "./support";

const ExcelJS = createRequire(import.meta.url)("exceljs") as typeof ExcelJSTypes;

/**
 * Decisions 107 and 108: a SPEI's proof of payment (clave de rastreo and Banxico's CEP data) and the history's
 * export, with JavaScript and without. 1017 is Importadora del Bajío's applied SPEI of the seed
 * (sandbox/history-seed.ts); 1019 an applied buy.
 */
test.beforeEach(async () => {
  await resetSandbox();
});

async function signIn(page: Page) {
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
}

test("a SPEI's drawer shows its clave de rastreo and the CEP's data beside Banxico's link", async ({ page, javaScriptEnabled }) => {
  await signIn(page);
  await page.goto("/historial-operaciones/1017");
  const drawer = page.getByRole("dialog", { name: "Transferencia" });
  const proof = drawer.getByRole("region", { name: "Rastreo del pago" });
  await expect(proof).toBeVisible();
  const key = /^FXN062\d{18}$/;
  await expect(drawer.getByText(key).first()).toBeVisible();
  for (const label of ["Fecha de operación", "Clave de rastreo", "Banco emisor", "Banco receptor", "Cuenta beneficiaria", "Monto"]) {
    await expect(proof.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(proof.getByText(/^\d{18}$/)).toBeVisible();
  const cep = proof.getByRole("link", { name: "Consultar CEP en Banxico (se abre en una ventana nueva)" });
  await expect(cep).toHaveAttribute("href", "https://www.banxico.org.mx/cep/");
  await expect(cep).toHaveAttribute("target", "_blank");
  await expect(cep).toHaveAttribute("rel", "noopener noreferrer");
  if (javaScriptEnabled) {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await proof.getByRole("button", { name: "Copiar Clave de rastreo" }).click();
    await expect(proof.getByRole("status").filter({ hasText: "Clave de rastreo: copiado" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(key);
  } else {
    // Without JavaScript no button promises a copy it cannot make: the key is text to select.
    await expect(drawer.getByRole("button", { name: /^Copiar/ })).toHaveCount(0);
  }
});

test("a SPEI's receipt prints the clave de rastreo and the CEP's data", async ({ page }, testInfo) => {
  await signIn(page);
  await page.goto("/historial-operaciones/1017");
  const drawer = page.getByRole("dialog", { name: "Transferencia" });
  const key = (
    (await drawer
      .getByText(/^FXN062\d{18}$/)
      .first()
      .textContent()) ?? ""
  ).trim();
  const downloading = page.waitForEvent("download", { timeout: 30_000 });
  await drawer.getByRole("link", { name: "Comprobante FXN" }).click();
  const path = testInfo.outputPath("comprobante.pdf");
  await (await downloading).saveAs(path);
  const text = execFileSync("pdftotext", [path, "-"], { encoding: "utf8" });
  expect(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [path], { encoding: "utf8" }))?.[1]).toBe("1");
  for (const expected of [
    key,
    "Clave de rastreo SPEI",
    "Banco emisor",
    "Banco receptor",
    "Cuenta beneficiaria",
    "https://www.banxico.org.mx/cep/",
  ]) {
    expect(text).toContain(expected);
  }
});

test("the history's export carries the filters and holds every page's operations", async ({ page }) => {
  await signIn(page);
  await page.goto("/historial-operaciones?tipo=transferencia");
  const count = Number(/(\d+) operaciones/.exec((await page.getByText(/\d+ operaciones · Página/).textContent()) ?? "")?.[1]);
  expect(count).toBeGreaterThan(0);
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exportar CSV" }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^historial-operaciones_\d{4}-\d{2}-\d{2}_\d{4}\.csv$/);
  const lines = (await readFile((await csv.path()) ?? "", "utf8"))
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe("Historial de operaciones");
  expect(lines[1]).toBe("Empresa,Importadora del Bajío S.A. de C.V.");
  expect(lines[2]).toBe("Filtros,Tipo de operación: Transferencia");
  expect(lines[5]).toMatch(/^Fecha,Operación,Tipo,Estatus/);
  const rows = lines.slice(6);
  expect(rows).toHaveLength(count);
  for (const row of rows) expect(row.split(",")[2]).toBe("Transferencia");

  const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exportar Excel" }).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await xlsx.path()) ?? "")) as unknown as ExcelJSTypes.Buffer);
  const sheet = workbook.getWorksheet("Operaciones");
  expect(sheet?.getCell("B2").value).toBe("Importadora del Bajío S.A. de C.V.");
  expect(sheet?.rowCount).toBe(6 + count);
});
