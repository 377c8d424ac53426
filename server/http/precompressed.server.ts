import { readdir } from "node:fs/promises";
import path from "node:path";

import type { RequestHandler } from "express";

/**
 * The build's scripts and stylesheets as `npm run build` compressed them (scripts/precompress-assets.mjs,
 * docs/decisions/078): a request for /build/x.js is answered with x.js.br or x.js.gz when the browser
 * accepts that encoding and the copy exists, by the static handler given, with the file's own type.
 * Nothing is compressed while answering, and the bytes are the smallest the build could make (Brotli
 * 11, gzip 9) rather than the page's fast levels.
 */
export type Encoding = "br" | "gzip";

const EXTENSIONS: Record<Encoding, string> = { br: ".br", gzip: ".gz" };
/** Ours first when the browser likes both equally: Brotli's copy is the smaller. */
const PREFERENCE: Encoding[] = ["br", "gzip"];

/**
 * Which of the copies at hand to send for an Accept-Encoding header (RFC 9110 §12.5.3): the one the
 * browser rates highest, Brotli on a tie; an encoding it rates q=0 (itself or through `*`) is never
 * sent; null when none is acceptable (the file as it is goes).
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: ReadonlySet<Encoding>): Encoding | null {
  if (!acceptEncoding || available.size === 0) return null;
  const ratings = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [token = "", ...params] = part.split(";");
    const name = token.trim().toLowerCase();
    if (!name) continue;
    let quality: number | null = 1;
    for (const param of params) {
      const value = /^\s*q\s*=(.*)$/i.exec(param)?.[1]?.trim();
      if (value === undefined) continue;
      // RFC 9110's qvalue: 0 to 1, three decimals at most; an entry rated otherwise is ignored.
      quality = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value) ? Number(value) : null;
    }
    if (quality === null) continue;
    // A name given twice keeps its first rating, as a server reading the list in order would.
    if (!ratings.has(name)) ratings.set(name, quality);
  }
  let best: Encoding | null = null;
  let bestQuality = 0;
  for (const encoding of PREFERENCE) {
    if (!available.has(encoding)) continue;
    const quality = ratings.get(encoding) ?? (encoding === "gzip" ? ratings.get("x-gzip") : undefined) ?? ratings.get("*") ?? 0;
    if (quality > bestQuality) {
      best = encoding;
      bestQuality = quality;
    }
  }
  return best;
}

/**
 * The compressed copies under `dir`, by the path a request names relative to it ("/_shared/x.js"):
 * only copies whose file is there too.
 */
export async function precompressedCopies(dir: string): Promise<Map<string, Set<Encoding>>> {
  const names = new Set<string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])) {
    if (entry.isFile()) names.add(path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
  }
  const copies = new Map<string, Set<Encoding>>();
  for (const name of names) {
    for (const encoding of PREFERENCE) {
      const extension = EXTENSIONS[encoding];
      if (!name.endsWith(extension)) continue;
      const original = name.slice(0, -extension.length);
      if (!names.has(original)) continue;
      const key = `/${original}`;
      const known = copies.get(key) ?? new Set<Encoding>();
      known.add(encoding);
      copies.set(key, known);
    }
  }
  return copies;
}

/**
 * Serves a file's compressed copy through `serveStatic` (express.static on the same directory) when
 * one fits the request; otherwise lets `serveStatic` serve the file itself (and the compression
 * middleware decide). Every file with copies says `Vary: Accept-Encoding`, whichever form it went in.
 */
export function servePrecompressed(copies: ReadonlyMap<string, ReadonlySet<Encoding>>, serveStatic: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const available = req.method === "GET" || req.method === "HEAD" ? copies.get(req.path) : undefined;
    if (!available) return serveStatic(req, res, next);
    res.vary("Accept-Encoding");
    const encoding = chooseEncoding(req.get("accept-encoding"), available);
    if (!encoding) return serveStatic(req, res, next);
    const originalUrl = req.url;
    const query = originalUrl.indexOf("?");
    // The type is the file's, not the copy's (send keeps a Content-Type already set).
    res.type(path.extname(req.path));
    res.setHeader("Content-Encoding", encoding);
    req.url = `${req.path}${EXTENSIONS[encoding]}${query === -1 ? "" : originalUrl.slice(query)}`;
    serveStatic(req, res, (error?: unknown) => {
      // Not served after all (the copy vanished): as if it had never been tried.
      req.url = originalUrl;
      res.removeHeader("Content-Encoding");
      res.removeHeader("Content-Type");
      if (error) return next(error);
      serveStatic(req, res, next);
    });
  };
}
