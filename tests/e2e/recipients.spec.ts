import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import type * as ExcelJSTypes from "exceljs";

import { recipientsWorkbook, sampleRows, zipBomb } from "../support/sample-files";
import { expect, test } from "./fixtures";
import { loginAs, resetSandbox, sandboxControl, sidebar } from "./support";

const ExcelJS = createRequire(import.meta.url)("exceljs") as typeof ExcelJSTypes;

test.beforeEach(async () => {
  await resetSandbox();
});

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const recipientsTable = (page: Page) => page.getByRole("table", { name: "Destinatarios de Importadora del Bajío S.A. de C.V." });

/** A file made by the test itself, in its own output folder. */
async function fileFor(testInfo: TestInfo, name: string, bytes: Buffer): Promise<string> {
  const dir = testInfo.outputPath("archivos");
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

const national = {
  Nombre: "Mariana",
  "Apellido paterno": "Torres",
  "Apellido materno (opcional)": "Vega",
  RFC: "TOVM800101AB1",
  Alias: "Mariana Torres",
  "Correo electrónico": "mariana@torres.mx",
  Teléfono: "5511122233",
  CLABE: "012180098765432105",
};

/**
 * A row's menu ('Más acciones para …'): a native `<summary>` disclosure, the same with JavaScript
 * and without (Chromium names it a disclosure triangle, not a button: found by its label).
 */
const rowMenuOpener = (page: Page, name: string) => page.getByLabel(`Más acciones para ${name}`, { exact: true });
async function openRowMenu(page: Page, name: string) {
  await rowMenuOpener(page, name).click();
}

async function fillNational(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
}

test("the list shows bank and back-office recipients, searches and filters them", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await sidebar(page).getByRole("link", { name: "Destinatarios" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Destinatarios" })).toBeVisible();
  const table = recipientsTable(page);
  await expect(table.getByRole("row", { name: /José Luis Ramírez Ortega/ })).toContainText("Pendiente");
  await expect(table.getByRole("row", { name: /Comercializadora Hidalgo/ })).toContainText("Autorizado");
  await expect(table.getByRole("row", { name: /Comercializadora Hidalgo/ })).toContainText("Alta por carga múltiple");
  expect(await page.content()).not.toMatch(/\b\d{18}\b/);

  await page.getByRole("searchbox", { name: "Buscar destinatario" }).fill("JOSE");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await page.getByRole("link", { name: "Limpiar" }).click();
  // The filter links carry the current search: wait until it is cleared before choosing one.
  await expect(page.getByRole("searchbox", { name: "Buscar destinatario" })).toHaveValue("");
  await page.getByRole("link", { name: "Internacionales" }).click();
  await expect(table.getByRole("row", { name: /Shenzhen Bright Components/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /Proveedora Textil/ })).toHaveCount(0);
});

test("favourite, rename and delete a recipient", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/destinatarios");
  await openRowMenu(page, "Aceros Querétaro");
  await page.getByRole("button", { name: "Marcar Aceros Querétaro como favorito" }).click();
  await expect(toast(page, "Destinatario actualizado")).toBeVisible();
  await expect(
    recipientsTable(page)
      .getByRole("row", { name: /Aceros y Perfiles/ })
      .getByRole("img", { name: "Favorito" }),
  ).toBeVisible();
  await openRowMenu(page, "Aceros Querétaro");
  await expect(page.getByRole("button", { name: "Quitar Aceros Querétaro de favoritos" })).toBeVisible();

  await page.getByRole("link", { name: "Editar alias de Aceros Querétaro" }).click();
  const drawer = page.getByRole("dialog", { name: "Editar alias" });
  await expect(drawer).toContainText(/Aceros y Perfiles de Querétaro S\.A\. de C\.V\. · Banorte · •••• 734\d/);
  await drawer.getByLabel("Alias", { exact: true }).fill("Telas Monterrey");
  await drawer.getByRole("button", { name: "Guardar" }).click();
  await expect(
    drawer.getByText("Ya creaste un destinatario con el mismo alias. Por favor, elige un alias diferente para continuar."),
  ).toBeVisible();
  await drawer.getByLabel("Alias", { exact: true }).fill("Aceros Bajío");
  await drawer.getByRole("button", { name: "Guardar" }).click();
  await expect(toast(page, "Destinatario actualizado")).toBeVisible();

  // A failed deletion says so and keeps the recipient.
  await sandboxControl("/__faults", { path: "/api/backoffice-recipients", method: "PUT", kind: "status", status: 422 });
  await openRowMenu(page, "Aceros Bajío");
  await page.getByRole("link", { name: "Eliminar Aceros Bajío" }).click();
  // An alias is free text: the confirmation restates whom it deletes, by legal name, bank and account.
  await expect(page.getByRole("dialog", { name: "¿Quieres eliminar a Aceros Bajío?" })).toHaveAccessibleDescription(
    /^Aceros y Perfiles de Querétaro S\.A\. de C\.V\. · Banorte · •••• 734\d/,
  );
  await page.getByRole("dialog", { name: "¿Quieres eliminar a Aceros Bajío?" }).getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "No pudimos eliminar tu destinatario" })).toBeVisible();
  await expect(recipientsTable(page).getByRole("row", { name: /Aceros y Perfiles/ })).toBeVisible();

  await openRowMenu(page, "Aceros Bajío");
  await page.getByRole("link", { name: "Eliminar Aceros Bajío" }).click();
  await page.getByRole("dialog", { name: "¿Quieres eliminar a Aceros Bajío?" }).getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(toast(page, "Destinatario eliminado")).toBeVisible();
  await expect(recipientsTable(page).getByRole("row", { name: /Aceros y Perfiles/ })).toHaveCount(0);
});

