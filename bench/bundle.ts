import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";

import { build } from "esbuild";

import remixConfig from "../remix.config.js";
import { figure } from "./support";

/**
 * What the browser downloads (decision 039): for each route, the JavaScript of its first
 * load — the entry, the root and the route with every chunk they import, and the manifest file when
 * the browser fetches it (not with lazy route discovery: the page then carries its routes' part of
 * the manifest inline, and the browser never asks for the file) —
 * compressed as the app serves it — the build's gzip copy (level 9, decision 078), or gzip 3 from the
 * compression middleware for a file without one — and what it is made of, with the Brotli size a
 * browser gets over HTTPS beside it (the build's Brotli 11 copy, or Brotli 1 from the middleware);
 * the dashboard's first load package by package; then what each browser dependency costs on its
 * own (bundled alone, minified, gzipped). Reads the build in BUILD_DIR (`npm run bench` builds
 * first) and the compiler's metafile beside it. Prints figures; asserts nothing.
 */
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const ASSETS = path.join(BUILD_DIR, "assets");
const PUBLIC_PATH = "/build/";
const DASHBOARD = "routes/_index";
const TARGET_KB = 110;

/** What each measure leaves out, so a package is not charged for React (or zod) it shares with the rest. */
const REACT = ["react", "react/*", "react-dom", "react-dom/*"];
const PACKAGES: Array<{ name: string; entry: string; external?: string[] }> = [
  { name: "react + react-dom", entry: 'export * from "react"; export * from "react-dom/client";' },
  { name: "@remix-run/react (router included)", entry: 'export * from "@remix-run/react";', external: REACT },
  { name: "zod (v3, the whole library)", entry: 'export * from "zod";' },
  {
    name: "@conform-to/react + zod adapter",
    entry: 'export * from "@conform-to/react"; export * from "@conform-to/zod";',
    external: [...REACT, "zod"],
  },
  { name: "remix-utils/csrf/react", entry: 'export * from "remix-utils/csrf/react";', external: REACT },
  {
    name: "dayjs (+ utc, timezone, es)",
    entry:
      'export { default as dayjs } from "dayjs"; export { default as utc } from "dayjs/plugin/utc"; ' +
      'export { default as timezone } from "dayjs/plugin/timezone"; export { default as es } from "dayjs/locale/es";',
  },
  { name: "big.js", entry: 'export { default } from "big.js";' },
  { name: "es-MX translator (core/translate.ts)", entry: 'export * from "./core/translate";' },
];
/** A route module this small has no component: a resource route (streams, downloads, form actions). */
const RESOURCE_ROUTE_MAX_BYTES = 200;
/** Decision 077: files this small cost a request each for a few hundred bytes (Lantern charges requests, not only bytes). */
const SMALL_FILE_BYTES = 500;

/** The columns of the per-route table: what a byte is, by the module it came from. */
const KINDS = ["framework", "forms", "dates+money", "es-MX", "app"] as const;
type Kind = (typeof KINDS)[number];
const FRAMEWORK = /^(react|react-dom|scheduler|react-router|react-router-dom|turbo-stream|@remix-run\/[\w-]+)$/;
const FORMS = /^(zod|@conform-to\/[\w-]+)$/;
const DATES_MONEY = /^(dayjs|big\.js)$/;

interface Manifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[] }>;
}
interface Metafile {
  outputs: Record<
    string,
    { bytes: number; inputs: Record<string, { bytesInOutput: number }>; imports?: Array<{ path: string; kind: string }> }
  >;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (content: Buffer | string | Uint8Array) => gzipSync(content, { level: 6 }).length;
/** The page compression's levels (server/main.ts), for a file the build left without a copy. */
const MIDDLEWARE_GZIP_LEVEL = 3;
const MIDDLEWARE_BROTLI_QUALITY = 1;

/** A served file's size in each encoding: the build's copy beside it, else what the middleware would make. */
async function servedSizes(file: string, content: Buffer): Promise<{ gzip: number; br: number }> {
  const copy = (extension: string) =>
    stat(file + extension).then(
      (copied) => copied.size,
      () => null,
    );
  return {
    gzip: (await copy(".gz")) ?? gzipSync(content, { level: MIDDLEWARE_GZIP_LEVEL }).length,
    br:
      (await copy(".br")) ??
      brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: MIDDLEWARE_BROTLI_QUALITY } }).length,
  };
}

