import { describe, expect, it } from "vitest";

import { pagesWaitingToRender, renderTurn } from "./render-turns.server";

/** Resolves in the check phase of the turn it is scheduled in (or the next one, when scheduled from a check phase). */
const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("renderTurn", () => {
  it("lets one page render per turn of the event loop, in arrival order", async () => {
    const rendered: number[] = [];
    const pages = [1, 2, 3].map((page) => renderTurn().then(() => rendered.push(page)));
    expect(pagesWaitingToRender()).toBe(3);
    await immediate();
    expect(rendered).toEqual([1]);
    await immediate();
    expect(rendered).toEqual([1, 2]);
    await immediate();
    expect(rendered).toEqual([1, 2, 3]);
    await Promise.all(pages);
    expect(pagesWaitingToRender()).toBe(0);
  });

  it("lets a lone page render at the next check phase, and is ready again after the queue empties", async () => {
    let rendered = false;
    const page = renderTurn().then(() => (rendered = true));
    await immediate();
    expect(rendered).toBe(true);
    await page;
    let again = false;
    const next = renderTurn().then(() => (again = true));
    await immediate();
    expect(again).toBe(true);
    await next;
  });

  it("lets a page that arrives while others wait take its place behind them", async () => {
    const rendered: string[] = [];
    const first = renderTurn().then(() => rendered.push("first"));
    const second = renderTurn().then(() => rendered.push("second"));
    await immediate();
    const late = renderTurn().then(() => rendered.push("late"));
    await Promise.all([first, second, late]);
    expect(rendered).toEqual(["first", "second", "late"]);
  });
});

describe("renderTurn for a page whose browser left", () => {
  it("answers false at its turn when its request was aborted while it waited, and hands that turn to the next page", async () => {
    const rendered: string[] = [];
    const left = new AbortController();
    const first = renderTurn(new AbortController().signal).then((render) => render && rendered.push("first"));
    const gone = renderTurn(left.signal).then((render) => (render ? rendered.push("gone") : rendered.push("gone skipped")));
    const third = renderTurn().then((render) => render && rendered.push("third"));
    left.abort();
    await immediate();
    expect(rendered).toEqual(["first"]);
    // The next check phase releases the aborted page unrendered and the third page with it.
    await immediate();
    expect(rendered).toEqual(["first", "gone skipped", "third"]);
    await Promise.all([first, gone, third]);
    expect(pagesWaitingToRender()).toBe(0);
  });

  it("answers true to a page whose request is still open at its turn", async () => {
    await expect(renderTurn(new AbortController().signal)).resolves.toBe(true);
  });
});
