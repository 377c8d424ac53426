import type { Browser, Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { loginAs, productJwtOf, resetSandbox, SANDBOX_URL, sidebar, toast } from "./support";

/**
 * The administrator's approval (§2 Shell approve label, §3 Required-approval payment, §6, §7 PUT
 * /operations and operations-to-be-approved, §8 mancomunación; decision 060), with JavaScript and
 * without: Carlos loads a transfer that waits 'Por aprobar', Ana hears of it once, finds it under
 * 'Aprobación de pagos' and approves it through the bank's challenge with her own key, and the money
 * moves once; she voids another, which Carlos then sees 'Anulada'; Carlos cannot approve even by
 * hand; and where the bank requires a second signature (Logística Pacífico Norte) she is told so.
 */
test.beforeEach(async () => {
  await resetSandbox();
});
test.afterAll(async () => {
  await resetSandbox();
});

const calculator = (page: Page) => page.getByRole("region", { name: "Calculadora" });
const drawer = (page: Page, title: string) => page.getByRole("dialog", { name: title });
const APPROVE_LABEL = "Aprobación de pagos";

async function balanceOf(page: Page, alias: string): Promise<number> {
  const text =
    (await page
      .getByRole("article", { name: alias })
      .getByText(/[$€£¥₣][\d,]+\.\d{2}/)
      .textContent()) ?? "";
  return Number(text.replace(/[^\d.]/g, ""));
}

async function sandboxCount(path: string, method: string): Promise<number> {
  const log = (await (await fetch(`${SANDBOX_URL}/__requests?path=${encodeURIComponent(path)}`)).json()) as Array<{
    method: string;
    path: string;
  }>;
  return log.filter((entry) => entry.method === method && entry.path === path).length;
}

/**
 * Ana makes Carlos one who 'Puede cargar transferencias' to third parties (§6), through the product
 * API as her collaborators screen does (collaborators.spec.ts drives that screen itself).
 */
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

/** Carlos, in a browser of his own, loads a transfer to a peso recipient from the company's peso account; answers its id. */
async function carlosLoadsTransfer(browser: Browser, javaScriptEnabled: boolean, amount: string): Promise<string> {
  await carlosMayLoadTransfers();
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await loginAs(page, "carlos.colaborador");
  await page.goto("/?operacion=transferencia");
  const form = calculator(page);
  await form.getByLabel("Monto").fill(amount);
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
  await form.getByLabel("Motivo de pago").selectOption({ index: 1 });
  await form.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByRole("dialog", { name: "Por aprobar" })).toBeVisible();
  const id = new URL(page.url()).searchParams.get("aprobacion") ?? "";
  expect(id).toMatch(/^\d+$/);
  await context.close();
  return id;
}

test("Carlos loads a transfer, Ana is told once, approves it through the challenge, and the money moves once", async ({
  page,
  browser,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const noticesBefore = await sandboxCount("/notifications-api/notifications/operations-to-be-approved", "POST");
  const id = await carlosLoadsTransfer(browser, js, "2500");
  // §7: the app tells the administrators, once; the product does not tell them again (decision 052).
  expect(await sandboxCount("/notifications-api/notifications/operations-to-be-approved", "POST")).toBe(noticesBefore + 1);

  await loginAs(page, "ana.admin");
  await page.goto("/?drawer=notificaciones");
  const notice = drawer(page, "Notificaciones").getByRole("list", { name: "Lista de notificaciones" }).getByRole("listitem").first();
  await expect(notice).toContainText("Carlos Hernández cargó 1 operación que espera tu aprobación.");
  await expect(notice.getByRole("link", { name: /^Ver operaciones por aprobar/ })).toHaveAttribute("href", "/aprobaciones");

  await page.goto("/");
  const originBefore = await balanceOf(page, "Concentradora Bajío");
  // §2: with the permissions feature on, the payment-management item is the approve label.
  await expect(sidebar(page).getByRole("link", { name: "Gestión de pagos" })).toHaveCount(0);
  await sidebar(page).getByRole("link", { name: APPROVE_LABEL }).click();
  await expect(page).toHaveURL(/\/aprobaciones$/);
  await expect(page.getByRole("heading", { level: 1, name: APPROVE_LABEL })).toBeVisible();
  await page.mouse.move(900, 500);

  const card = page.getByRole("article", { name: `Transferencia · Operación ${id}` });
  await expect(card).toContainText("Cargada por Carlos Hernández Soto");
  await expect(card).toContainText("$2,500.00 MXN");
  await expect(card).toContainText("Concentradora Bajío");
  await card.getByRole("button", { name: `Aprobar la operación ${id}` }).click();

  // The bank's challenge, exactly as for a new operation, with Ana's own key.
  await expect(page).toHaveURL(/\/challenge/);
  await page.getByLabel("Clave de operación").fill("123456");
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByRole("dialog", { name: "Operación autorizada" })).toBeVisible();

  // The bank applies the operation a moment after the challenge: the dashboard, opened again, shows it.
  await expect
    .poll(async () => {
      await page.goto("/");
      return balanceOf(page, "Concentradora Bajío");
    })
    .toBeCloseTo(originBefore - 2500, 2);
  // No longer waiting: gone from the list, and its drawer offers no decision.
  await page.goto("/aprobaciones");
  await expect(page.getByRole("article", { name: `Transferencia · Operación ${id}` })).toHaveCount(0);
  await page.goto(`/historial-operaciones/${id}`);
  await expect(drawer(page, "Transferencia")).not.toContainText("Por aprobar");
  await expect(page.getByRole("button", { name: /^Aprobar/ })).toHaveCount(0);
  // The money moved once.
  await page.goto("/");
  expect(await balanceOf(page, "Concentradora Bajío")).toBeCloseTo(originBefore - 2500, 2);
});

