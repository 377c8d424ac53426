import { execFileSync } from "node:child_process";

import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { loginAs, resetSandbox, SANDBOX_URL, sandboxControl, sidebar } from "./support";

/**
 * Operation history, as a person uses it, with JavaScript and without. Ids are those of
 * the sandbox's seeded history for Importadora del Bajío (sandbox/history-seed.ts): 1001 a buy
 * being agreed ('Pactada'), 1010 a returned transfer, 1019 an applied buy with its GFB invoice,
 * 1021 an applied transfer; 1070 belongs to Ana's other company.
 */
test.beforeEach(async () => {
  await resetSandbox();
});

const table = (page: Page) => page.getByRole("table", { name: "Operaciones de Importadora del Bajío S.A. de C.V." });
const drawer = (page: Page, type: "Compra" | "Venta" | "Transferencia") => page.getByRole("dialog", { name: type });
const toast = (page: Page, text: string) => page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: text });

interface OutboxEmail {
  template: string;
  to: string[];
  data: Record<string, string>;
  attachments: Array<{ filename: string; contentType: string; bytes: number }>;
}

async function outbox(): Promise<OutboxEmail[]> {
  return (await (await fetch(`${SANDBOX_URL}/__outbox`)).json()) as OutboxEmail[];
}

/** Logs in and waits for the dashboard: a navigation started before the login lands would lose the session. */
async function signIn(page: Page, user = "ana.admin") {
  await loginAs(page, user);
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
}

async function openHistory(page: Page, user = "ana.admin") {
  await signIn(page, user);
  await sidebar(page).getByRole("link", { name: "Historial de operaciones" }).click();
  await expect(page).toHaveURL("/historial-operaciones");
  // The pointer leaves the menu, as a person's would: a hovered rail widens over the content.
  await page.mouse.move(900, 500);
  await expect(page.getByRole("heading", { level: 1, name: "Historial de operaciones" })).toBeVisible();
}

function pdfFacts(path: string) {
  const info = execFileSync("pdfinfo", [path], { encoding: "utf8" });
  const text = execFileSync("pdftotext", ["-layout", path, "-"], { encoding: "utf8" });
  return { pages: /Pages:\s+(\d+)/.exec(info)?.[1], size: /Page size:\s+([\d.]+ x [\d.]+ pts)/.exec(info)?.[1], text };
}