test("register a national física recipient through the challenge: pending, then authorized", async ({ page }) => {
  await sandboxControl("/__recipients", { authorizeDelayMs: 4000 });
  await loginAs(page, "ana.admin");
  await page.goto("/destinatarios");
  await page.getByRole("link", { name: "Agregar destinatario" }).click();
  await expect(page.getByRole("button", { name: "Persona física" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Nacional", exact: true })).toHaveAttribute("aria-pressed", "true");
  // The recipient's e-mail: the browser offers not the member's own address, and it stops at §5's 30.
  const email = page.getByLabel("Correo electrónico", { exact: true });
  await expect(email).toHaveAttribute("autocomplete", "off");
  await expect(email).toHaveAttribute("maxlength", "30");
  await fillNational(page, national);
  await page.getByRole("button", { name: "Continuar con mi token" }).click();

  await expect(page.getByRole("heading", { name: "Confirma el alta de tu destinatario" })).toBeVisible();
  await expect(page.getByText("terminación 2105")).toBeVisible();
  await page.getByLabel("Clave de operación").fill("123456");
  await page.getByRole("button", { name: "Confirmar" }).click();

  const pending = page.getByRole("dialog", { name: "Destinatario pendiente" });
  await expect(pending).toContainText("Mariana Torres Vega");
  await pending.getByRole("link", { name: "Entendido" }).click();
  const row = recipientsTable(page).getByRole("row", { name: /Mariana Torres Vega/ });
  await expect(row).toContainText("Pendiente");
  await expect(async () => {
    await page.reload();
    await expect(recipientsTable(page).getByRole("row", { name: /Mariana Torres Vega/ })).toContainText("Autorizado", { timeout: 500 });
  }).toPass({ timeout: 15_000 });
});

test("with immediate authorization the new recipient is active", async ({ page }) => {
  await sandboxControl("/__recipients", { authorizeDelayMs: 0 });
  await loginAs(page, "ana.admin");
  await page.goto("/destinatarios-alta");
  await fillNational(page, national);
  await page.getByRole("button", { name: "Continuar con mi token" }).click();
  await page.getByLabel("Clave de operación").fill("123456");
  await page.getByRole("button", { name: "Confirmar" }).click();
  const active = page.getByRole("dialog", { name: "Destinatario activo" });
  await expect(active.getByRole("link", { name: "Ir a operar" })).toHaveAttribute("href", "/");
  await active.getByRole("link", { name: "Agregar otro destinatario" }).click();
  await expect(page).toHaveURL("/destinatarios-alta");
});

test("a bad CLABE shows its message and keeps the other fields", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/destinatarios-alta");
  await fillNational(page, { ...national, CLABE: "012180098765432106" });
  await page.getByRole("button", { name: "Continuar con mi token" }).click();
  await expect(page.getByText("Ingresa una CLABE válida", { exact: true })).toBeVisible();
  // The click reached the button (no message appeared on leaving the field to move it away): the summary lists it.
  await expect(page.getByRole("link", { name: "CLABE: Ingresa una CLABE válida" })).toBeVisible();
  await expect(page.getByLabel("CLABE", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue("Mariana");
  await expect(page.getByLabel("Correo electrónico")).toHaveValue("mariana@torres.mx");
  await expect(page.getByLabel("CLABE", { exact: true })).toHaveValue("012180098765432106");
  await expect(page.getByText("Banco: BBVA México")).toBeVisible();
});

test("a failed challenge on a registration shows the recipient's error", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/destinatarios-alta");
  await fillNational(page, national);
  await page.getByRole("button", { name: "Continuar con mi token" }).click();
  await page.getByLabel("Clave de operación").fill("222222");
  await page.getByRole("button", { name: "Confirmar" }).click();
  const expired = page.getByRole("dialog", { name: "Token venció" });
  await expect(expired.getByRole("link")).toHaveText(["Entendido"]);
});

/** The international company form of the bank-rejection tests, filled up to 'Continuar con mi token'. */
async function fillForeignCompany(page: Page, bank: { type: string; account: string; code: string }) {
  await fillNational(page, {
    "Razón social": "Shenzhen Lights Co",
    Alias: "Lights",
    "Correo electrónico": "ap@lights.cn",
    Teléfono: "8612345678",
    "Nombre del banco": "Bank of China",
    "Ciudad del banco": "Hong Kong",
    Calle: "Nathan Road",
    "Número exterior": "88",
    "Código postal": "999077",
    Colonia: "Kowloon",
    Ciudad: "Hong Kong",
    Estado: "Kowloon",
  });
  // Countries come from the catalogue (§7 /countries-catalogs).
  await page.getByLabel("País del banco", { exact: true }).selectOption("China");
  await page.getByLabel("País", { exact: true }).selectOption("China");
  await page.getByLabel("Relación con tu empresa").selectOption({ label: "Proveedor" });
  await page.getByLabel("Monto máximo mensual").selectOption("1");
  await page.getByLabel("Divisa").selectOption("USD");
  await page.getByLabel("Tipo de cuenta", { exact: true }).selectOption({ label: bank.type });
  await page.getByLabel("Número de cuenta", { exact: true }).fill(bank.account);
  await page.getByLabel("Código del banco", { exact: true }).fill(bank.code);
}

test("the bank rejects an international bank code: 'Cancelar'/'Reintentar' keep the form", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/destinatarios-alta?tipo=pme");
  await fillForeignCompany(page, { type: "SWIFT", account: "0128756003945", code: "12345678" });
  await page.getByRole("button", { name: "Continuar con mi token" }).click();
  const dialog = page.getByRole("dialog", { name: "El formato del banco no es válido" });
  await expect(dialog.getByRole("link", { name: "Cancelar" })).toBeVisible();
  await dialog.getByRole("button", { name: "Reintentar" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByLabel("Razón social")).toHaveValue("Shenzhen Lights Co");

  // The bank search fills the bank's data, keeping everything else.
  await page.getByLabel("Banco a buscar").fill("china hong");
  await page.getByRole("button", { name: "Buscar banco" }).click();
  await page.getByRole("button", { name: "Usar Bank of China Hong Kong" }).click();
  await expect(page.getByLabel("Código del banco", { exact: true })).toHaveValue("BKCHHKHH");
  await expect(page.getByLabel("Razón social")).toHaveValue("Shenzhen Lights Co");
  await page.getByRole("button", { name: "Continuar con mi token" }).click();
  await expect(page.getByRole("heading", { name: "Confirma el alta de tu destinatario" })).toBeVisible();
});

test("an IBAN is typed as printed; a typo stays in the form, another country's bank gets §8's IBAN error", async ({
  page,
  javaScriptEnabled,
}) => {
  await loginAs(page, "ana.admin");
  await page.goto("/destinatarios-alta?tipo=pme");
  // A typo in the last digit: the check digits catch it before any token is asked for.
  await fillForeignCompany(page, { type: "IBAN", account: "DE89 3704 0044 0532 0130 01", code: "BSCHESMM" });
  const account = page.getByLabel("Número de cuenta", { exact: true });
  // The hint names the chosen type: with JS as it is chosen, without it once the form comes back.
  if (javaScriptEnabled) await expect(account).toHaveAccessibleDescription(/El IBAN completo, con sus letras/);
  await page.getByRole("button", { name: "Continuar con mi token" }).click();
  await expect(account).toHaveAccessibleDescription(/El IBAN completo, con sus letras/);
  await expect(account).toHaveAccessibleDescription(/Revisa el IBAN: sus dígitos de control no coinciden/);
  await expect(account).toHaveValue("DE89 3704 0044 0532 0130 01");

  // A whole German IBAN at a Spanish bank: the bank refuses it with §8's IBAN error.
  await account.fill("DE89 3704 0044 0532 0130 00");
  await page.getByRole("button", { name: "Continuar con mi token" }).click();
  const dialog = page.getByRole("dialog", { name: "Parece que hubo un error con el código IBAN..." });
  await expect(dialog.getByRole("link", { name: "Cancelar" })).toBeVisible();
  await dialog.getByRole("button", { name: "Reintentar" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(account).toHaveValue("DE89 3704 0044 0532 0130 00");

  // The German bank's SWIFT takes it.
  await page.getByLabel("Código del banco", { exact: true }).fill("COBADEFF");
  await page.getByRole("button", { name: "Continuar con mi token" }).click();
  await expect(page.getByRole("heading", { name: "Confirma el alta de tu destinatario" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "terminación 3000" })).toBeVisible();
});

test("upload a 200-row Excel with 5 bad rows and register the 195 good ones", async ({ page }, testInfo) => {
  const file = await fileFor(testInfo, "destinatarios.xlsx", await recipientsWorkbook(sampleRows(200, [3, 50, 99, 150, 199])));
  await loginAs(page, "ana.admin");
  await page.goto("/destinatarios");
  await page.getByRole("link", { name: "Carga múltiple" }).click();
  const [template] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Descargar plantilla" }).click()]);
  expect(template.suggestedFilename()).toBe("plantilla-destinatarios.xlsx");

  await page.getByLabel("Archivo de Excel").setInputFiles(file);
  await page.getByRole("button", { name: "Revisar archivo" }).click();
  await expect(page.getByText("195 de 200 filas están listas para registrarse.")).toBeVisible();
  await expect(page.getByText("5 filas tienen errores y no se registrarán.")).toBeVisible();
  await page.getByRole("link", { name: "Ver solo filas con errores" }).click();
  const preview = page.getByRole("table", { name: "Filas del archivo" });
  await expect(preview.locator("tbody tr")).toHaveCount(5);
  await expect(preview.getByRole("row", { name: /^5 / })).toContainText("CLABE: Ingresa una CLABE válida");
  await expect(preview.getByRole("row", { name: /^52 / })).toContainText("Correo electrónico: Ingresa un correo electrónico válido");

  // On a phone the preview is a list of rows, errors included, with no sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  const phoneRow = preview.getByRole("row", { name: /^Fila 5 / });
  await expect(phoneRow.getByText("Con errores")).toBeVisible();
  await expect(phoneRow.getByText("CLABE: Ingresa una CLABE válida")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole("button", { name: "Registrar 195 destinatarios válidos" }).click();
  await expect(page.getByRole("heading", { name: "Registro terminado" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("195 registrados, 0 con error.")).toBeVisible();
  const [result] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Descargar resultado (.xlsx)" }).click(),
  ]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await result.path()) ?? "")) as unknown as ExcelJSTypes.Buffer);
  const outcomes = workbook.getWorksheet("Resultado")?.getColumn(5).values.slice(2) ?? [];
  expect(outcomes.filter((value) => value === "Registrado")).toHaveLength(195);
  expect(outcomes.filter((value) => value === "Con errores")).toHaveLength(5);

  await page.getByRole("link", { name: "Ir a mis destinatarios" }).click();
  await page.getByRole("searchbox", { name: "Buscar destinatario" }).fill("Proveedor 0200");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(recipientsTable(page).locator("tbody tr")).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Buscar destinatario" }).fill("Proveedor 0199");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(recipientsTable(page).locator("tbody tr")).toHaveCount(1);
});

test("hostile files are refused with a clear message and the server keeps working", async ({ page }, testInfo) => {
  await loginAs(page, "ana.admin");
  await page.goto("/destinatarios-alta-multiple");
  const input = page.getByLabel("Archivo de Excel");
  const submit = page.getByRole("button", { name: "Revisar archivo" });

  await input.setInputFiles(await fileFor(testInfo, "foto.xlsx", Buffer.from("89504e470d0a1a0a0000000d49484452", "hex")));
  await submit.click();
  await expect(page.getByText("Error en formato. Formatos aceptados: .xls, .xlsx")).toBeVisible();

  await input.setInputFiles(
    await fileFor(testInfo, "antiguo.xls", Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), Buffer.alloc(2048)])),
  );
  await submit.click();
  await expect(page.getByText(/No podemos leer archivos \.xls/)).toBeVisible();

  await input.setInputFiles(await fileFor(testInfo, "bomba.xlsx", await zipBomb(1024, { lie: true })));
  await submit.click();
  await expect(page.getByText("El archivo es demasiado grande para revisarlo. Divide los destinatarios en varios archivos.")).toBeVisible({
    timeout: 20_000,
  });

  await input.setInputFiles(await fileFor(testInfo, "bueno.xlsx", await recipientsWorkbook(sampleRows(3))));
  await submit.click();
  await expect(page.getByText("3 de 3 filas están listas para registrarse.")).toBeVisible();
});

