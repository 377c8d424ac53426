import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { loginAs, resetSandbox, SANDBOX_URL, sandboxControl, toast } from "./support";

/**
 * 'Datos de usuario' and the contact drawers (§2, §4, §5, §8, §9; decision 059), with
 * JavaScript and without: Ana changes her contact e-mail and confirms it from the sandbox's outbox;
 * a bad WhatsApp number is refused and kept; the resend waits 12 minutes (the sandbox's clock
 * control lets them pass); a confirmed number can receive information by WhatsApp.
 */
test.beforeEach(async () => {
  await resetSandbox();
});
test.afterAll(async () => {
  await resetSandbox();
});

const settings = (page: Page) => page.getByRole("dialog", { name: "Configuración" });
const emailDrawer = (page: Page) => page.getByRole("dialog", { name: "Correo de contacto" });
const whatsappDrawer = (page: Page) => page.getByRole("dialog", { name: "WhatsApp" });
/** A contact row of 'Datos de contacto': its term and its description. */
const row = (page: Page, label: string) =>
  settings(page)
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) });

const NEW_EMAIL = "tesoreria@importadorabajio.com.mx";
const BLOCKED = /Podrás solicitar un nuevo mensaje a partir de las \d{2}:\d{2}\./;

test("Ana changes her contact e-mail, follows the link from the outbox and sees it verified", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js";
  await loginAs(page, "ana.admin");
  await page.goto("/configuracion");
  await expect(settings(page)).toBeVisible();
  await expect(settings(page).getByRole("link", { name: "Datos de usuario" })).toHaveAttribute("aria-current", "page");
  await expect(settings(page)).toContainText("Ana Martínez Ríos");
  await expect(row(page, "Correo de contacto")).toContainText("ana.martinez@importadorabajio.com.mx");
  await expect(row(page, "Correo de contacto")).toContainText("Verificado");

  await settings(page).getByRole("link", { name: "Editar correo de contacto" }).click();
  await expect(page).toHaveURL(/drawer=correo/);
  const field = emailDrawer(page).getByLabel("Correo electrónico");
  await expect(field).toHaveValue("ana.martinez@importadorabajio.com.mx");

  // §5: no spaces. With JS the field is flagged and 'Confirmar' waits; without JS the server says so.
  await field.fill("teso reria@importadorabajio.com.mx");
  if (js) {
    await field.blur();
    await expect(emailDrawer(page).getByRole("button", { name: "Enviar mensaje de confirmación" })).toBeDisabled();
  } else {
    await emailDrawer(page).getByRole("button", { name: "Enviar mensaje de confirmación" }).click();
  }
  await expect(emailDrawer(page)).toContainText("Ingresa un correo válido");
  await expect(emailDrawer(page).getByLabel("Correo electrónico")).toHaveValue("teso reria@importadorabajio.com.mx");

  await emailDrawer(page).getByLabel("Correo electrónico").fill(NEW_EMAIL);
  await emailDrawer(page).getByRole("button", { name: "Enviar mensaje de confirmación" }).click();
  await expect(emailDrawer(page)).toContainText("Mensaje de confirmación enviado");
  await expect(emailDrawer(page)).toContainText(`Revisa tu correo ${NEW_EMAIL} y haz clic en el botón de confirmar correo.`);

  // 'Editar' returns to the input, in update mode, with the address that waits.
  await emailDrawer(page).getByRole("link", { name: "Editar" }).click();
  await expect(page).toHaveURL(/modo=editar/);
  await expect(emailDrawer(page).getByLabel("Correo electrónico")).toHaveValue(NEW_EMAIL);
  await expect(emailDrawer(page)).toContainText("Corrige el dato y te enviaremos un nuevo mensaje.");
  await page.goBack();
  await expect(emailDrawer(page)).toContainText("Mensaje de confirmación enviado");

  // 'Entendido' closes: the changed address is unverified until confirmed (§4).
  await emailDrawer(page).getByRole("link", { name: "Entendido" }).click();
  await expect(emailDrawer(page)).toHaveCount(0);
  await expect(row(page, "Correo de contacto")).toContainText(NEW_EMAIL);
  await expect(row(page, "Correo de contacto")).toContainText("Pendiente de confirmar");

  // The link of the message, from the sandbox's outbox page: its button confirms.
  await page.goto(`${SANDBOX_URL}/bandeja`);
  await page.getByRole("link", { name: "Confirmar correo" }).first().click();
  await page.getByRole("button", { name: "Confirmar correo" }).click();
  await expect(page.getByRole("heading", { name: "Correo confirmado" })).toBeVisible();
  await page.getByRole("link", { name: "Regresar al portal" }).click();

  await expect(settings(page)).toBeVisible();
  await expect(row(page, "Correo de contacto")).toContainText(NEW_EMAIL);
  await expect(row(page, "Correo de contacto")).toContainText("Verificado");
});

