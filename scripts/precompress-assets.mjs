// The browser's scripts and stylesheets, compressed once when the app is built (docs/decisions/078):
// beside each build/assets/**/*.js and *.css, a Brotli copy (.br, quality 11) and a gzip copy (.gz,
// level 9), each kept only when smaller than the file. The server sends the copy the browser accepts
// (server/http/precompressed.server.ts) instead of compressing every download again at the page's
// fast levels (gzip 3, Brotli 1). Run by `npm run build`; BUILD_DIR as for the rest of the build.
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The files worth compressing: text the browser downloads (images and fonts are compressed already). */
export const COMPRESSIBLE = /\.(?:js|css)$/;

/** Each encoding a copy is made in: the file's extension and how it is made. */
export const ENCODINGS = [
  {
    encoding: "br",
    extension: ".br",
    compress: (content) =>
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
  },
  { encoding: "gzip", extension: ".gz", compress: (content) => gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }) },
];

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes the compressed copies of every compressible file under `dir`, and removes a copy left by an
 * earlier build whose file is gone or no longer gains from compression. Answers what it wrote.
 */
export async function precompressAssets(dir) {
  const files = [];
  const copies = [];
  for await (const file of filesUnder(dir)) (COMPRESSIBLE.test(file) ? files : copies).push(file);
  const summary = { files: files.length, bytes: 0, copies: Object.fromEntries(ENCODINGS.map(({ encoding }) => [encoding, 0])) };
  const kept = new Set();
  // A few at a time: zlib runs them on libuv's threads.
  const queue = [...files];
  async function work() {
    for (let file = queue.pop(); file; file = queue.pop()) {
      const content = await readFile(file);
      summary.bytes += content.length;
      for (const { encoding, extension, compress } of ENCODINGS) {
        const compressed = await compress(content);
        if (compressed.length >= content.length) continue;
        await writeFile(file + extension, compressed);
        kept.add(file + extension);
        summary.copies[encoding] += compressed.length;
      }
    }
  }
  await Promise.all(Array.from({ length: 4 }, work));
  const extensions = ENCODINGS.map(({ extension }) => extension);
  for (const file of copies)
    if (extensions.includes(path.extname(file)) && COMPRESSIBLE.test(file.slice(0, -path.extname(file).length)) && !kept.has(file))
      await rm(file, { force: true });
  return summary;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = path.join(process.env.BUILD_DIR ?? "build", "assets");
  const started = performance.now();
  const { files, bytes, copies } = await precompressAssets(dir);
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `precompressed ${files} files in ${dir} (${kb(bytes)}): ` +
      `${Object.entries(copies)
        .map(([encoding, size]) => `${encoding} ${kb(size)}`)
        .join(", ")} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
