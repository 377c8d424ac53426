import { expect, test } from "./fixtures";
import { loginAs, resetSandbox, sandboxControl } from "./support";

/**
 * The tabs of one browser keep one session clock (§4 cross-tab sync). Without JavaScript there are
 * no timers in the page: the server's own idle and expiry limits apply (session.spec.ts).
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "tabs talk to each other through JavaScript");

test.beforeEach(async () => {
  await resetSandbox();
});

const SECOND = 1_000;

type WindowWithAskedAt = Window & { askedAt?: number };

/** Runs in a tab: keeps in `window.askedAt` the page's clock when the dialog named `name` first shows. */
function noteWhenAsked(name: string) {
  const shown = () =>
    [...document.querySelectorAll<HTMLElement>('[role="dialog"], dialog')].some(
      (dialog) => (dialog.getAttribute("aria-label") ?? dialog.textContent ?? "").includes(name) && dialog.checkVisibility(),
    );
  const note = () => {
    const tab = window as WindowWithAskedAt;
    if (tab.askedAt === undefined && shown()) tab.askedAt = Date.now();
  };
  new MutationObserver(note).observe(document.documentElement, { subtree: true, childList: true, attributes: true });
  note();
}
const inactivity = "¿Aún estás ahí?";

test("activity in one tab keeps the other from idling; the prompt and the logout reach every tab", async ({ page, context }) => {
  await context.clock.install();
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  const other = await context.newPage();
  await other.goto("/historial-operaciones");
  await expect(other.getByRole("heading", { level: 1, name: "Historial de operaciones" })).toBeVisible();

  // Each tab notes the page clock's time when the question first shows, so the test can tell when it came
  // rather than wait for it not to come.
  for (const tab of [page, other]) await tab.evaluate(noteWhenAsked, inactivity);

  // 200 s in, the person works in the first tab: the second tab's idle period starts again too.
  await context.clock.fastForward(200 * SECOND);
  await page.mouse.move(200, 300);
  await page.mouse.move(260, 320);
  const activeAt = await page.evaluate(() => Date.now());
  await context.clock.fastForward(SECOND);
  await context.clock.fastForward(200 * SECOND);

  // 300 s after the last activity every tab asks, and not before: a tab whose idle period had not started
  // again would have asked 100 s ago, when its own 300 s were up.
  await context.clock.fastForward(110 * SECOND);
  await expect(page.getByRole("dialog", { name: inactivity })).toBeVisible();
  await expect(other.getByRole("dialog", { name: inactivity })).toBeVisible();
  for (const tab of [page, other]) {
    expect(await tab.evaluate(() => (window as WindowWithAskedAt).askedAt)).toBeGreaterThanOrEqual(activeAt + 300 * SECOND);
  }

  // 'Continuar conectado' in one tab is activity: the other tab's question goes away.
  await other.getByRole("dialog", { name: inactivity }).getByRole("link", { name: "Continuar conectado" }).click();
  await context.clock.fastForward(SECOND);
  await expect(other.getByRole("dialog", { name: inactivity })).toHaveCount(0);
  await expect(page.getByRole("dialog", { name: inactivity })).toHaveCount(0);

  // Logging out in one tab logs out both.
  await page.getByRole("link", { name: "Cerrar Sesión" }).click();
  await page.getByRole("dialog", { name: "¿Quieres salir de FXN?" }).getByRole("button", { name: "Si, Cerrar sesión" }).click();
  await expect(page).toHaveURL("/login?sesion=cerrada");
  // The other tab finds its session gone on its next page: the guard's plain rest screen.
  await expect(other).toHaveURL(/\/login(\?sesion=cerrada)?$/);
  await expect(other.getByRole("heading", { level: 1, name: "Historial de operaciones" })).toHaveCount(0);
});

test("extending the session in one tab closes the expiry warning in the others", async ({ page, context }) => {
  // A token already inside the warning window (exp − 14 min), as in session-expiry.spec.ts.
  await sandboxControl("/__ttl", { jwtSeconds: 14 * 60 - 40 });
  await loginAs(page, "ana.admin");
  const warning = "Tu sesión está a punto de expirar";
  await expect(page.getByRole("dialog", { name: warning })).toBeVisible();
  const other = await context.newPage();
  await other.goto("/cuentas");
  await expect(other.getByRole("dialog", { name: warning })).toBeVisible();

  await sandboxControl("/__ttl", { jwtSeconds: 30 * 60 });
  await page.getByRole("dialog", { name: warning }).getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("dialog", { name: warning })).toHaveCount(0);
  await expect(other.getByRole("dialog", { name: warning })).toHaveCount(0);
  await expect(other.getByRole("heading", { level: 1, name: "Mis cuentas" })).toBeVisible();
});
