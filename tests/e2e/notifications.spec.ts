import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";

import { loginAs, resetSandbox } from "./support";

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

test("a new member has no notifications yet", async ({ page }) => {
  await loginAs(page, "nuevo.usuario");
  await page.getByRole("radio", { name: "Básica" }).check();
  await page.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await page.goto("/?drawer=notificaciones");
  await expect(page.getByRole("dialog", { name: "Notificaciones" }).getByText("Aún no tienes notificaciones")).toBeVisible();
});
