import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { loginAs, resetSandbox, SANDBOX_URL, sandboxControl } from "./support";

test.beforeEach(async () => {
  await resetSandbox();
});

const notices = (page: Page) => page.getByRole("region", { name: "Avisos" });

/** Today in Mexico City, as the sandbox's dates are. */
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" }).format(new Date());

test("announcements show as banners, a novelty links inside the portal, and a closed one stays closed", async ({ page }) => {
  await sandboxControl("/__announcements", [
    { id: 11, service: "SPID", type: "issues", resolution_time: "2 horas" },
    {
      id: 12,
      service: "FX",
      type: "novelty",
      detail: { title: "Nuevo: alertas de tipo de cambio", copy: "Te avisamos cuando llegue.", path: "/historial-operaciones" },
    },
    { id: 13, service: "SPEI", type: "delays", active: false },
  ]);
  await loginAs(page, "ana.admin");
  await expect(notices(page)).toContainText("SPID: el servicio presenta fallas. Tus operaciones podrían no procesarse por ahora.");
  await expect(notices(page)).toContainText("Tiempo estimado de solución: 2 horas.");
  await expect(notices(page)).toContainText("Nuevo: alertas de tipo de cambio");
  await expect(notices(page)).not.toContainText("SPEI");
  await expect(notices(page).getByRole("link", { name: "Conocer más" })).toHaveAttribute("href", "/historial-operaciones");

  await notices(page)
    .getByRole("button", { name: "Cerrar aviso: SPID: el servicio presenta fallas. Tus operaciones podrían no procesarse por ahora." })
    .click();
  await expect(notices(page)).not.toContainText("SPID");
  await page.goto("/cuentas");
  await expect(page.getByRole("heading", { level: 1, name: "Mis cuentas" })).toBeVisible();
  await expect(notices(page)).not.toContainText("SPID");
  await expect(notices(page)).toContainText("Nuevo: alertas de tipo de cambio");
});

test("a banner posted after one was closed shows: the bank never gives an announcement's id twice", async ({ page }) => {
  await sandboxControl("/__announcements", [{ service: "SPID", type: "issues", resolution_time: "2 horas" }]);
  await loginAs(page, "ana.admin");
  await notices(page)
    .getByRole("button", { name: "Cerrar aviso: SPID: el servicio presenta fallas. Tus operaciones podrían no procesarse por ahora." })
    .click();
  // The only banner closed: the region of notices goes with it.
  await expect(page.getByText("SPID: el servicio presenta fallas.")).toHaveCount(0);
  // The bank posts a new announcement, its id left to the bank.
  await sandboxControl("/__announcements", [{ service: "OPI", type: "issues", resolution_time: "1 hora" }]);
  await page.goto("/cuentas");
  await expect(notices(page)).toContainText("Transferencias internacionales: el servicio presenta fallas.");
});

test("on a bank holiday the day-off banner says when operations will be processed", async ({ page }) => {
  await sandboxControl("/__announcements", [
    { id: 21, service: "SPEI", type: "dayOff", detail: { date: today(), nextWorkingDay: "2030-01-02" } },
  ]);
  await loginAs(page, "beatriz.basica");
  await expect(notices(page)).toContainText("Hoy es día inhábil bancario. Tus operaciones se procesarán el miércoles 2 de enero.");
});

test("when the bank's health check fails every page says so, and the notice goes when it answers again", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await sandboxControl("/__faults", { path: "/api/healthcheck", kind: "status", status: 503, times: -1 });
  const down = "El servicio del banco no responde en este momento.";
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(down, { exact: false })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await fetch(`${SANDBOX_URL}/__faults`, { method: "DELETE" });
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(down, { exact: false })).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
});

test("with JavaScript, losing the connection shows a notice until it comes back", async ({ page, context }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "the browser's online / offline events need JavaScript");
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  // The online / offline listeners come with hydration (the live channel up marks it): going offline before is unseen.
  await expect(page.locator("html[data-live]")).toHaveCount(1);
  await context.setOffline(true);
  await expect(page.getByRole("status").filter({ hasText: "Sin conexión a internet." })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole("status").filter({ hasText: "Sin conexión a internet." })).toHaveCount(0);
});
