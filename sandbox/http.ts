// A deliberately tiny router: the sandbox needs exact paths with a few `:params`, JSON in and
// out, and nothing else, so a framework would only hide what the contract says.

import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";

import type { z } from "zod";

export const MAX_BODY_BYTES = 1_048_576;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface RequestContext {
  method: string;
  url: URL;
  query: URLSearchParams;
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body; undefined when the request had none. */
  body: unknown;
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

export function json(status: number, data: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
    body: JSON.stringify(data),
  };
}

export function html(status: number, markup: string): Reply {
  return { status, headers: { "content-type": "text/html; charset=utf-8" }, body: markup };
}

export function redirect(location: string): Reply {
  return { status: 302, headers: { location } };
}

export function errorReply(status: number, message: string, code?: string): Reply {
  return json(status, code === undefined ? { message } : { message, code });
}

interface Route {
  method: string;
  segments: string[];
  handler: Handler;
}

export type RouteMatch =
  | { kind: "found"; handler: Handler; params: Record<string, string> }
  | { kind: "wrong-method"; allowed: string[] }
  | { kind: "none" };

export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler): this {
    this.routes.push({ method: method.toUpperCase(), segments: splitPath(pattern), handler });
    return this;
  }

  get(pattern: string, handler: Handler): this {
    return this.add("GET", pattern, handler);
  }

  post(pattern: string, handler: Handler): this {
    return this.add("POST", pattern, handler);
  }

  put(pattern: string, handler: Handler): this {
    return this.add("PUT", pattern, handler);
  }

  delete(pattern: string, handler: Handler): this {
    return this.add("DELETE", pattern, handler);
  }

  match(method: string, pathname: string): RouteMatch {
    const segments = splitPath(pathname);
    const allowed: string[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route.segments, segments);
      if (!params) continue;
      if (route.method === method.toUpperCase()) return { kind: "found", handler: route.handler, params };
      allowed.push(route.method);
    }
    return allowed.length > 0 ? { kind: "wrong-method", allowed } : { kind: "none" };
  }
}

function splitPath(path: string): string[] {
  return path.split("/").filter((segment) => segment.length > 0);
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i];
    if (expected.startsWith(":")) {
      const value = safeDecode(actual[i]);
      if (value === null) return null;
      params[expected.slice(1)] = value;
    } else if (expected !== actual[i]) {
      return null;
    }
  }
  return params;
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        // Keep draining so the reply can still be written, but stop buffering.
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (tooLarge) reject(new HttpError(413, "El cuerpo de la solicitud es demasiado grande", "PAYLOAD_TOO_LARGE"));
      else resolve(Buffer.concat(chunks).toString("utf8"));
    });
    req.on("error", reject);
  });
}

export function parseJsonBody(raw: string): unknown {
  if (raw.trim() === "") return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new HttpError(400, "El cuerpo de la solicitud no es JSON válido", "INVALID_JSON");
  }
}

/** JSON by default; HTML forms (the challenge page works without JavaScript) post urlencoded fields. */
export function parseRequestBody(raw: string, contentType: string | undefined): unknown {
  if (contentType?.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  return parseJsonBody(raw);
}

/** Validates a parsed body against a schema; the reply names each offending field. */
export function parseWith<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    const detail = result.error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`).join("; ");
    throw new HttpError(400, `Solicitud inválida: ${detail}`, "INVALID_BODY");
  }
  return result.data;
}

export function bearerToken(headers: IncomingHttpHeaders): string | null {
  const header = headers.authorization;
  if (typeof header !== "string") return null;
  const match = /^Bearer\s*(.*)$/i.exec(header.trim());
  if (!match) return null;
  const token = match[1].trim();
  return token === "" ? null : token;
}

export function send(res: ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(reply.status, reply.headers);
  res.end(reply.body);
}

export function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}
