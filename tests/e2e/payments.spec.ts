import type { Page } from "@playwright/test";

import { bankHolidays } from "../../sandbox/bank-holidays";
import { isWorkingDay } from "../../sandbox/schedule-dates";
import { expect, test } from "./fixtures";
import { loginAs, resetSandbox, SANDBOX_URL, sandboxControl, sidebar, toast } from "./support";

/**
 * Recurring payments and the payment planner (§2 /pagos-recurrentes, /planner; §8; decision 057),
 * with JavaScript and without, on the sandbox's seeded schedules for Ana's company: a weekly
 * 12,500 MXN, a monthly 85,000 MXN rent with overdue payments and a fortnightly 4,800 USD.
 */
test.beforeEach(async () => {
  await resetSandbox();
});

// A deletion changes the sandbox: leave it as the next spec expects it.
test.afterAll(async () => {
  await resetSandbox();
});

const schedules = (page: Page) => page.getByRole("table", { name: "Tus pagos recurrentes" });

/** This month in a sentence: "noviembre de 2026" (lower-case inside a sentence or a name). */
function currentMonthWords(): string {
  return new Intl.DateTimeFormat("es-MX", { month: "long", year: "numeric", timeZone: "America/Mexico_City" }).format(new Date());
}

/** This month as the planner's heading: "Noviembre de 2026". */
function currentMonthHeading(): string {
  const text = currentMonthWords();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

test("the sidebar's 'Gestión de pagos' leads to the planner, and the list shows the company's schedules", async ({ page }) => {
  // With the permissions feature on, an administrator's item is 'Aprobación de pagos' (approval.spec.ts, decision 060).
  await sandboxControl("/__company-settings/100234", { permissionsFeatureEnabled: false });
  await loginAs(page, "ana.admin");
  await sidebar(page).getByRole("link", { name: "Gestión de pagos" }).click();
  await expect(page).toHaveURL(/\/planner$/);
  await expect(page.getByRole("heading", { level: 1, name: "Planificador de pagos" })).toBeVisible();

  // The pointer leaves the compact sidebar, which otherwise stays open over the page (§2: it opens on hover).
  await page.mouse.move(900, 500);
  await page.getByRole("link", { name: "Ver mis pagos recurrentes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mis pagos recurrentes" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "3 pagos recurrentes" })).toBeVisible();
  await expect(schedules(page).getByRole("row")).toHaveCount(4);
  const weekly = schedules(page).getByRole("row", { name: /12,500\.00 MXN/ });
  await expect(weekly).toContainText("Semanal");
  const rent = schedules(page).getByRole("row", { name: /85,000\.00 MXN/ });
  await expect(rent).toContainText("Mensual");
  // Two of its payments are overdue: the schedule reads 'Vencido' (decision 119), never 'Pendiente'.
  await expect(rent).toContainText("Vencido");
  await expect(rent).not.toContainText("Pendiente");
  await expect(rent).toContainText("2 de");
  const usd = schedules(page).getByRole("row", { name: /4,800\.00 USD/ });
  await expect(usd).toContainText("Cada 14 días");
  await expect(usd).toContainText("Programado");
});

test("a recurring payment is deleted through the confirmation modal, and a failed deletion says so", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/pagos-recurrentes");
  const usd = schedules(page).getByRole("row", { name: /4,800\.00 USD/ });
  await usd.getByRole("link", { name: /^Eliminar el pago recurrente a / }).click();
  const modal = page.getByRole("dialog", { name: "¿Quieres eliminar este pago recurrente?" });
  await expect(modal).toContainText("Dejaremos de programar el pago de cada 14 días de $4,800.00 USD");

  await sandboxControl("/__faults", { path: "/api/scheduledpayments/", method: "DELETE", kind: "status", status: 500 });
  await modal.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(modal.getByRole("alert")).toHaveText("Ocurrió un error al eliminar el pago programado");
  // Nothing went: it is still listed behind the modal.
  await page.goto("/pagos-recurrentes");
  await expect(page.getByRole("heading", { name: "3 pagos recurrentes" })).toBeVisible();

  await usd.getByRole("link", { name: /^Eliminar el pago recurrente a / }).click();
  await modal.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(modal).toHaveCount(0);
  await expect(toast(page).getByText("Eliminaste el pago recurrente")).toBeVisible();
  await expect(page.getByRole("heading", { name: "2 pagos recurrentes" })).toBeVisible();
  await expect(schedules(page)).not.toContainText("4,800.00 USD");
});

