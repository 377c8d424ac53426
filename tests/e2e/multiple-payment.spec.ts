import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import type * as ExcelJSTypes from "exceljs";

import { formatMoney } from "../../core/money";
import { zipBomb } from "../support/sample-files";
import { expect, test } from "./fixtures";
import { withPaymentBatches } from "./screens";
import { loginAs, resetSandbox, SANDBOX_URL, sandboxControl, sidebar, toast } from "./support";

const ExcelJS = createRequire(import.meta.url)("exceljs") as typeof ExcelJSTypes;

/**
 * The multiple payment (§2 /pago-multiple, decision 062), JS on and off: the template, a file
 * with good and bad rows, the preview's errors and totals, registering only the valid rows, the
 * progress, the result file read back, and a second submit that creates no operation.
 */
test.beforeEach(async () => {
  await resetSandbox();
});

/** Ana's company (100234) as the sandbox seeds it. */
const MXN_ACCOUNT = "062225001002340014";
const TEXTIL = "012580019283746509";
const ACEROS = "072680004588127341";
/** 'Fletes J. L. Ramírez' is still pending (status 1): it cannot be paid. */
const PENDING = "014180560032184793";

type Cells = [string, string, string, string, string, string, string, string, string];

/** 50 payments; rows 3, 10, 20, 30 and 40 are wrong in five different ways. */
function paymentRows(): { rows: Cells[]; validTotal: number } {
  const rows: Cells[] = [];
  let cents = 0;
  for (let i = 1; i <= 50; i++) {
    const amount = `${100 + i}.25`;
    let row: Cells = [
      "Operativa MXN",
      MXN_ACCOUNT,
      "Proveedor",
      i % 2 ? TEXTIL : ACEROS,
      "MXN",
      amount,
      "1",
      "Pago a proveedores",
      `Factura ${i}`,
    ];
    if (i === 3) row = { ...row, 1: "000000000000000000" } as Cells;
    else if (i === 10) row = { ...row, 3: PENDING } as Cells;
    else if (i === 20) row = { ...row, 5: "0" } as Cells;
    else if (i === 30) row = { ...row, 6: "21", 8: "" } as Cells;
    else if (i === 40) row = [...rows[0]] as Cells;
    else cents += (100 + i) * 100 + 25;
    rows.push(Object.values(row) as Cells);
  }
  return { rows, validTotal: cents / 100 };
}

