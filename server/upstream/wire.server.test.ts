import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { wire } from "./wire.server";

/** A small upstream whose answers each test chooses by path. */
let server: http.Server;
let base: string;
const remotePorts: number[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    remotePorts.push(req.socket.remotePort ?? 0);
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const path = req.url ?? "/";
      if (path === "/echo") {
        res.setHeader("content-type", "application/json");
        res.setHeader("x-twice", ["a", "b"]);
        res.end(
          JSON.stringify({ method: req.method, body, length: req.headers["content-length"] ?? null, auth: req.headers.authorization }),
        );
      } else if (path === "/gzip") {
        res.setHeader("content-encoding", "gzip");
        res.end(zlib.gzipSync(JSON.stringify({ ok: "comprimido, ñ" })));
      } else if (path === "/br") {
        res.setHeader("content-encoding", "br");
        res.end(zlib.brotliCompressSync(JSON.stringify({ ok: "br" })));
      } else if (path === "/error") {
        res.writeHead(503, { "retry-after": "2" });
        res.end('{"message":"ocupado"}');
      } else if (path === "/redirect") {
        res.writeHead(302, { location: "/echo" });
        res.end();
      } else if (path === "/silent") {
        // Never answers: the caller's signal must end the wait.
      } else if (path === "/cut") {
        res.writeHead(200, { "content-length": "1000" });
        res.write('{"partial":');
        setTimeout(() => res.socket?.destroy(), 20);
      } else {
        res.writeHead(404);
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const call = (path: string, init: Partial<Parameters<typeof wire>[1]> = {}) =>
  wire(new URL(base + path), { method: "GET", headers: {}, signal: new AbortController().signal, ...init });

describe("wire: one upstream exchange over node:http (decision 068)", () => {
  it("sends the method, headers and body with its length, and answers status, headers and text", async () => {
    const response = await call("/echo", { method: "POST", headers: { authorization: "Bearer t" }, body: '{"monto":"1,00 ñ"}' });
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.headers.get("Content-Type")).toBe("application/json");
    expect(response.headers.get("x-twice")).toBe("a, b");
    expect(response.headers.get("missing")).toBeNull();
    expect(JSON.parse(await response.text())).toEqual({
      method: "POST",
      body: '{"monto":"1,00 ñ"}',
      length: String(Buffer.byteLength('{"monto":"1,00 ñ"}')),
      auth: "Bearer t",
    });
  });

  it("keeps the connection alive between exchanges", async () => {
    remotePorts.length = 0;
    await call("/echo");
    await call("/echo");
    expect(remotePorts).toHaveLength(2);
    expect(remotePorts[1]).toBe(remotePorts[0]);
  });

  it("decodes gzip and brotli bodies", async () => {
    expect(JSON.parse(await (await call("/gzip")).text())).toEqual({ ok: "comprimido, ñ" });
    expect(JSON.parse(await (await call("/br")).text())).toEqual({ ok: "br" });
  });

  it("answers an error status as not ok, with its headers and body, and does not follow a redirect", async () => {
    const error = await call("/error");
    expect([error.status, error.ok, error.headers.get("retry-after")]).toEqual([503, false, "2"]);
    expect(await error.text()).toBe('{"message":"ocupado"}');
    const redirect = await call("/redirect");
    expect([redirect.status, redirect.ok, redirect.headers.get("location")]).toEqual([302, false, "/echo"]);
  });

  it("is cut by its signal, with an AbortError, whether waiting or already aborted", async () => {
    const controller = new AbortController();
    const pending = call("/silent", { signal: controller.signal });
    setTimeout(() => controller.abort(new DOMException("upstream attempt timed out", "TimeoutError")), 30);
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    await expect(call("/echo", { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });
  });

  it("rejects when the connection is cut mid-answer or refused", async () => {
    await expect(call("/cut")).rejects.toBeInstanceOf(Error);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      wire(new URL(`http://127.0.0.1:${port}/`), { method: "GET", headers: {}, signal: new AbortController().signal }),
    ).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });
});
