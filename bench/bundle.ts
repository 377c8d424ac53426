import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";

import { build } from "esbuild";

/**
 * What the browser downloads (issue 14): for each route, the JavaScript of its first load — the
 * manifest, the entry, the root and the route with every chunk they import — gzip-compressed as the
 * app serves it (compression's default level 6); then what each browser dependency costs on its own
 * (bundled alone, minified, gzipped), to see where the bytes come from. Reads the build in BUILD_DIR
 * (`npm run bench` builds first). Prints figures; asserts nothing.
 */
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const ASSETS = path.join(BUILD_DIR, "assets");
const PUBLIC_PATH = "/build/";

/** The packages the browser code imports, each measured alone. */
/** What each measure leaves out, so a package is not charged for React (or zod) it shares with the rest. */
const REACT = ["react", "react/*", "react-dom", "react-dom/*"];
const PACKAGES: Array<{ name: string; entry: string; external?: string[] }> = [
  { name: "react + react-dom", entry: 'export * from "react"; export * from "react-dom/client";' },
  { name: "@remix-run/react (router included)", entry: 'export * from "@remix-run/react";', external: REACT },
  { name: "zod", entry: 'export * from "zod";' },
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
];
/** A route module this small has no component: a resource route (streams, downloads, form actions). */
const RESOURCE_ROUTE_MAX_BYTES = 200;

interface Manifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[] }>;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (content: Buffer | string) => gzipSync(content, { level: 6 }).length;

async function readManifest(): Promise<{ manifest: Manifest; file: string }> {
  const file = (await readdir(ASSETS)).find((name) => name.startsWith("manifest-") && name.endsWith(".js"));
  if (!file) throw new Error(`no manifest in ${ASSETS}: run npm run build first`);
  const text = await readFile(path.join(ASSETS, file), "utf8");
  const json = text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "");
  return { manifest: JSON.parse(json) as Manifest, file };
}

export async function bundleSizes() {
  const { manifest, file } = await readManifest();
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = async (url: string) => {
    const known = sizes.get(url);
    if (known) return known;
    const content = await readFile(path.join(ASSETS, url.slice(PUBLIC_PATH.length)));
    const measured = { raw: content.length, gzip: gzipSize(content) };
    sizes.set(url, measured);
    return measured;
  };
  const manifestSize = await sizeOf(`${PUBLIC_PATH}${file}`);
  const root = manifest.routes.root;
  const shared = [manifest.entry.module, ...(manifest.entry.imports ?? []), root.module, ...(root.imports ?? [])];

  const rows: Array<{ route: string; files: number; raw: number; gzip: number }> = [];
  for (const route of Object.values(manifest.routes)) {
    if (route.id === "root" || (await sizeOf(route.module)).raw <= RESOURCE_ROUTE_MAX_BYTES) continue;
    // The route's own module, and its parents' up to the root, as the first load of its URL fetches them.
    const chain: string[] = [];
    for (
      let current: typeof route | undefined = route;
      current && current.id !== "root";
      current = manifest.routes[current.parentId ?? ""]
    ) {
      chain.push(current.module, ...(current.imports ?? []));
    }
    const files = [...new Set([...shared, ...chain])];
    let raw = manifestSize.raw;
    let gzip = manifestSize.gzip;
    for (const url of files) {
      const size = await sizeOf(url);
      raw += size.raw;
      gzip += size.gzip;
    }
    rows.push({ route: route.id, files: files.length + 1, raw, gzip });
  }
  rows.sort((a, b) => b.gzip - a.gzip);
  console.log(`JavaScript on first load, per page route (gzip level 6, as served; manifest included) — ${BUILD_DIR}/assets`);
  for (const row of rows) {
    console.log(
      `  ${row.route.padEnd(44)} ${kb(row.gzip).padStart(9)} gzip  ${kb(row.raw).padStart(9)} raw  ${String(row.files).padStart(3)} files`,
    );
  }
  const dashboard = rows.find((row) => row.route === "routes/_index");
  if (dashboard)
    console.log(`  dashboard (routes/_index): ${kb(dashboard.gzip)} gzip in ${dashboard.files} files (issue 14 target ≤ 110 KB)`);

  console.log("Browser dependencies, each bundled alone without React (esbuild, minified, production), gzip level 6:");
  for (const { name, entry, external } of PACKAGES) {
    const result = await build({
      stdin: { contents: entry, resolveDir: process.cwd(), loader: "js" },
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
    console.log(`  ${name.padEnd(44)} ${kb(gzipSize(Buffer.from(output))).padStart(9)} gzip  ${kb(output.length).padStart(9)} raw`);
  }
  const locales = path.join("core", "locales", "es-MX");
  let localeGzip = 0;
  for (const name of await readdir(locales)) localeGzip += gzipSize(await readFile(path.join(locales, name)));
  console.log(`  es-MX texts (every namespace; each page ships its own) ${kb(localeGzip).padStart(9)} gzip`);
}