test("Ana voids an operation through the confirmation, and Carlos sees it 'Anulada'", async ({ page, browser }, testInfo) => {
  await loginAs(page, "ana.admin");
  // Support's link: the one operation, with the decision in its drawer.
  await page.goto("/historial-operaciones/1015");
  const operation = drawer(page, "Compra");
  await expect(operation).toContainText("Por aprobar");
  await operation.getByRole("link", { name: "Anular la operación 1015" }).click();
  await expect(page).toHaveURL(/dialogo=anular-operacion/);
  const modal = page.getByRole("dialog", { name: "¿Quieres anular esta operación?" });
  await expect(modal).toContainText("La operación 1015 por");
  await modal.getByRole("link", { name: "No, regresar" }).click();
  await expect(modal).toHaveCount(0);
  await expect(drawer(page, "Compra")).toContainText("Por aprobar");

  await drawer(page, "Compra").getByRole("link", { name: "Anular la operación 1015" }).click();
  await page.getByRole("dialog", { name: "¿Quieres anular esta operación?" }).getByRole("button", { name: "Sí, anular" }).click();
  await expect(page).toHaveURL(/\/historial-operaciones\/1015$/);
  await expect(toast(page)).toContainText("Operación anulada");
  await expect(drawer(page, "Compra")).toContainText("Anulada");
  await expect(drawer(page, "Compra")).toContainText("El usuario administrador eliminó esta operación.");
  await expect(page.getByRole("link", { name: "Anular la operación 1015" })).toHaveCount(0);

  const context = await browser.newContext({ javaScriptEnabled: testInfo.project.name === "js" });
  const carlos = await context.newPage();
  await loginAs(carlos, "carlos.colaborador");
  await carlos.goto("/historial-operaciones/1015");
  await expect(drawer(carlos, "Compra")).toContainText("El usuario administrador eliminó esta operación.");
  await carlos.goto("/?drawer=notificaciones");
  await expect(drawer(carlos, "Notificaciones")).toContainText("Operación anulada");
  await context.close();
});