test("the recipient screens have no automated accessibility violations", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "axe runs as page JavaScript");
  await loginAs(page, "ana.admin");
  const check = async (label: string) => {
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  };
  for (const path of [
    "/destinatarios",
    "/destinatarios?editar=B3-501",
    "/destinatarios?eliminar=B3-502",
    "/destinatarios?detalle=B3-501&ver=cuenta",
    "/destinatarios-alta",
    "/destinatarios-alta?tipo=pme",
    "/destinatarios-alta-multiple",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Destinatarios" })).toBeVisible();
    await check(path);
  }
  await page.goto("/destinatarios-alta");
  await page.getByRole("button", { name: "Continuar con mi token" }).click();
  await expect(page.getByText("Campo obligatorio").first()).toBeVisible();
  await check("alta con errores");
  await page.goto("/destinatarios-alta-multiple");
  await page
    .getByLabel("Archivo de Excel")
    .setInputFiles(await fileFor(testInfo, "axe.xlsx", await recipientsWorkbook(sampleRows(4, [1]))));
  await page.getByRole("button", { name: "Revisar archivo" }).click();
  await expect(page.getByText("3 de 4 filas están listas para registrarse.")).toBeVisible();
  await check("revisión");
});

test("switching the person type or the origin keeps what was typed", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/destinatarios-alta");
  await fillNational(page, {
    Nombre: "Mariana",
    Alias: "Mariana Torres",
    "Correo electrónico": "mariana@torres.mx",
    CLABE: "012180098765432105",
  });

  await page.getByRole("button", { name: "Persona moral" }).click();
  await expect(page.getByRole("button", { name: "Persona moral" })).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/tipo=pmn/);
  await expect(page.getByLabel("Razón social")).toBeVisible();
  await expect(page.getByLabel("Alias", { exact: true })).toHaveValue("Mariana Torres");
  await expect(page.getByLabel("Correo electrónico")).toHaveValue("mariana@torres.mx");
  await expect(page.getByLabel("CLABE", { exact: true })).toHaveValue("012180098765432105");
  await page.getByLabel("Razón social").fill("Torres Textiles");

  await page.getByRole("button", { name: "Internacional", exact: true }).click();
  await expect(page).toHaveURL(/tipo=pme/);
  await expect(page.getByLabel("Número de cuenta")).toBeVisible();
  await expect(page.getByLabel("Alias", { exact: true })).toHaveValue("Mariana Torres");
  await expect(page.getByLabel("Correo electrónico")).toHaveValue("mariana@torres.mx");
  await expect(page.getByLabel("Razón social")).toHaveValue("Torres Textiles");
  // The international bank search comes before the bank fields it fills.
  const order = await page.evaluate(() => {
    const search = document.getElementById("bankSearchQuery");
    const code = document.querySelector<HTMLElement>("[name=bankCode]");
    return search && code ? search.compareDocumentPosition(code) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
  });
  expect(order).toBeTruthy();

  // And back: the física fields typed at first are still there.
  await page.getByRole("button", { name: "Persona física" }).click();
  await page.getByRole("button", { name: "Nacional", exact: true }).click();
  await expect(page).toHaveURL(/tipo=pfn/);
  await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue("Mariana");
  await expect(page.getByLabel("CLABE", { exact: true })).toHaveValue("012180098765432105");
  await expect(page.getByLabel("Alias", { exact: true })).toHaveValue("Mariana Torres");
});