/** Who an input of the metafile belongs to: a package, an es-MX namespace, or the app's own code. */
function ownerOf(input: string): { name: string; kind: Kind } {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
  if (pkg) {
    const kind = FRAMEWORK.test(pkg) ? "framework" : FORMS.test(pkg) ? "forms" : DATES_MONEY.test(pkg) ? "dates+money" : "app";
    return { name: pkg, kind };
  }
  const namespace = /locales\/es-MX\/(\w+)\.json$/.exec(input)?.[1];
  if (namespace) return { name: `es-MX ${namespace}`, kind: "es-MX" };
  return { name: "app code (app/, core/)", kind: "app" };
}

async function readManifest(): Promise<{ manifest: Manifest; file: string }> {
  const file = (await readdir(ASSETS)).find((name) => name.startsWith("manifest-") && name.endsWith(".js"));
  if (!file) throw new Error(`no manifest in ${ASSETS}: run npm run build first`);
  const text = await readFile(path.join(ASSETS, file), "utf8");
  const json = text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "");
  return { manifest: JSON.parse(json) as Manifest, file };
}

async function readMetafile(): Promise<Metafile | null> {
  try {
    return JSON.parse(await readFile(path.join(BUILD_DIR, "metafile.js.json"), "utf8")) as Metafile;
  } catch {
    return null;
  }
}

/**
 * Files of the first load of each page route: the entry, root, and the route with its parents, and
 * the manifest file when the browser fetches it (`manifestUrl` null when it does not).
 */
function firstLoads(manifest: Manifest, manifestUrl: string | null): Map<string, string[]> {
  const root = manifest.routes.root;
  const shared = [
    ...(manifestUrl ? [manifestUrl] : []),
    manifest.entry.module,
    ...(manifest.entry.imports ?? []),
    root.module,
    ...(root.imports ?? []),
  ];
  const loads = new Map<string, string[]>([["root", [...new Set(shared)]]]);
  for (const route of Object.values(manifest.routes)) {
    if (route.id === "root") continue;
    const chain: string[] = [];
    for (
      let current: typeof route | undefined = route;
      current && current.id !== "root";
      current = manifest.routes[current.parentId ?? ""]
    ) {
      chain.push(current.module, ...(current.imports ?? []));
    }
    loads.set(route.id, [...new Set([...shared, ...chain])]);
  }
  return loads;
}

const outputOf = (url: string) => path.join(BUILD_DIR, "assets", url.slice(PUBLIC_PATH.length)).split(path.sep).join("/");
const urlOf = (output: string) => `${PUBLIC_PATH}${path.relative(path.join(BUILD_DIR, "assets"), output).split(path.sep).join("/")}`;

/**
 * What the dashboard fetches later, not on its first load (decision 065): each chunk it imports
 * dynamically, with the chunks that one brings that the first load does not hold. An overlay the
 * server rendered open is fetched before hydration; the rest at a focus or a navigation.
 */
async function printOnDemand(firstLoad: string[], metafile: Metafile, measure: (url: string) => Promise<{ gzip: number }>) {
  const loaded = new Set(firstLoad.map(outputOf));
  const dynamic = new Set<string>();
  for (const output of loaded)
    for (const imported of metafile.outputs[output]?.imports ?? []) if (imported.kind === "dynamic-import") dynamic.add(imported.path);
  if (dynamic.size === 0) return;
  console.log("Fetched by the dashboard on demand, not on its first load (gzip, with what each brings that the first load lacks):");
  for (const start of dynamic) {
    const brings = new Set<string>();
    const queue = [start];
    while (queue.length > 0) {
      const output = queue.pop() ?? "";
      if (loaded.has(output) || brings.has(output)) continue;
      brings.add(output);
      for (const imported of metafile.outputs[output]?.imports ?? []) if (imported.kind === "import-statement") queue.push(imported.path);
    }
    let gzip = 0;
    for (const output of brings) gzip += (await measure(urlOf(output))).gzip;
    const name = path.basename(start).replace(/-[A-Z0-9]+\.js$/, "");
    console.log(`  ${name.padEnd(44)} ${kb(gzip).padStart(9)} gzip in ${brings.size} files`);
  }
}

