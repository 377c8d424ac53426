import { expect, test } from "@playwright/test";

import { enterAs, SCREENS, withMarketTools, withNoticesOn } from "./screens";
import { resetSandbox } from "./support";

/**
 * On a phone (390 px) no page scrolls sideways (WCAG 1.4.10, issue 15): wide tables scroll inside
 * their own box, never the page. Every screen of the page-wide list, with JavaScript and without.
 */
test.setTimeout(240_000);

test("no screen scrolls sideways at 390 px", async ({ browser, javaScriptEnabled }) => {
  await resetSandbox();
  await withNoticesOn();
  await withMarketTools();
  const wide: string[] = [];
  for (const user of Object.keys(SCREENS)) {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await enterAs(page, user);
    for (const path of SCREENS[user]!) {
      await page.goto(path);
      const { scrollWidth, clientWidth } = await page.evaluate(() => document.documentElement);
      if (scrollWidth > clientWidth) wide.push(`${user || "sin sesión"} ${path}: ${scrollWidth} px`);
    }
    await context.close();
  }
  expect(wide).toEqual([]);
});