test("a refused form opens with an error summary whose links lead to the fields", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/destinatarios-alta");
  await fillNational(page, { Nombre: "Mariana", "Correo electrónico": "no-es-correo", CLABE: "012180098765432106" });
  // By keyboard: leaving the CLABE shows its message (with JS) and moves the button under a pointer.
  await page.getByRole("button", { name: "Continuar con mi token" }).focus();
  await page.keyboard.press("Enter");

  const summary = page.getByRole("region", { name: /Revisa los \d+ datos marcados para continuar/ });
  await expect(summary).toBeFocused();
  const links = summary.getByRole("link");
  // In the form's order: person, contact, bank.
  await expect(links.first()).toHaveText("Apellido paterno: Campo obligatorio");
  const texts = await links.allTextContents();
  expect(texts.map((text) => text.split(":")[0])).toEqual(["Apellido paterno", "RFC", "Alias", "Correo electrónico", "Teléfono", "CLABE"]);
  expect(texts).toContain("CLABE: Ingresa una CLABE válida");

  const email = page.getByLabel("Correo electrónico");
  const emailLink = summary.getByRole("link", { name: /^Correo electrónico:/ });
  await expect(emailLink).toHaveAttribute("href", `#${await email.getAttribute("id")}`);
  await emailLink.click();
  await expect(email).toBeFocused();
  await expect(email).toHaveValue("no-es-correo");
});