async function fileFor(testInfo: TestInfo, name: string, bytes: Buffer): Promise<string> {
  const dir = testInfo.outputPath("archivos");
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

async function createdOperations(): Promise<Array<{ id: number; idempotencyKey: string; status: string }>> {
  const response = await fetch(`${SANDBOX_URL}/__operations`);
  return (await response.json()) as Array<{ id: number; idempotencyKey: string; status: string }>;
}

/** The hidden fields of the 'Registrar' form, to send it again as a second submit would. */
async function registerFields(page: Page): Promise<Record<string, string>> {
  return page
    .locator("form:has(input[name=carga])")
    .locator("input[type=hidden]")
    .evaluateAll((inputs) =>
      Object.fromEntries(inputs.map((input) => [(input as HTMLInputElement).name, (input as HTMLInputElement).value])),
    );
}

test("download the template, upload 50 payments with 5 bad rows, authorise the 45 good ones with one token, and read the result back", async ({
  page,
}, testInfo) => {
  // The whole journey, from the template to the history, with axe at each of its four states.
  test.setTimeout(150_000);
  // With the permissions feature on, an administrator's item is 'Aprobación de pagos' (approval.spec.ts, decision 060).
  await sandboxControl("/__company-settings/100234", { permissionsFeatureEnabled: false });
  await loginAs(page, "ana.admin");
  await sidebar(page).getByRole("link", { name: "Gestión de pagos" }).click();
  await page.getByRole("link", { name: "Pagar a varios destinatarios con un archivo" }).click();
  await expect(page).toHaveURL(/\/pago-multiple$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pago múltiple" })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "Gestión de pagos" })).toHaveAttribute("aria-current", "page");

  // The template, filled in as a person would: the downloaded workbook, rows from line 2.
  const [template] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Descargar plantilla (.xlsx)" }).click(),
  ]);
  expect(template.suggestedFilename()).toBe("plantilla-pago-multiple.xlsx");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await template.path()) ?? "")) as unknown as ExcelJSTypes.Buffer);
  const sheet = workbook.getWorksheet("Pagos")!;
  expect(sheet.getRow(1).values).toEqual([
    undefined,
    "Origen",
    "Cuenta origen",
    "Destinatario",
    "Cuenta destino",
    "Divisa",
    "Monto",
    "Id motivo de pago",
    "Motivo de pago",
    "Detalle",
  ]);
  // Decision 123: what to pick from comes in «Listas» (tests: app/routes/pago-multiple_.plantilla.test.ts).
  expect(workbook.getWorksheet("Listas")?.getCell("I2").value).toBe(1);
  expect(workbook.getWorksheet("Listas")?.getCell("J2").value).toBe("Pago a proveedores");
  const { rows, validTotal } = paymentRows();
  for (const row of rows) sheet.addRow(row);
  // An accented name: the result comes back under it (filename*), not an ASCII rewrite of it.
  const file = await fileFor(testInfo, "pagos nómina.xlsx", Buffer.from(await workbook.xlsx.writeBuffer()));

  await page.getByLabel("Archivo de pagos").setInputFiles(file);
  await page.getByRole("button", { name: "Revisar archivo" }).click();
  await expect(page.getByText("45 de 50 pagos están listos para registrarse.")).toBeVisible();
  await expect(page.getByText("5 filas tienen errores y no se pagarán.")).toBeVisible();
  const totals = page.getByRole("region", { name: "Total a pagar por divisa" });
  await expect(totals).toContainText(formatMoney(validTotal, "MXN"));
  await expect(totals).toContainText("Pagos: 45");

  await page.getByRole("link", { name: "Ver solo filas con errores" }).click();
  const preview = page.getByRole("table", { name: "Pagos del archivo" });
  await expect(preview.locator("tbody tr")).toHaveCount(5);
  await expect(preview.getByRole("row", { name: /^4 / })).toContainText("La cuenta origen no es una cuenta de tu empresa");
  await expect(preview.getByRole("row", { name: /^11 / })).toContainText("El destinatario aún no está autorizado");
  await expect(preview.getByRole("row", { name: /^21 / })).toContainText("Este monto no es válido");
  await expect(preview.getByRole("row", { name: /^31 / })).toContainText("*Debes ingresar el detalle de la operación.");
  await expect(preview.getByRole("row", { name: /^41 / })).toContainText("Fila repetida: es igual a la fila 2");

  // On a phone the rows are a list, errors included, with no sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(preview.getByRole("row", { name: /^Fila 11 / }).getByText("El destinatario aún no está autorizado")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1440, height: 900 });

  const axe = async (label: string) => {
    if (testInfo.project.name !== "js") return;
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  };
  await axe("revisión");

  const fields = await registerFields(page);
  expect(await createdOperations()).toHaveLength(0);
  await page.getByRole("button", { name: "Registrar solo los 45 pagos válidos" }).click();

  // Registered is not sent: the page is amber and asks for the one token of the whole file (decision 093).
  const state = page.getByRole("region", { name: "Falta autorizar con tu token: 45 pagos" });
  await expect(state).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Registro terminado")).toHaveCount(0);
  await expect(state.locator("[data-outcome]").first()).toHaveAttribute("data-outcome", "pending");
  await expect(
    page.getByText("Al registrar: 45 quedaron por autorizar con token, 0 por aprobar, 0 con error y 0 sin confirmar."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: /Confirmar con token/ })).toHaveCount(0);
  const registered = page.getByRole("table", { name: "Pagos registrados" });
  await expect(registered.getByRole("row").filter({ hasText: "Falta autorizar con token" })).toHaveCount(45);
  await axe("por autorizar");
  const operations = await createdOperations();
  expect(operations).toHaveLength(45);
  expect(operations.every((operation) => operation.status === "sent")).toBe(true);
  expect(new Set(operations.map((operation) => operation.idempotencyKey)).size).toBe(45);
  await page.screenshot({ path: testInfo.outputPath("por-autorizar-1440.png"), fullPage: true });

  // A second submit of the registration, and a refresh, create nothing.
  const again = await page.request.post("/pago-multiple", { form: { ...fields, intent: "registrar" } });
  expect(again.status()).toBe(200);
  await page.reload();
  await expect(state).toBeVisible();
  expect(await createdOperations()).toHaveLength(45);

  // One authorisation, with the count and the totals, on the bank's page.
  const authorise = page.getByRole("button", { name: `Autorizar 45 pagos · ${formatMoney(validTotal, "MXN")}` });
  const authoriseFields = await page
    .locator("form:has(button[value=autorizar])")
    .locator("input[type=hidden]")
    .evaluateAll((inputs) =>
      Object.fromEntries(inputs.map((input) => [(input as HTMLInputElement).name, (input as HTMLInputElement).value])),
    );
  await authorise.click();
  await expect(page.getByRole("heading", { level: 1, name: "Autoriza 45 pagos" })).toBeVisible();
  await expect(page.getByText(formatMoney(validTotal, "MXN"))).toBeVisible();
  await expect(page.getByText("pagos nómina.xlsx")).toBeVisible();
  await page.getByLabel("Clave de operación").fill("123456");
  await page.getByRole("button", { name: "Confirmar" }).click();

  // Back on the file: green, because the money was sent; every row says so.
  const sent = page.getByRole("region", { name: "Pagos enviados: 45" });
  await expect(sent).toBeVisible();
  await expect(sent.locator("[data-outcome]").first()).toHaveAttribute("data-outcome", "success");
  await expect(toast(page)).toContainText("Se enviaron 45 pagos");
  await expect(registered.getByRole("row").filter({ hasText: "Enviado" })).toHaveCount(45);
  await expect(page.getByRole("button", { name: /^Autorizar/ })).toHaveCount(0);
  await axe("enviados");
  await page.screenshot({ path: testInfo.outputPath("enviados-1440.png"), fullPage: true });
  const batches = (await (await fetch(`${SANDBOX_URL}/__operation-batches`)).json()) as Array<{ operationIds: number[] }>;
  expect(batches).toHaveLength(1);
  expect(batches[0].operationIds).toHaveLength(45);

  // Posting the authorisation again (a double click, another tab) signs nothing twice.
  await page.request.post("/pago-multiple", { form: { ...authoriseFields, intent: "autorizar" }, maxRedirects: 0 });
  expect((await (await fetch(`${SANDBOX_URL}/__operation-batches`)).json()) as unknown[]).toHaveLength(1);

  const [result] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Descargar resultado (.csv)" }).click(),
  ]);
  expect(result.suggestedFilename()).toBe("resultado-pagos nómina.csv");
  const csv = (await readFile((await result.path()) ?? "", "utf8")).split("\r\n");
  expect(csv[0]).toBe("\uFEFFFila,Destinatario,Cuenta destino,Divisa,Monto,Id de operación,Estado,Error");
  const ids = new Set(operations.map((operation) => String(operation.id)));
  const byStatus = (status: string) => csv.slice(1).filter((line) => line.split(",")[6] === status);
  expect(byStatus("Enviado")).toHaveLength(45);
  expect(byStatus("Enviado").every((line) => ids.has(line.split(",")[5]))).toBe(true);
  expect(byStatus("Con errores")).toHaveLength(5);
  expect(csv).toContain("11,Proveedor,•••• 4793,MXN,110.25,,Con errores,Cuenta destino: El destinatario aún no está autorizado");

  const [xlsx] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Descargar resultado (.xlsx)" }).click(),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await xlsx.path()) ?? "")) as unknown as ExcelJSTypes.Buffer);
  const statuses = book.getWorksheet("Resultado")?.getColumn(7).values.slice(2) ?? [];
  expect(statuses.filter((value) => value === "Enviado")).toHaveLength(45);

  // The history shows them sent, not 'En proceso' or waiting for a token.
  expect((await createdOperations()).every((operation) => operation.status === "applied")).toBe(true);
  await page.getByRole("link", { name: "Ir al historial de operaciones" }).click();
  const history = page.getByRole("table", { name: /Operaciones de/ });
  const newest = [...ids].sort((a, b) => Number(b) - Number(a))[0];
  await expect(
    history.getByRole("row").filter({ has: page.getByRole("link", { name: `Ver detalle de la operación ${newest}` }) }),
  ).toContainText("Enviada");
  await expect(history.getByText("Por autorizar")).toHaveCount(0);
});

