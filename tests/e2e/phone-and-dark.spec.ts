import type { Locator, Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { loginAs, resetSandbox } from "./support";

/**
 * What a treasurer misread on a phone and in the dark theme (decision 125): on a 390 px phone no part of the
 * planner's day, its tables or the accounts' tabs is cut off or hidden in a box that scrolls; in the dark theme
 * every bar of the planner's chart keeps 3:1 against its card (WCAG 1.4.11), and the history's links stay the
 * brand's blue, underlined, not white. The planner's days read in the one sentence format, its figures' days in
 * the one table format (core/domain/dates.ts).
 */
test.beforeEach(async () => {
  await resetSandbox();
});

/**
 * Every element under `root` that reaches past the viewport's sides, or whose own box is narrower than its
 * content and so clips it (or hides it behind a sideways scroll), with its tag and text.
 */
async function cutOff(root: Locator): Promise<string[]> {
  return root.evaluateAll((roots) => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    // What only a screen reader reads (Tailwind's sr-only: absolute, clipped to nothing) is cut off on purpose.
    const forScreenReaders = (element: Element) => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.position === "absolute" && style.clip === "rect(0px, 0px, 0px, 0px)") return true;
      }
      return false;
    };
    for (const element of roots.flatMap((node) => [node, ...node.querySelectorAll("*")])) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || forScreenReaders(element)) continue;
      const name = `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 40)}"`;
      if (box.left < -0.5 || box.right > width + 0.5) found.push(`${name}: ${Math.round(box.left)}..${Math.round(box.right)} px`);
      const overflow = getComputedStyle(element).overflowX;
      if (overflow !== "visible" && element.scrollWidth > element.clientWidth + 1)
        found.push(`${name}: ${element.scrollWidth} px of content in ${element.clientWidth} px`);
    }
    return found;
  });
}

test("on a 390 px phone nothing of the planner's day, its tables or the accounts' tabs is cut off", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, "ana.admin");

  // Each part is measured before anything is judged, so that one failure shows every part cut off.
  const found: string[] = [];
  await page.goto("/planner");
  const tables = page.getByRole("region", { name: /^Salidas de / });
  expect(await tables.count()).toBeGreaterThan(1);
  found.push(...(await cutOff(tables)));
  // The days in words, in the one sentence format.
  const agenda = page.getByRole("list", { name: /^Pagos programados de / });
  await expect(agenda.getByRole("heading").first()).toHaveText(/^\d{1,2} de [a-z]+ de \d{4}/);

  await agenda
    .getByRole("link", { name: / \d+ pagos?/ })
    .first()
    .click();
  const day = page.getByRole("dialog", { name: /^Pagos programados del \d{1,2} de [a-z]+ de \d{4}$/ });
  await expect(day.getByRole("table", { name: "Pagos programados del día" })).toBeVisible();
  found.push(...(await cutOff(day)));

  await page.goto("/cuentas");
  const tabs = page.getByRole("navigation", { name: "Grupos de cuentas" });
  const tabLinks = tabs.getByRole("link");
  // Short labels on the phone, the spec's full ones for assistive technology, and all on one row.
  for (const [index, name] of ["Todas las cuentas", "Cuentas favoritas", "Cuentas usadas recientemente"].entries()) {
    await expect(tabLinks.nth(index)).toHaveAccessibleName(name);
  }
  const tops = await tabLinks.evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  found.push(...(await cutOff(tabs)));
  expect(found).toEqual([]);
});

/** A CSS colour ("rgb(r, g, b)" or "rgba(…)") as its three channels. */
function channels(colour: string): [number, number, number] {
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b];
}

/** WCAG's contrast ratio of two CSS colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = channels(colour).map((value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The colour painted behind an element: the first ancestor's (or its own) background that is not transparent. */
const backgroundOf = (element: Locator) =>
  element.evaluate((node) => {
    for (let at: Element | null = node; at; at = at.parentElement) {
      const colour = getComputedStyle(at).backgroundColor;
      if (!/rgba\(.*, 0\)$/.test(colour) && colour !== "transparent") return colour;
    }
    return "rgb(255, 255, 255)";
  });

async function darkPage(page: Page, path: string) {
  await page.emulateMedia({ colorScheme: "dark", reducedMotion: "reduce" });
  // The theme is the device's before the page loads: no colour is caught half-way through a transition.
  await page.goto(path);
}

test("in the dark theme the planner's bars keep 3:1 and the history's links are blue and underlined", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await darkPage(page, "/planner");
  const chart = page.getByRole("figure", { name: /^Salidas de .* en MXN, por día$/ });
  const bars = chart.locator("svg rect");
  const card = await backgroundOf(chart.locator("svg"));
  const fills = await bars.evaluateAll((rects) => rects.map((rect) => getComputedStyle(rect).fill));
  expect(fills.length).toBeGreaterThan(27);
  // Days with payments still to make and days whose payments are all made: two colours, each 3:1 on the card.
  expect(new Set(fills).size).toBe(2);
  for (const fill of new Set(fills)) expect(contrast(fill, card), `${fill} sobre ${card}`).toBeGreaterThanOrEqual(3);
  // The figures' days, in the one table format.
  const rows = chart.getByRole("table").getByRole("rowheader");
  expect(await rows.count()).toBeGreaterThan(0);
  for (const text of await rows.allTextContents()) expect(text).toMatch(/^\d\d\/\d\d\/\d{4}$/);

  await darkPage(page, "/historial-operaciones");
  for (const link of [
    page.getByRole("link", { name: "Ver detalle de la operación 1002" }),
    page.getByRole("link", { name: /^Ver mi portafolio/ }),
  ]) {
    const style = await link.evaluate((node) => {
      const computed = getComputedStyle(node);
      return { colour: computed.color, line: computed.textDecorationLine };
    });
    expect(style.line).toContain("underline");
    expect(contrast(style.colour, await backgroundOf(link))).toBeGreaterThanOrEqual(4.5);
    // The brand's blue: white and the greys of the text around have their blue no higher than their red.
    const [red, , blue] = channels(style.colour);
    expect(blue - red, style.colour).toBeGreaterThan(80);
  }
});