test("the planner shows the current month from Monday, a day with payments opens its table, and the filters change the month", async ({
  page,
  javaScriptEnabled,
}) => {
  await loginAs(page, "ana.admin");
  await page.goto("/planner");
  await expect(page.getByRole("heading", { level: 2, name: currentMonthHeading() })).toBeVisible();
  const calendar = page.getByRole("table", { name: `Pagos programados de ${currentMonthWords()}` });
  await expect(calendar.getByRole("columnheader").first()).toHaveText("Lun");
  await expect(calendar.getByRole("columnheader").last()).toHaveText("Dom");

  // The seed has payments this month (paid ones at least): the first day with payments opens its modal.
  const dayLink = calendar.getByRole("link", { name: / \d+ pagos?/ }).first();
  const label = (await dayLink.getAttribute("aria-label")) ?? "";
  const count = Number(/: (\d+) pagos?/.exec(label)?.[1]);
  await dayLink.click();
  const modal = page.getByRole("dialog", { name: /^Pagos programados del / });
  await expect(modal).toBeVisible();
  await expect(page).toHaveURL(/[?&]dia=\d{4}-\d{2}-\d{2}/);
  await expect(modal.getByRole("table", { name: "Pagos programados del día" }).getByRole("row")).toHaveCount(count + 1);
  // With JavaScript the day is read from its title: focus is there, not on its first link.
  if (javaScriptEnabled) await expect(modal.getByRole("heading", { name: /^Pagos programados del / })).toBeFocused();
  await modal.getByRole("link", { name: "Cerrar" }).last().click();
  await expect(modal).toHaveCount(0);

  // The GET form: February 2028, a leap year, with 29 days from Tuesday 1.
  await page.getByLabel("Mes", { exact: true }).selectOption({ label: "Febrero" });
  await page.getByLabel("Año", { exact: true }).selectOption("2028");
  // The year list follows the shown month; 2028 is offered when today is 2026..2030.
  await page.getByRole("button", { name: "Consultar" }).click();
  await expect(page).toHaveURL(/mes=2&anio=2028/);
  await expect(page.getByRole("heading", { level: 2, name: "Febrero de 2028" })).toBeVisible();
  const february = page.getByRole("table", { name: "Pagos programados de febrero de 2028" });
  await expect(february.getByRole("row").nth(1).getByRole("cell").nth(1)).toHaveText(/^1/);
  await expect(february.getByRole("cell", { name: /^29/ })).toHaveCount(1);

  // A bank holiday (the sandbox's nonworkingdates: Monday 16 November 2026) with no payments is just that:
  // 'Se paga el …' would announce a payment that does not exist (core/domain/payment-planner.test.ts covers one with payments).
  await page.goto("/planner?mes=11&anio=2026");
  const holiday = page.getByRole("table", { name: "Pagos programados de noviembre de 2026" }).getByRole("cell", { name: /^16/ });
  await expect(holiday).toContainText("Día inhábil");
  await expect(holiday).not.toContainText("Se paga el");

  // A month that cannot be shown: the filter shows the month on screen, with a neutral note rather than a red error.
  await page.goto("/planner?mes=13&anio=2026");
  const shown = currentMonthWords();
  // Worded and styled as the portfolio's note for the same link (one notice, role status).
  await expect(page.getByRole("status").filter({ hasText: `El mes 13 no existe; te mostramos ${shown}.` })).toBeVisible();
  await expect(page.getByLabel("Mes", { exact: true })).toHaveValue(String(Number(mexicoDay(0).slice(5, 7))));
  await expect(page.getByText("Elige un mes.")).toHaveCount(0);
});

test("on a 390 px phone the list and the planner are rows, with no sideways scroll", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, "ana.admin");
  for (const path of ["/pagos-recurrentes", "/pagos-recurrentes?dialogo=eliminar-pago&pago=1", "/planner"]) {
    await page.goto(path);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, path).toBeLessThanOrEqual(clientWidth);
  }
  await page.goto("/pagos-recurrentes");
  await expect(page.getByRole("list", { name: "Tus pagos recurrentes" }).getByRole("listitem")).toHaveCount(3);
  await page.goto("/planner");
  const days = page.getByRole("list", { name: `Pagos programados de ${currentMonthWords()}` });
  // Only days with payments: each opens its day.
  const entries = days.getByRole("listitem");
  expect(await entries.count()).toBeGreaterThan(0);
  await expect(entries.filter({ hasNot: page.getByRole("link", { name: / \d+ pagos?/ }) })).toHaveCount(0);
  await days
    .getByRole("link", { name: / \d+ pagos?/ })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: /^Pagos programados del / })).toBeVisible();
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
});

