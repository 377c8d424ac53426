import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { islandsHydrated, loginAs, resetSandbox } from "./support";

/**
 * The calculator's two amounts (decision 124): a message about an amount sits under the field the
 * person typed, never under the other one, which the calculator fills itself — with JavaScript and
 * without.
 */
test.beforeEach(async () => {
  await resetSandbox();
});

const calculator = (page: Page) => page.getByRole("region", { name: "Calculadora" });

async function ready(page: Page, javaScriptEnabled: boolean) {
  await loginAs(page, "ana.admin");
  await page.goto("/?operacion=compra");
  if (!javaScriptEnabled) return;
  await expect(page.locator("html[data-live]")).toHaveCount(1);
  await islandsHydrated(page);
}

/** Chooses the option whose text contains `text`, as a person picks from a list. */
async function choose(page: Page, label: string, text: string | RegExp) {
  const select = calculator(page).getByLabel(label);
  const value = await select.locator("option", { hasText: text }).first().getAttribute("value");
  await select.selectOption(value ?? "");
}

test("'Cotizar' with no amount asks for it under the first amount, the one to type", async ({ page, javaScriptEnabled }) => {
  await ready(page, javaScriptEnabled);
  await calculator(page).getByRole("button", { name: "Cotizar" }).click();
  const usd = calculator(page).getByLabel("Monto en USD");
  await expect(usd).toHaveAttribute("aria-invalid", "true");
  await expect(usd).toHaveAccessibleDescription(/Campo requerido/);
  await expect(calculator(page).getByLabel("Monto en MXN")).not.toHaveAttribute("aria-invalid", "true");
});

test("an amount too small to quote is told under the field typed, not under the one the calculator filled", async ({
  page,
  javaScriptEnabled,
}) => {
  await ready(page, javaScriptEnabled);
  const mxn = calculator(page).getByLabel("Monto en MXN");
  await mxn.fill("");
  await mxn.pressSequentially("0.05");
  await choose(page, "Cuenta de origen", /\d MXN · /);
  await choose(page, "Cuenta de destino", /\d USD · /);
  await calculator(page).getByLabel("Motivo de pago").selectOption({ index: 1 });
  await calculator(page).getByRole("button", { name: "Cotizar" }).click();
  await expect(mxn).toHaveAccessibleDescription(/Este monto es muy pequeño/);
  await expect(mxn).toHaveAttribute("aria-invalid", "true");
  await expect(calculator(page).getByLabel("Monto en USD")).not.toHaveAttribute("aria-invalid", "true");
  await expect(calculator(page).getByRole("region", { name: "Tu cotización" })).toHaveCount(0);
  await expect(mxn).toHaveValue("0.05");
});
