import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";

import { loginAs, resetSandbox, sandboxControl } from "./support";

/**
 * Decision 081: the session guardian (the timers of §4 and the expiry warning) loads on demand — before
 * hydration when the server already shows the warning, else once the page is idle. Its timers count
 * from the page's arrival, so a chunk that lands late shifts neither the idle prompt nor the warning.
 * Without JavaScript there are no timers: the server's own limits apply (session-expiry.spec.ts).
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the timers are JavaScript");

test.beforeEach(async () => {
  await resetSandbox();
});

const SECOND = 1_000;
const GUARDIAN_CHUNK = /\/SessionGuardian-[\w-]+\.js$/;

/** Holds the guardian's chunk until the returned function lets it go; resolves once the browser has it. */
async function holdGuardian(page: Page): Promise<() => Promise<void>> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(GUARDIAN_CHUNK, async (route) => {
    await released;
    await route.continue();
  });
  const requested = page.waitForRequest((request) => GUARDIAN_CHUNK.test(new URL(request.url()).pathname));
  return async () => {
    await requested;
    const arrived = page.waitForResponse((response) => GUARDIAN_CHUNK.test(new URL(response.url()).pathname));
    release();
    await arrived;
    // The chunk is evaluated and the guardian mounts: give it a moment of real time.
    await page.waitForTimeout(1_000);
  };
}

test("the guardian is not on the first load, and when it lands late the idle prompt still comes 300 s after the page", async ({
  page,
  context,
}) => {
  await context.clock.install();
  const letGo = await holdGuardian(page);
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  // Hydrated (the live channel opens in an effect), with the guardian's chunk neither preloaded nor needed.
  await expect(page.locator("html[data-live]")).toHaveCount(1);
  await expect(page.locator('link[rel="modulepreload"][href*="SessionGuardian-"]')).toHaveCount(0);

  // 250 s after the page arrived the guardian's chunk lands (it was asked for once the page was idle).
  await context.clock.fastForward(250 * SECOND);
  await letGo();
  await expect(page.getByRole("dialog", { name: "¿Aún estás ahí?" })).toHaveCount(0);

  // 300 s after the page — not 300 s after the chunk — the question comes.
  await context.clock.fastForward(49 * SECOND);
  await expect(page.getByRole("dialog", { name: "¿Aún estás ahí?" })).toBeVisible();
});

test("when it lands late the expiry warning still comes at the server's warning time, counting down", async ({ page, context }) => {
  // The warning is due 30 s after the login (exp − 14 min).
  await sandboxControl("/__ttl", { jwtSeconds: 14 * 60 + 30 });
  await context.clock.install();
  const letGo = await holdGuardian(page);
  await loginAs(page, "ana.admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operar" })).toBeVisible();
  await expect(page.locator("html[data-live]")).toHaveCount(1);

  await context.clock.fastForward(15 * SECOND);
  await letGo();
  const warning = page.getByRole("dialog", { name: "Tu sesión está a punto de expirar" });
  await expect(warning).toHaveCount(0);

  // Over 30 s after the page (but only ~15 s after the chunk), the warning counts down its last minute.
  await context.clock.fastForward(15 * SECOND);
  await expect(warning).toBeVisible();
  await expect(warning.getByText(/La sesión se cerrará en \d+ segundos\./)).toBeVisible();
});

test("a page the server rendered with the warning hydrates with the guardian, whose countdown runs", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  // Already inside the warning window (exp − 14 min), as in session-expiry.spec.ts.
  await sandboxControl("/__ttl", { jwtSeconds: 14 * 60 - 40 });
  const guardian = page.waitForRequest((request) => GUARDIAN_CHUNK.test(new URL(request.url()).pathname));
  await loginAs(page, "ana.admin");
  const warning = page.getByRole("dialog", { name: "Tu sesión está a punto de expirar" });
  await expect(warning).toBeVisible();
  await guardian;
  await expect(page.locator("html[data-live]")).toHaveCount(1);
  // Only the browser's timers write the seconds left: the guardian hydrated and runs.
  await expect(warning.getByText(/La sesión se cerrará en \d+ segundos\./)).toBeVisible();
  expect(errors).toEqual([]);
});
