import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { islandsHydrated, loginAs, resetSandbox, SANDBOX_URL, sandboxControl } from "./support";

test.beforeEach(async () => {
  await resetSandbox();
});

const calculator = (page: Page) => page.getByRole("region", { name: "Calculadora" });
/** The first price of 'Precios en tiempo real': the best buying price of the selected pair. */
const bestBuyPrice = (page: Page) => page.getByRole("region", { name: "Precios en tiempo real" }).getByRole("definition").first();

async function balanceOf(page: Page, alias: string): Promise<number> {
  const text =
    (await page
      .getByRole("article", { name: alias })
      .getByText(/[$€£¥₣][\d,]+\.\d{2}/)
      .textContent()) ?? "";
  return Number(text.replace(/[^\d.]/g, ""));
}

async function operationsCount(): Promise<number> {
  const response = await fetch(`${SANDBOX_URL}/__operations`);
  return ((await response.json()) as unknown[]).length;
}

/** Chooses the option whose text contains `text`, as a person picks from a list. */
async function choose(page: Page, label: string, text: string | RegExp) {
  const select = calculator(page).getByLabel(label);
  const value = await select.locator("option", { hasText: text }).first().getAttribute("value");
  await select.selectOption(value ?? "");
}

async function fillBuy(page: Page, amount: string) {
  const form = calculator(page);
  await form.getByLabel("Monto en USD").fill(amount);
  await choose(page, "Cuenta de origen", /\d MXN · /);
  await choose(page, "Cuenta de destino", /\d USD · /);
  await form.getByLabel("Motivo de pago").selectOption({ index: 1 });
}

/** 'Cotizar', read the quote, then 'Confirmar': a quote is a quote (decision 010). */
async function quoteAndConfirm(page: Page) {
  await calculator(page).getByRole("button", { name: "Cotizar" }).click();
  await expect(quoteCard(page)).toBeVisible();
  await calculator(page).getByRole("button", { name: "Confirmar" }).click();
}
const quoteCard = (page: Page) => calculator(page).getByRole("region", { name: "Tu cotización" });