const calculator = (page: Page) => page.getByRole("region", { name: "Calculadora" });

async function choose(page: Page, label: string, text: string | RegExp) {
  const select = calculator(page).getByLabel(label);
  const value = await select.locator("option", { hasText: text }).first().getAttribute("value");
  await select.selectOption(value ?? "");
}

/** Mexico City's date `days` from today, "YYYY-MM-DD". */
function mexicoDay(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" }).format(new Date(Date.now() + days * 86_400_000));
}

/** The calculator's transfer from Concentradora Bajío to Telas Monterrey as a monthly plan, not yet sent. */
async function fillMonthlyPlan(page: Page, amount: string, firstDay: string, count: string) {
  await page.goto("/?operacion=transferencia");
  const form = calculator(page);
  await form.getByLabel("Monto", { exact: true }).fill(amount);
  await choose(page, "Cuenta de origen", "Concentradora Bajío");
  await choose(page, "Cuenta de destino", "Telas Monterrey");
  await form.getByLabel("Motivo de pago").selectOption({ index: 1 });
  await form.getByText("Hacerlo un pago recurrente").click();
  await form.getByLabel("Frecuencia").selectOption({ label: "Cada mes" });
  await form.getByLabel("Primera fecha de pago").fill(firstDay);
  await form.getByLabel("Número de pagos", { exact: true }).fill(count);
  return form;
}

test("a monthly payment is scheduled from the calculator, shows on the planner, is edited and paid now through the challenge", async ({
  page,
}) => {
  await loginAs(page, "ana.admin");
  // A first date in the past is refused with the form kept as typed.
  const form = await fillMonthlyPlan(page, "2500", mexicoDay(-3), "3");
  await form.getByRole("button", { name: "Programar pago recurrente" }).click();
  await expect(form.getByText("La primera fecha de pago no puede ser anterior a hoy.")).toBeVisible();
  await expect(form.getByLabel("Monto", { exact: true })).toHaveValue(/2,?500/);

  await form.getByLabel("Primera fecha de pago").fill(mexicoDay(2));
  await form.getByRole("button", { name: "Programar pago recurrente" }).click();
  await expect(page).toHaveURL(/\/pagos-recurrentes$/);
  await expect(toast(page).getByText("Programaste tu pago recurrente")).toBeVisible();
  await expect(page.getByRole("heading", { name: "4 pagos recurrentes" })).toBeVisible();
  const row = schedules(page).getByRole("row", { name: /\$2,500\.00 MXN/ });
  await expect(row).toContainText("Mensual");
  await expect(row).toContainText("0 de 3 pagados");

  // The planner shows it on its day (the next working day when the plan's day is not one).
  const due = (await row.locator("time").getAttribute("datetime")) ?? "";
  await page.goto(`/planner?mes=${Number(due.slice(5, 7))}&anio=${due.slice(0, 4)}&dia=${due}`);
  const day = page.getByRole("dialog", { name: /^Pagos programados del / });
  await expect(day.getByRole("row", { name: /\$2,500\.00 MXN/ })).toContainText("Programado");

  // Edit: the drawer is addressed by the URL and keeps the schedule's data.
  await page.goto("/pagos-recurrentes");
  await row.getByRole("link", { name: /^Editar el pago recurrente a / }).click();
  const drawer = page.getByRole("dialog", { name: "Editar pago recurrente" });
  await expect(drawer.getByLabel("Número de pagos", { exact: true })).toHaveValue("3");
  // 'Guardar cambios' is in the drawer's fixed footer: in the first view at 1440×900 and on a 390×844 phone.
  await expect(drawer.getByRole("button", { name: "Guardar cambios" })).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(drawer.getByRole("button", { name: "Guardar cambios" })).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 1440, height: 900 });
  await drawer.getByLabel("Monto", { exact: true }).fill("2750");
  await drawer.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(toast(page).getByText("Guardamos tus cambios")).toBeVisible();
  const edited = schedules(page).getByRole("row", { name: /\$2,750\.00 MXN/ });
  await expect(edited).toContainText("0 de 3 pagados");

  // Pay now: the calculator prefilled and linked to the payment, then the bank's challenge.
  await edited.getByRole("link", { name: /^Pagar ahora el pago a / }).click();
  await expect(page.getByRole("region", { name: "Pago programado" })).toContainText("$2,750.00 MXN");
  // Its day is ahead: the notice says it is paid early.
  await expect(page.getByRole("region", { name: "Pago programado" })).toContainText(/Lo pagas por adelantado: vence en \d+ días\./);
  await expect(form.getByLabel("Monto", { exact: true })).toHaveValue(/2,?750(\.00)?/);
  await form.getByRole("button", { name: "Confirmar" }).click();
  await expect(page).toHaveURL(/\/challenge/);
  await page.getByLabel("Clave de operación").fill("123456");
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByRole("dialog", { name: "Operación autorizada" })).toBeVisible();

  await page.goto("/pagos-recurrentes");
  await expect(schedules(page).getByRole("row", { name: /\$2,750\.00 MXN/ })).toContainText("1 de 3 pagados");
  await page.goto(`/planner?mes=${Number(due.slice(5, 7))}&anio=${due.slice(0, 4)}&dia=${due}`);
  await expect(day.getByRole("row", { name: /\$2,750\.00 MXN/ })).toContainText("Pagado");
});

