import { accessSync, constants } from "node:fs";
import os from "node:os";

import type { Browser, BrowserContext, Page } from "puppeteer-core";
import puppeteer from "puppeteer-core";

import type { Logger } from "../logger.server";

/**
 * HTML → US Letter PDF with one Chromium kept warm (ARCHITECTURE 'Receipts'): launched on the
 * first job, shared by every job after it, relaunched when it dies, recycled after a number of
 * jobs at a quiet moment. Each job gets a fresh browser context (no cookies or cache shared
 * between receipts), closed afterwards. Opening a page costs more than printing it (a renderer
 * process starts), so the next job's context and page are opened in the background as soon as
 * one is taken: a spare, used once. At most `concurrency` pages render at once; a bounded queue
 * holds the rest, and beyond it a job is refused at once rather than piling up.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
  // The spare page waits in the background; it must not be throttled as a hidden tab would be.
  "--disable-background-timer-throttling",
  "--disable-renderer-backgrounding",
  "--disable-backgrounding-occluded-windows",
];

export type RenderFailure = "chromium-missing" | "busy" | "failed";

interface Workspace {
  context: BrowserContext;
  page: Page;
}

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
  let spare: { browser: Browser; ready: Promise<Workspace> } | null = null;

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
    dropSpare();
    closing = (old ?? Promise.reject(new Error("none"))).then((instance) => instance.close()).catch(() => undefined);
  }

  async function openWorkspace(instance: Browser): Promise<Workspace> {
    const context = await instance.createBrowserContext();
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(jobTimeoutMs);
      return { context, page };
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  }

  function dropSpare(): void {
    const old = spare;
    spare = null;
    void old?.ready.then(({ context }) => context.close()).catch(() => undefined);
  }

  function prepareSpare(instance: Browser): void {
    if (closed || spare || !instance.connected) return;
    const ready = openWorkspace(instance);
    ready.catch(() => {
      if (spare?.ready === ready) spare = null;
    });
    spare = { browser: instance, ready };
  }

  /** The spare if it belongs to this browser (and opened), else a new one; either way, used once. */
  async function takeWorkspace(instance: Browser): Promise<Workspace> {
    const taken = spare?.browser === instance ? spare : null;
    if (spare && !taken) dropSpare();
    spare = null;
    prepareSpare(instance);
    if (taken) {
      try {
        return await taken.ready;
      } catch {
        // fall through to a new one
      }
    }
    return openWorkspace(instance);
  }

  async function renderOnce(html: string): Promise<Buffer> {
    const instance = await browser();
    jobsOnBrowser += 1;
    const { context, page } = await takeWorkspace(instance);
    try {
      // The receipt is self-contained (inline CSS, a CSP that forbids any fetch): 'load' is enough.
      await page.setContent(html, { waitUntil: "load" });
      const pdf = await page.pdf({ format: "letter", printBackground: true, pageRanges: "1" });
      return Buffer.from(pdf);
    } finally {
      // Closed after the answer: the person does not wait for the context's teardown.
      void context.close().catch(() => undefined);
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
      dropSpare();
      const old = current;
      current = null;
      connected = null;
      await closing;
      if (old) await old.then((instance) => instance.close()).catch(() => undefined);
    },
  };
}
