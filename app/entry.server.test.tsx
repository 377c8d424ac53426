import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";

import { handleDataRequest } from "./entry.server";

const context = (folio: string | null) => ({ folio }) as unknown as AppLoadContext;
const FOLIO = "4bf92f3577b34da6a3ce929d0e0e4736";

describe("handleDataRequest", () => {
  it("adds the request's folio to a failed data request's answer, keeping what it said", async () => {
    const thrown = new Response(JSON.stringify({ reason: "csrf" }), {
      status: 403,
      headers: { "Content-Type": "application/json; charset=utf-8", "X-Remix-Catch": "yes", "Set-Cookie": "a=b" },
    });
    const answer = await handleDataRequest(thrown, { context: context(FOLIO) });
    expect(answer.status).toBe(403);
    expect(answer.headers.get("X-Remix-Catch")).toBe("yes");
    expect(answer.headers.get("Set-Cookie")).toBe("a=b");
    expect(await answer.json()).toEqual({ reason: "csrf", folio: FOLIO });
  });

  it("answers a text or uncaught failure as a caught one that carries only the folio", async () => {
    const text = new Response("Servicio no disponible", { status: 503, headers: { "X-Remix-Catch": "yes" } });
    expect(await (await handleDataRequest(text, { context: context(FOLIO) })).json()).toEqual({ folio: FOLIO });
    const uncaught = new Response(JSON.stringify({ message: "Unexpected Server Error" }), {
      status: 500,
      headers: { "Content-Type": "application/json", "X-Remix-Error": "yes" },
    });
    const answer = await handleDataRequest(uncaught, { context: context(FOLIO) });
    expect(answer.status).toBe(500);
    expect(answer.headers.has("X-Remix-Error")).toBe(false);
    expect(answer.headers.get("X-Remix-Catch")).toBe("yes");
    expect(await answer.json()).toEqual({ folio: FOLIO });
  });

  it("leaves successful answers and requests without a folio as they are", async () => {
    const ok = new Response("{}", { status: 200, headers: { "Content-Type": "application/json" } });
    expect(await handleDataRequest(ok, { context: context(FOLIO) })).toBe(ok);
    const failed = new Response("x", { status: 404, headers: { "X-Remix-Catch": "yes" } });
    expect(await handleDataRequest(failed, { context: context(null) })).toBe(failed);
  });
});