test("buy USD with MXN, pass the bank's challenge and see the new balances", async ({ page }) => {
  await loginAs(page, "ana.admin");
  const mxnBefore = await balanceOf(page, "Concentradora Bajío");
  const usdBefore = await balanceOf(page, "Proveedores Asia USD");
  await fillBuy(page, "1000");
  await calculator(page).getByRole("button", { name: "Cotizar" }).click();
  // The quote leads with what is paid and what is received.
  const quote = quoteCard(page).getByRole("definition").first();
  await expect(quote).toContainText("MXN");
  await expect(quoteCard(page).getByRole("definition").nth(1)).toHaveText("$1,000.00 USD");
  await expect(quoteCard(page)).toContainText(/Válida hasta las \d{2}:\d{2}/);
  const total = Number(((await quote.textContent()) ?? "").replace(/[^\d.]/g, ""));
  expect(total).toBeGreaterThan(10_000);

  await calculator(page).getByRole("button", { name: "Confirmar" }).click();
  await expect(page).toHaveURL(/\/challenge/);
  await page.getByLabel("Clave de operación").fill("123456");
  await page.getByRole("button", { name: "Confirmar" }).click();

  const success = page.getByRole("dialog", { name: "Operación autorizada" });
  await expect(success).toBeVisible();
  // The result shows the operation and leads to its detail and receipt, beside 'Ir a operar'.
  await expect(success.getByRole("definition").filter({ hasText: "1,000.00" }).first()).toBeVisible();
  await expect(success.getByText("ID de operación")).toBeVisible();
  await expect(success.getByRole("link", { name: "Ver detalle" })).toHaveAttribute("href", /^\/historial-operaciones\/\d+$/);
  const id = /(\d+)$/.exec((await success.getByRole("link", { name: "Ver detalle" }).getAttribute("href")) ?? "")?.[1] ?? "";
  await expect(
    success.getByRole("link", { name: "Descargar comprobante" }).or(success.getByRole("button", { name: "Descargar comprobante" })),
  ).toBeVisible();
  await success.getByRole("link", { name: "Ir a operar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  // The bank applies the operation a moment after the challenge: the dashboard, opened again, shows it.
  await expect
    .poll(async () => {
      await page.reload();
      return balanceOf(page, "Proveedores Asia USD");
    })
    .toBeCloseTo(usdBefore + 1000, 2);
  expect(await balanceOf(page, "Concentradora Bajío")).toBeCloseTo(mxnBefore - total, 2);

  // The bank's books show it at once in both accounts' movements: the charge and the credit, under the operation's reference.
  const amount = (value: number) => value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  for (const [account, alias, figure] of [
    ["A-100234-01", "Concentradora Bajío", amount(total)],
    ["A-100234-02", "Proveedores Asia USD", "1,000.00"],
  ] as const) {
    await page.goto(`/cuentas/${account}`);
    const row = page
      .getByRole("table", { name: `Movimientos de ${alias}` })
      .getByRole("row")
      .filter({ hasText: new RegExp(`GFB-\\d{8}-0*${id}\\b`) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Compra de USD/MXN");
    await expect(row).toContainText(figure);
  }
});

const failures: Array<{ key: string; dialog: string | RegExp }> = [
  { key: "111111", dialog: "Clave incorrecta" },
  { key: "222222", dialog: "Token venció" },
  { key: "333333", dialog: "Token incorrecto" },
  { key: "444444", dialog: "No se pudo cargar tu operación" },
  { key: "555555", dialog: "¡Acabó el tiempo!" },
  { key: "555551", dialog: "Has llegado al límite de intentos." },
  { key: "666666", dialog: "Fondos insuficientes" },
];

test("each failing challenge key shows its modal, and 'cancelado' the desynchronised-token page", async ({ page }) => {
  test.setTimeout(180_000); // eight quoted operations, each through the challenge
  await loginAs(page, "ana.admin");
  for (const { key, dialog } of [...failures, { key: "777777", dialog: "" }]) {
    await page.goto("/");
    await fillBuy(page, "10");
    await quoteAndConfirm(page);
    await page.getByLabel("Clave de operación").fill(key);
    await page.getByRole("button", { name: "Confirmar" }).click();
    if (dialog) {
      await expect(page.getByRole("dialog", { name: dialog })).toBeVisible();
      if (key === "666666") await expect(page.getByRole("dialog", { name: dialog })).toContainText("Saldo disponible en");
    } else {
      // The toast comes with the page, which says plainly that nothing was made.
      await expect(page.getByRole("heading", { name: "Token desincronizado" })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "Cancelación exitosa" })).toBeVisible();
      await expect(page.getByText("Tu operación no se realizó")).toBeVisible();
      await page.getByRole("link", { name: "Volver a operar" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
    }
  }
});

test("the bank's messages with a help link (§8) say where to get help", async ({ page }) => {
  test.setTimeout(180_000); // one quoted operation per message, each through the challenge
  await loginAs(page, "ana.admin");
  for (const { key, dialog, help } of [
    { key: "878787", dialog: "Privilegios de mancomunación insuficientes", help: "Ir a la banca en línea" },
    { key: "848484", dialog: "Se superó el monto diario de la cuenta", help: "Ir a la banca en línea" },
  ]) {
    await page.goto("/");
    await fillBuy(page, "10");
    await quoteAndConfirm(page);
    await page.getByLabel("Clave de operación").fill(key);
    await page.getByRole("button", { name: "Confirmar" }).click();
    const modal = page.getByRole("dialog", { name: dialog });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole("link", { name: help })).toHaveAttribute("href", /^http/);
    await expect(modal.getByRole("link", { name: "Entendido" })).toBeVisible();
  }
});

test("a company the bank does not let operate spot is told so, with the WhatsApp contact", async ({ page }) => {
  await sandboxControl("/__companies/100234", { spotAuthorized: false });
  await loginAs(page, "ana.admin");
  await page.goto("/");
  await fillBuy(page, "10");
  await quoteAndConfirm(page);
  const modal = page.getByRole("dialog", { name: "Cliente no autorizado a operar spot" });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("link", { name: "Escribir por WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\//);
  // What was typed is still there under the notice.
  await expect(calculator(page).getByLabel("Monto en USD")).toHaveValue("10.00");
});

test("'Verificar datos' after a timeout brings back the data with a fresh quote", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await fillBuy(page, "250");
  await quoteAndConfirm(page);
  await page.getByLabel("Clave de operación").fill("555555");
  await page.getByRole("button", { name: "Confirmar" }).click();
  await page.getByRole("dialog", { name: "¡Acabó el tiempo!" }).getByRole("link", { name: "Verificar datos" }).click();
  await expect(calculator(page).getByLabel("Monto en USD")).toHaveValue("250.00");
  await expect(calculator(page).getByLabel("Cuenta de origen")).toHaveValue(/./);
  await expect(quoteCard(page).getByRole("definition").nth(2)).toContainText(/\d+\.\d{6}/);
});

test("'Confirmar' needs a quote for exactly what is on the form, in the browser and on the server", async ({ page }, testInfo) => {
  await loginAs(page, "ana.admin");
  await fillBuy(page, "100");
  const before = await operationsCount();
  const confirm = calculator(page).getByRole("button", { name: "Confirmar" });

  // By hand, without the quote the page showed: refused, nothing reaches the bank.
  const form = calculator(page).locator("form");
  const body = await form.evaluate((element) =>
    new URLSearchParams(new FormData(element as HTMLFormElement) as unknown as Record<string, string>).toString(),
  );
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const byHand = await fetch(new URL("/?index", page.url()), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies },
    body: `${body}&intent=confirmar`,
    redirect: "manual",
  });
  expect(byHand.status).toBe(400);
  expect(await operationsCount()).toBe(before);

  if (testInfo.project.name === "js") {
    // With JS the button waits for a quote, and says so.
    await expect(confirm).toBeDisabled();
    await expect(calculator(page).getByText("Cotiza para ver cuánto pagas y cuánto recibes; después podrás confirmar.")).toBeVisible();
    await calculator(page).getByRole("button", { name: "Cotizar" }).click();
    await expect(quoteCard(page).getByRole("definition").nth(1)).toHaveText("$100.00 USD");
    await expect(confirm).toBeEnabled();
    await expect(calculator(page).getByText("Cotiza para ver cuánto pagas y cuánto recibes; después podrás confirmar.")).toBeHidden();
    // Changing the amount sets the quote aside until the next one.
    await calculator(page).getByLabel("Monto en USD").fill("200");
    await expect(confirm).toBeDisabled();
    await expect(quoteCard(page)).toHaveCount(0);
  } else {
    // Without scripting the line that asks to quote first shows until there is a quote.
    await expect(calculator(page).getByText("Cotiza para ver cuánto pagas y cuánto recibes; después podrás confirmar.")).toBeVisible();
    // Without JS the first 'Confirmar' brings the quote to be read; nothing is sent yet.
    await confirm.click();
    await expect(calculator(page).getByText(/^Revisa tu cotización/)).toBeVisible();
    await expect(quoteCard(page).getByRole("definition").nth(1)).toHaveText("$100.00 USD");
    // Quoted, the line gives its room back: no blank band under the buttons.
    expect(await calculator(page).locator("#confirmar-espera").boundingBox()).toBeNull();
    expect(await operationsCount()).toBe(before);
    // An amount changed after the quote is quoted again, not sent.
    await calculator(page).getByLabel("Monto en USD").fill("200");
    await calculator(page).getByRole("button", { name: "Confirmar" }).click();
    await expect(calculator(page).getByText(/^El monto cambió desde tu última cotización/)).toBeVisible();
    await expect(quoteCard(page).getByRole("definition").nth(1)).toHaveText("$200.00 USD");
    expect(await operationsCount()).toBe(before);
  }
  await calculator(page).getByRole("button", { name: "Cotizar" }).click();
  await expect(quoteCard(page)).toBeVisible();
  await calculator(page).getByRole("button", { name: "Confirmar" }).click();
  await expect(page).toHaveURL(/\/challenge/);
  expect(await operationsCount()).toBe(before + 1);
});

test("a double submit creates one operation", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await fillBuy(page, "100");
  await calculator(page).getByRole("button", { name: "Cotizar" }).click();
  await expect(quoteCard(page)).toBeVisible();
  const before = await operationsCount();
  // Submit the same form twice, as a double click or a resent form would.
  const form = calculator(page).locator("form");
  const body = await form.evaluate((element) =>
    new URLSearchParams(new FormData(element as HTMLFormElement) as unknown as Record<string, string>).toString(),
  );
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const send = (fields = body) =>
    fetch(new URL("/?index", page.url()), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies },
      body: `${fields}&intent=confirmar`,
      redirect: "manual",
    });
  const [first, second] = await Promise.all([send(), send()]);
  expect(first.status).toBe(302);
  expect(second.status).toBe(302);
  expect(first.headers.get("location")).toBe(second.headers.get("location"));
  expect(await operationsCount()).toBe(before + 1);

  // The same form (its key) with another amount, as after the back button: refused, nothing created.
  const changed = new URLSearchParams(body);
  changed.set("left", "9000");
  const refused = await send(changed.toString());
  expect(refused.status).toBe(422);
  expect(await refused.text()).toContain("Este formulario ya se envió con otros datos.");
  expect(await operationsCount()).toBe(before + 1);
});

