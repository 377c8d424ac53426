import type { Browser, Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { loginAs, resetSandbox, SANDBOX_URL, sandboxControl, toast } from "./support";

/**
 * 'Permisos de colaboradores' (§2, §5, §6; decision 058), with JavaScript and without:
 * Ana changes Carlos's permissions from the drawer (the radios count only with third-party
 * sending), Carlos cannot open the screen or post to it, and Carlos's very next request is judged
 * by the new permissions, with the §6 toast telling him.
 */
test.beforeEach(async () => {
  await resetSandbox();
});
test.afterAll(async () => {
  await resetSandbox();
});

const PATH = "/configuracion/colaboradores";
const CARLOS = "Carlos Hernández Soto";
const drawer = (page: Page) => page.getByRole("dialog", { name: CARLOS });
const NO_THIRD_PARTY = "Tu perfil no tiene permiso para enviar dinero a terceros.";

async function openCarlos(page: Page) {
  await page.goto(PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Permisos de colaboradores" })).toBeVisible();
  await page.getByRole("link", { name: `Editar permisos de ${CARLOS}` }).click();
  await expect(drawer(page)).toBeVisible();
}

/** Ana, in a browser of her own, gives Carlos third-party sending with 'Puede enviar…'. */
async function anaGrantsThirdParty(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await loginAs(page, "ana.admin");
  await openCarlos(page);
  await drawer(page).getByLabel("Enviar a cuentas de terceros").check();
  await drawer(page).getByLabel("Puede enviar transferencias y compra-venta de divisas").check();
  await drawer(page).getByRole("button", { name: "Guardar permisos" }).click();
  await expect(toast(page)).toContainText("Permisos actualizados");
  await context.close();
}

test("Ana opens the collaborators from the settings, changes Carlos's permissions and sees the toast", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js";
  await loginAs(page, "ana.admin");
  await page.goto("/?drawer=configuracion&tab=datos");
  await page.getByRole("dialog", { name: "Configuración" }).getByRole("link", { name: "Permisos de colaboradores" }).click();
  await expect(page).toHaveURL(new RegExp(`${PATH}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Permisos de colaboradores" })).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: CARLOS });
  await expect(row).toContainText("Colaborador");
  await expect(row).toContainText("carlos.hernandez@importadorabajio.com.mx");
  await expect(row).toContainText("+52 4771234567");
  // What Carlos may do, without opening the drawer (seed: own accounts, no third parties).
  const facts = row.getByRole("list").getByRole("listitem");
  await expect(facts).toHaveText(["Cuentas propias: sí", "Cuentas de terceros: no"]);

  await row.getByRole("link", { name: `Editar permisos de ${CARLOS}` }).click();
  await expect(page).toHaveURL(/colaborador=2/);
  const form = drawer(page);
  await expect(form).toContainText("Datos del colaborador");
  // Seed: own accounts and 'can_create_operations' without third-party sending, so the radios read 'none'.
  await expect(form.getByLabel("Enviar a cuentas propias")).toBeChecked();
  await expect(form.getByLabel("Enviar a cuentas de terceros")).not.toBeChecked();
  await expect(form.getByLabel("Ninguna")).toBeChecked();

  const execute = form.getByLabel("Puede enviar transferencias y compra-venta de divisas");
  if (js) {
    await expect(form.getByLabel("Puede cargar transferencias")).toBeDisabled();
    await expect(execute).toBeDisabled();
  } else {
    // Without JS nothing is disabled: the server refuses the radio without third-party sending, keeping the choice.
    await execute.check();
    await form.getByLabel("Enviar a cuentas propias").uncheck();
    await form.getByRole("button", { name: "Guardar permisos" }).click();
    await expect(drawer(page)).toContainText("Activa el envío a cuentas de terceros para elegir esta opción.");
    await expect(drawer(page).getByLabel("Puede enviar transferencias y compra-venta de divisas")).toBeChecked();
    await expect(drawer(page).getByLabel("Enviar a cuentas propias")).not.toBeChecked();
    await drawer(page).getByLabel("Enviar a cuentas propias").check();
  }

  await drawer(page).getByLabel("Enviar a cuentas de terceros").check();
  await expect(drawer(page).getByLabel("Puede enviar transferencias y compra-venta de divisas")).toBeEnabled();
  await drawer(page).getByLabel("Puede enviar transferencias y compra-venta de divisas").check();
  await drawer(page).getByRole("button", { name: "Guardar permisos" }).click();
  await expect(drawer(page)).toHaveCount(0);
  await expect(toast(page)).toContainText("Permisos actualizados");
  await expect(toast(page)).toContainText(`Guardamos los permisos de ${CARLOS}.`);
  await expect(facts).toHaveText([
    "Cuentas propias: sí",
    "Cuentas de terceros: sí",
    "Puede enviar transferencias y compra-venta de divisas",
  ]);

  await page.getByRole("link", { name: `Editar permisos de ${CARLOS}` }).click();
  await expect(drawer(page).getByLabel("Enviar a cuentas propias")).toBeChecked();
  await expect(drawer(page).getByLabel("Enviar a cuentas de terceros")).toBeChecked();
  await expect(drawer(page).getByLabel("Puede enviar transferencias y compra-venta de divisas")).toBeChecked();
});

test("Carlos gets 403 for the screen and for a post made by hand", async ({ page }) => {
  await loginAs(page, "carlos.colaborador");
  const answer = await page.goto(PATH);
  expect(answer?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "No tienes acceso" })).toBeVisible();
  await page.goto(`${PATH}?colaborador=2`);
  await expect(page.getByRole("dialog", { name: CARLOS })).toHaveCount(0);

  // A form token of his own session, from a page with a form.
  await page.goto("/?operacion=transferencia");
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  const origin = new URL(page.url()).origin;
  const post = await page.request.post(`${origin}${PATH}?colaborador=2`, {
    headers: { origin },
    form: { csrf, intent: "guardar", id: "2", ownAccounts: "on", thirdAccounts: "on", operationMode: "execute" },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(403);
  // Nothing changed: Carlos still may not send to third parties.
  await page.goto("/?operacion=transferencia");
  await expect(page.getByText(NO_THIRD_PARTY)).toBeVisible();
});

test("Carlos's next request is judged by the new permissions, and he is told", async ({ page, browser }, testInfo) => {
  await loginAs(page, "carlos.colaborador");
  await page.goto("/?operacion=transferencia");
  await expect(page.getByText(NO_THIRD_PARTY)).toBeVisible();

  const js = testInfo.project.name === "js";
  await anaGrantsThirdParty(browser, js);

  // §6: he is told — live on the page he has open with JS, on his next page without.
  if (js) {
    await expect(toast(page)).toContainText("Permisos actualizados");
    await expect(toast(page)).toContainText("Puedes ver los cambios en tu perfil");
  }
  // The same session, no new login: the next page already offers third-party sending.
  await page.goto("/?operacion=transferencia");
  await expect(page.getByText(NO_THIRD_PARTY)).toHaveCount(0);
  if (!js) {
    await expect(toast(page)).toContainText("Permisos actualizados");
    await expect(toast(page)).toContainText("Puedes ver los cambios en tu perfil");
  }
  await page.goto("/?drawer=notificaciones");
  await expect(page.getByRole("dialog", { name: "Notificaciones" })).toContainText("Tus permisos han sido actualizados");
});

test("'Solicitar Activación' shows only where it can request something (decision 058)", async ({ page }) => {
  // Ana's company already has the permissions feature: no chip, and its address opens nothing.
  await loginAs(page, "ana.admin");
  await page.goto("/?drawer=configuracion&tab=datos");
  const settings = page.getByRole("dialog", { name: "Configuración" });
  await expect(settings.getByRole("link", { name: "Permisos de colaboradores" })).toBeVisible();
  await expect(settings.getByRole("link", { name: "Solicitar Activación" })).toHaveCount(0);
  await page.goto("/configuracion/colaboradores?dialogo=solicitar-activacion");
  await expect(page.getByRole("dialog", { name: "¿Eres el perfil administrador?" })).toHaveCount(0);

  // Beatriz administers a company without it: the chip opens the modal.
  await page.context().clearCookies();
  await loginAs(page, "beatriz.basica");
  await page.goto("/?drawer=configuracion&tab=datos");
  await page.getByRole("dialog", { name: "Configuración" }).getByRole("link", { name: "Solicitar Activación" }).click();
  await expect(page).toHaveURL("/configuracion/colaboradores?dialogo=solicitar-activacion");
  await expect(page.getByRole("dialog", { name: "¿Eres el perfil administrador?" })).toBeVisible();
  // The question says what answering it does.
  await expect(page.getByRole("dialog", { name: "¿Eres el perfil administrador?" })).toHaveAccessibleDescription(
    "Si lo eres, pediremos al banco que active los permisos de colaboradores de tu empresa.",
  );
});

test("with the permissions feature off, 'Solicitar Activación' asks '¿Eres el perfil administrador?' and sends the request", async ({
  page,
}) => {
  await sandboxControl("/__company-settings/100234", { permissionsFeatureEnabled: false });
  const requests = async () => (await (await fetch(`${SANDBOX_URL}/__permission-requests`)).json()) as unknown[];
  const modal = page.getByRole("dialog", { name: "¿Eres el perfil administrador?" });
  const openModal = async () => {
    await page.goto("/?drawer=configuracion&tab=datos");
    await page.getByRole("dialog", { name: "Configuración" }).getByRole("link", { name: "Solicitar Activación" }).click();
    await expect(modal).toBeVisible();
  };
  await loginAs(page, "ana.admin");

  await openModal();
  await modal.getByRole("link", { name: "Salir" }).click();
  await expect(modal).toHaveCount(0);
  expect(await requests()).toHaveLength(0);

  // §8: a failure is only logged; the modal closes.
  await sandboxControl("/__faults", { path: "/api/request-permission-rol", kind: "status", status: 400, times: 1 });
  await openModal();
  await modal.getByRole("button", { name: "Sí, lo soy" }).click();
  await expect(modal).toHaveCount(0);
  expect(await requests()).toHaveLength(0);

  await openModal();
  await modal.getByRole("button", { name: "Sí, lo soy" }).click();
  await expect(modal).toHaveCount(0);
  await expect(toast(page)).toContainText("Solicitud enviada");
  expect(await requests()).toHaveLength(1);
});
