import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { get, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, constants as zlibConstants, gunzipSync } from "node:zlib";

import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { precompressAssets } from "../../scripts/precompress-assets.mjs";
import type { Encoding } from "./precompressed.server";
import { chooseEncoding, precompressedCopies, servePrecompressed } from "./precompressed.server";

const both = new Set<Encoding>(["br", "gzip"]);

describe("chooseEncoding", () => {
  it("sends Brotli to a browser that takes both as well (Chrome's header), gzip to one that takes only gzip", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd", both)).toBe("br");
    expect(chooseEncoding("gzip, deflate", both)).toBe("gzip");
    expect(chooseEncoding("GZIP", both)).toBe("gzip");
    expect(chooseEncoding("x-gzip", both)).toBe("gzip");
  });

  it("follows the browser's ratings, and never sends an encoding it rates 0", () => {
    expect(chooseEncoding("br;q=0.5, gzip;q=0.8", both)).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip", both)).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0", both)).toBeNull();
    expect(chooseEncoding("*", both)).toBe("br");
    expect(chooseEncoding("*;q=0", both)).toBeNull();
    expect(chooseEncoding("gzip;q=0, *", both)).toBe("br");
    expect(chooseEncoding("br;q=0, *;q=0.1", both)).toBe("gzip");
  });

  it("sends nothing encoded without a header, with only what it lacks, or with ratings it cannot read", () => {
    expect(chooseEncoding(undefined, both)).toBeNull();
    expect(chooseEncoding("", both)).toBeNull();
    expect(chooseEncoding("identity", both)).toBeNull();
    expect(chooseEncoding("deflate, zstd", both)).toBeNull();
    expect(chooseEncoding("br", new Set<Encoding>(["gzip"]))).toBeNull();
    expect(chooseEncoding("br;q=2", both)).toBeNull();
    expect(chooseEncoding("br;q=abc, gzip;q=-1", both)).toBeNull();
    expect(chooseEncoding(", ;, br;;", both)).toBe("br");
  });
});

/** A raw response: the bytes as they came over the wire, not decoded. */
function fetchRaw(url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const request = get(url, { headers, method }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
  });
}

describe("the build's files, compressed once and served as the browser accepts", () => {
  const script = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Operación ${i} — ${"ñ".repeat(i % 7)}`))};\n`;
  const stylesheet = `.a{color:red}\n`.repeat(300);
  let dir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "precompressed-"));
    await mkdir(path.join(dir, "_shared"));
    await writeFile(path.join(dir, "_shared", "chunk-ABC.js"), script);
    await writeFile(path.join(dir, "tailwind-XYZ.css"), stylesheet);
    await writeFile(path.join(dir, "tiny-1.js"), "x");
    await writeFile(path.join(dir, "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    // A copy an earlier build left for a file that is gone.
    await writeFile(path.join(dir, "old-1.js.br"), "stale");
    await precompressAssets(dir);

    const app = express();
    // As server/main.ts: the page compression in front, at its own fast levels.
    app.use(compression({ level: 3, brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } } }));
    app.use("/build", servePrecompressed(await precompressedCopies(dir), express.static(dir, { immutable: true, maxAge: "1y" })));
    app.use((_req, res) => res.status(404).send("sin archivo"));
    server = await new Promise((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/build`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
  });

  it("writes a Brotli and a gzip copy beside each script and stylesheet, none for what would not shrink, and drops stale copies", async () => {
    const names = (await readdir(dir, { recursive: true })).map((name) => name.split(path.sep).join("/")).sort();
    expect(names).toEqual([
      "_shared",
      "_shared/chunk-ABC.js",
      "_shared/chunk-ABC.js.br",
      "_shared/chunk-ABC.js.gz",
      "logo.png",
      "tailwind-XYZ.css",
      "tailwind-XYZ.css.br",
      "tailwind-XYZ.css.gz",
      "tiny-1.js",
    ]);
    const copies = await precompressedCopies(dir);
    expect([...copies.keys()].sort()).toEqual(["/_shared/chunk-ABC.js", "/tailwind-XYZ.css"]);
  });

  it("sends Chrome the Brotli copy with the script's own type, cached for a year, varying by encoding", async () => {
    const response = await fetchRaw(`${base}/_shared/chunk-ABC.js`, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^(text|application)\/javascript; charset=utf-8$/i);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(response.headers["content-length"])).toBe(response.body.length);
    expect(brotliDecompressSync(response.body).toString()).toBe(script);
  });

  it("sends the gzip copy to a browser that takes only gzip, and a stylesheet as a stylesheet", async () => {
    const response = await fetchRaw(`${base}/tailwind-XYZ.css?v=1`, { "accept-encoding": "gzip" });
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers["content-type"]).toMatch(/^text\/css; charset=utf-8$/i);
    expect(gunzipSync(response.body).toString()).toBe(stylesheet);
  });

  it("sends the file as it is to a browser that takes no encoding, still varying by encoding", async () => {
    const response = await fetchRaw(`${base}/_shared/chunk-ABC.js`, { "accept-encoding": "identity" });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body.toString()).toBe(script);
  });

  it("answers a revalidation per copy: the Brotli copy's tag does not validate the gzip one", async () => {
    const first = await fetchRaw(`${base}/_shared/chunk-ABC.js`, { "accept-encoding": "br" });
    const etag = String(first.headers.etag);
    expect((await fetchRaw(`${base}/_shared/chunk-ABC.js`, { "accept-encoding": "br", "if-none-match": etag })).status).toBe(304);
    expect((await fetchRaw(`${base}/_shared/chunk-ABC.js`, { "accept-encoding": "gzip", "if-none-match": etag })).status).toBe(200);
  });

  it("answers HEAD with the copy's headers and no body", async () => {
    const response = await fetchRaw(`${base}/_shared/chunk-ABC.js`, { "accept-encoding": "br" }, "HEAD");
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.body.length).toBe(0);
  });

  it("leaves a file without copies, and one that is not there, to the static handler and what follows", async () => {
    const tiny = await fetchRaw(`${base}/tiny-1.js`, { "accept-encoding": "br" });
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body.toString()).toBe("x");
    const missing = await fetchRaw(`${base}/missing.js`, { "accept-encoding": "br" });
    expect(missing.status).toBe(404);
    expect(missing.headers["content-encoding"]).toBeUndefined();
    const copyAsked = await fetchRaw(`${base}/_shared/chunk-ABC.js.br`, { "accept-encoding": "identity" });
    expect(copyAsked.headers["content-encoding"]).toBeUndefined();
  });

  it("serves the file itself when its copy vanished after start", async () => {
    await rm(path.join(dir, "tailwind-XYZ.css.br"));
    const response = await fetchRaw(`${base}/tailwind-XYZ.css`, { "accept-encoding": "br" });
    expect(response.status).toBe(200);
    const body = response.headers["content-encoding"] === "br" ? brotliDecompressSync(response.body) : response.body;
    expect(body.toString()).toBe(stylesheet);
  });
});
