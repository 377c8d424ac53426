import type { Page } from "@playwright/test";

import { bankHolidays } from "../../sandbox/bank-holidays";
import { type ClockPair, startClockPair } from "../support/clock-pair";
import { expect, test } from "./fixtures";
import { APP_PORT } from "./ports";
import { toast } from "./support";

/**
 * §4's notices on a fixed clock (decision 113): each test starts an app and a
 * sandbox of its own on an instant of next week, Mexico City time, and lets time run from there.
 * Ports: its worker's APP_PORT (ports.ts) + 6 (app) and + 7 (sandbox).
 */
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const [PAIR_APP_PORT, PAIR_SANDBOX_PORT] = [6, 7].map((offset) => APP_PORT + offset);

const DAYS = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];
const MONTHS = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

/** The first `weekday` (0 Sunday … 6 Saturday) at least two days from today that is no bank holiday, "YYYY-MM-DD". */
function next(weekday: number): string {
  const day = new Date(`${new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" }).format(new Date())}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 2);
  for (;;) {
    const date = day.toISOString().slice(0, 10);
    if (day.getUTCDay() === weekday && !bankHolidays(day.getUTCFullYear()).includes(date)) return date;
    day.setUTCDate(day.getUTCDate() + 1);
  }
}
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** "lunes 7 de diciembre", as the banners name a day. */
const dayName = (date: string) => {
  const day = new Date(`${date}T12:00:00Z`);
  return `${DAYS[day.getUTCDay()]} ${day.getUTCDate()} de ${MONTHS[day.getUTCMonth()]}`;
};
/** Mexico City has no daylight saving time since 2022: UTC−6 all year. */
const mexicoCity = (date: string, time: string) => `${date}T${time}-06:00`;

// Two processes to start per test, and up to half a minute to wait for an hour to pass.
test.describe.configure({ timeout: 120_000 });

let pair: ClockPair | null = null;
const start = async (at: string) => {
  pair = await startClockPair({ at, appPort: PAIR_APP_PORT, sandboxPort: PAIR_SANDBOX_PORT, buildDir: BUILD_DIR });
  return pair;
};
test.afterEach(async () => {
  await pair?.close();
  pair = null;
});

async function signIn(page: Page, { app, sandboxUrl }: ClockPair, userName: string) {
  await page.goto(`${app.url}/login/banco`);
  await expect(page).toHaveURL(new RegExp(`^${sandboxUrl}/banca\\?state=`));
  await page.getByRole("link", { name: new RegExp(`Entrar como ${userName.replace(".", "\\.")}`) }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
}

async function post(sandboxUrl: string, path: string, body: unknown) {
  const response = await fetch(`${sandboxUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
}

const notices = (page: Page) => page.getByRole("region", { name: "Avisos" });
const WEEKDAY_CLOSE = "El mercado ya cerró. Las operaciones que registres se procesarán mañana.";
const FRIDAY_CLOSE = "El mercado ya cerró. Las operaciones que registres se procesarán el lunes.";

/** Without JS a person sees what a new page brings: reload until it does (time runs on the pair's clock). */
async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 60_000, intervals: [2_000] });
}

test("a Thursday's first page at 18:50 tells the Monday–Thursday close toast once; before 18:50 none", async ({ page }, testInfo) => {
  const pair = await start(mexicoCity(next(4), "18:49:35"));
  await signIn(page, pair, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await expect(toast(page)).not.toContainText("El mercado ya cerró");

  if (testInfo.project.name === "js") {
    // The page left open tells it when 18:50 passes.
    await expect(toast(page)).toContainText(WEEKDAY_CLOSE, { timeout: 60_000 });
    await expect(toast(page)).toContainText("Mercado cerrado");
  } else {
    await reloadUntil(page, () => expect(toast(page)).toContainText(WEEKDAY_CLOSE, { timeout: 500 }));
  }
  // Told once: the next pages of the session do not tell it again.
  await page.goto(`${pair.app.url}/cuentas`);
  await expect(page.getByRole("heading", { level: 1, name: "Mis cuentas" })).toBeVisible();
  await expect(toast(page)).not.toContainText("El mercado ya cerró");
  await page.goto(`${pair.app.url}/`);
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await expect(toast(page)).not.toContainText("El mercado ya cerró");
});

test("a Friday at 18:55 tells the Friday variant of the close toast", async ({ page }) => {
  const pair = await start(mexicoCity(next(5), "18:55:00"));
  await signIn(page, pair, "beatriz.basica");
  await expect(toast(page)).toContainText(FRIDAY_CLOSE);
  await expect(toast(page)).toContainText("Mercado cerrado");
});

test("at 18:45 on a Thursday no close toast is told", async ({ page }) => {
  const pair = await start(mexicoCity(next(4), "18:45:00"));
  await signIn(page, pair, "ana.admin");
  await page.goto(`${pair.app.url}/cuentas`);
  await expect(page.getByRole("heading", { level: 1, name: "Mis cuentas" })).toBeVisible();
  await expect(toast(page)).not.toContainText("El mercado ya cerró");
});

test("a beforeDayOff announcement posted for a Friday shows from 15:00, not at 14:59", async ({ page }) => {
  const friday = next(5);
  const pair = await start(mexicoCity(friday, "14:59:35"));
  // As §3 gives it: no detail, its dateToShow the working day before the day off (the Monday after).
  await post(pair.sandboxUrl, "/__announcements", [{ service: "SPEI", type: "beforeDayOff", dateToShow: friday }]);
  await signIn(page, pair, "ana.admin");
  await expect(page.getByText("es día inhábil bancario")).toHaveCount(0);
  await reloadUntil(page, () =>
    expect(notices(page)).toContainText(
      `El ${dayName(plusDays(friday, 3))} es día inhábil bancario. Lo que confirmes a partir de ahora se procesará el siguiente día hábil.`,
      { timeout: 500 },
    ),
  );
});

test("a beforeDayOff announcement for a Wednesday shows on the Tuesday from 16:30, not at 16:29", async ({ page }) => {
  const tuesday = next(2);
  const wednesday = plusDays(tuesday, 1);
  const pair = await start(mexicoCity(tuesday, "16:29:35"));
  await post(pair.sandboxUrl, "/__announcements", [
    { service: "SPEI", type: "beforeDayOff", detail: { date: wednesday, nextWorkingDay: plusDays(wednesday, 1) } },
  ]);
  await signIn(page, pair, "ana.admin");
  await expect(page.getByText("es día inhábil bancario")).toHaveCount(0);
  await reloadUntil(page, () =>
    expect(notices(page)).toContainText(
      `El ${dayName(wednesday)} es día inhábil bancario. Lo que confirmes a partir de ahora se procesará el ${dayName(plusDays(wednesday, 1))}.`,
      { timeout: 500 },
    ),
  );
});

test("before 07:00 the FX-closed notice shows on Compra and Venta, never over a transfer", async ({ page }) => {
  const pair = await start(mexicoCity(next(2), "06:30:00"));
  await signIn(page, pair, "ana.admin");
  const closed = "El mercado cambiario está cerrado.";
  await expect(notices(page)).toContainText(closed);
  await page.goto(`${pair.app.url}/?operacion=venta`);
  await expect(notices(page)).toContainText(closed);
  // A transfer (MXN→MXN by SPEI among them) exchanges no currency: the FX market's hours are not its news.
  await page.goto(`${pair.app.url}/?operacion=transferencia`);
  await expect(page.getByRole("region", { name: "Calculadora" })).toBeVisible();
  await expect(page.getByText(closed)).toHaveCount(0);
});