test("'Enviar dinero' opens the transfer with that recipient; rows not yet authorized say why", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/destinatarios");
  const table = recipientsTable(page);
  // One status per row: a recipient the bank has not authorized says so, and why money cannot go yet.
  const pending = table.getByRole("row", { name: /José Luis Ramírez Ortega/ });
  await expect(pending).toContainText("Pendiente");
  await expect(pending).not.toContainText("Autorizado");
  await expect(pending.getByRole("link", { name: /Enviar dinero/ })).toHaveCount(0);
  await expect(pending).toContainText("Disponible cuando el banco lo autorice");
  // §4: one loaded in bulk is authorized, and nothing on its row says otherwise.
  const loaded = table.getByRole("row", { name: /Comercializadora Hidalgo/ });
  await expect(loaded).not.toContainText("En revisión");
  await expect(loaded).not.toContainText("Disponible cuando");
  await expect(loaded.getByRole("link", { name: "Enviar dinero a Hidalgo" })).toBeVisible();

  await table
    .getByRole("row", { name: /Aceros y Perfiles/ })
    .getByRole("link", { name: "Enviar dinero a Aceros Querétaro" })
    .click();
  await expect(page).toHaveURL(/operacion=transferencia/);
  const destination = page.getByLabel("Cuenta de destino");
  await expect(destination.locator("option:checked")).toContainText("Aceros Querétaro");

  // A link naming a recipient that cannot be paid starts with no destination.
  await page.goto("/?operacion=transferencia&destino=r:999999");
  await expect(page.getByLabel("Cuenta de destino")).toHaveValue("");
});