test("a transfer to a recipient goes through the challenge", async ({ page }, testInfo) => {
  await loginAs(page, "ana.admin");
  await page.goto("/?operacion=transferencia");
  // A transfer has no pair: no price panel, no 'no pairs' message.
  await expect(page.getByRole("region", { name: "Precios en tiempo real" })).toHaveCount(0);
  await expect(page.getByText("No hay pares de divisas disponibles")).toHaveCount(0);
  const form = calculator(page);
  // The fee always carries its currency: a dash until an account tells which.
  const commission = form.getByText(/^Comisión por operación: /);
  await expect(commission).toHaveText("Comisión por operación: —");
  await form.getByLabel("Monto").fill("1500");
  await choose(page, "Cuenta de origen", "Concentradora Bajío");
  if (testInfo.project.name === "js") await expect(commission).toHaveText("Comisión por operación: $0.00 MXN");
  await choose(page, "Cuenta de destino", /^•••• \d{4} · MXN · /);
  await form.getByLabel("Motivo de pago").selectOption({ index: 1 });
  await form.getByRole("button", { name: "Confirmar" }).click();
  await expect(page).toHaveURL(/\/challenge/);
  await page.getByLabel("Clave de operación").fill("123456");
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByRole("dialog", { name: "Operación autorizada" })).toContainText("transferencia");
  // Support's and the treasurer's next step: the operation's own page.
  await page.getByRole("dialog", { name: "Operación autorizada" }).getByRole("link", { name: "Ver detalle" }).click();
  await expect(page).toHaveURL(/\/historial-operaciones\/\d+$/);
  await expect(page.getByRole("dialog").filter({ hasText: "1,500.00" }).first()).toBeVisible();
});

