import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { enterAs, SCREENS, screenUrl, withMarketTools, withNoticesOn, withOperationsUnderWay, withPaymentBatches } from "./screens";
import { loginAs, resetSandbox, sandboxControl, welcome } from "./support";

/**
 * Automated accessibility checks (axe, WCAG 2.2 A/AA) on every screen of the page-wide list, at 1440
 * and 390 px, in the light and the dark theme (decision 051). axe runs as page JavaScript,
 * so only in the JavaScript project. Each screen is opened once and checked in its four looks: the
 * width changes with the viewport, the theme with the device's colour scheme ('Según el sistema',
 * the default), so nothing is loaded twice. A theme changes colours only, not the markup or the layout:
 * the dark looks run the rules of the same tags that read colours (`color-contrast`,
 * `link-in-text-block`), the light looks all of them. axe runs in the page itself (legacy mode: our
 * pages have no frames), without the blank page per run that its frame-by-frame mode opens.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe needs JavaScript in the page");

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** The rules of TAGS whose result depends on colours: the ones a theme can change. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

const LOOKS = [
  { name: "1440 claro", width: 1440, height: 900, colorScheme: "light", colourOnly: false },
  { name: "390 claro", width: 390, height: 844, colorScheme: "light", colourOnly: false },
  { name: "390 oscuro", width: 390, height: 844, colorScheme: "dark", colourOnly: true },
  { name: "1440 oscuro", width: 1440, height: 900, colorScheme: "dark", colourOnly: true },
] as const;

test.beforeEach(async () => {
  await resetSandbox();
});

/** axe's findings on the page as it is now, one line each (with the colours of a contrast failure). */
async function violations(page: Page, colourOnly: boolean): Promise<string[]> {
  const axe = new AxeBuilder({ page }).setLegacyMode();
  const results = await (colourOnly ? axe.withRules(COLOUR_RULES) : axe.withTags(TAGS)).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
      const colours = data?.contrastRatio ? ` (${data.fgColor} sobre ${data.bgColor}: ${data.contrastRatio})` : "";
      return `${violation.id}: ${node.target.join(" ")}${colours}`;
    }),
  );
}

/** The page in each of the four looks; findings are prefixed with the look and the path. */
async function sweep(page: Page, path: string): Promise<string[]> {
  const found: string[] = [];
  for (const look of LOOKS) {
    await page.setViewportSize({ width: look.width, height: look.height });
    await page.emulateMedia({ colorScheme: look.colorScheme, reducedMotion: "reduce" });
    found.push(...(await violations(page, look.colourOnly)).map((line) => `${look.name} ${path} ${line}`));
  }
  return found;
}

for (const user of Object.keys(SCREENS)) {
  test(`every screen of ${user || "a browser without a session"} at 1440 and 390 px, light and dark`, async ({ page }) => {
    test.setTimeout(60_000 + SCREENS[user]!.length * 20_000);
    await withNoticesOn();
    await withMarketTools();
    await withOperationsUnderWay();
    await withPaymentBatches();
    // Colour transitions would let axe read a colour half-way from one theme to the other.
    await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
    await enterAs(page, user);
    const found: string[] = [];
    for (const path of SCREENS[user]!) {
      await page.goto(await screenUrl(path));
      await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
      found.push(...(await sweep(page, path)));
    }
    expect(found).toEqual([]);
  });
}

test("the login's welcome while it counts down (decision 112)", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
  // Held while axe reads it: the page's Date stands still (its timers still run, which axe needs), so the
  // countdown does not move, and the stylesheet's animations are paused before they hide it.
  await page.clock.setFixedTime(new Date());
  await page.goto("/login/banco");
  await page.getByRole("link", { name: /Entrar como ana\.admin/ }).click();
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; animation-play-state: paused !important; }" });
  await expect(page.getByRole("button", { name: "Omitir bienvenida" })).toBeFocused();
  await expect(welcome(page)).toBeVisible();
  expect(await sweep(page, "/ (bienvenida)")).toEqual([]);
});

test("a refused form with its messages, in both themes", async ({ page }) => {
  await withMarketTools();
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await page.goto("/alertas?drawer=alerta&tipo=crear");
  await page.getByRole("button", { name: "Crear alerta" }).click();
  await expect(page.getByText("Campo obligatorio").first()).toBeVisible();
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  expect(await sweep(page, "/alertas (rechazado)")).toEqual([]);
});

test("the collaborators screen and its drawer, with the radios enabled", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  // The list and the drawer as loaded are in SCREENS; here, the states only a click reaches.
  await page.goto("/configuracion/colaboradores?colaborador=2");
  await page.getByLabel("Enviar a cuentas de terceros").check();
  await page.getByLabel("Puede cargar transferencias").check();
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  expect(await sweep(page, "/configuracion/colaboradores?colaborador=2 (radios)")).toEqual([]);
  // The permission request, with the permissions feature off (§6).
  await sandboxControl("/__company-settings/100234", { permissionsFeatureEnabled: false });
  await page.goto("/configuracion/colaboradores?dialogo=solicitar-activacion");
  await expect(page.getByRole("dialog", { name: "¿Eres el perfil administrador?" })).toBeVisible();
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  expect(await sweep(page, "/configuracion/colaboradores (solicitar activación)")).toEqual([]);
});

test("the approval refused for want of a second signature (§8 mancomunación)", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
  await sandboxControl("/__company-settings/100234", { secondSignatureRequired: true });
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  // The list and the void confirmation are in SCREENS; the refusal only follows a post.
  await page.goto("/aprobaciones");
  await page.getByRole("button", { name: "Aprobar la operación 1002" }).click();
  await expect(page.getByRole("dialog", { name: "Privilegios de mancomunación insuficientes" })).toBeVisible();
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  expect(await sweep(page, "/aprobaciones (mancomunación)")).toEqual([]);
});

test("the contact drawers: a refused number, and 'Mensaje de confirmación enviado' with the resend blocked", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  // The input modes as loaded are in SCREENS; here, the states only a click reaches.
  await page.goto("/?drawer=whatsapp");
  // The field checks itself once the page has hydrated (the live channel up marks it); typing before is plain typing.
  await expect(page.locator("html[data-live]")).toHaveCount(1);
  await page.getByLabel("Número de WhatsApp").fill("55123");
  await page.getByLabel("Número de WhatsApp").blur();
  await expect(page.getByText("Ingresa un teléfono válido")).toBeVisible();
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  expect(await sweep(page, "/?drawer=whatsapp (rechazado)")).toEqual([]);
  await page.getByLabel("Número de WhatsApp").fill("5587654321");
  await page.getByRole("dialog", { name: "WhatsApp" }).getByRole("button", { name: "Enviar mensaje de confirmación" }).click();
  await expect(page.getByText("Mensaje de confirmación enviado")).toBeVisible();
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  expect(await sweep(page, "/?drawer=whatsapp&paso=enviado")).toEqual([]);
});
