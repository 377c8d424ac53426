import { createRequire } from "node:module";

import type * as ExcelJSTypes from "exceljs";
import { describe, expect, it } from "vitest";

import { servedRoute } from "#server/http/served-route.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, beatrizBrowser, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import { loginAs } from "../../tests/support/sandbox";
import * as page from "./pago-multiple";
import * as template from "./pago-multiple_.plantilla";

const ExcelJS = createRequire(import.meta.url)("exceljs") as typeof ExcelJSTypes;

/**
 * The multiple payment's template (decision 123): the company's accounts, payable recipients and
 * reasons to pick from, and an example row the upload accepts, read back from the file itself.
 */
const world = sandboxedApp("payment-template");

type Browser = { cookie: string; csrf: string };

async function download(browser: Browser = world.browser) {
  const answer = await answerOf(() =>
    servedRoute(template).loader({
      request: new Request(`${APP}/pago-multiple/plantilla`, { headers: { cookie: browser.cookie } }),
      context,
      params: {},
    }),
  );
  expect(answer.status).toBe(200);
  expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await answer.arrayBuffer());
  return workbook;
}

/** A column of a sheet from row 2 on, as text, without the empty cells. */
const column = (sheet: ExcelJSTypes.Worksheet | undefined, letter: string) =>
  (sheet?.getColumn(letter).values ?? [])
    .slice(2)
    .filter((value) => value !== null && value !== undefined)
    .map(String);

/** Ana's accounts and recipients as the sandbox's seed numbers them. */
const ANA_ACCOUNTS = ["062225001002340014", "062225001002340027", "062225001002340030"];
const TEXTIL = "012580019283746509";
const ACEROS = "072680004588127341";
const RAMIREZ = "014180560032184793";

describe("the multiple payment's template", () => {
  it("reads «Pagos» first, then «Listas» with the company's accounts, payable recipients and reasons", async () => {
    const workbook = await download();
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Pagos", "Listas", "Ejemplo", "Instrucciones"]);
    const lists = workbook.getWorksheet("Listas");
    expect(lists?.getRow(1).values).toEqual([
      undefined,
      "Cuenta origen",
      "Origen",
      "Divisa",
      undefined,
      "Cuenta destino",
      "Destinatario",
      "Divisa",
      undefined,
      "Id motivo de pago",
      "Motivo de pago",
    ]);
    expect(column(lists, "A")).toEqual(ANA_ACCOUNTS);
    expect(column(lists, "C")).toEqual(["MXN", "USD", "EUR"]);
    const recipients = column(lists, "E");
    // Textil del Norte (501) and Aceros Querétaro (502), national; Bright Components (503) for a Pro member.
    expect(recipients).toEqual(expect.arrayContaining([TEXTIL, ACEROS]));
    expect(recipients).toContain("012875600394512");
    // José Luis Ramírez (504) is still pending: no row may pay him.
    expect(recipients).not.toContain(RAMIREZ);
    expect(column(lists, "I")[0]).toBe("1");
    expect(column(lists, "J")[0]).toBe("Pago a proveedores");
  });

  it("lets each «Pagos» column be picked from «Listas»", async () => {
    const sheet = (await download()).getWorksheet("Pagos");
    const rule = (address: string) => sheet?.getCell(address).dataValidation;
    expect(rule("B2")).toMatchObject({ type: "list", formulae: ["'Listas'!$A$2:$A$4"] });
    expect(rule("D1001")).toMatchObject({ type: "list", formulae: [expect.stringMatching(/^'Listas'!\$E\$2:\$E\$\d+$/)] });
    expect(rule("G2")).toMatchObject({ type: "list", formulae: [expect.stringMatching(/^'Listas'!\$I\$2:\$I\$\d+$/)] });
    expect(rule("E2")).toMatchObject({ type: "list", formulae: ['"MXN,USD,EUR,CAD,GBP,CHF,AUD,JPY,CNY"'] });
    // Nothing to pick in the reference columns, and no row of data: «Pagos» starts empty.
    expect(rule("A2")).toBeUndefined();
    expect(sheet?.actualRowCount).toBe(1);
  });

  it("gives Basic members no international recipient to pick", async () => {
    const beatriz = await beatrizBrowser(await loginAs(world.sandbox, "beatriz.basica"));
    const lists = (await download(beatriz)).getWorksheet("Listas");
    expect(column(lists, "A")).toHaveLength(2);
    expect(column(lists, "E")).not.toContain("012875600394512");
  });

  it("comes with an example row that the upload accepts as it is, copied into «Pagos»", async () => {
    const workbook = await download();
    const example = workbook.getWorksheet("Ejemplo");
    expect(example?.getRow(1).values).toEqual(workbook.getWorksheet("Pagos")?.getRow(1).values);
    const row = (example?.getRow(2).values ?? []) as ExcelJSTypes.CellValue[];
    expect(row.slice(1, 8)).toEqual([expect.any(String), ANA_ACCOUNTS[0], expect.any(String), TEXTIL, "MXN", "1500.00", 1]);

    workbook.getWorksheet("Pagos")?.addRow(row.slice(1));
    const form = new FormData();
    form.set("csrf", world.browser.csrf);
    form.set("archivo", new File([await workbook.xlsx.writeBuffer()], "pagos.xlsx"));
    const uploaded = await answerOf(() =>
      servedRoute(page).action({
        request: new Request(`${APP}/pago-multiple`, { method: "POST", headers: { cookie: world.browser.cookie }, body: form }),
        context,
        params: {},
      }),
    );
    expect(uploaded.status).toBe(302);
    const id = new URL(uploaded.headers.get("location") ?? "", APP).searchParams.get("carga") ?? "";
    const preview = await (
      await servedRoute(page).loader({
        request: new Request(`${APP}/pago-multiple?carga=${id}`, { headers: { cookie: world.browser.cookie } }),
        context,
        params: {},
      })
    ).json();
    expect(preview.upload?.rows).toHaveLength(1);
    expect(preview.upload?.rows[0]?.errors).toEqual([]);
  });
});