test("a recipient loaded in bulk is paid from its row through the bank's challenge (§4)", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/destinatarios");
  await recipientsTable(page)
    .getByRole("row", { name: /Comercializadora Hidalgo/ })
    .getByRole("link", { name: "Enviar dinero a Hidalgo" })
    .click();
  await expect(page).toHaveURL(/operacion=transferencia/);
  const form = page.getByRole("region", { name: "Calculadora" });
  await expect(form.getByLabel("Cuenta de destino").locator("option:checked")).toContainText("Hidalgo");
  await form.getByLabel("Monto").fill("1,250.00");
  const origin = form.getByLabel("Cuenta de origen");
  await origin.selectOption((await origin.locator("option", { hasText: "Concentradora Bajío" }).first().getAttribute("value")) ?? "");
  await form.getByLabel("Motivo de pago").selectOption({ index: 1 });
  await form.getByLabel("Concepto").fill("Factura 88");
  await form.getByRole("button", { name: "Confirmar" }).click();

  // The bank's own page says whom it pays before the key is typed.
  await expect(page).toHaveURL(/\/challenge/);
  await expect(page.getByText("Comercializadora Hidalgo S.A. de C.V.")).toBeVisible();
  await page.getByLabel("Clave de operación").fill("123456");
  await page.getByRole("button", { name: "Confirmar" }).click();
  const done = page.getByRole("dialog", { name: "Operación autorizada" });
  await expect(done).toContainText("transferencia");
  await done.getByRole("link", { name: "Ver detalle" }).click();
  await expect(page).toHaveURL(/\/historial-operaciones\/\d+$/);
  const detail = page.getByRole("dialog").filter({ hasText: "1,250.00" }).first();
  await expect(detail).toContainText("Comercializadora Hidalgo S.A. de C.V.");
  await expect(detail).toContainText("Banorte");
});

