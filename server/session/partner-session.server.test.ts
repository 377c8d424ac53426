import type { ServerBuild } from "@remix-run/node";
import pino from "pino";
import { describe, expect, it } from "vitest";

import { PartnerSessionEnded, UpstreamError } from "../upstream/errors";
import { optional } from "../upstream/optional.server";
import { EXPIRED_PATH, withPartnerSessionRedirects } from "./partner-session.server";

const log = pino({ level: "silent" });

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

describe("withPartnerSessionRedirects", () => {
  it("turns a partner-session end in a loader or an action into the expired-session redirect", async () => {
    const ended = () => Promise.reject(new PartnerSessionEnded());
    const { module } = withPartnerSessionRedirects(buildWith({ loader: ended, action: ended })).routes["routes/x"];
    for (const handler of [module.loader, module.action]) {
      const thrown = (await thrownBy(() => handler?.({} as never))) as Response;
      expect(thrown).toBeInstanceOf(Response);
      expect(thrown.status).toBe(302);
      expect(thrown.headers.get("Location")).toBe(EXPIRED_PATH);
    }
  });

  it("recognises the error from another copy of the module (the server bundle and the Remix build)", async () => {
    const foreign = Object.assign(new Error("ended"), { [Symbol.for("portal.partnerSessionEnded")]: true });
    const { module } = withPartnerSessionRedirects(buildWith({ loader: () => Promise.reject(foreign) })).routes["routes/x"];
    expect(((await thrownBy(() => module.loader?.({} as never))) as Response).headers.get("Location")).toBe(EXPIRED_PATH);
  });

  it("leaves answers, other errors, thrown responses and missing handlers as they are", async () => {
    const bug = new TypeError("bug");
    const notFound = new Response("no", { status: 404 });
    const { module } = withPartnerSessionRedirects(
      buildWith({ loader: () => "datos", action: () => Promise.reject(bug), default: "Component" }),
    ).routes["routes/x"];
    expect(await module.loader?.({} as never)).toBe("datos");
    expect(await thrownBy(() => module.action?.({} as never))).toBe(bug);
    expect(module.default).toBe("Component");

    const other = withPartnerSessionRedirects(buildWith({ loader: () => Promise.reject(notFound) })).routes["routes/x"].module;
    expect(await thrownBy(() => other.loader?.({} as never))).toBe(notFound);
    expect(other.action).toBeUndefined();
  });
});

describe("optional", () => {
  it("returns the data when the upstream answers", async () => {
    expect(await optional(Promise.resolve([1, 2]), [], { log, event: "x" })).toEqual([1, 2]);
  });

  it("degrades to the fallback when the upstream fails", async () => {
    const failure = new UpstreamError("product", "status", "boom", { status: 503 });
    expect(await optional(Promise.reject(failure), null, { log, event: "x" })).toBeNull();
  });

  it("never swallows a partner-session end or a bug", async () => {
    const ended = new PartnerSessionEnded();
    await expect(optional(Promise.reject(ended), null, { log, event: "x" })).rejects.toBe(ended);
    const bug = new TypeError("bug");
    await expect(optional(Promise.reject(bug), null, { log, event: "x" })).rejects.toBe(bug);
  });
});
