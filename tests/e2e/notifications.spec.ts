import type { Page, TestInfo } from "@playwright/test";

import { expect, test } from "./fixtures";
import { loginAs, resetSandbox, sandboxControl, toast } from "./support";

const notifications = (page: Page) =>
  page.getByRole("dialog", { name: "Notificaciones" }).getByRole("list", { name: "Lista de notificaciones" });

test.beforeEach(async () => {
  await resetSandbox();
});

test("the bell shows the unread count and opens the notification centre", async ({ page }) => {
  await loginAs(page, "beatriz.basica");
  const bell = page.getByRole("link", { name: "Notificaciones, 1 sin leer" });
  await expect(bell).toBeVisible();
  await bell.click();
  const centre = page.getByRole("dialog", { name: "Notificaciones" });
  const list = centre.getByRole("list", { name: "Lista de notificaciones" });
  await expect(list.getByRole("listitem")).toHaveCount(3);

  await centre.getByRole("link", { name: "No leídas" }).click();
  await expect(notifications(page).getByRole("listitem")).toHaveCount(1);
  await page.getByRole("dialog", { name: "Notificaciones" }).getByRole("button", { name: "Marcar todas como leídas" }).click();
  await expect(page.getByRole("dialog", { name: "Notificaciones" }).getByText("No tienes notificaciones aquí")).toBeVisible();

  await page.getByRole("dialog", { name: "Notificaciones" }).getByRole("link", { name: "Cerrar Notificaciones" }).click();
  await expect(page.getByRole("link", { name: "Notificaciones", exact: true })).toBeVisible();
});

test("'Cargar más' loads the next page of a long list", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/?drawer=notificaciones");
  const centre = page.getByRole("dialog", { name: "Notificaciones" });
  await expect(notifications(page).getByRole("listitem")).toHaveCount(50);
  await centre.getByRole("link", { name: "Cargar más" }).click();
  await expect(notifications(page).getByRole("listitem")).toHaveCount(62);
});

test("every notification leads to its object: an operation opens its detail (decision 121)", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/?drawer=notificaciones");
  const items = notifications(page).getByRole("listitem");
  await expect(items).toHaveCount(50);
  for (const item of await items.all()) {
    await expect(item.getByRole("link").filter({ hasNotText: "Marcar" })).toHaveCount(1);
  }
  // The newest operation notice opens the operation it names, in the history's drawer.
  const notice = items.filter({ hasText: /#\d+/ }).first();
  const id = /#(\d+)/.exec((await notice.textContent()) ?? "")?.[1];
  expect(id).toBeTruthy();
  await notice.getByRole("link", { name: /^Ver operación/ }).click();
  await expect(page).toHaveURL(new RegExp(`/historial-operaciones/${id}$`));
  await expect(page.getByRole("dialog")).toContainText(`Operación ${id}`);
});

test("a new member has no notifications yet", async ({ page }) => {
  await loginAs(page, "nuevo.usuario");
  await page.getByRole("radio", { name: "Básica" }).check();
  await page.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await page.goto("/?drawer=notificaciones");
  await expect(page.getByRole("dialog", { name: "Notificaciones" }).getByText("Aún no tienes notificaciones")).toBeVisible();
});

/**
 * Signs Beatriz in, pushes `notification` upstream and returns how long the toast may take: with JS the
 * tab's live channel brings it (once the member's socket is up), without JS the next page does.
 */
async function pushToBeatriz(page: Page, testInfo: TestInfo, notification: Record<string, unknown>) {
  await loginAs(page, "beatriz.basica");
  await expect(page.getByRole("link", { name: "Notificaciones, 1 sin leer" })).toBeVisible();
  const js = testInfo.project.name === "js";
  if (js) await expect(page.locator("html[data-live='online']")).toHaveCount(1);
  await sandboxControl("/__notifications", {
    userName: "beatriz.basica",
    module: "receiver",
    type: "info",
    status: "authorized",
    ...notification,
  });
  if (!js) await page.reload();
  // With JS nothing reloads the page, so a toast at all is the live channel's; the bound is generous
  // because a loaded CI machine can take seconds between the push and the browser (the toast stays 5 s).
  return { timeout: 10_000 };
}

test("a notification pushed upstream shows as a toast and grows the bell: live with JS, on the next page without", async ({
  page,
}, testInfo) => {
  const wait = await pushToBeatriz(page, testInfo, {
    title: "Destinatario activo",
    copy: "Fletes Ramírez ya está autorizado. Ya puedes enviarle dinero.",
  });
  await expect(toast(page).getByText("Destinatario activo")).toBeVisible(wait);
  await expect(toast(page).getByText("Fletes Ramírez ya está autorizado. Ya puedes enviarle dinero.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Notificaciones, 2 sin leer" })).toBeVisible();

  // Told once: the next page does not toast it again.
  await page.reload();
  await expect(page.getByRole("link", { name: "Notificaciones, 2 sin leer" })).toBeVisible();
  // (The dashboard's market notice is a status too, after hours: look for this toast only.)
  await expect(toast(page).filter({ hasText: "Destinatario activo" })).toHaveCount(0);

  // It is in the centre either way.
  await page.goto("/?drawer=notificaciones");
  await expect(notifications(page).getByText("Fletes Ramírez ya está autorizado. Ya puedes enviarle dinero.")).toBeVisible();
});

test("five recipients activated at once give one summary toast", async ({ page }, testInfo) => {
  const wait = await pushToBeatriz(page, testInfo, { count: 5 });
  await expect(toast(page).getByText("5 destinatarios activos")).toBeVisible(wait);
  await expect(page.getByRole("link", { name: "Notificaciones, 6 sin leer" })).toBeVisible();
});

test("reading notifications in one tab clears the bell in the others", async ({ page, context }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "tabs hear each other through the live channel, which needs JavaScript");
  await loginAs(page, "beatriz.basica");
  await expect(page.getByRole("link", { name: "Notificaciones, 1 sin leer" })).toBeVisible();
  await expect(page.locator("html[data-live='online']")).toHaveCount(1);
  const other = await context.newPage();
  await other.goto("/?drawer=notificaciones");
  await other.getByRole("dialog", { name: "Notificaciones" }).getByRole("button", { name: "Marcar todas como leídas" }).click();
  // The first tab was not reloaded: its bell follows.
  await expect(page.getByRole("link", { name: "Notificaciones", exact: true })).toBeVisible();
});

test("on a phone the toast leaves the header and its 'Menú' uncovered", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const wait = await pushToBeatriz(page, testInfo, { count: 5 });
  const shown = toast(page).filter({ hasText: "5 destinatarios activos" });
  await expect(shown).toBeVisible(wait);
  const card = await shown.boundingBox();
  // The lowest edge of the page's headers (the phone bar with 'Menú' and the page's title bar).
  const headersEnd = await page.evaluate(() =>
    Math.max(...Array.from(document.querySelectorAll("header"), (header) => header.getBoundingClientRect().bottom)),
  );
  expect(card!.y).toBeGreaterThanOrEqual(headersEnd);
});
