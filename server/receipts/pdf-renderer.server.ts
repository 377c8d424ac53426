import { accessSync, constants } from "node:fs";
import os from "node:os";

import type { Browser, BrowserContext, Page } from "puppeteer-core";
import puppeteer from "puppeteer-core";

import { CHROMIUM_FLAGS } from "../../scripts/chromium.mjs";
import type { Logger } from "../logger.server";

/**
 * HTML → US Letter PDF with one Chromium kept warm (ARCHITECTURE 'Receipts'): launched on the
 * first job, shared by every job after it, relaunched when it dies, recycled after a number of
 * jobs at a quiet moment. Opening a page costs several times printing one (a renderer process
 * starts: about 240 ms against 60 ms here), so pages are kept and reused (decision 043): at most
 * `concurrency` of them, each in its own browser context, each for PAGE_REUSE receipts, a page
 * that failed never again. Reuse is safe because a receipt has no script, a CSP that forbids any
 * fetch, and replaces the page's whole document: nothing of one receipt reaches the next. One
 * page is opened ahead when a browser starts. At most `concurrency` pages render at once; a
 * bounded queue holds the rest, and beyond it a job is refused at once rather than piling up.
 */
export const CHROMIUM_ARGS = [
  ...CHROMIUM_FLAGS,
  // Kept pages wait in the background; they must not be throttled as hidden tabs would be.
  "--disable-background-timer-throttling",
  "--disable-renderer-backgrounding",
  "--disable-backgrounding-occluded-windows",
];

export type RenderFailure = "chromium-missing" | "busy" | "failed";

interface Workspace {
  context: BrowserContext;
  page: Page;
  /** Receipts this page has rendered. */
  uses: number;
}

/**
 * A page renders this many receipts, one after another, before it is closed for a fresh one:
 * opening a page costs several times a receipt, and each receipt replaces the page's document.
 */
const PAGE_REUSE = 100;

