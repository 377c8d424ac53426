import { expect, test } from "./fixtures";
import { loginAs, resetSandbox, SANDBOX_URL, sidebar, toast } from "./support";

test.beforeEach(async () => {
  await resetSandbox();
});

test("ana.admin logs in through the bank portal and sees her company's accounts", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  const accounts = page.getByRole("list", { name: "Cuentas de Importadora del Bajío S.A. de C.V." });
  await expect(accounts.getByRole("listitem")).toHaveCount(3);
  const mxn = accounts.getByRole("article", { name: "Concentradora Bajío" });
  await expect(mxn).toContainText("MXN");
  await expect(mxn).toContainText(/\$[\d,]+\.\d{2} MXN/);
  await expect(mxn).toContainText(/•••• \d{4}/);
  // The full account number never reaches the page.
  expect(await page.content()).not.toMatch(/\b\d{18}\b/);
});

test("company change shows the other company's accounts", async ({ page }) => {
  await loginAs(page, "ana.admin");
  // The active company is always in sight, with the way to change it.
  const banner = page.getByRole("banner");
  await expect(banner.getByText("Importadora del Bajío S.A. de C.V.")).toBeVisible();
  await banner.getByRole("link", { name: "Cambiar empresa" }).click();
  await expect(page.getByRole("dialog", { name: "Configuración" })).toBeVisible();
  await page.goto("/");
  await page.getByRole("link", { name: "Abrir configuración de Ana M." }).click();
  const drawer = page.getByRole("dialog", { name: "Configuración" });
  await expect(drawer.getByText("Selecciona la empresa con la que deseas operar")).toBeVisible();
  await drawer.getByRole("radio", { name: "Logística Pacífico Norte S.A. de C.V." }).check();
  await drawer.getByRole("button", { name: "Operar con esta empresa" }).click();
  await expect(page.getByRole("list", { name: "Cuentas de Logística Pacífico Norte S.A. de C.V." })).toBeVisible();
  await expect(page.getByRole("article", { name: "Concentradora Bajío" })).toHaveCount(0);
  await expect(page.getByText("Estamos actualizando tu información")).toBeAttached();
  await expect(banner.getByText("Logística Pacífico Norte S.A. de C.V.")).toBeVisible();
  // Once the splash lifts, a toast confirms the change.
  await expect(page.getByRole("status").filter({ hasText: "Ahora operas como Logística Pacífico Norte S.A. de C.V." })).toBeVisible({
    timeout: 10_000,
  });
});

test("/configuracion opens the settings on the user's data, and on the companies when named", async ({ page }) => {
  await loginAs(page, "beatriz.basica");
  await page.goto("/configuracion");
  const settings = page.getByRole("dialog", { name: "Configuración" });
  await expect(settings).toBeVisible();
  await expect(settings.getByRole("heading", { name: "Datos Personales" })).toBeVisible();
  // The full name where 'Nombre' asks for it, not the sidebar's short form (decision 124).
  await expect(settings.getByRole("region", { name: "Datos Personales" }).getByRole("definition").first()).toHaveText(
    "Beatriz López García",
  );
  // Disabled, each says where it is done: the bank's portal.
  for (const [action, where] of [
    ["Cambiar contraseña", "Por seguridad, tu contraseña se cambia en el portal de tu banco"],
    ["Sincronizar token", "Tu token se sincroniza en el portal de tu banco"],
  ]) {
    const button = settings.getByRole("button", { name: action });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(new RegExp(`^${where}`));
  }
  await page.goto("/configuracion?tab=empresas");
  await expect(page.getByRole("dialog", { name: "Configuración" }).getByRole("link", { name: "Empresas" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("with one company the change button is disabled", async ({ page }) => {
  await loginAs(page, "beatriz.basica");
  await expect(page.getByRole("banner").getByRole("link", { name: "Cambiar empresa" })).toHaveCount(0);
  await page.goto("/?drawer=configuracion&tab=empresas");
  const change = page.getByRole("button", { name: "Operar con esta empresa" });
  await expect(change).toBeDisabled();
  // A disabled control says why, on screen and as its description (decision 055).
  await expect(change).toHaveAccessibleDescription("Solo perteneces a una empresa: no hay otra a la cual cambiar.");
  await expect(page.getByText("Solo perteneces a una empresa: no hay otra a la cual cambiar.")).toBeVisible();
});

test("a new bank user chooses a membership in the wizard, then operates", async ({ page }) => {
  await loginAs(page, "nuevo.usuario");
  await expect(page).toHaveURL("/wizard");
  await expect(page.getByRole("heading", { name: "Te damos la bienvenida: elige tu membresía" })).toBeVisible();
  // Pro's fee reads as on the membership page: the monthly total with its tax first.
  await expect(page.getByText("$578.84 MXN al mes, IVA incluido ($499.00 MXN más IVA)")).toBeVisible();
  await page.getByRole("radio", { name: "Pro" }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  // Without the terms the form comes back with the message and the chosen plan kept.
  await expect(page.getByText("Debes aceptar los Términos y Condiciones para continuar.")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Pro" })).toBeChecked();
  await page.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "Mercados" })).toBeVisible();
});

test("a Basic member has no market item and cannot open the market", async ({ page }) => {
  await loginAs(page, "beatriz.basica");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "Operar" })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "Mercados" })).toHaveCount(0);
  await page.goto("/comportamiento-de-mercado");
  await expect(page).toHaveURL("/");
  // Told why, not silently sent away.
  await expect(page.getByRole("status").filter({ hasText: "Mercados es parte de la membresía Pro" })).toBeVisible();
});