test("a collaborator's operation goes to the administrator for approval", async ({ page }) => {
  await loginAs(page, "carlos.colaborador");
  await fillBuy(page, "100");
  await quoteAndConfirm(page);
  const notice = page.getByRole("dialog", { name: "Por aprobar" });
  await expect(notice).toBeVisible();
  // The notice names what was sent and leads to it; 'Entendido' stays the way back.
  const id = new URL(page.url()).searchParams.get("aprobacion") ?? "";
  expect(id).toMatch(/^\d+$/);
  await expect(notice).toContainText(`Enviamos tu operación ${id} `);
  await expect(notice.getByRole("link", { name: `Ver la operación ${id}` })).toHaveAttribute("href", `/historial-operaciones/${id}`);
  await expect(notice.getByRole("link", { name: "Entendido" })).toBeVisible();

  // The administrator hears of it (§7 operations-to-be-approved).
  await page.context().clearCookies();
  await loginAs(page, "ana.admin");
  await page.goto("/?drawer=notificaciones");
  // The newest notification (the seed has older ones worded alike).
  const newest = page
    .getByRole("dialog", { name: "Notificaciones" })
    .getByRole("list", { name: "Lista de notificaciones" })
    .getByRole("listitem")
    .first();
  await expect(newest).toContainText("Carlos Hernández cargó 1 operación que espera tu aprobación.");
});