test("a decision names what it moves beside its button, and the approver is not told it went to 'the administrator' (decision 137)", async ({
  page,
}) => {
  const toCollaborators = "Enviamos esta operación al usuario administrador";
  await loginAs(page, "ana.admin");
  await page.goto("/historial-operaciones/1002");
  const transfer = drawer(page, "Transferencia");
  // The first line, then the card with 'Aprobar': the amount and the payee, its masked account whole.
  await expect(transfer.getByTestId("operacion-resumen")).toHaveText(
    "$12,000.00 MXN a Aceros y Perfiles de Querétaro S.A. de C.V. (•••• 7341)",
  );
  const decision = transfer.getByRole("region", { name: "Por aprobar: tu decisión" });
  await expect(decision.getByTestId("decision-subject")).toHaveText(
    "$12,000.00 MXN a Aceros y Perfiles de Querétaro S.A. de C.V. (•••• 7341)",
  );
  await expect(decision.getByRole("button", { name: "Aprobar la operación 1002" })).toBeVisible();
  await expect(transfer).not.toContainText(toCollaborators);
  // Nothing moves while it waits for her: no step of the tracker is reached.
  const tracker = transfer.getByRole("list", { name: "Estatus de la operación" });
  await expect(tracker.locator("li[data-reached]")).toHaveCount(0);
  await expect(tracker).not.toContainText("Transferencia en proceso");

  // A purchase: what it buys and what it pays, in the approvals page's words.
  await page.goto("/historial-operaciones/1015");
  const purchase = drawer(page, "Compra");
  await expect(purchase.getByTestId("decision-subject")).toHaveText("Compras €35,000.00 EUR · Pagas $38,234.00 USD");
  await expect(purchase).not.toContainText(toCollaborators);

  // Her own transfer waiting for her token: the callout names it beside 'Autorizar con mi token'.
  await page.goto("/historial-operaciones/1016");
  const token = drawer(page, "Transferencia");
  await expect(token.getByRole("button", { name: "Autorizar con mi token" })).toBeVisible();
  await expect(token.getByTestId("token-subject")).toContainText(/^\$87,250\.00 MXN a Proveedora Textil del Norte/);
  await expect(token.getByRole("list", { name: "Estatus de la operación" }).locator("li[data-reached]")).toHaveCount(0);
});

test("Carlos reads that 1002 went to the administrator, and its 'Por aprobar' notice names its amount and payee though it is not among the latest rows", async ({
  page,
}) => {
  await loginAs(page, "carlos.colaborador");
  await page.goto("/historial-operaciones/1002");
  await expect(drawer(page, "Transferencia")).toContainText("Enviamos esta operación al usuario administrador");
  await page.goto("/?aprobacion=1002");
  await expect(page.getByRole("dialog", { name: "Por aprobar" })).toContainText(
    "tu operación 1002 ($12,000.00 MXN a Aceros y Perfiles de Querétaro S.A. de C.V.) al usuario administrador",
  );
});

test("Carlos cannot open the approvals nor approve by hand", async ({ page }) => {
  await loginAs(page, "carlos.colaborador");
  // His sidebar keeps 'Gestión de pagos': he cannot approve.
  await expect(sidebar(page).getByRole("link", { name: "Gestión de pagos" })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: APPROVE_LABEL })).toHaveCount(0);
  const answer = await page.goto("/aprobaciones");
  expect(answer?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "No tienes acceso" })).toBeVisible();

  await page.goto("/historial-operaciones/1002");
  await expect(drawer(page, "Transferencia")).toContainText("Por aprobar");
  await expect(page.getByRole("button", { name: /^Aprobar/ })).toHaveCount(0);

  // A form token of his own session, from a page with a form.
  await page.goto("/?operacion=transferencia");
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  const origin = new URL(page.url()).origin;
  const decisionsBefore = await sandboxCount("/api/operations", "PUT");
  for (const path of ["/aprobaciones", "/historial-operaciones/1002?index"]) {
    const post = await page.request.post(`${origin}${path}`, {
      headers: { origin },
      form: { csrf, intent: "aprobar", id: "1002", idempotencyKey: "6f1c2a3e-8b9d-4c1e-9f0a-1b2c3d4e5f60" },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(403);
  }
  expect(await sandboxCount("/api/operations", "PUT")).toBe(decisionsBefore);
});

test("where the bank requires a second signature, approving answers 'Privilegios de mancomunación insuficientes'", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/?drawer=configuracion&tab=empresas");
  const settings = drawer(page, "Configuración");
  await settings.getByRole("radio", { name: "Logística Pacífico Norte S.A. de C.V." }).check();
  await settings.getByRole("button", { name: "Operar con esta empresa" }).click();
  await expect(page.getByRole("banner").getByText("Logística Pacífico Norte S.A. de C.V.")).toBeVisible();

  await page.goto("/aprobaciones");
  const card = page.getByRole("article", { name: "Transferencia · Operación 1066" });
  await card.getByRole("button", { name: "Aprobar la operación 1066" }).click();
  const refusal = page.getByRole("dialog", { name: "Privilegios de mancomunación insuficientes" });
  await expect(refusal).toBeVisible();
  await expect(refusal.getByRole("link", { name: "Ir a la banca en línea" })).toBeVisible();
  await refusal.getByRole("link", { name: "Entendido" }).click();
  await expect(refusal).toHaveCount(0);
  // Nothing changed: it still waits.
  await expect(page.getByRole("article", { name: "Transferencia · Operación 1066" })).toBeVisible();
});