test("the history lists the company's operations a page at a time, filters kept in the URL", async ({ page }) => {
  await openHistory(page);
  const rows = table(page).getByRole("row");
  await expect(rows).toHaveCount(21); // header + 20
  await expect(page.getByText("64 operaciones · Página 1 de 4")).toBeVisible();
  // One column for a buy's pair and a transfer's recipient; the total only where it is another figure than the amount.
  await expect(rows.first().getByRole("columnheader")).toHaveText([
    "Fecha",
    "Operación",
    "Tipo",
    "Par / Destinatario",
    "Monto",
    "Total",
    "Estatus",
  ]);
  const transfer = rows.filter({ hasText: "Transferencia" }).first();
  await expect(transfer.getByRole("cell").nth(5)).toHaveText("—");
  await expect(transfer).not.toContainText("Total:");
  const buy = rows.filter({ hasText: "Compra" }).first();
  await expect(buy.getByRole("cell").nth(3)).toHaveText(/^[A-Z]{3}\/[A-Z]{3}$/);
  await expect(buy.getByRole("cell").nth(5)).toHaveText(/^Total: \$[\d,]+\.\d{2} [A-Z]{3}$/);
  await expect(table(page)).toContainText(/\$[\d,]+\.\d{2} MXN/);
  await expect(table(page).getByText("Pactada").first()).toHaveAttribute("data-outcome", "success");
  await expect(table(page).getByText("En proceso").first()).toHaveAttribute("data-outcome", "pending");
  await expect(table(page).getByText("Anulada").first()).toHaveAttribute("data-outcome", "failed");

  await page.getByRole("navigation", { name: "Páginas del historial" }).getByRole("link", { name: "Siguiente" }).click();
  await expect(page).toHaveURL("/historial-operaciones?pagina=2");
  await expect(page.getByText("Página 2 de 4")).toBeVisible();

  await page.getByLabel("Tipo de operación").selectOption({ label: "Transferencia" });
  await page.getByLabel("Estatus").selectOption({ label: "Devuelta" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/tipo=transferencia/);
  await expect(page).toHaveURL(/estado=devuelta/);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Transferencia");
  await expect(rows.nth(1)).toContainText("Devuelta");

  // The filtered list is a link: opening it again shows the same rows and the same choices.
  await page.goto(page.url());
  await expect(page.getByLabel("Estatus")).toHaveValue("devuelta");
  await expect(rows).toHaveCount(2);

  await page.getByRole("link", { name: "Limpiar filtros" }).click();
  await expect(page).toHaveURL("/historial-operaciones");
  await expect(page.getByLabel("Estatus")).toHaveValue("");
  await page.getByLabel("Buscar").fill("Shenzhen");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/buscar=Shenzhen/);
  await expect(page.getByLabel("Buscar")).toHaveValue("Shenzhen");
  await expect(table(page).getByRole("cell", { name: "Compra", exact: true })).toHaveCount(0);
  await expect(table(page).getByRole("cell", { name: "Transferencia", exact: true }).first()).toBeVisible();

  await page.getByLabel("Par de divisas").selectOption("EUR/USD");
  await page.getByLabel("Buscar").fill("");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/par=EUR%2FUSD/);
  await expect(table(page).getByRole("cell", { name: "USD/MXN", exact: true })).toHaveCount(0);
  await expect(rows.nth(1)).toContainText("EUR/USD");

  await page.goto("/historial-operaciones?tipo=compra&estado=confirmada");
  await expect(page.getByText("No encontramos operaciones con estos filtros.")).toBeVisible();
  // An empty list says what to do next (decision 055).
  await page.getByRole("link", { name: "Ver todas las operaciones" }).click();
  await expect(page).toHaveURL(/\/historial-operaciones$/);
  await expect(table(page).getByRole("row")).toHaveCount(21);
});

test("a wrong date range keeps what was typed and says why", async ({ page }) => {
  await openHistory(page);
  await page.getByLabel("Desde").fill("2026-11-10");
  await page.getByLabel("Hasta").fill("2026-11-01");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByText("La fecha final no puede ser anterior a la inicial.")).toBeVisible();
  await expect(page.getByLabel("Desde")).toHaveValue("2026-11-10");
  await expect(page.getByLabel("Hasta")).toHaveValue("2026-11-01");
});