test("on arrival the dashboard lists the payments due today or overdue, each with its pay link, and the check fails silently", async ({
  page,
}) => {
  await loginAs(page, "ana.admin");
  const notice = page.getByRole("region", { name: "Pagos programados por hacer" });
  await expect(notice).toBeVisible();
  const items = notice.getByRole("list", { name: "Pagos programados por hacer" }).getByRole("listitem");
  // The seed's rent has two overdue payments, the weekly one last week's.
  await expect(items.filter({ hasText: /Vencido desde el / })).toHaveCount(3);
  // The weekly one falls due today when the bank works today (the sandbox's calendar).
  const today = mexicoDay(0);
  if (isWorkingDay(today, new Set(bankHolidays(Number(today.slice(0, 4))))))
    await expect(items.filter({ hasText: "Vence hoy" }).first()).toBeVisible();
  await expect(items.first().getByRole("link", { name: /^Pagar ahora el pago a / })).toBeVisible();

  await items
    .first()
    .getByRole("link", { name: /^Pagar ahora el pago a / })
    .click();
  await expect(page).toHaveURL(/operacion=transferencia&pagoProgramado=\d+/);
  await expect(page.getByRole("region", { name: "Pago programado" })).toContainText("$85,000.00 MXN");
  // Late, and how late, before 'Confirmar'; the amount as a treasurer reads it.
  await expect(page.getByRole("region", { name: "Pago programado" })).toContainText(/Está vencido desde hace \d+ días\./);
  await expect(page.getByRole("region", { name: "Calculadora" }).getByLabel("Monto", { exact: true })).toHaveValue("85,000.00");
  await expect(page.getByRole("region", { name: "Pagos programados por hacer" })).toHaveCount(0);

  // Hidden for the rest of the day.
  await page.goto("/");
  await notice.getByRole("button", { name: "Ocultar por hoy" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await expect(notice).toHaveCount(0);

  // §8: the planned-payments check fails silently.
  await page.context().clearCookies();
  await sandboxControl("/__faults", { path: "/api/scheduledpaymentevents/topten", method: "GET", kind: "status", status: 500, times: -1 });
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Calculadora" })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test("the planner charts the month's outflows per currency, with the figures as a table", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await page.goto("/planner");
  const month = currentMonthWords();
  const today = mexicoDay(0);
  const daysInMonth = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0)).getUTCDate();
  await expect(page.getByRole("heading", { name: "Salidas del mes por día" })).toBeVisible();
  // The seed's weekly and monthly MXN payments fall in every month.
  const mxn = page.getByRole("figure", { name: `Salidas de ${month} en MXN, por día` });
  await expect(mxn.locator("svg rect")).toHaveCount(daysInMonth);
  const table = mxn.getByRole("table", { name: `Salidas de ${month} en MXN por día` });
  await expect(table.getByRole("columnheader")).toHaveText(["Día", "Pagado", "En proceso", "Por pagar", "Total"]);
  expect(await table.getByRole("row").count()).toBeGreaterThan(1);
  await expect(page.getByText(/Los pagos en MXN salen por SPEI hasta las 17:00/)).toBeVisible();
});