test("a review link that outlived its file says whether money moved and starts again at the file field", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/pago-multiple?carga=caducada-0001");
  const notice = page.getByRole("alert").filter({ hasText: "La revisión de ese archivo caducó" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(
    "Si ya habías registrado sus pagos, los encuentras en el Historial de Operaciones; si no, ninguno se registró.",
  );
  await expect(notice.getByRole("link", { name: "Historial de Operaciones" })).toHaveAttribute("href", "/historial-operaciones");
  await expect(page.getByLabel("Archivo de pagos")).toBeFocused();
});

test("a CSV is taken, hostile files are refused with a clear message, and the server keeps working", async ({ page }, testInfo) => {
  await loginAs(page, "ana.admin");
  await page.goto("/pago-multiple");
  const input = page.getByLabel("Archivo de pagos");
  const submit = page.getByRole("button", { name: "Revisar archivo" });

  await input.setInputFiles(await fileFor(testInfo, "foto.csv", Buffer.from("89504e470d0a1a0a0000000d49484452", "hex")));
  await submit.click();
  await expect(page.getByText("Error en formato. Formatos aceptados: .xlsx, .csv")).toBeVisible();

  await input.setInputFiles(await fileFor(testInfo, "bomba.xlsx", await zipBomb(1024, { lie: true })));
  await submit.click();
  await expect(page.getByText("El archivo es demasiado grande para revisarlo. Divide los pagos en varios archivos.")).toBeVisible({
    timeout: 20_000,
  });

  await input.setInputFiles(await fileFor(testInfo, "otra.csv", Buffer.from("Nombre,Monto\r\nAna,10\r\n")));
  await submit.click();
  await expect(
    page.getByText("El archivo no tiene las columnas de la plantilla: Cuenta origen, Cuenta destino, Divisa, Id motivo de pago."),
  ).toBeVisible();

  // The CSV template, filled with a formula where a name goes: it is checked, never run.
  const [template] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Descargar plantilla (.csv)" }).click(),
  ]);
  const header = (await readFile((await template.path()) ?? "", "utf8")).trimEnd();
  const lines = [
    header,
    `Operativa MXN,${MXN_ACCOUNT},"=HYPERLINK(""http://x"")",${TEXTIL},MXN,"1,500.50",1,,Renta`,
    `Operativa MXN,${MXN_ACCOUNT},Aceros,${ACEROS},USD,20,1,,`,
  ];
  await input.setInputFiles(await fileFor(testInfo, "pagos.csv", Buffer.from(lines.join("\r\n"))));
  await submit.click();
  await expect(page.getByText("1 de 2 pagos están listos para registrarse.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Pagos del archivo" }).getByRole("row", { name: /^3 / })).toContainText(
    "La cuenta origen no es en USD",
  );
  await expect(page.getByRole("region", { name: "Total a pagar por divisa" })).toContainText(formatMoney(1500.5, "MXN"));
});