test("a collaborator without third-party permission cannot send to a recipient, even by hand", async ({ page }) => {
  await loginAs(page, "carlos.colaborador");
  await page.goto("/?operacion=transferencia");
  await expect(page.getByText("Tu perfil no tiene permiso para enviar dinero a terceros.")).toBeVisible();
  const before = await operationsCount();
  const form = calculator(page).locator("form");
  const body = await form.evaluate((element) =>
    new URLSearchParams(new FormData(element as HTMLFormElement) as unknown as Record<string, string>).toString(),
  );
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const response = await fetch(new URL("/?index", page.url()), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies },
    body:
      body
        .replace(/amount=[^&]*/, "amount=100")
        .replace(/origin=[^&]*/, "origin=A-100234-01")
        .replace(/destination=[^&]*/, "destination=r%3A501")
        .replace(/reason=[^&]*/, "reason=1") + "&intent=confirmar",
    redirect: "manual",
  });
  expect(response.status).toBe(403);
  expect(await operationsCount()).toBe(before);
});

test("an amount that is not a number keeps what was typed and says why", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await fillBuy(page, "mil");
  await calculator(page).getByRole("button", { name: "Cotizar" }).click();
  await expect(calculator(page).getByText("Este monto no es válido")).toBeVisible();
  await expect(calculator(page).getByLabel("Monto en USD")).toHaveValue("mil");
});

test("while the price feed is down the dashboard says so, and prices come back with it", async ({ page }, testInfo) => {
  await loginAs(page, "ana.admin");
  await expect(bestBuyPrice(page)).toHaveText(/\d+\.\d{6}/);
  await sandboxControl("/__prices", { mode: "drop" });
  const lost = page.getByText("Error de conexión, intentando conectar, datos no han sido actualizados");
  if (testInfo.project.name === "js") {
    await expect(lost).toBeVisible({ timeout: 15_000 });
  } else {
    await expect.poll(async () => (await page.reload(), lost.count()), { timeout: 15_000 }).toBe(1);
  }
  await sandboxControl("/__prices", { mode: "normal" });
  if (testInfo.project.name === "js") {
    await expect(lost).toHaveCount(0, { timeout: 40_000 });
  } else {
    await expect.poll(async () => (await page.reload(), lost.count()), { timeout: 40_000 }).toBe(0);
  }
});

test("with JavaScript the price moves without reloading the page", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "live updates are a JavaScript enhancement");
  const streams: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() !== "eventsource") return;
    // The page's own tab id (decision 100) rides along; the rest is what this test is about.
    const url = new URL(request.url());
    expect(url.searchParams.get("tab")).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    url.searchParams.delete("tab");
    streams.push(url.pathname + url.search);
  });
  await loginAs(page, "ana.admin");
  const price = bestBuyPrice(page);
  const first = await price.textContent();
  await expect.poll(() => price.textContent(), { timeout: 10_000 }).not.toBe(first);
  // One live stream for the tab: the pair's prices ride with the notifications.
  expect(streams).toEqual(["/eventos?pair=USD%2FMXN"]);
});

