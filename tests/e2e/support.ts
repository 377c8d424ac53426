import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect } from "@playwright/test";

import { recipientsWorkbook, sampleRows } from "../support/sample-files";
import { SANDBOX_URL } from "./ports";

/** The worker's own sandbox (ports.ts), reached only for its portal and control endpoints. */
export { SANDBOX_URL };

export async function resetSandbox() {
  const response = await fetch(`${SANDBOX_URL}/__reset`, { method: "POST" });
  expect(response.ok).toBe(true);
}

/**
 * Logs in the way a person does: the app's rest screen, 'Ir a la banca en línea' (which carries the
 * app's login state to the bank), the bank's portal, then its link back into the app.
 */
export async function loginAs(page: Page, userName: string) {
  await page.goto("/login/banco");
  await expect(page).toHaveURL(new RegExp(`^${SANDBOX_URL}/banca\\?state=`));
  await page.getByRole("link", { name: new RegExp(`Entrar como ${userName.replace(".", "\\.")}`) }).click();
  await page.waitForURL((url) => !url.href.startsWith(SANDBOX_URL) && url.pathname !== "/access");
  await passWelcome(page);
}

/**
 * The welcome after a login (§2, decision 112), met as a person meets it: with JavaScript, 'Omitir
 * bienvenida' (enabled once the page has hydrated); without JavaScript it is not shown. Call it once
 * the first page after the login has loaded.
 */
export async function passWelcome(page: Page) {
  const skip = page.getByRole("button", { name: "Omitir bienvenida" });
  // On a slow machine the welcome may end by itself (its 5 s) while the click waits for hydration: a person's
  // click then lands on the page under it. Either way what counts is that the welcome is gone.
  if (await skip.isVisible()) await skip.click({ timeout: 7_000 }).catch(() => undefined);
  await expect(welcome(page)).toHaveCount(0, { timeout: 10_000 });
}

/** The welcome after a login, while it shows. */
export const welcome = (page: Page) => page.getByRole("dialog", { name: "Te damos la bienvenida" });

export const sidebar = (page: Page) => page.getByRole("navigation", { name: "Menú principal" });

/**
 * The toasts' live region (§9), by its name: a page's own status notices — the market-closed one
 * after hours, a job's progress — are statuses too.
 */
export const toast = (page: Page) => page.getByRole("status", { name: "Avisos" });

/** A demo user's product jwt, as the bank's portal and /loginuser give it (for calls another channel of the bank makes). */
export async function productJwtOf(userName: string): Promise<string> {
  const portal = await fetch(`${SANDBOX_URL}/banca/entrar?usuario=${encodeURIComponent(userName)}`, { redirect: "manual" });
  const externalToken = new URL(portal.headers.get("location") ?? "").searchParams.get("jwt");
  const login = await fetch(`${SANDBOX_URL}/api/loginuser`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ externalToken }),
  });
  return ((await login.json()) as { jwt: string }).jwt;
}

export async function sandboxControl(path: string, body: unknown) {
  const response = await fetch(`${SANDBOX_URL}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
}

/**
 * What goes wrong in the app's pages, collected from now on: uncaught errors, and errors the page logs
 * (React reports a hydration mismatch, or a part it had to render again, this way). The bank's portal,
 * played by the sandbox, is not ours.
 */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    const where = message.location().url;
    if (message.type() === "error" && !where.startsWith(SANDBOX_URL)) errors.push(`${message.text()} ${where}`);
  });
  return errors;
}

/**
 * With JavaScript, waits until the page's islands (decision 082: the dashboard's price panel and calculator)
 * have hydrated, for a test about what their code does; before that they are the server's forms and links.
 */
export async function islandsHydrated(page: Page): Promise<void> {
  await expect(page.locator("[data-island]:not([data-island-hydrated])")).toHaveCount(0);
}

/**
 * Signs in through a front of several instances: its login page, the bank's portal, the bank's link
 * back rewritten to the front (the sandbox links to the app's own address).
 */
export async function signInThroughFront(
  browser: Browser,
  frontUrl: string,
  userName: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: "es-MX", timezoneId: "America/Mexico_City", viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${frontUrl}/login/banco`);
  await expect(page).toHaveURL(new RegExp(`^${SANDBOX_URL}/banca\\?state=`));
  const state = new URL(page.url()).searchParams.get("state") ?? "";
  const bank = await fetch(`${SANDBOX_URL}/banca/entrar?usuario=${userName}&state=${encodeURIComponent(state)}`, { redirect: "manual" });
  const link = new URL(bank.headers.get("location") ?? "");
  await page.goto(`${frontUrl}${link.pathname}${link.search}`);
  await passWelcome(page);
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  return { context, page };
}

/**
 * Starts registering a file of `rows` recipients from `baseUrl`, with every sandbox call slowed by
 * `latencyMs` so the job is still running when the test acts on it; returns the upload's id (`carga`)
 * once its progress shows.
 */
export async function startRecipientsUpload(page: Page, baseUrl: string, rows: number, latencyMs: number): Promise<string> {
  await page.goto(`${baseUrl}/destinatarios-alta-multiple`);
  await page.getByLabel("Archivo de Excel").setInputFiles({
    name: "destinatarios.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await recipientsWorkbook(sampleRows(rows)),
  });
  await page.getByRole("button", { name: "Revisar archivo" }).click();
  await expect(page.getByText(`${rows} de ${rows} filas están listas para registrarse.`)).toBeVisible();
  await sandboxControl("/__latency", { ms: latencyMs });
  await page.getByRole("button", { name: `Registrar ${rows} destinatarios válidos` }).click();
  // The registration is under way once its progress shows (the job is queued), not when the click returns.
  await expect(page.getByRole("heading", { name: /^(Registrando destinatarios|Registro terminado)$/ })).toBeVisible();
  const upload = new URL(page.url()).searchParams.get("carga");
  expect(upload).toBeTruthy();
  return upload ?? "";
}

/** What 'Confirmar' of a quoted FX buy sends (its idempotency key included), read from the page. */
export async function quotedBuy(page: Page) {
  const calculator = page.getByRole("region", { name: "Calculadora" });
  // Its callers test several instances, not hydration (calculator-island.spec does).
  await islandsHydrated(page);
  const choose = async (label: string, text: string | RegExp) => {
    const select = calculator.getByLabel(label);
    await select.selectOption((await select.locator("option", { hasText: text }).first().getAttribute("value")) ?? "");
  };
  await calculator.getByLabel("Monto en USD").fill("1000");
  await choose("Cuenta de origen", /\d MXN · /);
  await choose("Cuenta de destino", /\d USD · /);
  await calculator.getByLabel("Motivo de pago").selectOption({ index: 1 });
  // A person quotes a price they see: on an instance just started, the first live price may come after
  // the page (CI once posted 'Cotizar' with no price at all and was told so, 'No pudimos obtener un precio válido').
  await expect(calculator.locator('input[name="lpId"]')).toHaveCount(1, { timeout: 15_000 });
  await calculator.getByRole("button", { name: "Cotizar" }).click();
  await expect(calculator.getByRole("region", { name: "Tu cotización" }).getByRole("definition").first()).toContainText("MXN");
  return calculator.locator("form").evaluate((form: HTMLFormElement) => {
    const submitter = form.querySelector<HTMLButtonElement>("button[value='confirmar']");
    return {
      action: form.getAttribute("action") ?? "/?index",
      fields: Object.fromEntries([...new FormData(form, submitter).entries()].map(([k, v]) => [k, String(v)])),
    };
  });
}
