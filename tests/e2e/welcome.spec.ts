import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { resetSandbox, SANDBOX_URL, sidebar, welcome } from "./support";

/**
 * The welcome after a login (§2, §9; decision 112): with JavaScript, the animated mark and a 5 s
 * countdown over a page that does not scroll, once per login; without JavaScript, the page at once.
 * Its time is the page's clock (`page.clock`), never the wall's.
 */
test.beforeEach(async () => {
  await resetSandbox();
});

/** The bank's login, without passing the welcome (the helpers' `loginAs` skips it). */
async function bankLogin(page: Page) {
  await page.goto("/login/banco");
  await expect(page).toHaveURL(new RegExp(`^${SANDBOX_URL}/banca\\?state=`));
  await page.getByRole("link", { name: /Entrar como ana\.admin/ }).click();
  await expect(page).toHaveURL("/");
}

const skip = (page: Page) => page.getByRole("button", { name: "Omitir bienvenida" });
/**
 * The page's clock for its scripts (`page.clock`), and the stylesheet's held still: the welcome's CSS
 * (fade at 4.6 s, scroll unlocked at 5 s) runs on the document's animation timeline, which
 * `page.clock` does not drive, so on a loaded machine it could end the welcome before the test looked.
 * Held at 0, only the page's clock ends it, as the component does once it has hydrated.
 */
async function holdClocks(page: Page) {
  await page.clock.install();
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Animation.enable");
  await devtools.send("Animation.setPlaybackRate", { playbackRate: 0 });
}

const scrollLocked = (page: Page) => page.locator("html").evaluate((html) => getComputedStyle(html).overflowY === "hidden");

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the welcome is JavaScript's alone");

  test("the login's welcome counts 5 s down over a locked page, then goes, and no later page shows it", async ({ page }) => {
    await holdClocks(page);
    await bankLogin(page);
    await expect(welcome(page)).toBeVisible();
    await expect(welcome(page)).toContainText(/Tu portal se abre en [1-5] s/);
    expect(await scrollLocked(page)).toBe(true);
    // Once the page has hydrated the skip can act, and focus is on it.
    await expect(skip(page)).toBeFocused();

    await page.clock.runFor(5_000);
    await expect(welcome(page)).toHaveCount(0);
    await expect(page.locator(".fxn-welcome")).toHaveCount(0);
    expect(await scrollLocked(page)).toBe(false);
    // Focus is not lost with it: it goes on to the page's content.
    await expect(page.locator("main#contenido")).toBeFocused();

    await sidebar(page).getByRole("link", { name: "Historial de operaciones" }).click();
    await expect(page).toHaveURL(/\/historial-operaciones/);
    await expect(page.locator(".fxn-welcome")).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator(".fxn-welcome")).toHaveCount(0);
  });

  test("a treasurer skips it from the keyboard: Tab stays on 'Omitir bienvenida', Enter ends it", async ({ page }) => {
    await holdClocks(page);
    await bankLogin(page);
    await expect(skip(page)).toBeFocused();
    await expect(skip(page)).toBeEnabled();
    await page.keyboard.press("Tab");
    await expect(skip(page)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(welcome(page)).toHaveCount(0);
    expect(await scrollLocked(page)).toBe(false);
    await expect(page.locator("main#contenido")).toBeFocused();
  });

  test("Escape ends it too", async ({ page }) => {
    await holdClocks(page);
    await bankLogin(page);
    await expect(skip(page)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(welcome(page)).toHaveCount(0);
  });

  test("asked for reduced motion, nothing moves, and the countdown still counts", async ({ page }) => {
    const animations = () =>
      page.evaluate(() => {
        const nameOf = (selector: string) => {
          const element = document.querySelector(selector);
          return element ? getComputedStyle(element).animationName : "missing";
        };
        return {
          mark: nameOf(".fxn-welcome .fxn-logo"),
          caption: nameOf(".fxn-welcome .fxn-splash-caption"),
          bar: nameOf(".fxn-welcome .fxn-splash-count"),
          fade: getComputedStyle(document.querySelector(".fxn-welcome")!).animationDuration,
        };
      });
    await holdClocks(page);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await bankLogin(page);
    await expect(welcome(page)).toContainText(/Tu portal se abre en [1-5] s/);
    expect(await animations()).toEqual({ mark: "none", caption: "none", bar: "none", fade: "0.001s" });
    await page.clock.runFor(5_000);
    await expect(welcome(page)).toHaveCount(0);

    // Without the preference, the same welcome moves (so the check above can tell them apart).
    await page.context().clearCookies();
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await bankLogin(page);
    expect(await animations()).toMatchObject({ mark: "fxn-logo-pop", bar: "fxn-splash-count", fade: "0.4s, 0.001s" });
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the page without scripting");

  test("the content comes at once: no welcome, nothing locked", async ({ page }) => {
    await bankLogin(page);
    await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
    await expect(page.locator(".fxn-welcome")).toBeHidden();
    await expect(welcome(page)).toHaveCount(0);
    expect(await scrollLocked(page)).toBe(false);
  });
});