test("a logout while the payments are being registered stops the job: the rows left are not sent, and the page says so", async ({
  page,
}, testInfo) => {
  await loginAs(page, "ana.admin");
  await page.goto("/pago-multiple");
  const lines = ["Origen,Cuenta origen,Destinatario,Cuenta destino,Divisa,Monto,Id motivo de pago,Motivo de pago,Detalle"];
  for (let i = 1; i <= 40; i++)
    lines.push(`Operativa MXN,${MXN_ACCOUNT},Proveedor,${i % 2 ? TEXTIL : ACEROS},MXN,${200 + i}.00,1,,Factura ${i}`);
  await page.getByLabel("Archivo de pagos").setInputFiles(await fileFor(testInfo, "pagos.csv", Buffer.from(lines.join("\r\n"))));
  await page.getByRole("button", { name: "Revisar archivo" }).click();
  await expect(page.getByText("40 de 40 pagos están listos para registrarse.")).toBeVisible();

  // Slow calls, so the job is still running when Ana signs out (decision 067).
  await sandboxControl("/__latency", { ms: 1000 });
  await page.getByRole("button", { name: "Registrar solo los 40 pagos válidos" }).click();
  const progress = page.url();
  expect(progress).toMatch(/\/pago-multiple\?carga=/);
  await page.getByRole("link", { name: "Cerrar Sesión" }).click();
  await page.getByRole("dialog", { name: "¿Quieres salir de FXN?" }).getByRole("button", { name: "Si, Cerrar sesión" }).click();
  await expect(page).toHaveURL("/login?sesion=cerrada");
  await sandboxControl("/__latency", { ms: 0 });

  // Back in, the same member and company see how it ended.
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  // The calls already in flight when the session ended still finish at the bank (a clean run once read 12
  // while 4 were landing): count once the bank's count has held still for a poll.
  let sent: unknown[] = [];
  await expect
    .poll(
      async () => {
        const before = sent.length;
        sent = (await fetch(`${SANDBOX_URL}/__operations`).then((response) => response.json())) as unknown[];
        return before > 0 && sent.length === before;
      },
      { intervals: [1_500], timeout: 20_000 },
    )
    .toBe(true);
  await page.goto(progress);
  await expect(page.getByRole("heading", { name: `Falta autorizar con tu token: ${sent.length} pagos` })).toBeVisible({ timeout: 20_000 });
  expect(sent.length).toBeLessThan(40);
  const notSent = 40 - sent.length;
  await expect(
    page.getByText(
      `Tu sesión terminó antes de enviar ${notSent} pagos: no se enviaron. Descarga el resultado y carga de nuevo solo esas filas.`,
    ),
  ).toBeVisible();
  await expect(
    page.getByText(`Al registrar: ${sent.length} quedaron por autorizar con token, 0 por aprobar, 0 con error y 0 sin confirmar.`),
  ).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Pagos registrados" }).getByRole("row").filter({ hasText: "No enviado: tu sesión terminó" }),
  ).toHaveCount(notSent);
  await page.screenshot({ path: testInfo.outputPath("sesion-terminada-1440.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath("sesion-terminada-390.png"), fullPage: true });

  const [result] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Descargar resultado (.csv)" }).click(),
  ]);
  const csv = (await readFile((await result.path()) ?? "", "utf8")).split("\r\n");
  expect(csv.filter((line) => line.split(",")[6] === "No enviado: tu sesión terminó")).toHaveLength(notSent);
});