test("a day the company's balances cannot cover is flagged, with the shortfall in the day's table", async ({ page }) => {
  await loginAs(page, "ana.admin");
  // Scheduling does not check today's funds (the money leaves on the day); the planner does.
  const form = await fillMonthlyPlan(page, "900000000", mexicoDay(2), "2");
  await form.getByRole("button", { name: "Programar pago recurrente" }).click();
  await expect(toast(page).getByText("Programaste tu pago recurrente")).toBeVisible();
  const row = schedules(page).getByRole("row", { name: /\$900,000,000\.00 MXN/ });
  const due = (await row.locator("time").getAttribute("datetime")) ?? "";

  await page.goto(`/planner?mes=${Number(due.slice(5, 7))}&anio=${due.slice(0, 4)}`);
  const month = page.getByRole("table", { name: /^Pagos programados de / });
  await expect(
    month.getByRole("link", { name: new RegExp(`^${Number(due.slice(8, 10))} de [a-z]+ de \\d{4}: .*Saldo insuficiente`) }),
  ).toHaveCount(1);
  await page.goto(`/planner?mes=${Number(due.slice(5, 7))}&anio=${due.slice(0, 4)}&dia=${due}`);
  const day = page.getByRole("dialog", { name: /^Pagos programados del / });
  await expect(day.getByText("Saldo insuficiente").first()).toBeVisible();
});

