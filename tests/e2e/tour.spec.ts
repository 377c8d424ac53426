import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { loginAs, resetSandbox } from "./support";

test.beforeEach(async () => {
  await resetSandbox();
});

const tour = (page: Page) => page.getByRole("region", { name: "Recorrido guiado" });

test("a member who has not seen the tour is invited, walks its four steps by URL and finishes it", async ({ page }, testInfo) => {
  // The app remembers seen tours for a while: each project takes the tour with its own member.
  await loginAs(page, testInfo.project.name === "js" ? "paula.prueba" : "carlos.colaborador");
  await expect(tour(page).getByRole("heading", { name: "¿Primera vez en tu portal?" })).toBeVisible();
  await tour(page).getByRole("link", { name: "Comenzar recorrido" }).click();
  await expect(page).toHaveURL(/\?tour=1#recorrido$/);
  const steps = ["Precios en tiempo real", "Opera en tres pasos", "Mis cuentas", "Historial de Operaciones"];
  for (const [index, title] of steps.entries()) {
    await expect(tour(page)).toContainText(`Paso ${index + 1} de 4`);
    await expect(tour(page).getByRole("heading", { name: title })).toBeVisible();
    if (index < steps.length - 1) await tour(page).getByRole("link", { name: "Siguiente" }).click();
  }
  await tour(page).getByRole("link", { name: "Anterior" }).click();
  await expect(tour(page).getByRole("heading", { name: "Mis cuentas" })).toBeVisible();
  await tour(page).getByRole("link", { name: "Siguiente" }).click();
  await tour(page).getByRole("button", { name: "Terminar" }).click();
  await expect(page).toHaveURL("/");
  await expect(tour(page)).toHaveCount(0);
  // Recorded upstream: the next page reads the tours again and invites nobody.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await expect(tour(page)).toHaveCount(0);
});

test("anyone may take the tour again by its address, and skip it", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await expect(tour(page)).toHaveCount(0);
  await page.goto("/?tour=2");
  await expect(tour(page).getByRole("heading", { name: "Opera en tres pasos" })).toBeVisible();
  await tour(page).getByRole("button", { name: "Omitir recorrido" }).click();
  await expect(page).toHaveURL("/");
  await expect(tour(page)).toHaveCount(0);
  // A step that does not exist shows nothing.
  await page.goto("/?tour=9");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await expect(tour(page)).toHaveCount(0);
});