export class PdfRenderError extends Error {
  override readonly name = "PdfRenderError";
  constructor(
    readonly reason: RenderFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface PdfRendererOptions {
  executablePath: string;
  log: Logger;
  /** Pages rendering at once; defaults to the number of cores (at most 8). */
  concurrency?: number;
  /** Jobs allowed to wait for a free slot; more are refused with reason "busy". */
  maxQueue?: number;
  /** Relaunch after this many jobs, when no job is running. */
  recycleAfter?: number;
  /** Per job: a stuck page is abandoned after this long. */
  jobTimeoutMs?: number;
  /** Tests inject a fake; production launches Chromium with puppeteer-core. */
  launch?: (executablePath: string) => Promise<Browser>;
}

export interface PdfRenderer {
  render(html: string): Promise<Buffer>;
  /** Whether Chromium is where the configuration says (the share form offers the receipt only then). */
  available(): boolean;
  /** Main Chromium processes this renderer has running right now: 0 or 1. */
  browsers(): number;
  /** Process id of the running browser, if any (benchmarks count its children). */
  browserPid(): number | null;
  stats(): { launches: number; jobs: number; active: number; queued: number };
  close(): Promise<void>;
}

function defaultLaunch(executablePath: string): Promise<Browser> {
  // A pipe, not a WebSocket: if this process dies without cleaning up (SIGKILL, OOM), the pipe closes
  // and Chromium exits with it instead of living on as an orphan.
  return puppeteer.launch({
    executablePath,
    headless: true,
    pipe: true,
    args: CHROMIUM_ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

/** A job that takes longer than this is abandoned (its page is closed when it finally settles). */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PdfRenderError("failed", `El comprobante no se generó en ${ms} ms.`)), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

export function chromiumMissingMessage(path: string): string {
  return `No se encontró Chromium en ${path}: instala el paquete chromium (Debian) o indica su ruta en CHROMIUM_PATH. Sin él no se pueden generar comprobantes PDF.`;
}

export function createPdfRenderer(options: PdfRendererOptions): PdfRenderer {
  const { executablePath, log } = options;
  const concurrency = Math.max(1, options.concurrency ?? Math.min(os.availableParallelism(), 8));
  const maxQueue = options.maxQueue ?? 50;
  const recycleAfter = options.recycleAfter ?? 500;
  const jobTimeoutMs = options.jobTimeoutMs ?? 15_000;
  const launch = options.launch ?? defaultLaunch;

  let current: Promise<Browser> | null = null;
  let connected: Browser | null = null;
  let closing: Promise<void> = Promise.resolve();
  let closed = false;
  let jobsOnBrowser = 0;
  let launches = 0;
  let jobs = 0;
  let active = 0;
  const waiting: Array<() => void> = [];
  /** Pages ready for the next receipts, all on the current browser, at most `concurrency`. */
  let idle: Array<{ browser: Browser; workspace: Workspace }> = [];
  let warming: Promise<void> | null = null;

  function available(): boolean {
    try {
      accessSync(executablePath, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  }

  /** The one browser: concurrent callers share the same launch, so there is never a second one. */
  function browser(): Promise<Browser> {
    if (current) return current;
    const launching = (async () => {
      // A browser being recycled is fully closed before the next starts.
      await closing;
      if (!available()) throw new PdfRenderError("chromium-missing", chromiumMissingMessage(executablePath));
      const started = performance.now();
      const instance = await launch(executablePath);
      launches += 1;
      jobsOnBrowser = 0;
      connected = instance;
      log.info(
        { event: "pdf_browser_launched", durationMs: Math.round(performance.now() - started), pid: instance.process()?.pid },
        "pdf browser launched",
      );
      warm(instance);
      instance.once("disconnected", () => {
        if (connected === instance) connected = null;
        if (current === launching) current = null;
        if (!closed) log.warn({ event: "pdf_browser_disconnected" }, "pdf browser went away; the next receipt relaunches it");
      });
      return instance;
    })();
    current = launching;
    // A failed launch is not cached: the next job tries again.
    launching.catch(() => {
      if (current === launching) current = null;
    });
    return launching;
  }

  async function acquire(): Promise<void> {
    if (active < concurrency) {
      active += 1;
      return;
    }
    if (waiting.length >= maxQueue)
      throw new PdfRenderError("busy", "Hay demasiados comprobantes en proceso; intenta de nuevo en unos segundos.");
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function release(): void {
    const next = waiting.shift();
    if (next) {
      next();
      return;
    }
    active -= 1;
    if (active === 0 && jobsOnBrowser >= recycleAfter && current) retire();
  }

  function retire(): void {
    const old = current;
    current = null;
    connected = null;
    dropIdle();
    closing = (old ?? Promise.reject(new Error("none"))).then((instance) => instance.close()).catch(() => undefined);
  }

  async function openWorkspace(instance: Browser): Promise<Workspace> {
    const context = await instance.createBrowserContext();
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(jobTimeoutMs);
      // A receipt has no script; a kept page runs none either.
      await page.setJavaScriptEnabled(false);
      return { context, page, uses: 0 };
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  }

  function dropIdle(): void {
    const old = idle;
    idle = [];
    for (const { workspace } of old) void workspace.context.close().catch(() => undefined);
  }

  /** A page opened ahead, so the first receipt on a browser does not wait for one (opening a page costs more than a receipt). */
  function warm(instance: Browser): void {
    if (closed || warming || idle.length > 0 || !instance.connected) return;
    warming = openWorkspace(instance)
      .then((workspace) => keep(instance, workspace))
      .catch(() => undefined)
      .finally(() => (warming = null));
  }

  /** A page back to the pool after a receipt, or closed when it served enough, its browser went, or the pool is full. */
  function keep(instance: Browser, workspace: Workspace): void {
    const reusable = !closed && connected === instance && instance.connected && workspace.uses < PAGE_REUSE && idle.length < concurrency;
    if (reusable) idle.push({ browser: instance, workspace });
    else void workspace.context.close().catch(() => undefined);
  }

  async function takeWorkspace(instance: Browser): Promise<Workspace> {
    idle = idle.filter((entry) => {
      if (entry.browser === instance) return true;
      void entry.workspace.context.close().catch(() => undefined);
      return false;
    });
    const ready = idle.pop();
    if (ready) return ready.workspace;
    if (warming) {
      await warming;
      const warmed = idle.pop();
      if (warmed?.browser === instance) return warmed.workspace;
      if (warmed) keep(warmed.browser, warmed.workspace);
    }
    return openWorkspace(instance);
  }

  async function renderOnce(html: string): Promise<Buffer> {
    const instance = await browser();
    jobsOnBrowser += 1;
    const workspace = await takeWorkspace(instance);
    workspace.uses += 1;
    let done = false;
    try {
      // The receipt is self-contained (inline CSS, no script, a CSP that forbids any fetch) and
      // replaces the page's whole document: 'load' is enough, and nothing of the previous
      // receipt is left in the page.
      await workspace.page.setContent(html, { waitUntil: "load" });
      const pdf = await workspace.page.pdf({ format: "letter", printBackground: true, pageRanges: "1" });
      done = true;
      return Buffer.from(pdf);
    } finally {
      // A page that failed or timed out is never reused.
      if (done) keep(instance, workspace);
      else void workspace.context.close().catch(() => undefined);
    }
  }

  return {
    available,
    browsers: () => (connected?.connected ? 1 : 0),
    browserPid: () => connected?.process()?.pid ?? null,
    stats: () => ({ launches, jobs, active, queued: waiting.length }),
    async render(html: string): Promise<Buffer> {
      if (closed) throw new PdfRenderError("failed", "El generador de comprobantes se está deteniendo.");
      await acquire();
      try {
        jobs += 1;
        try {
          return await withTimeout(renderOnce(html), jobTimeoutMs);
        } catch (error) {
          if (error instanceof PdfRenderError) throw error;
          // The browser may have died under this job: one retry on a fresh one.
          if (!connected?.connected) {
            log.warn({ event: "pdf_retry", err: error instanceof Error ? error.message : error }, "pdf job retried on a new browser");
            return await withTimeout(renderOnce(html), jobTimeoutMs);
          }
          throw error;
        }
      } catch (error) {
        if (error instanceof PdfRenderError) throw error;
        throw new PdfRenderError("failed", `No se pudo generar el PDF: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        release();
      }
    },
    async close() {
      closed = true;
      dropIdle();
      const old = current;
      current = null;
      connected = null;
      await closing;
      if (old) await old.then((instance) => instance.close()).catch(() => undefined);
    },
  };
}
