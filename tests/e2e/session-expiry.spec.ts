import { expect, test } from "./fixtures";
import { loginAs, resetSandbox, sandboxControl } from "./support";

test.beforeEach(async () => {
  await resetSandbox();
});

const MINUTE = 60;

test("the expiry warning offers to continue, and 'Continuar' extends the session", async ({ page }) => {
  // A token that is already inside the warning window (exp − 14 min) but not yet over (exp − 13 min).
  await sandboxControl("/__ttl", { jwtSeconds: 14 * MINUTE - 40 });
  await loginAs(page, "ana.admin");
  const warning = page.getByRole("dialog", { name: "Tu sesión está a punto de expirar" });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole("button", { name: "Salir" })).toBeVisible();

  await sandboxControl("/__ttl", { jwtSeconds: 30 * MINUTE });
  await warning.getByRole("button", { name: "Continuar" }).click();
  await expect(warning).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("dialog", { name: "Tu sesión está a punto de expirar" })).toHaveCount(0);
});

test("after the session's end the next page is the expired notice, not data", async ({ page }, testInfo) => {
  await sandboxControl("/__ttl", { jwtSeconds: 13 * MINUTE + 3 });
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  if (testInfo.project.name === "js") {
    // The countdown ends the session by itself.
    await expect(page).toHaveURL("/login?sesion=expirada", { timeout: 15_000 });
  } else {
    // The next page after the bank's token ran out (3 s from now).
    await expect
      .poll(
        async () => {
          await page.goto("/comportamiento-de-mercado");
          const { pathname, search } = new URL(page.url());
          return `${pathname}${search}`;
        },
        { timeout: 10_000, intervals: [1_000] },
      )
      .toBe("/login?sesion=expirada");
    await expect(page).toHaveURL("/login?sesion=expirada");
  }
  const notice = page.getByRole("dialog", { name: "Tu sesión ha expirado" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("Por tu seguridad cerramos tu sesión.");
  await expect(notice.getByRole("link", { name: "Ir a la banca en línea" })).toHaveAttribute("href", "/login/banco");
  await notice.getByRole("link", { name: "Entendido" }).click();
  await expect(page).toHaveURL("/login?sesion=cerrada");
  await expect(page.getByRole("heading", { level: 1, name: "Tu sesión terminó" })).toBeVisible();
  await page.goto("/");
  await expect(page).toHaveURL("/login");
});

test("a partner 401 ends the session (§4) and no partner data is shown", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await sandboxControl("/__faults", { path: "/partner/accounts", kind: "status", status: 401, times: 1 });
  await page.reload();
  await expect(page).toHaveURL("/login?sesion=expirada");
  await expect(page.getByRole("dialog", { name: "Tu sesión ha expirado" })).toBeVisible();
});

test("the dashboard says so when the bank's accounts cannot be loaded", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await sandboxControl("/__faults", { path: "/partner/accounts", kind: "status", status: 404, times: 1 });
  await page.reload();
  await expect(page.getByRole("alert").filter({ hasText: "No pudimos cargar tus cuentas." })).toBeVisible();
  await page.getByRole("link", { name: "Volver a cargar" }).click();
  await expect(page.getByRole("article", { name: "Concentradora Bajío" })).toBeVisible();
});
