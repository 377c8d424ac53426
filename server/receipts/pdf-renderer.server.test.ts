import { execFileSync } from "node:child_process";
import { EventEmitter } from "node:events";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import pino from "pino";
import type { Browser } from "puppeteer-core";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";

import type { ReceiptData } from "../history/view";
import { createPdfRenderer, PdfRenderError } from "./pdf-renderer.server";
import { receiptHtml } from "./receipt-document";

const log = pino({ level: "silent" });
const EXECUTABLE = process.execPath; // any executable file will do for the fakes

/** A stand-in for Chromium that counts what the renderer asks of it. */
function fakeChromium(options: { pageMs?: number; failOn?: string } = {}) {
  const state = {
    launches: 0,
    open: 0,
    maxOpen: 0,
    contexts: 0,
    openContexts: 0,
    rendering: 0,
    maxRendering: 0,
    browsers: [] as Array<EventEmitter & { kill(): void }>,
  };
  const launch = async () => {
    state.launches += 1;
    state.open += 1;
    state.maxOpen = Math.max(state.maxOpen, state.open);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const browser = Object.assign(new EventEmitter(), {
      connected: true,
      process: () => ({ pid: 1000 + state.launches }),
      async createBrowserContext() {
        state.contexts += 1;
        state.openContexts += 1;
        return {
          async newPage() {
            return {
              setDefaultTimeout() {},
              async setJavaScriptEnabled() {},
              async setContent(html: string) {
                if (html === options.failOn) throw new Error("renderer crashed");
                state.rendering += 1;
                state.maxRendering = Math.max(state.maxRendering, state.rendering);
                await new Promise((resolve) => setTimeout(resolve, options.pageMs ?? 5));
              },
              async pdf() {
                state.rendering -= 1;
                return new Uint8Array(Buffer.from("%PDF-1.4 fake"));
              },
            };
          },
          async close() {
            state.openContexts -= 1;
          },
        };
      },
      async close() {
        if (!browser.connected) return;
        browser.connected = false;
        state.open -= 1;
        browser.emit("disconnected");
      },
      kill() {
        browser.connected = false;
        state.open -= 1;
        browser.emit("disconnected");
      },
    });
    state.browsers.push(browser);
    return browser as unknown as Browser;
  };
  return { state, launch };
}

const renderers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(renderers.splice(0).map((renderer) => renderer.close()));
});

function renderer(
  options: Partial<Parameters<typeof createPdfRenderer>[0]> & { launch: NonNullable<Parameters<typeof createPdfRenderer>[0]["launch"]> },
) {
  const created = createPdfRenderer({ executablePath: EXECUTABLE, log, concurrency: 2, ...options });
  renderers.push(created);
  return created;
}