test("the prices say when they are from and lead with the client's rate; with JavaScript they can be paused", async ({
  page,
}, testInfo) => {
  await loginAs(page, "ana.admin");
  const panel = page.getByRole("region", { name: "Precios en tiempo real" });
  await expect(panel.getByText("Tu tipo de cambio FXN").first()).toBeVisible();
  await expect(panel.getByText("Mejor").first()).toBeVisible();
  if (testInfo.project.name !== "js") {
    // Without JavaScript: as of a time, and the person asks for newer prices.
    await expect(panel.getByText(/^Precios de las \d{2}:\d{2}:\d{2}$/)).toBeVisible();
    await panel.getByRole("link", { name: "Actualizar" }).click();
    await expect(panel.getByText(/^Precios de las \d{2}:\d{2}:\d{2}$/)).toBeVisible();
    return;
  }
  await expect(panel.getByText(/^En vivo · actualizado a las \d{2}:\d{2}:\d{2}$/)).toBeVisible();
  await panel.getByRole("button", { name: "Pausar precios" }).click();
  const resume = panel.getByRole("button", { name: "Reanudar precios" });
  await expect(resume).toHaveAttribute("aria-pressed", "true");
  await expect(panel.getByText(/^En pausa · precios de las \d{2}:\d{2}:\d{2}$/)).toBeVisible();
  const frozen = await bestBuyPrice(page).textContent();
  // Ticks keep arriving (several a second): a second tab, not paused, shows three different prices in the
  // meantime, and the paused panel none of them.
  const other = await page.context().newPage();
  await other.goto("/");
  const seen = new Set<string | null>();
  await expect
    .poll(
      async () => {
        seen.add(await bestBuyPrice(other).textContent());
        return seen.size;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(3);
  await other.close();
  expect(await bestBuyPrice(page).textContent()).toBe(frozen);
  await resume.click();
  await expect.poll(() => bestBuyPrice(page).textContent(), { timeout: 10_000 }).not.toBe(frozen);
});

/** The rate in a definition's text ("17.274249▲sube" → 17.274249). */
const rateIn = (text: string | null) => Number(/\d+\.\d{6}/.exec(text ?? "")?.[0] ?? NaN);
const pricePanel = (page: Page) => page.getByRole("region", { name: "Precios en tiempo real" });

/** With JS, waits until the page has hydrated (its live channel is up): keys typed before that are plain typing. */
async function whenHydrated(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  await expect(page.locator("html[data-live]")).toHaveCount(1);
  await islandsHydrated(page);
}

/** Types like a person with JS (key by key, the field grouping as it goes); without JS the text goes as typed. */
async function typeAmount(page: Page, label: string, text: string) {
  const field = calculator(page).getByLabel(label);
  await field.fill("");
  await field.pressSequentially(text);
}

for (const size of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`after 'Cotizar' the quote is in view at ${size.width} px: without JavaScript the answer opens at it, with it nothing jumps`, async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize(size);
    await loginAs(page, "ana.admin");
    await whenHydrated(page, javaScriptEnabled);
    await fillBuy(page, "1000");
    const button = calculator(page).getByRole("button", { name: "Cotizar" });
    await button.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    await button.click();
    await expect(quoteCard(page)).toBeInViewport({ ratio: 0.9 });
    if (javaScriptEnabled) {
      // Decision 120: the form answers in place; the page is not sent back to its top.
      await expect(page).not.toHaveURL(/#/);
      // Content above may settle by a line while the answer arrives (Chrome's scroll anchoring then
      // moves scrollY with it, and nothing on screen moves), so the figure is held to "not back at the top".
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(Math.floor(before / 2));
    } else {
      await expect(page).toHaveURL(/#cotizacion$/);
    }
  });
}

test("'Tu tipo de cambio' leads the prices for the amount being typed, and is the quote's rate", async ({ page, javaScriptEnabled }) => {
  await loginAs(page, "ana.admin");
  await expect(bestBuyPrice(page)).toHaveText(/\d+\.\d{6}/);
  if (javaScriptEnabled) {
    // Prices hold still (the feed stays open without ticks; the tab's live channel keeps the pair
    // subscribed), so the panel and the quote meet one price.
    await sandboxControl("/__prices", { mode: "silent" });
    await page.reload();
    await whenHydrated(page, javaScriptEnabled);
  }
  const panel = pricePanel(page);
  const lead = panel.getByRole("definition").first();
  await expect(panel.getByText(/^Tu tipo de cambio FXN · Compra USD\/MXN$/)).toBeVisible();
  // Before an amount: §9's reference amount, said so.
  await expect(panel.getByText(/^Para \$50,000\.00 USD, el monto de referencia/)).toBeVisible();
  await fillBuy(page, "1000");
  const forAmount = panel.getByText(/^Para \$1,000\.00 USD · margen \d/);
  // With JS the rate follows the typing: the margin of 1,000 USD (a smaller amount, a larger margin).
  if (javaScriptEnabled) await expect(forAmount).toBeVisible();
  const typedRate = rateIn(await lead.textContent());
  await calculator(page).getByRole("button", { name: "Cotizar" }).click();
  await expect(quoteCard(page).getByRole("definition").nth(1)).toHaveText("$1,000.00 USD");
  const quoted = rateIn(await quoteCard(page).getByRole("definition").nth(2).textContent());
  // Without JS the quoted amount's margin leads from the quote on.
  await expect(forAmount).toBeVisible();
  const margin = Number(/margen ([\d.]+) %/.exec((await forAmount.textContent()) ?? "")?.[1] ?? NaN);
  // The client's rate is the best buying price with that margin (§9); the providers' best follows the lead's two definitions.
  const best = rateIn(await panel.getByRole("definition").nth(2).textContent());
  const shown = rateIn(await lead.textContent());
  expect(margin).toBeGreaterThan(0);
  expect(Math.abs(shown - best * (1 + margin / 100))).toBeLessThanOrEqual(1e-6);
  if (javaScriptEnabled) {
    // On a still price: the rate typed for, the panel's and the quote's are one figure.
    expect(shown).toBe(quoted);
    expect(typedRate).toBe(quoted);
  } else {
    // The page's price is newer than the quote's by a few ticks, not by a margin.
    expect(Math.abs(shown - quoted) / quoted).toBeLessThan(0.001);
  }
});

test("a grouped amount is taken as typed and quoted: 'Recibes'", async ({ page, javaScriptEnabled }, testInfo) => {
  await loginAs(page, "ana.admin");
  await whenHydrated(page, javaScriptEnabled);
  await fillBuy(page, "");
  if (testInfo.project.name === "js") {
    // The field groups as the person types, and the other side follows.
    await typeAmount(page, "Monto en USD", "1234567.89");
    await expect(calculator(page).getByLabel("Monto en USD")).toHaveValue("1,234,567.89");
    await expect(calculator(page).getByLabel("Monto en MXN")).toHaveValue(/^\d{1,3}(,\d{3})+\.\d{2}$/);
  } else {
    await calculator(page).getByLabel("Monto en USD").fill("1,234,567.89");
  }
  await calculator(page).getByRole("button", { name: "Cotizar" }).click();
  await expect(quoteCard(page).getByRole("term").nth(1)).toHaveText("Recibes");
  await expect(quoteCard(page).getByRole("definition").nth(1)).toHaveText("$1,234,567.89 USD");
  await expect(calculator(page).getByLabel("Monto en USD")).toHaveValue("1,234,567.89");
  await calculator(page).getByLabel("Monto en USD").fill("1,5");
  if (testInfo.project.name === "js") {
    // With JS a comma is only ever a grouping: the person sees at once what the field holds.
    await expect(calculator(page).getByLabel("Monto en USD")).toHaveValue("15");
    return;
  }
  // Without JS a comma out of place is refused with the spec's message, never read as another amount.
  await calculator(page).getByRole("button", { name: "Cotizar" }).click();
  await expect(calculator(page).getByText("Este monto no es válido")).toBeVisible();
  await expect(calculator(page).getByLabel("Monto en USD")).toHaveValue("1,5");
});

test("with JavaScript a quote does not load the dashboard again: an amount changed as the quote shows stays, with its focus", async ({
  page,
  javaScriptEnabled,
}) => {
  // The router shows an action's answer before the reload's: the reload's new idempotency key mounted the calculator
  // afresh a moment after the quote showed, and an amount being changed went back to the quote's (seen in CI).
  test.skip(!javaScriptEnabled, "without JavaScript a quote is a new page");
  await loginAs(page, "ana.admin");
  await whenHydrated(page, javaScriptEnabled);
  await fillBuy(page, "250");
  const dashboardReloads: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.method() === "GET" && url.searchParams.get("_data") === "routes/_index") dashboardReloads.push(url.search);
  });
  const shellReloaded = page.waitForResponse((response) => new URL(response.url()).searchParams.get("_data") === "root");
  await calculator(page).getByRole("button", { name: "Cotizar" }).click();
  await expect(quoteCard(page).getByRole("definition").nth(1)).toHaveText("$250.00 USD");
  const amount = calculator(page).getByLabel("Monto en USD");
  await amount.fill("300");
  // The shell's data is asked for with the page's, after the action: by its answer, a reload would have been asked.
  await shellReloaded;
  expect(dashboardReloads).toEqual([]);
  await expect(amount).toBeFocused();
  await expect(amount).toHaveValue("300");
  await expect(quoteCard(page)).toHaveCount(0);
  await expect(calculator(page).getByRole("button", { name: "Confirmar" })).toBeDisabled();
});