/** Ana's product jwt, as another channel of the bank (its own online banking) would act with it. */
async function anaAtTheBank(): Promise<string> {
  const portal = await fetch(`${SANDBOX_URL}/banca/entrar?usuario=ana.admin`, { redirect: "manual" });
  const bankToken = new URL(portal.headers.get("location") ?? "").searchParams.get("jwt");
  const login = await fetch(`${SANDBOX_URL}/api/loginuser`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ externalToken: bankToken }),
  });
  return ((await login.json()) as { jwt: string }).jwt;
}

test("a void from a page opened before Ana approved is refused, and her key then sends the money once (decision 092)", async ({ page }) => {
  await loginAs(page, "ana.admin");
  // A second tab, opened on the void's confirmation before the approval.
  const stale = await page.context().newPage();
  await stale.goto("/aprobaciones?dialogo=anular-operacion&operacion=1002");
  await expect(stale.getByRole("dialog", { name: "¿Quieres anular esta operación?" })).toBeVisible();

  await page.goto("/aprobaciones");
  await page.mouse.move(900, 500);
  await page
    .getByRole("article", { name: "Transferencia · Operación 1002" })
    .getByRole("button", { name: "Aprobar la operación 1002" })
    .click();
  await expect(page).toHaveURL(/\/challenge/);

  const voidsBefore = await sandboxCount("/api/operations", "PUT");
  await stale.getByRole("dialog", { name: "¿Quieres anular esta operación?" }).getByRole("button", { name: "Sí, anular" }).click();
  await expect(stale.getByText("Esta operación ya fue aprobada y espera la clave del administrador.").first()).toBeVisible();
  expect(await sandboxCount("/api/operations", "PUT")).toBe(voidsBefore);
  // Read again, the list says it waits for her key and offers no void.
  await stale.goto("/aprobaciones");
  const card = stale.getByRole("article", { name: "Transferencia · Operación 1002" });
  await expect(card).toContainText("La aprobaste: falta tu clave de operación para enviar el dinero.");
  await expect(card.getByRole("link", { name: "Anular la operación 1002" })).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Continuar con mi clave la operación 1002" })).toBeVisible();
  // It is counted apart from those still waiting for approval (1015).
  await expect(stale.getByRole("heading", { name: "1 operación por aprobar · 1 aprobada, falta la clave" })).toBeVisible();

  await page.getByLabel("Clave de operación").fill("123456");
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByRole("dialog", { name: "Operación autorizada" })).toBeVisible();
  await page.goto("/historial-operaciones/1002");
  await expect(drawer(page, "Transferencia")).not.toContainText("Anulada");
});

test("once Ana approved an operation, its drawer no longer says it waits for an administrator's approval (decision 092)", async ({
  page,
  browser,
}, testInfo) => {
  const approved = await fetch(`${SANDBOX_URL}/api/operations`, {
    method: "PUT",
    headers: { authorization: `Bearer ${await productJwtOf("ana.admin")}`, "content-type": "application/json" },
    body: JSON.stringify({ id: 1015, action: "approve" }),
  });
  expect(approved.ok).toBe(true);
  const pendingApproval = "Enviamos esta operación al usuario administrador para su aprobación.";

  await loginAs(page, "ana.admin");
  await page.goto("/historial-operaciones/1015");
  const operation = drawer(page, "Compra");
  await expect(operation).toContainText("La aprobaste: falta tu clave de operación para enviar el dinero.");
  await expect(operation).not.toContainText(pendingApproval);
  // Titled for what is left, with what her key sends; no 'Al aprobar…' once she approved.
  const left = operation.getByRole("region", { name: "Falta tu clave" });
  await expect(left.getByTestId("decision-subject")).toHaveText("Compras €35,000.00 EUR · Pagas $38,234.00 USD");
  await expect(operation).not.toContainText("Al aprobar");
  await expect(operation.getByRole("list", { name: "Estatus de la operación" }).locator("li[data-reached]")).toHaveCount(0);
  await expect(operation.getByRole("button", { name: "Continuar con mi clave la operación 1015" })).toBeVisible();

  // Carlos, who loaded it, reads who approved it and what it waits for.
  const context = await browser.newContext({ javaScriptEnabled: testInfo.project.name === "js" });
  const carlos = await context.newPage();
  await loginAs(carlos, "carlos.colaborador");
  await carlos.goto("/historial-operaciones/1015");
  const his = drawer(carlos, "Compra");
  await expect(his).toContainText("Aprobada: falta la clave del administrador");
  await expect(his).toContainText(/Aprobada por .+: espera su clave de operación para enviar el dinero\./);
  await expect(his).not.toContainText(pendingApproval);
  await context.close();
});