test("a file Carlos may only load goes to Ana, who approves and authorises it with one token from 'Aprobación de pagos'", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(120_000);
  // Carlos 'Puede cargar transferencias' to third parties (§6): send_money_to_own_accounts, …third_accounts, can_create_operations.
  const portal = await fetch(`${SANDBOX_URL}/banca/entrar?usuario=ana.admin`, { redirect: "manual" });
  const login = await fetch(`${SANDBOX_URL}/api/loginuser`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ externalToken: new URL(portal.headers.get("location") ?? "").searchParams.get("jwt") }),
  });
  const { jwt } = (await login.json()) as { jwt: string };
  const updated = await fetch(`${SANDBOX_URL}/api/members/update-collaborator/2`, {
    method: "PUT",
    headers: { authorization: `Bearer ${jwt}`, "content-type": "application/json" },
    body: JSON.stringify({ permissions: [{ id: 1 }, { id: 2 }, { id: 3 }] }),
  });
  expect(updated.ok).toBe(true);

  const carlosContext = await browser.newContext({ javaScriptEnabled });
  const carlos = await carlosContext.newPage();
  await loginAs(carlos, "carlos.colaborador");
  await carlos.goto("/pago-multiple");
  const lines = ["Origen,Cuenta origen,Destinatario,Cuenta destino,Divisa,Monto,Id motivo de pago,Motivo de pago,Detalle"];
  for (const [index, amount] of ["1200.00", "850.50", "99.99"].entries()) {
    lines.push(`Operativa MXN,${MXN_ACCOUNT},Proveedor,${index % 2 ? ACEROS : TEXTIL},MXN,${amount},1,,Flete ${index}`);
  }
  await carlos.getByLabel("Archivo de pagos").setInputFiles(await fileFor(testInfo, "fletes.csv", Buffer.from(lines.join("\r\n"))));
  await carlos.getByRole("button", { name: "Revisar archivo" }).click();
  await carlos.getByRole("button", { name: "Registrar solo los 3 pagos válidos" }).click();
  await expect(carlos.getByRole("heading", { name: "Por aprobar: 3 pagos esperan a un administrador" })).toBeVisible({ timeout: 20_000 });
  // He has nothing to sign: no 'Autorizar' for him.
  await expect(carlos.getByRole("button", { name: /^Autorizar/ })).toHaveCount(0);
  const carlosFile = carlos.url();

  await loginAs(page, "ana.admin");
  await sidebar(page).getByRole("link", { name: "Aprobación de pagos" }).click();
  const file = page.getByRole("article", { name: "Archivo fletes.csv" });
  await expect(file).toContainText("Cargado por Carlos Hernández Soto · 3 pagos");
  // The account the money leaves, named as 'Mis cuentas' names it.
  const paysFrom = new RegExp(`Desde [^·]+••••\\s${MXN_ACCOUNT.slice(-4)}`);
  await expect(file).toContainText(paysFrom);
  await expect(file).toContainText(formatMoney(2150.49, "MXN"));
  if (javaScriptEnabled) {
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  }
  await file.getByRole("button", { name: "Aprobar y autorizar 3 pagos del archivo fletes.csv" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Aprueba y autoriza 3 pagos" })).toBeVisible();
  await page.getByLabel("Clave de operación").fill("123456");
  await page.getByRole("button", { name: "Confirmar" }).click();

  await expect(page).toHaveURL(/\/pago-multiple\/autorizacion\/\d+$/);
  await expect(page.getByRole("heading", { name: "Pagos enviados: 3" })).toBeVisible();
  await expect(page.getByText("Cargado por Carlos Hernández Soto · Aprobado por Ana Martínez Ríos")).toContainText(paysFrom);
  await expect(page.getByRole("table", { name: "Pagos de la autorización" }).getByRole("row").filter({ hasText: "Enviado" })).toHaveCount(
    3,
  );
  expect((await createdOperations()).every((operation) => operation.status === "applied")).toBe(true);

  // Carlos's page now says his file was sent.
  await carlos.goto(carlosFile);
  await expect(carlos.getByRole("heading", { name: "Pagos enviados: 3" })).toBeVisible();
  await carlosContext.close();
});