test("the transfer amount shows its currency", async ({ page, javaScriptEnabled }, testInfo) => {
  await loginAs(page, "ana.admin");
  await page.goto("/?operacion=transferencia");
  await whenHydrated(page, javaScriptEnabled);
  const amount = calculator(page).getByLabel("Monto", { exact: true });
  // The accounts come first: the origin decides the amount's currency before anything is typed.
  const origin = calculator(page).getByLabel("Cuenta de origen");
  expect(
    await origin.evaluate(
      (select, input) => Boolean(select.compareDocumentPosition(input!) & Node.DOCUMENT_POSITION_FOLLOWING),
      await amount.elementHandle(),
    ),
  ).toBe(true);
  // Until an account is chosen, the field says which currency it will be in.
  await expect(amount).toHaveAccessibleDescription("Se envía en la divisa de la cuenta de origen.");
  const usd = await calculator(page)
    .getByLabel("Cuenta de origen")
    .locator("option", { hasText: "Proveedores Asia USD" })
    .getAttribute("value");
  if (testInfo.project.name === "js") {
    await calculator(page)
      .getByLabel("Cuenta de origen")
      .selectOption(usd ?? "");
  } else {
    // Without JS the page shows the currency of the origin it was given (a link, or a form sent back).
    await page.goto(`/?operacion=transferencia&origen=${encodeURIComponent(usd ?? "")}`);
  }
  await expect(amount).toHaveAccessibleDescription("USD");
  await expect(calculator(page).getByText("USD", { exact: true })).toBeVisible();
});