test("'Pagar ahora' in two tabs pays once: the second reads 'Este pago ya se está procesando' (decision 092)", async ({ page }) => {
  await loginAs(page, "ana.admin");
  // The weekly 12,500 MXN's overdue payment, from the dashboard's notice, opened in two tabs.
  const notice = page.getByRole("region", { name: "Pagos programados por hacer" });
  const item = notice.getByRole("listitem").filter({ hasText: "$12,500.00 MXN" }).first();
  const href = (await item.getByRole("link", { name: /^Pagar ahora el pago a / }).getAttribute("href")) ?? "";
  const dueDay = (await item.locator("time").getAttribute("datetime")) ?? "";
  const dueInWords = new Intl.DateTimeFormat("es-MX", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${dueDay}T12:00:00Z`),
  );
  expect(href).toMatch(/pagoProgramado=\d+/);
  const second = await page.context().newPage();
  await page.goto(href);
  await second.goto(href);
  for (const tab of [page, second]) await expect(tab.getByRole("region", { name: "Pago programado" })).toContainText("$12,500.00 MXN");

  const operationsBefore = ((await (await fetch(`${SANDBOX_URL}/__operations`)).json()) as unknown[]).length;
  await page.getByRole("region", { name: "Calculadora" }).getByRole("button", { name: "Confirmar" }).click();
  await expect(page).toHaveURL(/\/challenge/);
  await second.getByRole("region", { name: "Calculadora" }).getByRole("button", { name: "Confirmar" }).click();
  // With JavaScript the refusal comes under the form; without it the page comes back as the payment now is: the
  // notice that names it and its operation, with no form to confirm again.
  await expect(
    second.getByText(/^Este pago ya se está procesando(\. Revisa su operación en tu historial|: ya hay una operación para él)/),
  ).toBeVisible();
  await expect(second).not.toHaveURL(/\/challenge/);
  const operations = (await (await fetch(`${SANDBOX_URL}/__operations`)).json()) as Array<{ id: number }>;
  expect(operations).toHaveLength(operationsBefore + 1);
  const id = String(operations.at(-1)?.id);

  // Every 'Pagar ahora' of that payment now says so, with its operation.
  await second.goto(href);
  await expect(second.getByText(/^Este pago ya se está procesando: ya hay una operación para él/)).toBeVisible();
  // It names which payment: whom, how much and its day.
  await expect(second.getByRole("status").filter({ hasText: "Este pago ya se está procesando" })).toContainText(
    /\$12,500\.00 MXN · [^,]+, \d{1,2} de \p{L}+/u,
  );
  await expect(second.getByRole("link", { name: `Ver la operación ${id}` }).first()).toBeVisible();
  // No empty form with a 'Confirmar' under the notice invites a second operation; another transfer is one link away.
  await expect(second.getByRole("region", { name: "Calculadora" }).getByRole("button", { name: "Confirmar" })).toHaveCount(0);
  await expect(second.getByRole("link", { name: "Hacer otra transferencia" })).toHaveAttribute("href", "/?operacion=transferencia");
  await second.goto("/pagos-recurrentes");
  const row = schedules(second).getByRole("row", { name: /\$12,500\.00 MXN/ });
  // Beside the day it pays, in the state's cell, not beside 'Próximo pago'.
  const processing = new RegExp(`El pago del ${dueInWords} ya se está procesando\\.`);
  await expect(row.getByRole("cell").nth(3)).toContainText(processing);
  await expect(row.getByRole("cell").nth(2)).not.toContainText("procesando");
  await expect(row.getByRole("cell").nth(3)).toContainText("Por autorizar");
  await expect(row.getByRole("link", { name: /^Pagar ahora/ })).toHaveCount(0);
  // The planner's day of the next payment of that schedule says the earlier one is under way.
  const nextDay = (await row.getByRole("cell").nth(2).locator("time").getAttribute("datetime")) ?? "";
  await second.goto(`/planner?mes=${Number(nextDay.slice(5, 7))}&anio=${nextDay.slice(0, 4)}&dia=${nextDay}`);
  const planned = second.getByRole("dialog", { name: /^Pagos programados del / }).getByRole("row", { name: /\$12,500\.00 MXN/ });
  await expect(planned).toContainText(new RegExp(`El pago del ${dueInWords} de este pago recurrente ya se está procesando`));
  await expect(planned.getByRole("link", { name: `Ver la operación ${id}` })).toBeVisible();
  await second.goto("/pagos-recurrentes");
  await row.getByRole("link", { name: `Ver la operación ${id}` }).click();
  await expect(second).toHaveURL(new RegExp(`/historial-operaciones/${id}$`));
  await second.goto("/");
  const noticed = second
    .getByRole("region", { name: "Pagos programados por hacer" })
    .getByRole("listitem")
    .filter({ hasText: processing })
    .first();
  // Its state is its operation's, in the history's word: it waits for the key.
  await expect(noticed).toContainText("Por autorizar");
  await expect(noticed).not.toContainText("En proceso");
  await expect(noticed.getByRole("link", { name: `Ver la operación ${id}` })).toBeVisible();
  // On a phone the row keeps its payee and amount on one first line, the amount whole: the note never squeezes it.
  await second.setViewportSize({ width: 390, height: 844 });
  const [itemBox, amountBox] = await Promise.all([noticed.boundingBox(), noticed.getByText("$12,500.00 MXN").boundingBox()]);
  expect((amountBox?.y ?? 0) - (itemBox?.y ?? 0)).toBeLessThan(16);
  expect(amountBox?.height ?? 0).toBeLessThan(30);

  // The first tab's key pays it: paid once.
  await page.getByLabel("Clave de operación").fill("123456");
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByRole("dialog", { name: "Operación autorizada" })).toBeVisible();
});

test("a payment an operation already pays is counted 'en proceso', reads its operation's status and leaves 'Por pagar'", async ({
  page,
}) => {
  await loginAs(page, "ana.admin");
  // The weekly 12,500 MXN's payment from the dashboard's notice, and its month on the planner.
  const item = page
    .getByRole("region", { name: "Pagos programados por hacer" })
    .getByRole("listitem")
    .filter({ hasText: "$12,500.00 MXN" })
    .first();
  const href = (await item.getByRole("link", { name: /^Pagar ahora el pago a / }).getAttribute("href")) ?? "";
  const dueDay = (await item.locator("time").getAttribute("datetime")) ?? "";
  const month = `/planner?mes=${Number(dueDay.slice(5, 7))}&anio=${dueDay.slice(0, 4)}`;
  const toPay = async () => {
    const row = page.getByRole("region", { name: /^Salidas de .+ por divisa$/ }).getByRole("row", { name: /^MXN/ });
    const text = await row.getByRole("cell").nth(1).innerText();
    return Number(/\$([\d,]+\.\d{2})/.exec(text)?.[1].replace(/,/g, ""));
  };
  await page.goto(month);
  const before = await toPay();

  // 'Pagar ahora' up to the key: an operation now pays it.
  await page.goto(href);
  await page.getByRole("region", { name: "Calculadora" }).getByRole("button", { name: "Confirmar" }).click();
  await expect(page).toHaveURL(/\/challenge/);

  await page.goto(month);
  // The money is committed: no longer in 'Por pagar', shown apart.
  expect(await toPay()).toBe(before - 12500);
  await expect(page.getByRole("region", { name: /^Salidas de .+ por divisa$/ })).toContainText("En proceso: $12,500.00 MXN");
  // Its day reads 'en proceso', never 'vencido' for it.
  const link = page.getByRole("table", { name: /^Pagos programados de / }).locator(`a[href*="dia=${dueDay}"]`);
  await expect(link).toHaveAccessibleName(/1 en proceso/);
  await expect(link).not.toHaveAccessibleName(/vencido/);
  await page.goto(`${month}&dia=${dueDay}`);
  const planned = page.getByRole("dialog", { name: /^Pagos programados del / }).getByRole("row", { name: /\$12,500\.00 MXN/ });
  // The row names its operation's status as the history does: it waits for the key.
  await expect(planned).toContainText("Por autorizar");
  await expect(planned).not.toContainText("Vencido");
  const operationHref = (await planned.getByRole("link", { name: /^Ver la operación \d+$/ }).getAttribute("href")) ?? "";
  await page.goto(operationHref);
  await expect(page.getByRole("dialog", { name: "Transferencia" }).getByText("Por autorizar", { exact: true }).first()).toBeVisible();
  await expect(planned.getByRole("link", { name: /^Pagar ahora/ })).toHaveCount(0);
});

test("this month's planner shows what is still owed from earlier months apart and counts it in the coverage verdict", async ({ page }) => {
  const amountIn = (text: string, pattern: RegExp) => Number(pattern.exec(text)?.[1].replace(/,/g, "") ?? Number.NaN);
  const figures = async () => {
    const row = page.getByRole("region", { name: /^Salidas de .+ por divisa$/ }).getByRole("row", { name: /^MXN/ });
    const toPay = await row.getByRole("cell").nth(1).innerText();
    return {
      row,
      unpaid: amountIn(toPay, /\$([\d,]+\.\d{2})/),
      earlier: amountIn(toPay, /Vencidos de meses anteriores: \$([\d,]+\.\d{2}) MXN/),
      available: amountIn(await row.getByRole("cell").nth(2).innerText(), /\$([\d,]+\.\d{2})/),
    };
  };
  await loginAs(page, "ana.admin");
  // The seed's monthly 85,000 MXN rent to Telas Monterrey has two payments overdue: the older always in an earlier month.
  await page.goto("/planner");
  const seeded = await figures();
  await expect(seeded.row.getByRole("cell").nth(1)).toContainText(/Vencidos de meses anteriores: \$[\d,]+\.\d{2} MXN/);
  expect(seeded.earlier).toBeGreaterThanOrEqual(85_000);
  await expect(seeded.row.getByRole("link", { name: "Ver en Mis pagos recurrentes" })).toHaveAttribute("href", "/pagos-recurrentes");
  await expect(seeded.row.getByRole("cell").nth(3)).toContainText("Cubierto");
  await expect(seeded.row.getByRole("cell").nth(3)).toContainText("Incluye los vencidos de meses anteriores");

  // Through the bank: one payment, 40 days ago (always an earlier month), passed unpaid and beyond the balance.
  await sandboxControl("/__scheduledpayments", {
    userName: "ana.admin",
    amount: 900_000_000,
    accountOrigin: "A-100234-01",
    recipientId: 501,
    recurrent: { frequency: "monthly", firstDate: mexicoDay(-40), count: 1 },
    paid: 0,
  });
  await page.goto("/planner");
  const owed = await figures();
  // This month's 'Por pagar' stays this month's; the earlier line grows by it, and the verdict counts both.
  expect(owed.unpaid).toBe(seeded.unpaid);
  expect(owed.earlier).toBe(seeded.earlier + 900_000_000);
  const cents = Math.round(owed.unpaid * 100) + Math.round(owed.earlier * 100) - Math.round(owed.available * 100);
  const missing = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
  await expect(owed.row.getByRole("cell").nth(3)).toContainText(`Falta $${missing} MXN`);

  // Today's day names what earlier months owe apart, above the running total that includes it.
  const today = mexicoDay(0);
  await page.goto(`/planner?mes=${Number(today.slice(5, 7))}&anio=${today.slice(0, 4)}&dia=${today}`);
  const coverage = page.getByRole("dialog").getByRole("region", { name: "Lo que falta pagar contra tus saldos" });
  const earlier = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(owed.earlier);
  await expect(coverage.getByRole("term").filter({ hasText: "Vencidos de meses anteriores" })).toBeVisible();
  await expect(coverage.getByRole("definition").filter({ hasText: `$${earlier} MXN` })).toBeVisible();
  await expect(coverage.getByRole("term").filter({ hasText: "Por pagar hasta este día, con los vencidos" })).toBeVisible();
});

test("an overdue payment reads 'Vencido', in red, on the dashboard, the recurring list and the planner, never 'Pendiente'", async ({
  page,
}) => {
  const today = mexicoDay(0);
  // Through the bank: a weekly payment to Telas Monterrey whose first two payments passed unpaid.
  await sandboxControl("/__scheduledpayments", {
    userName: "ana.admin",
    amount: 3456,
    accountOrigin: "A-100234-01",
    recipientId: 501,
    recurrent: { frequency: "weekly", firstDate: mexicoDay(-15), count: 4 },
    paid: 0,
  });
  await loginAs(page, "ana.admin");

  await page.goto("/pagos-recurrentes");
  const row = schedules(page).getByRole("row", { name: /\$3,456\.00 MXN/ });
  await expect(row).toContainText("Vencido");
  await expect(row).not.toContainText("Pendiente");
  const overdue = row.locator("time", { hasText: /^desde el / });
  const overdueDay = (await overdue.getAttribute("datetime")) ?? "";
  expect(overdueDay < today).toBe(true);
  // 'Próximo pago' is the next payment still ahead, never a past day.
  const next = (await row.getByRole("cell").nth(2).locator("time").getAttribute("datetime")) ?? "";
  expect(next >= today, next).toBe(true);
  // In the table's date format (§ tables: DD/MM/YYYY).
  await expect(row.getByRole("cell").nth(2)).toHaveText(`${next.slice(8, 10)}/${next.slice(5, 7)}/${next.slice(0, 4)}`);
  // 'Pagar ahora' pays the overdue payment, not 'Próximo pago': its day is under the button and in its name.
  const shortOverdue = `${overdueDay.slice(8, 10)}/${overdueDay.slice(5, 7)}/${overdueDay.slice(0, 4)}`;
  await expect(row.getByRole("cell").nth(4)).toContainText(`Pago del ${shortOverdue}`);
  const overdueInWords = new Intl.DateTimeFormat("es-MX", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${overdueDay}T12:00:00Z`),
  );
  await expect(row.getByRole("link", { name: /^Pagar ahora/ })).toHaveAccessibleName(new RegExp(` del ${overdueInWords}$`));
  await expect(schedules(page)).not.toContainText("Pendiente");

  await page.goto("/");
  const items = page.getByRole("list", { name: "Pagos programados por hacer" }).getByRole("listitem");
  const ours = items.filter({ hasText: "3,456.00" });
  await expect(ours.first()).toContainText("Vencido");
  await expect(items.filter({ hasText: "Pendiente" })).toHaveCount(0);

  await page.goto(`/planner?mes=${Number(overdueDay.slice(5, 7))}&anio=${overdueDay.slice(0, 4)}&dia=${overdueDay}`);
  const day = page.getByRole("dialog", { name: /^Pagos programados del / });
  await expect(day.getByRole("row", { name: /\$3,456\.00 MXN/ })).toContainText("Vencido");
  await expect(day).not.toContainText("Pendiente");
  // The calendar flags the overdue day in words.
  await page.goto(`/planner?mes=${Number(overdueDay.slice(5, 7))}&anio=${overdueDay.slice(0, 4)}`);
  const flagged = page.getByRole("table", { name: /^Pagos programados de / }).getByRole("link", { name: / vencidos?/ });
  await expect(flagged.first()).toBeVisible();
});