test("a Pro member opens the market", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await sidebar(page).getByRole("link", { name: "Mercados" }).click();
  await expect(page).toHaveURL("/comportamiento-de-mercado");
  await expect(page.getByRole("heading", { level: 1, name: "Mercados" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Horario de mercado" })).toBeVisible();
});

test("logout asks for confirmation and ends the session", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.getByRole("link", { name: "Cerrar Sesión" }).click();
  const dialog = page.getByRole("dialog", { name: "¿Quieres salir de FXN?" });
  await dialog.getByRole("link", { name: "No, Cancelar" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();

  await page.getByRole("link", { name: "Cerrar Sesión" }).click();
  await page.getByRole("dialog", { name: "¿Quieres salir de FXN?" }).getByRole("button", { name: "Si, Cerrar sesión" }).click();
  await expect(page).toHaveURL("/login?sesion=cerrada");
  await expect(page.getByRole("heading", { name: "Tu sesión terminó" })).toBeVisible();

  await page.goBack();
  await page.reload();
  await expect(page.getByText("Concentradora Bajío")).toHaveCount(0);
  await page.goto("/");
  await expect(page).toHaveURL("/login");
});

test("an unknown path goes to the dashboard, saying so in a toast (decision 124)", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/no-existe/en-ningun-lado");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await expect(toast(page)).toContainText("No encontramos esa página");
  // A file the browser asks for by itself tells nothing: the next page has no such toast.
  expect((await page.request.get("/apple-touch-icon-no-existe.png", { maxRedirects: 0 })).status()).toBe(302);
  await page.goto("/cuentas");
  await expect(page.getByRole("heading", { level: 1, name: "Mis cuentas" })).toBeVisible();
  await expect(page.getByText("No encontramos esa página")).toHaveCount(0);
});

test("logged out, the app sends people to the rest screen with the way back to their bank", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL("/login");
  // Nobody signed in here: no 'Tu sesión terminó' (decision 124).
  await expect(page.getByRole("heading", { level: 1, name: "Inicia sesión" })).toBeVisible();
  await expect(page.getByText("Tu sesión terminó")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Ir a la banca en línea" })).toHaveAttribute("href", "/login/banco");
  await page.goto("/wizard");
  await expect(page).toHaveURL("/login");
});

test("a pasted operation link survives the bank's login, still scoped to the company (decision 109)", async ({ page }) => {
  // Support's link, opened signed out: the bank's login round trip, then the operation itself.
  await page.goto("/historial-operaciones/1019");
  await expect(page).toHaveURL("/login");
  await page.getByRole("link", { name: "Ir a la banca en línea" }).click();
  await page.getByRole("link", { name: /Entrar como ana\.admin/ }).click();
  await expect(page).toHaveURL("/historial-operaciones/1019");
  await expect(page.getByRole("dialog", { name: "Compra" })).toContainText("Operación 1019");
  // The link is used once: the next login lands on the dashboard again.
  await loginAs(page, "ana.admin");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();

  // Another company's operation is still the 404 after the login.
  await page.context().clearCookies();
  await page.goto("/historial-operaciones/1070");
  await loginAs(page, "ana.admin");
  await expect(page).toHaveURL("/historial-operaciones/1070");
  await expect(page.getByRole("heading", { name: "No encontramos la operación 1070" })).toBeVisible();
});

test("a link that points off the site lands on the dashboard after the login", async ({ page, baseURL }) => {
  for (const hostile of ["//evil.example/historial-operaciones/1019", "/%2F%2Fevil.example", "/%5Cevil.example"]) {
    await page.context().clearCookies();
    await page.goto(`${baseURL}${hostile}`);
    await expect(page).toHaveURL("/login");
    await loginAs(page, "ana.admin");
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  }
});

test("an invalid bank token lands on the error screen", async ({ page }, testInfo) => {
  // Each bank token opens at most one session, so every run uses its own.
  await page.goto(`/access?jwt=token-que-no-existe-${testInfo.project.name}-${Date.now()}`);
  // The bank does not know whose it is: nothing to continue with.
  await expect(page).toHaveURL("/error");
  await expect(page.getByText("Tu acceso desde la banca en línea no es válido o ya venció.", { exact: false })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ha ocurrido un error" })).toBeVisible();
  await page.goto("/");
  await expect(page).toHaveURL("/error");
});

/** A bank link for the user, as the bank's portal would hand it out, without following it. */
async function bankLink(userName: string): Promise<string> {
  const response = await fetch(`${SANDBOX_URL}/banca/entrar?usuario=${userName}`, { redirect: "manual" });
  const location = new URL(response.headers.get("location") ?? "");
  return `${location.pathname}${location.search}`;
}

test("a login the bank starts continues in one click that names the person and the company (decision 098)", async ({ page }) => {
  // The person enters at the bank's portal itself: the link comes back without this browser's state.
  await page.goto(`${SANDBOX_URL}/banca`);
  await page.getByRole("link", { name: "Entrar como ana.admin" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Continuar a tu portal" })).toBeVisible();
  await expect(page.getByText("Este enlace de acceso no se abrió", { exact: false })).toHaveCount(0);
  await expect(page.getByText("Ana M.", { exact: true })).toBeVisible();
  await expect(page.getByText("Importadora del Bajío", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Continuar como Ana M. en Importadora del Bajío" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Abrir configuración de Ana M." })).toBeVisible();
});

test("'No soy yo' on a bank link opens nothing", async ({ page }) => {
  await page.goto(await bankLink("carlos.colaborador"));
  await expect(page.getByRole("button", { name: "Continuar como Carlos H. en Importadora del Bajío" })).toBeVisible();
  await page.getByRole("link", { name: "No soy yo" }).click();
  await expect(page).toHaveURL("/login");
  await page.goto("/");
  await expect(page).toHaveURL("/login");
});

test("a bank link never replaces a signed-in session without the person's say, and opens one session at most", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();

  const link = await bankLink("beatriz.basica");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Continuar a tu portal" })).toBeVisible();
  await expect(
    page.getByText("En este navegador está abierta la sesión de Ana M. en Importadora del Bajío. Si continúas, la cerraremos."),
  ).toBeVisible();
  await page.getByRole("link", { name: "Seguir como Ana M." }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "Abrir configuración de Ana M." })).toBeVisible();

  await page.goto(link);
  await page.getByRole("button", { name: "Continuar como Beatriz L. en Panificadora Santa Lucía" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Abrir configuración de Beatriz/ })).toBeVisible();

  // The same link again opens nothing: the person stays where they are.
  await page.goto(link);
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: /Abrir configuración de Beatriz/ })).toBeVisible();
});