test("a recipient's drawer shows its full account on request, to copy with or without JavaScript", async ({ page, javaScriptEnabled }) => {
  // Proveedora Textil del Norte (501, 'Telas Monterrey' to Ana) as the sandbox's seed numbers it (decision 123).
  const clabe = "012580019283746509";
  await loginAs(page, "ana.admin");
  await page.goto("/destinatarios?detalle=B3-501");
  const drawer = page.getByRole("dialog", { name: "Proveedora Textil del Norte S.A. de C.V." });
  await expect(drawer).toContainText("•••• 6509");
  expect(await page.content()).not.toContain(clabe);

  await drawer.getByRole("link", { name: "Ver cuenta completa" }).click();
  await expect(page).toHaveURL(/detalle=B3-501&ver=cuenta/);
  // Named by what it is: a national 18-digit number is a CLABE.
  await expect(drawer.getByRole("term").filter({ hasText: /^CLABE$/ })).toBeVisible();
  await expect(drawer.getByText(clabe, { exact: true })).toBeVisible();
  if (javaScriptEnabled) {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await drawer.getByRole("button", { name: "Copiar CLABE" }).click();
    await expect(drawer.getByRole("status").filter({ hasText: "CLABE: copiado" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(clabe);
  } else {
    await expect(drawer.getByRole("button", { name: /^Copiar/ })).toHaveCount(0);
    await expect(drawer.getByText(clabe, { exact: true })).toHaveCSS("user-select", "all");
  }
  await drawer.getByRole("link", { name: "Ocultar cuenta" }).click();
  await expect(drawer.getByText(clabe, { exact: true })).toHaveCount(0);
  await expect(drawer).toContainText("•••• 6509");

  // Closing the drawer forgets the request: the list stays masked.
  await page.goto("/destinatarios?detalle=B3-501&ver=cuenta");
  await page
    .getByRole("dialog", { name: "Proveedora Textil del Norte S.A. de C.V." })
    .getByRole("link", { name: "Cerrar Proveedora Textil del Norte S.A. de C.V." })
    .click();
  await expect(page).not.toHaveURL(/ver=cuenta/);
  expect(await page.content()).not.toContain(clabe);
});

test("the row menu opens and its entries work by keyboard", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/destinatarios");
  const edit = page.getByRole("link", { name: "Editar alias de Aceros Querétaro" });
  await expect(edit).toBeHidden();
  await rowMenuOpener(page, "Aceros Querétaro").focus();
  await page.keyboard.press("Enter");
  await expect(edit).toBeVisible();
  await expect(page.getByRole("link", { name: "Editar alias de Telas Monterrey" })).toBeHidden();
  await edit.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Editar alias" })).toBeVisible();
  await expect(page).toHaveURL(/editar=B3-/);

  // The detail from the menu shows the row's one status, where the recipient came from, and the way to pay it.
  await page.goto("/destinatarios");
  await openRowMenu(page, "Hidalgo");
  await page.getByRole("link", { name: "Ver detalle de Hidalgo" }).click();
  const detail = page.getByRole("dialog", { name: "Comercializadora Hidalgo S.A. de C.V." });
  await expect(detail).toContainText("Autorizado");
  await expect(detail).toContainText("Por carga múltiple");
  await expect(detail).not.toContainText("En revisión");
  await expect(detail.getByRole("link", { name: "Enviar dinero" })).toBeVisible();
});

test("no recipient page scrolls sideways at 390 px", async ({ browser, javaScriptEnabled }) => {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await loginAs(page, "ana.admin");
  const wide: string[] = [];
  for (const path of [
    "/destinatarios",
    "/destinatarios?origen=internacionales",
    "/destinatarios?editar=B3-501",
    "/destinatarios-alta",
    "/destinatarios-alta?tipo=pme",
    "/destinatarios-alta-multiple",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    if (scrollWidth > clientWidth) wide.push(`${path}: ${scrollWidth} px`);
  }
  // The recipients are list rows here: the status sits beside the name, not in a far column.
  await page.goto("/destinatarios");
  const row = recipientsTable(page).getByRole("row", { name: /Comercializadora Hidalgo/ });
  const [name, status] = await Promise.all([row.getByRole("rowheader").boundingBox(), row.getByText("Autorizado").boundingBox()]);
  expect(status!.y).toBeLessThan(name!.y + name!.height);
  expect(status!.x + status!.width).toBeLessThanOrEqual(390);
  expect(wide).toEqual([]);
  await context.close();
});