test("a new member's history is empty", async ({ page }) => {
  await loginAs(page, "nuevo.usuario");
  await page.getByRole("radio", { name: "Básica" }).check();
  await page.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  // The dashboard's empty history points at the calculator on the same page.
  await page.getByRole("link", { name: "Ir a la calculadora" }).click();
  await expect(page).toHaveURL("/#calculadora");
  await expect(page.getByRole("heading", { level: 2, name: "Calculadora" })).toBeInViewport();
  await page.goto("/historial-operaciones");
  await expect(page.getByText("Aún no tienes operaciones.")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Ir a operar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
});

test("the history says so when it cannot be loaded", async ({ page }) => {
  await signIn(page);
  await sandboxControl("/__faults", { path: "/api/paginate-operations", kind: "malformed", times: 1 });
  await page.goto("/historial-operaciones");
  await expect(page.getByRole("alert").filter({ hasText: "No pudimos cargar tus operaciones." })).toBeVisible();
  await page.getByRole("link", { name: "Volver a cargar" }).click();
  await expect(table(page).getByRole("row")).toHaveCount(21);
});

test("an operation opens in the drawer by clicking it and from a pasted link", async ({ page }) => {
  await openHistory(page);
  await table(page).getByRole("link", { name: "Ver detalle de la operación 1001" }).click();
  await expect(page).toHaveURL("/historial-operaciones/1001");
  const buy = drawer(page, "Compra");
  await expect(buy).toContainText("Operación 1001");
  await expect(buy).toContainText("Referencia - - -");
  await expect(buy).toContainText("Operador: Ana Martínez Ríos");
  await expect(buy.getByRole("region", { name: "Origen" })).toContainText(/•••• \d{4}/);
  await expect(buy.getByRole("region", { name: "Destino" })).toContainText("USD");
  await expect(buy).toContainText(/Tipo de cambio FXN\s*1 USD = \d+\.\d{6} MXN/);
  await expect(buy).toContainText(/Llegada aproximada \| \S+ \d{1,2}, \S+/);
  const tracker = buy.getByRole("list", { name: "Estatus de la operación" });
  await expect(tracker.getByRole("listitem")).toHaveCount(3);
  await expect(tracker).toContainText("Cambio de divisa USD/MXN exitoso.");
  // No invoice without the bank's reference: the disabled button says why.
  const invoice = buy.getByRole("button", { name: "Factura BASE" });
  await expect(invoice).toBeDisabled();
  await expect(invoice).toHaveAccessibleDescription(/^Disponible cuando /);
  await buy.getByRole("link", { name: "Cerrar Compra" }).click();
  await expect(page).toHaveURL("/historial-operaciones");
  await expect(drawer(page, "Compra")).toHaveCount(0);

  // A support agent's link, with the list's filters: the drawer over exactly that list.
  await page.goto("/historial-operaciones/1010?tipo=transferencia");
  const transfer = drawer(page, "Transferencia");
  await expect(transfer).toContainText("Operación 1010");
  await expect(transfer).toContainText(/GFB-\d{8}-001010/);
  await expect(transfer).toContainText("Devolución");
  await expect(transfer).toContainText("El dinero de esta transferencia se devolvió a tu cuenta de origen.");
  await expect(transfer).toContainText("Comisión por operación");
  await expect(transfer).toContainText("$0.00 MXN");
  for (const row of (await table(page).getByRole("row").all()).slice(1)) await expect(row).toContainText("Transferencia");
  await transfer.getByRole("link", { name: "Cerrar Transferencia" }).click();
  await expect(page).toHaveURL("/historial-operaciones?tipo=transferencia");

  // Pending approval, voided by the administrator, cancelled directly.
  await page.goto("/historial-operaciones/1002");
  await expect(drawer(page, "Transferencia")).toContainText("Por aprobar");
  await page.goto("/historial-operaciones/1011");
  await expect(drawer(page, "Compra")).toContainText("El usuario administrador eliminó esta operación.");
  await page.goto("/historial-operaciones/1008");
  await expect(drawer(page, "Transferencia")).toContainText("Cancelaste la operación.");
});

test("another company's operation, or one that does not exist, is the 404 page", async ({ page }) => {
  await signIn(page);
  for (const path of ["/historial-operaciones/1070", "/historial-operaciones/999999", "/historial-operaciones/1070/compartir"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    // It names the operation asked for, reads the same whether it is another company's or missing, and leads to the history.
    const id = path.split("/")[2];
    const notFound = page.getByRole("region", { name: `No encontramos la operación ${id}` });
    await expect(notFound).toBeVisible();
    await expect(notFound.getByRole("link", { name: "Ver historial de operaciones" })).toHaveAttribute("href", "/historial-operaciones");
    await expect(notFound).toContainText("Folio de soporte");
    await expect(page.getByText("Operador:")).toHaveCount(0);
    await expect(page.getByText("Logística Pacífico Norte")).toHaveCount(0);
  }
  // The documents of another company's operation are not there either.
  for (const document of ["comprobante", "factura"]) {
    const response = await page.request.get(`/historial-operaciones/1070/${document}`, { maxRedirects: 0 });
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).not.toContain("pdf");
  }
});

test("the receipt is a one-page US Letter PDF with the operation id and total", async ({ page }, testInfo) => {
  await signIn(page);
  await page.goto("/historial-operaciones/1021");
  const transfer = drawer(page, "Transferencia");
  const total = (
    (await transfer
      .getByText(/^\$[\d,]+\.\d{2} [A-Z]{3}$/)
      .last()
      .textContent()) ?? ""
  ).trim();
  expect(total).toMatch(/^\$[\d,]+\.\d{2} [A-Z]{3}$/);
  const downloading = page.waitForEvent("download", { timeout: 30_000 });
  await transfer.getByRole("link", { name: "Comprobante FXN" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("comprobante_transferencia_CRF7301021.pdf");
  const path = testInfo.outputPath("comprobante.pdf");
  await download.saveAs(path);
  const pdf = pdfFacts(path);
  expect(pdf.pages).toBe("1");
  expect(pdf.size).toBe("612 x 792 pts");
  expect(pdf.text).toContain("1021");
  expect(pdf.text).toContain(total);
  expect(pdf.text).toContain("Importadora del Bajío S.A. de C.V.");
  expect(pdf.text).not.toMatch(/\b\d{18}\b/);
});

test("the Base invoice downloads, and a failed download says so", async ({ page }, testInfo) => {
  await signIn(page);
  await page.goto("/historial-operaciones/1019");
  const buy = drawer(page, "Compra");
  const downloading = page.waitForEvent("download", { timeout: 30_000 });
  await buy.getByRole("link", { name: "Factura BASE" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^GFB-\d{8}-001019\.pdf$/);
  const path = testInfo.outputPath("factura.pdf");
  await download.saveAs(path);
  expect(pdfFacts(path).text).toContain("Factura BASE");

  await sandboxControl("/__faults", { path: "/api/operations/getsellbuyoperationinvoice", kind: "malformed", times: 1 });
  await page.goto("/historial-operaciones/1019");
  await drawer(page, "Compra").getByRole("link", { name: "Factura BASE" }).click();
  await expect(toast(page, "No se pudo descargar")).toContainText(
    "Presentamos problemas para completar tu descarga. Por favor, inténtalo más tarde.",
  );
  await expect(page).toHaveURL("/historial-operaciones/1019");

  // A transfer has no 'Factura BASE' button.
  await page.goto("/historial-operaciones/1021");
  await expect(drawer(page, "Transferencia").getByRole("link", { name: "Factura BASE" })).toHaveCount(0);
});

test("sharing by e-mail sends the chosen documents, found in the sandbox's outbox", async ({ page }) => {
  await signIn(page);
  await page.goto("/historial-operaciones/1019");
  await drawer(page, "Compra").getByRole("link", { name: "Compartir por correo" }).click();
  await expect(page).toHaveURL("/historial-operaciones/1019/compartir");
  const share = drawer(page, "Compra");
  await expect(share.getByRole("group", { name: "Selecciona la información que quieres compartir" })).toBeVisible();
  await share.getByRole("checkbox", { name: "Comprobante FXN" }).check();
  await share.getByRole("checkbox", { name: "Factura BASE" }).check();
  await share.getByLabel("Correo electrónico").fill("tesoreria@importadorabajio.com.mx");
  await share.getByRole("button", { name: "Enviar correo" }).click();

  await expect(page).toHaveURL("/historial-operaciones/1019");
  await expect(toast(page, "Correo enviado")).toBeVisible();
  const [email] = await outbox();
  expect(email.template).toBe("sendReceipts");
  expect(email.to).toEqual(["tesoreria@importadorabajio.com.mx"]);
  expect(email.data.companyName).toBe("Importadora del Bajío S.A. de C.V.");
  expect(email.attachments.map((a) => a.filename).sort()).toEqual(
    [expect.stringMatching(/^GFB-\d{8}-001019\.pdf$/), expect.stringMatching(/^comprobante_compra_\d+-1\.pdf$/)].sort(),
  );
  expect(email.attachments.every((a) => a.contentType === "application/pdf" && a.bytes > 500)).toBe(true);
});

test("the share form checks its fields, previews the arrival e-mail and goes back step by step", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js";
  await signIn(page);
  await page.goto("/historial-operaciones/1021/compartir");
  const share = drawer(page, "Transferencia");
  const send = share.getByRole("button", { name: "Enviar correo" });
  await share.getByLabel("Correo electrónico").fill("no-es-un-correo");
  if (js) {
    await expect(send).toBeDisabled();
    await share.getByLabel("Correo electrónico").blur();
  } else {
    await send.click();
    await expect(share.getByText("Selecciona al menos una opción")).toBeVisible();
  }
  await expect(share.getByText("*Debes de ingresar un email valido.")).toBeVisible();
  await expect(share.getByLabel("Correo electrónico")).toHaveValue("no-es-un-correo");

  await share.getByLabel("Correo electrónico").fill("");
  await share.getByRole("checkbox", { name: "Fecha estimada de llegada" }).check();
  if (!js) {
    await send.click();
    await expect(share.getByText("*Este campo es requerido.")).toBeVisible();
  }
  await share.getByLabel("Correo electrónico").fill("pagos@proveedoratextil.mx");
  await share.getByRole("button", { name: "Previsualizar" }).click();
  await expect(page).toHaveURL("/historial-operaciones/1021/vista-previa");
  const preview = drawer(page, "Transferencia");
  await expect(preview.getByRole("article", { name: "Vista previa del correo" })).toContainText(/Llegada aproximada\s*\S+ \d{1,2}, \S+/);
  await expect(preview.getByLabel("Correo electrónico")).toHaveValue("pagos@proveedoratextil.mx");

  await preview.getByRole("link", { name: "Regresar" }).click();
  await expect(page).toHaveURL("/historial-operaciones/1021/compartir");
  await expect(drawer(page, "Transferencia").getByRole("checkbox", { name: "Fecha estimada de llegada" })).toBeChecked();
  await drawer(page, "Transferencia").getByRole("button", { name: "Previsualizar" }).click();
  await drawer(page, "Transferencia").getByRole("button", { name: "Enviar correo" }).click();
  await expect(page).toHaveURL("/historial-operaciones/1021");
  await expect(toast(page, "Correo enviado")).toBeVisible();
  const [email] = await outbox();
  expect(email.template).toBe("estimatedArrival");
  expect(email.to).toEqual(["pagos@proveedoratextil.mx"]);
  expect(email.data).toMatchObject({
    companyName: "Importadora del Bajío S.A. de C.V.",
    amount: expect.stringMatching(/^\$[\d,]+\.\d{2} [A-Z]{3}$/),
  });
  expect(email.data.account).toMatch(/•••• \d{4}/);

  await page.goto("/historial-operaciones/1021/compartir");
  await drawer(page, "Transferencia").getByRole("link", { name: "Regresar" }).click();
  await expect(page).toHaveURL("/historial-operaciones/1021");
});

test("with JavaScript, Enter in the address field sends while 'Previsualizar' waits for the arrival box", async ({ page }, testInfo) => {
  // Decision 090's follow-up: the hidden 'Previsualizar' keeps its place with a placeholder, not with the button made
  // invisible, which Enter would click (the form's first submit button) and open the preview instead of sending.
  test.skip(testInfo.project.name !== "js", "without JavaScript 'Previsualizar' is always shown (§5)");
  await signIn(page);
  await page.goto("/historial-operaciones/1021/compartir");
  const share = drawer(page, "Transferencia");
  // Hydrated: 'Previsualizar' follows the unchecked box.
  await expect(share.getByRole("button", { name: "Previsualizar" })).toHaveCount(0);
  await share.getByRole("checkbox", { name: "Comprobante FXN" }).check();
  await share.getByLabel("Correo electrónico").fill("pagos@proveedoratextil.mx");
  await share.getByLabel("Correo electrónico").press("Enter");
  await expect(page).toHaveURL("/historial-operaciones/1021");
  await expect(toast(page, "Correo enviado")).toBeVisible();
  expect((await outbox()).map((email) => email.template)).toEqual(["sendReceipts"]);
});

test("a failed send keeps the form and shows why", async ({ page }) => {
  await signIn(page);
  await sandboxControl("/__faults", { path: "/api/sendEmailReceipts", method: "POST", kind: "status", status: 503, times: 1 });
  await page.goto("/historial-operaciones/1021/compartir");
  const share = drawer(page, "Transferencia");
  await share.getByRole("checkbox", { name: "Comprobante FXN" }).check();
  await share.getByLabel("Correo electrónico").fill("tesoreria@importadorabajio.com.mx");
  await share.getByRole("button", { name: "Enviar correo" }).click();
  await expect(share.getByText("Ocurrió un problema al enviar el correo. Intenta de nuevo más tarde.")).toBeVisible();
  await expect(toast(page, "Ocurrió un error.")).toBeVisible();
  await expect(page).toHaveURL("/historial-operaciones/1021/compartir");
  await expect(share.getByLabel("Correo electrónico")).toHaveValue("tesoreria@importadorabajio.com.mx");
  expect(await outbox()).toEqual([]);
});

test("an operation's status change reaches its row: live with JavaScript, on the next page without", async ({ page }, testInfo) => {
  await openHistory(page);
  const row = table(page).getByRole("row").filter({ hasText: "Pactada" }).first();
  const href = await row.getByRole("link").first().getAttribute("href");
  const id = /historial-operaciones\/(\d+)/.exec(href ?? "")?.[1];
  expect(id).toBeTruthy();
  const js = testInfo.project.name === "js";
  if (js) await expect(page.locator("html[data-live='online']")).toHaveCount(1);
  await sandboxControl(`/__operations/${id}/status`, { status: "returned" });
  if (!js) await page.reload();
  const same = table(page)
    .getByRole("row")
    .filter({ has: page.locator(`a[href*="/historial-operaciones/${id}"]`) });
  await expect(same).toContainText("Devuelta", { timeout: js ? 3_000 : 5_000 });
  await expect(toast(page, "Devolución")).toBeVisible();
});

test("the dashboard's 'Historial de Operaciones' lists the latest operations, each a link to its detail", async ({
  page,
  javaScriptEnabled,
}) => {
  await loginAs(page, "ana.admin");
  const section = page.getByRole("region", { name: "Historial de Operaciones" });
  const latest = section.getByRole("list", { name: "Últimas operaciones de Importadora del Bajío S.A. de C.V." });
  await expect(latest.getByRole("listitem")).toHaveCount(5);
  const first = latest.getByRole("link").first();
  const id = /Ver detalle de la operación (\d+)$/.exec((await first.getAttribute("aria-label")) ?? "")?.[1];
  expect(id).toMatch(/^\d+$/);
  // With JS, click once the page has hydrated and its live channel answered: on a loaded CI machine a
  // click in the instant of hydration was once lost (no navigation, no request); a person would repeat it.
  if (javaScriptEnabled) await expect(page.locator("html[data-live]")).toHaveCount(1);
  await first.click();
  await expect(page).toHaveURL(`/historial-operaciones/${id}`);
  await expect(page.getByRole("dialog")).toContainText(`Operación ${id}`);

  await page.goto("/");
  await page.getByRole("region", { name: "Historial de Operaciones" }).getByRole("link", { name: "Ver todo el historial" }).click();
  await expect(page).toHaveURL("/historial-operaciones");
  await expect(page.getByRole("heading", { level: 1, name: "Historial de operaciones" })).toBeVisible();
});