test("the planner day's 'Pagar ahora' is a primary button, not a small link (decision 124)", async ({ page }) => {
  // Through the bank: a weekly payment whose first payment passed unpaid, so its day can be paid now.
  await sandboxControl("/__scheduledpayments", {
    userName: "ana.admin",
    amount: 2345,
    accountOrigin: "A-100234-01",
    recipientId: 501,
    recurrent: { frequency: "weekly", firstDate: mexicoDay(-8), count: 4 },
    paid: 0,
  });
  await loginAs(page, "ana.admin");
  await page.goto("/pagos-recurrentes");
  const row = schedules(page).getByRole("row", { name: /\$2,345\.00 MXN/ });
  const dueDay = (await row.locator("time", { hasText: /^desde el / }).getAttribute("datetime")) ?? "";
  await page.goto(`/planner?mes=${Number(dueDay.slice(5, 7))}&anio=${dueDay.slice(0, 4)}&dia=${dueDay}`);
  const day = page.getByRole("dialog", { name: /^Pagos programados del / });
  const pay = day.getByRole("row", { name: /\$2,345\.00 MXN/ }).getByRole("link", { name: /^Pagar ahora el pago a / });
  await expect(pay).toBeVisible();
  // Measured once the dialog's entry animation (a scale from 0.98) has ended: mid-way it shrinks every box in it.
  await day.evaluate((dialog) => Promise.all(dialog.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  // A button's size and fill: at least 44 px tall (min-h-11), on the brand's colour rather than bare text.
  expect((await pay.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(await pay.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
  await pay.click();
  await expect(page).toHaveURL(/pagoProgramado=/);
});