describe("the warm PDF browser", () => {
  it("is launched lazily, once, however many receipts arrive at once", async () => {
    const chromium = fakeChromium();
    const pdfs = renderer({ launch: chromium.launch });
    expect(chromium.state.launches).toBe(0);
    expect(pdfs.browsers()).toBe(0);
    const results = await Promise.all(Array.from({ length: 10 }, () => pdfs.render("<p>hola</p>")));
    expect(results.every((pdf) => pdf.toString().startsWith("%PDF"))).toBe(true);
    expect(chromium.state.launches).toBe(1);
    expect(chromium.state.maxOpen).toBe(1);
    expect(pdfs.browsers()).toBe(1);
    await pdfs.render("<p>otra</p>");
    expect(chromium.state.launches).toBe(1);
  });

  it("renders at most `concurrency` pages at once, and reuses those pages, each in its own context", async () => {
    const chromium = fakeChromium({ pageMs: 20 });
    const pdfs = renderer({ launch: chromium.launch, concurrency: 3 });
    await Promise.all(Array.from({ length: 12 }, () => pdfs.render("<p>x</p>")));
    expect(chromium.state.maxRendering).toBeLessThanOrEqual(3);
    // Three pages (and the one opened ahead at launch) served twelve receipts, and stay for the next.
    expect(chromium.state.contexts).toBeLessThanOrEqual(4);
    expect(chromium.state.openContexts).toBeLessThanOrEqual(3);
    await Promise.all(Array.from({ length: 6 }, () => pdfs.render("<p>y</p>")));
    expect(chromium.state.contexts).toBeLessThanOrEqual(4);
  });

  it("never reuses a page whose receipt failed", async () => {
    const chromium = fakeChromium({ failOn: "malo" });
    const pdfs = renderer({ launch: chromium.launch, concurrency: 1 });
    await pdfs.render("bueno");
    const before = chromium.state.contexts;
    await expect(pdfs.render("malo")).rejects.toBeInstanceOf(PdfRenderError);
    expect(chromium.state.openContexts).toBe(0);
    await pdfs.render("bueno");
    expect(chromium.state.contexts).toBe(before + 1);
  });

  it("refuses work beyond its queue instead of piling it up", async () => {
    const chromium = fakeChromium({ pageMs: 30 });
    const pdfs = renderer({ launch: chromium.launch, concurrency: 1, maxQueue: 1 });
    const results = await Promise.allSettled([pdfs.render("a"), pdfs.render("b"), pdfs.render("c")]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
    const refused = (results[2] as PromiseRejectedResult).reason as PdfRenderError;
    expect(refused).toBeInstanceOf(PdfRenderError);
    expect(refused.reason).toBe("busy");
  });

  it("relaunches after the browser dies", async () => {
    const chromium = fakeChromium();
    const pdfs = renderer({ launch: chromium.launch });
    await pdfs.render("a");
    chromium.state.browsers[0].kill();
    expect(pdfs.browsers()).toBe(0);
    await pdfs.render("b");
    expect(chromium.state.launches).toBe(2);
    expect(pdfs.browsers()).toBe(1);
  });

  it("is recycled after a number of jobs, never two at once", async () => {
    const chromium = fakeChromium();
    const pdfs = renderer({ launch: chromium.launch, recycleAfter: 3 });
    for (let i = 0; i < 7; i += 1) await pdfs.render(`job ${i}`);
    expect(chromium.state.launches).toBe(3);
    expect(chromium.state.maxOpen).toBe(1);
  });

  it("says clearly, in Spanish, when Chromium is missing", async () => {
    const chromium = fakeChromium();
    const pdfs = renderer({ launch: chromium.launch, executablePath: "/nonexistent/chromium" });
    expect(pdfs.available()).toBe(false);
    const error = (await pdfs.render("x").catch((e: unknown) => e)) as PdfRenderError;
    expect(error.reason).toBe("chromium-missing");
    expect(error.message).toBe(
      "No se encontró Chromium en /nonexistent/chromium: instala el paquete chromium (Debian) o indica su ruta en CHROMIUM_PATH. Sin él no se pueden generar comprobantes PDF.",
    );
    expect(chromium.state.launches).toBe(0);
  });

  it("closes the browser on shutdown", async () => {
    const chromium = fakeChromium();
    const pdfs = renderer({ launch: chromium.launch });
    await pdfs.render("a");
    await pdfs.close();
    expect(chromium.state.open).toBe(0);
    await expect(pdfs.render("b")).rejects.toBeInstanceOf(PdfRenderError);
  });
});

const receipt: ReceiptData = {
  companyName: "Importadora del Bajío S.A. de C.V.",
  operationId: "1019",
  kind: "buy",
  statusLabelKey: "statusV2.sent",
  date: "viernes 20 de noviembre de 2026, 12:30",
  folio: "4472219-1",
  reference: "GFB-20261120-001019",
  bankOrigin: "BASE",
  bankDestination: "BASE",
  withdrawalAccount: "Concentradora Bajío · •••• 0014 · MXN",
  destinyAccount: "Proveedores Asia USD · •••• 0027 · USD",
  pair: "USD/MXN",
  exchangeType: "17.243000",
  provider: "LP-JPM",
  amount: "$1,500.00 USD",
  fee: null,
  total: "$25,864.50 MXN",
  paymentReason: "Importación de mercancías",
  concept: "Pedido 4471",
  proof: null,
};

const SPEI_KEY = "FXN062202611200000001026";
const speiReceipt: ReceiptData = {
  ...receipt,
  operationId: "1026",
  kind: "transfer",
  pair: null,
  exchangeType: null,
  provider: null,
  fee: "$0.00 MXN",
  bankDestination: "BANORTE",
  destinyAccount: "Proveedora Textil del Norte · •••• 6509 · MXN",
  amount: "$5,000.00 MXN",
  total: "$5,000.00 MXN",
  proof: {
    rail: "spei",
    trackingKey: SPEI_KEY,
    cep: [
      { key: "operationDate", text: "20/11/2026", copy: "20/11/2026" },
      { key: "trackingKey", text: SPEI_KEY, copy: SPEI_KEY },
      { key: "senderBank", text: "BASE", copy: "BASE" },
      { key: "receiverBank", text: "BANORTE", copy: "BANORTE" },
      { key: "beneficiaryAccount", text: "012580019283746509", copy: "012580019283746509" },
      { key: "amount", text: "$5,000.00 MXN", copy: "5000.00" },
    ],
  },
};

describe("the receipt document", () => {
  it("is self-contained HTML: inline styles and a CSP that forbids any fetch", () => {
    const html = receiptHtml(receipt, new Date("2026-11-20T18:30:00Z"));
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    // React writes ' as &#x27; inside attributes; the browser reads it back.
    expect(html.replaceAll("&#x27;", "'")).toContain(
      `http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`,
    );
    expect(html).not.toMatch(/<(script|link|img)\b/);
    expect(html).toContain("Comprobante de operación");
    expect(html).toContain("$25,864.50 MXN");
    expect(html).toContain("Enviada");
    expect(html).toContain("Generado por FXN el 20 de noviembre de 2026 a las 12:30.");
  });

  it.skipIf(!existsSync("/usr/bin/chromium"))(
    "prints on one US Letter page with Chromium",
    async () => {
      const pdfs = createPdfRenderer({ executablePath: "/usr/bin/chromium", log, concurrency: 1 });
      renderers.push(pdfs);
      const pdf = await pdfs.render(receiptHtml(receipt));
      const dir = mkdtempSync(path.join(tmpdir(), "recibo-"));
      onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
      const file = path.join(dir, "recibo.pdf");
      writeFileSync(file, pdf);
      const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
      expect(info).toMatch(/Pages:\s+1\n/);
      expect(info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
      const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
      for (const expected of ["1019", "$25,864.50 MXN", "4472219-1", "•••• 0014", "17.243000", "Importadora del Bajío S.A. de C.V."]) {
        expect(text).toContain(expected);
      }
    },
    30_000,
  );

  it.skipIf(!existsSync("/usr/bin/chromium"))(
    "a SPEI's receipt prints its clave de rastreo and the CEP's data, still on one page",
    async () => {
      const pdfs = createPdfRenderer({ executablePath: "/usr/bin/chromium", log, concurrency: 1 });
      renderers.push(pdfs);
      const dir = mkdtempSync(path.join(tmpdir(), "recibo-"));
      onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
      const file = path.join(dir, "recibo.pdf");
      writeFileSync(file, await pdfs.render(receiptHtml(speiReceipt)));
      expect(execFileSync("pdfinfo", [file], { encoding: "utf8" })).toMatch(/Pages:\s+1\n/);
      // Lines as printed, joined: a long line (the CEP's address) may wrap.
      const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
      for (const expected of [
        "Clave de rastreo SPEI",
        SPEI_KEY,
        "Datos para consultar el CEP en Banxico",
        "Fecha de operación",
        "20/11/2026",
        "Banco emisor",
        "Banco receptor",
        "Cuenta beneficiaria",
        "012580019283746509",
      ]) {
        expect(text).toContain(expected);
      }
      // The address may be broken across lines where it has a slash.
      expect(text).toContain("https://www.banxico.org.mx/cep/");
      // The footer still fits: nothing was cut at the page's end.
      expect(text).toContain("Este comprobante es informativo.");
    },
    30_000,
  );
});

describe("a stuck job", () => {
  it("is abandoned after the job timeout instead of holding the request", async () => {
    const chromium = fakeChromium({ pageMs: 60_000 });
    const pdfs = renderer({ launch: chromium.launch, jobTimeoutMs: 100 });
    // The page would take a minute; the job gives up long before that.
    const outcome = await Promise.race([
      pdfs.render("x").catch((e: unknown) => e),
      new Promise((resolve) => setTimeout(() => resolve("still waiting"), 10_000)),
    ]);
    expect((outcome as PdfRenderError).reason).toBe("failed");
  });
});