/** The stylesheets: inline in the first page a browser gets, linked from its cache afterwards (decision 065). */
async function printStylesheets() {
  const folder = path.join(ASSETS, "_assets");
  const sheets = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith(".css"));
  for (const name of sheets) {
    const content = await readFile(path.join(folder, name));
    const served = await servedSizes(path.join(folder, name), content);
    console.log(
      `Stylesheet ${name}: ${kb(content.length)} raw, as a file ${kb(served.gzip)} gzip or ${kb(served.br)} Brotli ` +
        `(inline in a browser's first page, compressed with the page; then linked from its cache)`,
    );
  }
}

export async function bundleSizes() {
  const { manifest, file } = await readManifest();
  const metafile = await readMetafile();
  const assetPath = (url: string) => path.join(ASSETS, url.slice(PUBLIC_PATH.length));

  /**
   * Each served file's gzip size as served (and its Brotli size), the gzip shared among the packages and namespaces inside it in proportion
   * to the bytes each left in the file (gzip works on the whole file, so the shares are estimates).
   */
  const files = new Map<
    string,
    { raw: number; gzip: number; br: number; shares: Map<string, { kind: Kind; gzip: number; raw: number }>; empty: boolean }
  >();
  const measure = async (url: string) => {
    const known = files.get(url);
    if (known) return known;
    const content = await readFile(assetPath(url));
    const { gzip, br } = await servedSizes(assetPath(url), content);
    const shares = new Map<string, { kind: Kind; gzip: number; raw: number }>();
    const inputs =
      metafile?.outputs[
        path
          .relative(process.cwd(), path.resolve(assetPath(url)))
          .split(path.sep)
          .join("/")
      ]?.inputs ?? {};
    const total = Object.values(inputs).reduce((sum, input) => sum + input.bytesInOutput, 0);
    for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
      const { name, kind } = ownerOf(input);
      const share = shares.get(name) ?? { kind, gzip: 0, raw: 0 };
      share.raw += bytesInOutput;
      share.gzip += total > 0 ? (gzip * bytesInOutput) / total : 0;
      shares.set(name, share);
    }
    // Decision 077: a file with no code, or only the compiler's empty stand-ins for `*.server` imports.
    const empty =
      content.length === 0 || (Object.keys(inputs).length > 0 && Object.keys(inputs).every((input) => input.startsWith("empty-module:")));
    const measured = { raw: content.length, gzip, br, shares, empty };
    files.set(url, measured);
    return measured;
  };

  const rows: Array<{
    route: string;
    files: number;
    raw: number;
    gzip: number;
    br: number;
    kinds: Record<Kind, number>;
    empty: number;
    small: number;
  }> = [];
  const packagesOf = new Map<string, Map<string, { kind: Kind; gzip: number; raw: number }>>();
  // Remix's <Scripts> neither imports nor preloads the manifest file under lazy route discovery.
  const lazyDiscovery = (remixConfig.future as Record<string, boolean> | undefined)?.v3_lazyRouteDiscovery === true;
  for (const [route, urls] of firstLoads(manifest, lazyDiscovery ? null : `${PUBLIC_PATH}${file}`)) {
    const own = manifest.routes[route];
    if (route !== "root" && (await measure(own.module)).raw <= RESOURCE_ROUTE_MAX_BYTES) continue;
    const kinds = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
    const packages = new Map<string, { kind: Kind; gzip: number; raw: number }>();
    let raw = 0;
    let gzip = 0;
    let br = 0;
    let empty = 0;
    let small = 0;
    for (const url of urls) {
      const size = await measure(url);
      raw += size.raw;
      gzip += size.gzip;
      br += size.br;
      if (size.empty) empty++;
      if (size.gzip < SMALL_FILE_BYTES) small++;
      const attributed = [...size.shares.values()].reduce((sum, share) => sum + share.gzip, 0);
      // What no input claims (the manifest, esbuild's chunk glue) is the app's.
      kinds.app += size.gzip - attributed;
      for (const [name, share] of size.shares) {
        kinds[share.kind] += share.gzip;
        const sum = packages.get(name) ?? { kind: share.kind, gzip: 0, raw: 0 };
        sum.gzip += share.gzip;
        sum.raw += share.raw;
        packages.set(name, sum);
      }
    }
    rows.push({ route: route === "root" ? "root (the shell alone)" : route, files: urls.length, raw, gzip, br, kinds, empty, small });
    packagesOf.set(route, packages);
  }
  rows.sort((a, b) => b.gzip - a.gzip);

  console.log(
    `JavaScript on first load, per page route (gzip as served: the build's level-9 copies, decision 078; the files the browser fetches) — ${ASSETS}`,
  );
  if (metafile) console.log(`  ${"".padEnd(44)} ${"total".padStart(9)} ${KINDS.map((kind) => kind.padStart(12)).join("")}   files`);
  for (const row of rows) {
    const parts = metafile ? KINDS.map((kind) => kb(row.kinds[kind]).padStart(12)).join("") : "";
    console.log(
      `  ${row.route.padEnd(44)} ${kb(row.gzip).padStart(9)} ${parts}  ${String(row.files).padStart(4)}   (${kb(row.raw)} raw, ${kb(row.br)} Brotli)`,
    );
  }
  if (metafile) {
    console.log(
      "  framework: react, react-dom, Remix, its router and turbo-stream; forms: zod and Conform; dates+money: dayjs, big.js;\n" +
        "  es-MX: the namespaces' texts; app: our code and the rest. Shares within a file are estimated by its raw bytes.",
    );
  }
  const dashboard = rows.find((row) => row.route === DASHBOARD);
  if (dashboard) {
    console.log(
      `  JavaScript on first load of the dashboard (${DASHBOARD}): ${kb(dashboard.gzip)} gzip in ${dashboard.files} files ` +
        `(target ≤ ${TARGET_KB} KB, decision 075: ${dashboard.gzip <= TARGET_KB * 1024 ? "met" : "NOT met"}); ` +
        `${kb(dashboard.br)} as Brotli, what a browser gets over HTTPS`,
    );
  }
  if (dashboard) {
    console.log(
      `  Empty files (no code, or only the compiler's stand-ins for *.server imports): ${dashboard.empty} on the dashboard's first load, ` +
        `${Math.max(...rows.map((row) => row.empty))} at most on any page's; files under ${SMALL_FILE_BYTES} B gzip on the dashboard's: ${dashboard.small}`,
    );
  }
  if (metafile) {
    const dashboardFiles = firstLoads(manifest, `${PUBLIC_PATH}${file}`).get(DASHBOARD) ?? [];
    await printOnDemand(dashboardFiles, metafile, measure);
  }
  await printStylesheets();

  const dashboardPackages = packagesOf.get(DASHBOARD);
  if (dashboardPackages && dashboardPackages.size > 0) {
    console.log(`The dashboard's first load by package and namespace (estimated gzip share, raw bytes in the bundle):`);
    for (const [name, share] of [...dashboardPackages].sort((a, b) => b[1].gzip - a[1].gzip)) {
      if (share.gzip < 50) continue;
      console.log(`  ${name.padEnd(44)} ${kb(share.gzip).padStart(9)} gzip  ${kb(share.raw).padStart(9)} raw  (${share.kind})`);
    }
  }

  console.log("Browser dependencies, each bundled alone without React (esbuild, minified, production), gzip level 6:");
  for (const { name, entry, external } of PACKAGES) {
    const result = await build({
      stdin: { contents: entry, resolveDir: process.cwd(), loader: "ts" },
      bundle: true,
      minify: true,
      write: false,
      platform: "browser",
      format: "esm",
      define: { "process.env.NODE_ENV": '"production"' },
      logLevel: "silent",
      external,
    });
    const output = result.outputFiles[0]?.contents ?? new Uint8Array();
    console.log(`  ${name.padEnd(44)} ${kb(gzipSize(output)).padStart(9)} gzip  ${kb(output.length).padStart(9)} raw`);
  }
  const locales = path.join("core", "locales", "es-MX");
  let localeGzip = 0;
  for (const name of await readdir(locales)) localeGzip += gzipSize(await readFile(path.join(locales, name)));
  console.log(`  ${"es-MX texts, every namespace (each page ships its own)".padEnd(44)} ${kb(localeGzip).padStart(9)} gzip`);
  // The figure as data, for bench/run.ts's summary: sizes do not vary between runs, so one run.
  return [
    figure({
      name: "JavaScript on first load of the dashboard",
      detail: `gzip, ${dashboard?.files ?? 0} files (one run: a size does not vary)`,
      unit: "KB",
      runs: dashboard ? [dashboard.gzip / 1024] : [],
      target: `≤ ${TARGET_KB} KB gzip`,
      meets: (v) => v <= TARGET_KB,
    }),
  ];
}