test("the health check says OK!", async ({ request }) => {
  const response = await request.get("/healthcheck");
  expect(await response.text()).toBe("OK!");
});

test("the menu leads to the terms and the privacy notice (§2 labels)", async ({ browser, javaScriptEnabled }) => {
  // 1700 px: the full 240 px sidebar, its texts shown.
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1700, height: 900 } });
  const page = await context.newPage();
  await loginAs(page, "ana.admin");
  await page.getByRole("link", { name: "Términos y Condiciones", exact: true }).click();
  await expect(page).toHaveURL("/terminos-condiciones");
  await expect(page.getByRole("heading", { level: 2, name: "Términos y Condiciones de Uso" })).toBeVisible();
  await page.getByRole("link", { name: "Aviso de Privacidad", exact: true }).first().click();
  await expect(page).toHaveURL("/terminos-condiciones#aviso-de-privacidad");
  await expect(page.getByRole("heading", { level: 2, name: /^Aviso de Privacidad/ })).toBeInViewport();
  await context.close();
});

test("the screens outside the shell carry the brand and the app's buttons", async ({ page }) => {
  await page.goto("/login?sesion=expirada");
  await expect(page.getByRole("banner")).toContainText("FXN");
  await page.getByRole("link", { name: "Entendido" }).click();
  // The notice has its own way to the bank: the page's is the one left once the notice is gone.
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const toBank = page.getByRole("link", { name: "Ir a la banca en línea" });
  await expect(toBank).toHaveClass(/rounded-full/);
});
