import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { json } from "@remix-run/node";
import pino from "pino";
import { describe, expect, it } from "vitest";

import { EXPIRED_PATH } from "../session/partner-session.server";
import { PartnerSessionEnded, UpstreamError } from "../upstream/errors";
import { servedBuild } from "./served-route.server";

const context = { log: pino({ level: "silent" }) } as unknown as AppLoadContext;
const args = () => ({ request: new Request("http://portal.test/x"), context, params: {} }) as never;

function buildWith(module: Record<string, unknown>): ServerBuild {
  return { routes: { "routes/x": { id: "routes/x", path: "x", module } } } as unknown as ServerBuild;
}

async function thrownBy(call: () => unknown): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

const page = (module: Record<string, unknown>) => servedBuild(buildWith({ default: "Component", ...module })).routes["routes/x"].module;
const resource = (module: Record<string, unknown>) => servedBuild(buildWith(module)).routes["routes/x"].module;

describe("servedBuild: a partner-session end", () => {
  it("becomes the expired-session redirect in a loader or an action, of a page or a resource route", async () => {
    const ended = () => Promise.reject(new PartnerSessionEnded());
    for (const module of [page({ loader: ended, action: ended }), resource({ loader: ended, action: ended })]) {
      for (const handler of [module.loader, module.action]) {
        const thrown = (await thrownBy(() => handler?.(args()))) as Response;
        expect(thrown).toBeInstanceOf(Response);
        expect(thrown.status).toBe(302);
        expect(thrown.headers.get("Location")).toBe(EXPIRED_PATH);
      }
    }
  });

  it("is recognised from another copy of the module (the server bundle and the Remix build)", async () => {
    const foreign = Object.assign(new Error("ended"), { [Symbol.for("portal.partnerSessionEnded")]: true });
    const module = page({ loader: () => Promise.reject(foreign) });
    expect(((await thrownBy(() => module.loader?.(args()))) as Response).headers.get("Location")).toBe(EXPIRED_PATH);
  });
});

describe("servedBuild: an upstream failure nobody handled", () => {
  it("answers a page with the upstream status its boundary shows in Spanish, not a 500", async () => {
    const cases: Array<[UpstreamError, number]> = [
      [new UpstreamError("partner", "status", "boom", { status: 500 }), 502],
      [new UpstreamError("partner", "malformed", "boom"), 502],
      [new UpstreamError("partner", "network", "boom"), 502],
      [new UpstreamError("partner", "status", "busy", { status: 429 }), 503],
      [new UpstreamError("partner", "unavailable", "open", { reason: "breaker" }), 503],
      [new UpstreamError("partner", "timeout", "slow"), 504],
    ];
    for (const [error, status] of cases) {
      const thrown = (await thrownBy(() => page({ loader: () => Promise.reject(error) }).loader?.(args()))) as Response;
      expect(thrown).toBeInstanceOf(Response);
      expect(thrown.status).toBe(status);
    }
  });

  it("recognises the error from the other bundle's copy of the module (the Remix build's, seen by the server's)", async () => {
    const foreign = Object.assign(new Error("slow"), {
      [Symbol.for("portal.upstreamError")]: true,
      service: "product",
      failure: "timeout",
      details: {},
    });
    const thrown = (await thrownBy(() => page({ loader: () => Promise.reject(foreign) }).loader?.(args()))) as Response;
    expect(thrown.status).toBe(504);
  });

  it("answers a resource route with the Spanish error page", async () => {
    const error = new UpstreamError("middleware", "timeout", "slow");
    const thrown = (await thrownBy(() => resource({ loader: () => Promise.reject(error) }).loader?.(args()))) as Response;
    expect(thrown.status).toBe(504);
    expect(thrown.headers.get("Content-Type")).toMatch(/text\/html/);
    const html = await thrown.text();
    expect(html).toContain('<html lang="es-MX">');
    expect(html).toContain("Ha ocurrido un error, favor de intentarlo más tarde");
  });
});

describe("servedBuild: a resource route's other errors", () => {
  it("writes thrown error answers as the Spanish page of their status, keeping their cookies", async () => {
    const notFound = new Response("Operación no encontrada", { status: 404, headers: { "Set-Cookie": "a=1" } });
    const thrown = (await thrownBy(() => resource({ loader: () => Promise.reject(notFound) }).loader?.(args()))) as Response;
    expect(thrown.status).toBe(404);
    expect(thrown.headers.get("Set-Cookie")).toBe("a=1");
    expect(await thrown.text()).toContain("No encontramos lo que buscas");

    const limited = json({ reason: "rateLimit", retryAfter: 30 }, { status: 429, headers: { "Retry-After": "30" } });
    const tooMany = (await thrownBy(() => resource({ loader: () => Promise.reject(limited) }).loader?.(args()))) as Response;
    expect(tooMany.status).toBe(429);
    expect(tooMany.headers.get("Retry-After")).toBe("30");
    expect(await tooMany.text()).toContain("Podrás intentarlo de nuevo en 30 segundos.");

    const csrf = (await thrownBy(() =>
      resource({ action: () => Promise.reject(json({ reason: "csrf" }, { status: 403 })) }).action?.(args()),
    )) as Response;
    expect(await csrf.text()).toContain("No pudimos verificar tu solicitud");
  });

  it("answers a bug with the Spanish page, never Remix's English default or a stack", async () => {
    const thrown = (await thrownBy(() =>
      resource({ loader: () => Promise.reject(new TypeError("x is undefined")) }).loader?.(args()),
    )) as Response;
    expect(thrown.status).toBe(500);
    const html = await thrown.text();
    expect(html).toContain("Ocurrió un error.");
    expect(html).not.toContain("x is undefined");
  });

  it("leaves answers, redirects, a page's own errors and missing handlers as they are", async () => {
    const bug = new TypeError("bug");
    const notFound = new Response("no", { status: 404 });
    const module = page({ loader: () => "datos", action: () => Promise.reject(bug) });
    expect(await module.loader?.(args())).toBe("datos");
    expect(await thrownBy(() => module.action?.(args()))).toBe(bug);
    expect(module.default).toBe("Component");
    expect(await thrownBy(() => page({ loader: () => Promise.reject(notFound) }).loader?.(args()))).toBe(notFound);

    const moved = new Response(null, { status: 302, headers: { Location: "/" } });
    const other = resource({ loader: () => Promise.reject(moved) });
    expect(await thrownBy(() => other.loader?.(args()))).toBe(moved);
    expect(other.action).toBeUndefined();
  });
});