test("an operation left before its challenge reads 'Por autorizar', and its drawer authorises it with the token", async ({ page }) => {
  await loginAs(page, "ana.admin");
  // 1016: Ana's seeded transfer, registered and never confirmed.
  await page.goto("/historial-operaciones");
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: "Ver detalle de la operación 1016" }) });
  await expect(row).toContainText("Por autorizar");
  await row.getByRole("link", { name: "Ver detalle de la operación 1016" }).click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByText("Falta autorizar con tu token")).toBeVisible();
  await drawer.getByRole("button", { name: "Autorizar con mi token" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Autoriza 1 pago" })).toBeVisible();
  await page.getByLabel("Clave de operación").fill("123456");
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(page).toHaveURL(/\/historial-operaciones\/1016$/);
  await expect(toast(page)).toContainText("Se envió 1 pago");
  await expect(page.getByRole("dialog").getByText("Enviada").first()).toBeVisible();
});

test("a file waiting for approval leads an administrator to approve it, and tells its collaborator it waits", async ({
  page,
  browser,
}, testInfo) => {
  await withPaymentBatches();
  await loginAs(page, "ana.admin");
  await page.goto("/pago-multiple/autorizacion/2");
  await expect(page.getByRole("heading", { name: "Por aprobar: 1 pago espera tu aprobación" })).toBeVisible();
  await expect(page.getByText("Carlos Hernández Soto cargó este archivo.")).toBeVisible();
  await page.getByRole("link", { name: "Revisar y aprobar" }).click();
  await expect(page).toHaveURL("/aprobaciones");
  await expect(page.getByRole("article", { name: "Archivo fletes.csv" })).toBeVisible();

  const context = await browser.newContext({ javaScriptEnabled: testInfo.project.name === "js" });
  const carlos = await context.newPage();
  await loginAs(carlos, "carlos.colaborador");
  await carlos.goto("/pago-multiple/autorizacion/2");
  await expect(carlos.getByRole("heading", { name: "Por aprobar: 1 pago espera a un administrador" })).toBeVisible();
  await expect(carlos.getByRole("link", { name: "Revisar y aprobar" })).toHaveCount(0);
  await expect(carlos.getByRole("link", { name: "Ir al historial de operaciones" })).toBeVisible();
  await context.close();

  // A file the bank does not know (or another company's) is not found, whatever else the page reads.
  const unknown = await page.goto("/pago-multiple/autorizacion/999999");
  expect(unknown?.status()).toBe(404);
});
