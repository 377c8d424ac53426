import type { Browser, Locator, Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { loginAs, resetSandbox, SANDBOX_URL } from "./support";

/**
 * Decisions 094 and 095, with JavaScript and without:
 * - 'Mejor' sits on the price best for the client: the lowest offer when buying, the highest bid when selling;
 * - a buy names the provider whose price it used on the quote, the result and the detail;
 * - the reason chosen and the concept typed each show under their own label, in the drawer and in the approvals list.
 */
test.beforeEach(async () => {
  await resetSandbox();
});
test.afterAll(async () => {
  await resetSandbox();
});

const calculator = (page: Page) => page.getByRole("region", { name: "Calculadora" });
const pricePanel = (page: Page) => page.getByRole("region", { name: "Precios en tiempo real" });
/** The value a definition list gives a label: the `dd` right after the `dt` that reads exactly `label`. */
const valueOf = (scope: Locator, label: string) => scope.locator(`dt:text-is("${label}") + dd`);

interface ShownProvider {
  name: string;
  price: number;
  best: boolean;
}

/** 'Ver proveedores', opened as a person does: a native disclosure, closed on every new page (decision 122). */
async function openProviders(page: Page) {
  if ((await pricePanel(page).locator("details[open]").count()) === 0) await pricePanel(page).getByText("Ver proveedores").click();
}

/**
 * A side's provider table as the page shows it, read in one go so a live tick cannot land between two rows: each
 * provider's name, its price and whether it carries 'Mejor'.
 */
async function providersShown(page: Page, side: "compra" | "venta"): Promise<ShownProvider[]> {
  await openProviders(page);
  const table = pricePanel(page).getByRole("table", { name: `Mejores proveedores de liquidez para ${side}` });
  await expect(table.getByRole("row")).toHaveCount(5);
  const rows = await table
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll("td"), (td) => td.textContent?.trim() ?? "")));
  return rows.map(([provider, price]) => ({
    name: provider.replace(/Mejor$/, "").trim(),
    price: Number(price.replace(/,/g, "")),
    best: provider.endsWith("Mejor"),
  }));
}

test("'Mejor' holds the lowest offer when buying and the highest bid when selling", async ({ page }, testInfo) => {
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  // A few readings: with JavaScript the prices move between them.
  for (let reading = 0; reading < 3; reading += 1) {
    const buying = await providersShown(page, "compra");
    const selling = await providersShown(page, "venta");
    const lowestOffer = Math.min(...buying.map((provider) => provider.price));
    const highestBid = Math.max(...selling.map((provider) => provider.price));
    expect(buying.filter((provider) => provider.best)).toEqual([expect.objectContaining({ price: lowestOffer })]);
    expect(selling.filter((provider) => provider.best)).toEqual([expect.objectContaining({ price: highestBid })]);
    // Every provider a client would pay less with, or receive more from, is not shown below the one marked.
    expect(buying.every((provider) => provider.price >= lowestOffer)).toBe(true);
    expect(selling.every((provider) => provider.price <= highestBid)).toBe(true);
    // The next reading once the prices moved: live with JavaScript, on opening the page again without it.
    const shown = JSON.stringify(buying);
    await expect
      .poll(async () => {
        if (testInfo.project.name !== "js") await page.reload();
        return JSON.stringify(await providersShown(page, "compra"));
      })
      .not.toBe(shown);
  }
});