test("tabbing through the calculator turns nothing red; a changed field is checked when left", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  await loginAs(page, "ana.admin");
  await whenHydrated(page, javaScriptEnabled);
  const form = calculator(page);
  await form.getByLabel("Monto en USD").focus();
  // Through every field to the buttons, changing nothing.
  for (const label of ["Monto en MXN", "Cuenta de origen", "Cuenta de destino", "Motivo de pago", "Concepto"]) {
    await page.keyboard.press("Tab");
    await expect(form.getByLabel(label)).toBeFocused();
  }
  await page.keyboard.press("Tab");
  await expect(form.locator("[aria-invalid='true']")).toHaveCount(0);
  await expect(form.getByText("Campo requerido")).toHaveCount(0);
  if (testInfo.project.name !== "js") return;
  await form.getByLabel("Motivo de pago").selectOption({ index: 1 });
  await form.getByLabel("Concepto").focus();
  await page.keyboard.type("x");
  await page.keyboard.press("Backspace");
  await form.getByLabel("Monto en USD").fill("mil");
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Monto en USD")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Este monto no es válido")).toBeVisible();
  // Only that field: the others were passed through or chosen well.
  await expect(form.locator("[aria-invalid='true']")).toHaveCount(1);
});

/**
 * How much of each option of an account menu a closed menu cannot show: the width of its text up to the
 * end of its last number (an account's balance and currency, a recipient's last digits and currency)
 * beyond the menu's text box, in pixels. A closed native menu cuts its choice at that box.
 */
async function numbersCutInMenu(page: Page, label: string): Promise<Array<{ option: string; overflow: number }>> {
  return calculator(page)
    .getByLabel(label)
    .evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const box = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const probe = document.createElement("span");
      probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${style.font};letter-spacing:${style.letterSpacing}`;
      document.body.append(probe);
      const cut = Array.from(select.options)
        .filter((option) => option.value !== "")
        .map((option) => {
          const text = option.text;
          probe.textContent = /^.*\d(?: [A-Z]{3})?/.exec(text)?.[0] ?? text;
          return { option: text, overflow: Math.ceil(probe.getBoundingClientRect().width - box) };
        });
      probe.remove();
      return cut.filter((entry) => entry.overflow > 0);
    });
}

test("on a phone the account menus show each account's last digits and whole balance; only a name is cut", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, "ana.admin");
  for (const tab of ["compra", "transferencia"]) {
    await page.goto(`/?operacion=${tab}`);
    for (const label of ["Cuenta de origen", "Cuenta de destino"]) {
      expect(await numbersCutInMenu(page, label), `${tab}: ${label}`).toEqual([]);
    }
  }
});
