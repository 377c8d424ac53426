import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it, onTestFinished } from "vitest";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import { loader } from "./historial-operaciones.$id.comprobante";

/**
 * The receipt as a person reads it: the PDF the route answers, turned back into text with pdftotext, label and value
 * on one line. What it says comes from the bank's view of the operation (decisions 094 and 095).
 */
const world = sandboxedApp("comprobante");

async function receiptText(id: string): Promise<string> {
  const response = await answerOf(() =>
    loader({
      request: new Request(`${APP}/historial-operaciones/${id}/comprobante`, { headers: { cookie: world.browser.cookie } }),
      context,
      params: { id },
    }),
  );
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  const dir = mkdtempSync(path.join(tmpdir(), "comprobante-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, "comprobante.pdf");
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

/** The line that starts with a label, its value after the spaces pdftotext lays out between the two columns. */
function valueOf(text: string, label: string): string | null {
  const line = text.split("\n").find((candidate) => candidate.trim().startsWith(`${label} `));
  return line ? line.trim().slice(label.length).trim() : null;
}

describe.skipIf(!existsSync("/usr/bin/chromium"))("the receipt of an operation", () => {
  it("names the liquidity provider the bank booked a buy with (1019, a seeded applied buy)", async () => {
    const provider = world.sandbox.state.operations.find((operation) => operation.id === 1019)?.priceObject?.lpId;
    expect(provider).toMatch(/^LP-/);
    const text = await receiptText("1019");
    expect(valueOf(text, "Proveedor de liquidez")).toBe(provider);
  }, 30_000);

  it("names no provider for a transfer (1021)", async () => {
    expect(valueOf(await receiptText("1021"), "Proveedor de liquidez")).toBeNull();
  }, 30_000);
});