test("a buy names its provider on the quote, the result and the detail, with its reason and concept apart", async ({ page }) => {
  await loginAs(page, "ana.admin");
  const form = calculator(page);
  await form.getByLabel("Monto en USD").fill("1000");
  for (const [label, text] of [
    ["Cuenta de origen", /\d MXN · /],
    ["Cuenta de destino", /\d USD · /],
  ]) {
    const select = form.getByLabel(label);
    await select.selectOption((await select.locator("option", { hasText: text }).first().getAttribute("value")) ?? "");
  }
  await form.getByLabel("Motivo de pago").selectOption({ label: "Importación de mercancías" });
  await form.getByLabel("Concepto").fill("Pedido 4471-B");
  await form.getByRole("button", { name: "Cotizar" }).click();

  const quote = form.getByRole("region", { name: "Tu cotización" });
  await expect(valueOf(quote, "Proveedor de liquidez")).toHaveText(/^LP-[A-Z]+$/);
  const provider = (await valueOf(quote, "Proveedor de liquidez").textContent()) ?? "";

  await form.getByRole("button", { name: "Confirmar" }).click();
  await expect(page).toHaveURL(/\/challenge/);
  await page.getByLabel("Clave de operación").fill("123456");
  await page.getByRole("button", { name: "Confirmar" }).click();
  const success = page.getByRole("dialog", { name: "Operación autorizada" });
  await expect(valueOf(success, "Proveedor de liquidez")).toHaveText(provider);

  await success.getByRole("link", { name: "Ver detalle" }).click();
  const drawer = page.getByRole("dialog", { name: "Compra" });
  await expect(valueOf(drawer, "Proveedor de liquidez")).toHaveText(provider);
  await expect(valueOf(drawer, "Motivo de pago")).toHaveText("Importación de mercancías");
  await expect(valueOf(drawer, "Concepto")).toHaveText("Pedido 4471-B");
});

/** Ana lets Carlos load transfers to third parties (§6), through the product API as her collaborators screen does. */
async function carlosMayLoadTransfers() {
  const portal = await fetch(`${SANDBOX_URL}/banca/entrar?usuario=ana.admin`, { redirect: "manual" });
  const bankToken = new URL(portal.headers.get("location") ?? "").searchParams.get("jwt");
  const login = await fetch(`${SANDBOX_URL}/api/loginuser`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ externalToken: bankToken }),
  });
  const { jwt } = (await login.json()) as { jwt: string };
  const updated = await fetch(`${SANDBOX_URL}/api/members/update-collaborator/2`, {
    method: "PUT",
    headers: { authorization: `Bearer ${jwt}`, "content-type": "application/json" },
    // send_money_to_own_accounts, send_money_to_third_accounts, can_create_operations (GET /permissions).
    body: JSON.stringify({ permissions: [{ id: 1 }, { id: 2 }, { id: 3 }] }),
  });
  expect(updated.ok).toBe(true);
}

/** Carlos, in a browser of his own, loads a peso transfer with a reason and a concept; answers its id. */
async function carlosLoadsTransfer(browser: Browser, javaScriptEnabled: boolean): Promise<string> {
  await carlosMayLoadTransfers();
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await loginAs(page, "carlos.colaborador");
  await page.goto("/?operacion=transferencia");
  const form = calculator(page);
  await form.getByLabel("Monto").fill("2500");
  const origin = form.getByLabel("Cuenta de origen");
  await origin.selectOption(
    (await origin
      .locator("option", { hasText: /\d MXN · / })
      .first()
      .getAttribute("value")) ?? "",
  );
  const destination = form.getByLabel("Cuenta de destino");
  await destination.selectOption(
    (await destination
      .locator("option", { hasText: /^•••• \d{4} · MXN · / })
      .first()
      .getAttribute("value")) ?? "",
  );
  await form.getByLabel("Motivo de pago").selectOption({ label: "Pago de arrendamiento" });
  await form.getByLabel("Concepto").fill("Renta bodega León");
  await form.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByRole("dialog", { name: "Por aprobar" })).toBeVisible();
  const id = new URL(page.url()).searchParams.get("aprobacion") ?? "";
  await context.close();
  return id;
}

test("the approvals list shows the reason Carlos chose and the concept he typed, each under its own label", async ({
  page,
  browser,
}, testInfo) => {
  const id = await carlosLoadsTransfer(browser, testInfo.project.name === "js");
  expect(id).toMatch(/^\d+$/);
  await loginAs(page, "ana.admin");
  await page.goto("/aprobaciones");
  const card = page.getByRole("article", { name: `Transferencia · Operación ${id}` });
  await expect(valueOf(card, "Motivo de pago")).toHaveText("Pago de arrendamiento");
  await expect(valueOf(card, "Concepto")).toHaveText("Renta bodega León");
});