test("an approval from a page opened before the void is refused: the operation stays 'Anulada' (decision 092)", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/aprobaciones");
  await page.mouse.move(900, 500);
  // A purchase leads with what it buys, then what it pays for it.
  const purchase = page.getByRole("article", { name: "Compra · Operación 1015" });
  await expect(purchase).toContainText("Compras €35,000.00 EUR");
  await expect(purchase).toContainText("Pagas $38,234.00 USD");

  const other = await page.context().newPage();
  await other.goto("/historial-operaciones/1015?dialogo=anular-operacion");
  await other.getByRole("dialog", { name: "¿Quieres anular esta operación?" }).getByRole("button", { name: "Sí, anular" }).click();
  await expect(drawer(other, "Compra")).toContainText("Anulada");

  await page.getByRole("article", { name: "Compra · Operación 1015" }).getByRole("button", { name: "Aprobar la operación 1015" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Operación 1015: Esta operación ya fue anulada; no se envió dinero." }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/aprobaciones/);
  await page.goto("/historial-operaciones/1015");
  await expect(drawer(page, "Compra")).toContainText("Anulada");
});

test("voided at the bank while Ana is on its challenge: her key is refused, /transaction says no money moved, it reads 'Anulada' (decision 092)", async ({
  page,
}) => {
  await loginAs(page, "ana.admin");
  await page.goto("/");
  const originBefore = await balanceOf(page, "Concentradora Bajío");
  await page.goto("/aprobaciones");
  await page.mouse.move(900, 500);
  await page
    .getByRole("article", { name: "Transferencia · Operación 1002" })
    .getByRole("button", { name: "Aprobar la operación 1002" })
    .click();
  await expect(page).toHaveURL(/\/challenge/);
  const trk = new URL(page.url()).searchParams.get("trk") ?? "";

  // Another administrator channel of the bank voids it before her key (the bank lets a void win until then).
  const voided = await fetch(`${SANDBOX_URL}/api/operations`, {
    method: "PUT",
    headers: { authorization: `Bearer ${await anaAtTheBank()}`, "content-type": "application/json" },
    body: JSON.stringify({ id: 1002, action: "void" }),
  });
  expect(voided.status).toBe(200);

  await page.getByLabel("Clave de operación").fill("123456");
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByRole("heading", { name: "Operación anulada" })).toBeVisible();
  await expect(page.getByText("La operación fue anulada; no se movió dinero.")).toBeVisible();

  // The return address, opened anyway (history, a bookmark): the app refuses it and sends nothing.
  await page.goto(
    `/transaction?${new URLSearchParams({ trk, ope: "1002", operation: "transfer", res: "0", msg: "Operación autorizada", retries: "0" })}`,
  );
  const refusal = page.getByRole("dialog", { name: "La operación fue anulada; no se movió dinero" });
  await expect(refusal).toBeVisible();
  // It names the operation: type, number and amount.
  await expect(refusal).toContainText("Transferencia · Operación 1002 · $12,000.00 MXN");
  await expect(page.getByRole("dialog", { name: "Operación autorizada" })).toHaveCount(0);
  await refusal.getByRole("link", { name: "Ver la operación" }).click();
  await expect(drawer(page, "Transferencia")).toContainText("Anulada");
  await page.goto("/");
  expect(await balanceOf(page, "Concentradora Bajío")).toBeCloseTo(originBefore, 2);
});
