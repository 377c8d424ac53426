import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { enterAs, SCREENS, screenUrl, withMarketTools, withNoticesOn, withPaymentBatches } from "./screens";
import { resetSandbox } from "./support";

/**
 * On a phone (390 px) no page scrolls sideways (WCAG 1.4.10, decision 055): wide tables scroll inside
 * their own box, never the page. Every screen of the page-wide list, with JavaScript and without.
 */
test.setTimeout(240_000);

/** How far the page scrolls sideways, in px (0: it does not). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));

test("no screen scrolls sideways at 390 px", async ({ browser, javaScriptEnabled }) => {
  await resetSandbox();
  await withNoticesOn();
  await withMarketTools();
  await withPaymentBatches();
  const wide: string[] = [];
  for (const user of Object.keys(SCREENS)) {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await enterAs(page, user);
    for (const path of SCREENS[user]!) {
      await page.goto(await screenUrl(path));
      // Numbers, not the element: a DOM node does not cross into the test (it arrived as undefined, and the check never failed).
      const over = await sidewaysScroll(page);
      if (over > 0) wide.push(`${user || "sin sesión"} ${path}: ${over} px too wide`);
    }
    await context.close();
  }
  expect(wide).toEqual([]);
});

/**
 * On a phone the history and an account's movements are list rows (counterparty, amount, status
 * first) and their filters fold away behind 'Filtros' (a <details>, so also without JavaScript).
 */
test("history and movements are list rows with folded filters at 390 px", async ({ browser, javaScriptEnabled }) => {
  await resetSandbox();
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await enterAs(page, "ana.admin");

  await page.goto("/historial-operaciones");
  const filters = page.getByRole("form", { name: "Filtrar operaciones" });
  await expect(filters).toBeHidden();
  const list = page.getByRole("region", { name: "Operaciones de Importadora del Bajío S.A. de C.V." });
  // Operation 1002 is a transfer: its row leads with the recipient, its amount and its status, one above the other.
  const row = list.locator("tr").filter({ has: page.getByRole("link", { name: "Ver detalle de la operación 1002" }) });
  const recipient = row.getByText("Aceros y Perfiles de Querétaro S.A. de C.V.", { exact: true });
  const amount = row.getByText("$12,000.00 MXN", { exact: true });
  const status = row.locator("[data-outcome]");
  for (const part of [recipient, amount, status]) await expect(part).toBeVisible();
  const [r, a, s, date] = await Promise.all(
    [recipient, amount, status, row.getByText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/)].map((l) => l.boundingBox()),
  );
  expect(Math.abs(r!.y - a!.y)).toBeLessThan(24);
  expect(s!.y).toBeGreaterThan(r!.y);
  expect(date!.y).toBeGreaterThan(s!.y);
  expect(await list.getAttribute("tabindex")).toBe("0");
  expect(await sidewaysScroll(page)).toBe(0);

  await page.getByText("Filtros", { exact: true }).click();
  await expect(filters.getByLabel("Tipo de operación")).toBeVisible();
  await filters.getByLabel("Tipo de operación").selectOption({ label: "Transferencia" });
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/tipo=transferencia/);
  // Folded again on the filtered list, it still says a filter is on.
  await expect(page.getByText("1 activo", { exact: true })).toBeVisible();

  await page.goto("/cuentas/A-100234-01");
  await expect(page.getByRole("form", { name: "Filtrar movimientos" })).toBeHidden();
  const movements = page.getByRole("region", { name: "Lista de movimientos" });
  await expect(movements).toBeVisible();
  expect(await movements.getAttribute("tabindex")).toBe("0");
  const first = movements.locator("tr").nth(1);
  // The counterparty ('Origen o destino', the row's fourth cell), then the amount on the same line. (The first cell is
  // the date, under the amount: an amount as wide as the date started at the same x.)
  const counterparty = first.locator("td").nth(3);
  const [lead, money] = await Promise.all([counterparty.boundingBox(), first.getByText(/\$[\d,]+\.\d\d MXN/).boundingBox()]);
  expect(Math.abs(lead!.y - money!.y)).toBeLessThan(24);
  expect(money!.x).toBeGreaterThan(lead!.x);
  expect(await sidewaysScroll(page)).toBe(0);
  await context.close();
});