test("WhatsApp: a bad number is refused and kept, the resend waits 12 minutes, and the confirmed number can receive information", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  await loginAs(page, "ana.admin");
  await page.goto("/configuracion");
  // Seed: Ana's number waits for confirmation, no message sent yet; 'Recibir información' waits for it too.
  await expect(row(page, "WhatsApp")).toContainText("+52 5512345678");
  await expect(row(page, "WhatsApp")).toContainText("Pendiente de confirmar");
  await expect(settings(page).getByLabel("Recibir información en mi WhatsApp")).toBeDisabled();

  await settings(page).getByRole("link", { name: "Editar WhatsApp" }).click();
  const drawer = whatsappDrawer(page);
  const dialCode = drawer.getByLabel("Código de país");
  await expect(dialCode).toHaveValue("52");
  // §5: the dial codes sorted numerically.
  await expect(dialCode.locator("option").first()).toHaveText("+1 Canadá, Estados Unidos");
  await expect(dialCode.locator("option").last()).toHaveText("+502 Guatemala");

  const phone = drawer.getByLabel("Número de WhatsApp");
  await phone.fill("55123");
  if (js) {
    await phone.blur();
    await expect(drawer.getByRole("button", { name: "Enviar mensaje de confirmación" })).toBeDisabled();
  } else {
    await drawer.getByRole("button", { name: "Enviar mensaje de confirmación" }).click();
  }
  await expect(whatsappDrawer(page)).toContainText("Ingresa un teléfono válido");
  await expect(whatsappDrawer(page).getByLabel("Número de WhatsApp")).toHaveValue("55123");

  await whatsappDrawer(page).getByLabel("Número de WhatsApp").fill("5587654321");
  await whatsappDrawer(page).getByRole("button", { name: "Enviar mensaje de confirmación" }).click();
  await expect(whatsappDrawer(page)).toContainText("Mensaje de confirmación enviado");
  await expect(whatsappDrawer(page)).toContainText("Revisa tu WhatsApp +52 5587654321 y haz clic en el botón para confirmar tu número.");

  // §9: no new message within 12 minutes of the last one, and the drawer says when.
  const resend = whatsappDrawer(page).getByRole("button", { name: "Reenviar mensaje" });
  await expect(resend).toBeDisabled();
  await expect(whatsappDrawer(page)).toContainText(BLOCKED);

  await sandboxControl("/__contact-verification/elapse", { minutes: 12, userName: "ana.admin" });
  await page.reload();
  await expect(whatsappDrawer(page).getByRole("button", { name: "Reenviar mensaje" })).toBeEnabled();
  await whatsappDrawer(page).getByRole("button", { name: "Reenviar mensaje" }).click();
  await expect(toast(page).getByText("Te enviamos un nuevo mensaje.")).toBeVisible();
  await expect(whatsappDrawer(page).getByRole("button", { name: "Reenviar mensaje" })).toBeDisabled();
  await expect(whatsappDrawer(page)).toContainText(BLOCKED);

  // Both messages went to the number as §5 sends it; only the latest link confirms.
  const messages = (await (await fetch(`${SANDBOX_URL}/__whatsapp`)).json()) as Array<{ to: string; confirmUrl: string }>;
  expect(messages.map((message) => message.to)).toEqual(["525587654321", "525587654321"]);
  await page.goto(messages[1].confirmUrl);
  await page.getByRole("button", { name: "Confirmar número" }).click();
  await expect(page.getByRole("heading", { name: "Número confirmado" })).toBeVisible();

  await page.goto("/configuracion");
  await expect(row(page, "WhatsApp")).toContainText("+52 5587654321");
  await expect(row(page, "WhatsApp")).toContainText("Verificado");
  const optIn = settings(page).getByLabel("Recibir información en mi WhatsApp");
  await expect(optIn).toBeEnabled();
  await expect(optIn).not.toBeChecked();
  // With JS the choice is sent as it changes: where 'Guardar preferencia' was, a line says so (no blank slot).
  if (js) await expect(settings(page).getByText("Se guarda al marcar o desmarcar la casilla.")).toBeVisible();
  await optIn.check();
  if (!js) await settings(page).getByRole("button", { name: "Guardar preferencia" }).click();
  await expect(toast(page).getByText("Guardamos tu preferencia de WhatsApp.")).toBeVisible();
  await expect(settings(page).getByLabel("Recibir información en mi WhatsApp")).toBeChecked();
});

test("A number waiting for its link can be sent again from its row and its drawer, and edit mode names it", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/configuracion");
  // Seed: no message sent yet, so 'Pendiente de confirmar' must come with the way to confirm.
  await expect(row(page, "WhatsApp")).toContainText("¿No te llegó? Puedes pedir un nuevo mensaje.");
  await row(page, "WhatsApp").getByRole("button", { name: "Reenviar mensaje de confirmación del WhatsApp" }).click();
  await expect(toast(page).getByText("Te enviamos un nuevo mensaje.")).toBeVisible();
  await expect(whatsappDrawer(page)).toContainText("Revisa tu WhatsApp +52 5512345678 y haz clic en el botón para confirmar tu número.");
  const messages = (await (await fetch(`${SANDBOX_URL}/__whatsapp`)).json()) as Array<{ to: string }>;
  expect(messages.map((message) => message.to)).toEqual(["525512345678"]);

  // Edit mode says what is being corrected; the input drawer keeps the resend, waiting out the 12 minutes.
  await whatsappDrawer(page).getByRole("link", { name: "Editar" }).click();
  await expect(whatsappDrawer(page)).toContainText("Dato actual: +52 5512345678 · Pendiente de confirmar");
  await expect(whatsappDrawer(page).getByRole("button", { name: "Reenviar mensaje" })).toBeDisabled();
  await expect(whatsappDrawer(page)).toContainText(BLOCKED);
});

test("Carlos's verified WhatsApp shows as verified, never 'no disponible'", async ({ page }) => {
  await loginAs(page, "carlos.colaborador");
  await page.goto("/configuracion");
  await expect(settings(page)).toContainText("Carlos Hernández Soto");
  await expect(row(page, "WhatsApp")).toContainText("+52 4771234567");
  await expect(row(page, "WhatsApp")).toContainText("Verificado");
  await expect(row(page, "WhatsApp")).not.toContainText("no disponible");
  await expect(row(page, "Correo de contacto")).toContainText("Pendiente de confirmar");
  await expect(settings(page).getByLabel("Recibir información en mi WhatsApp")).toBeChecked();
});
